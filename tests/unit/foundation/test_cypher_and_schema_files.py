from __future__ import annotations

import pytest

from coderooms.errors import CoderoomsError
from coderooms.graph.cypher import load, split_statements, statement_names
from coderooms.graph.schema import latest_version, migrations


def test_statements_are_found_by_name() -> None:
    assert "graph/server_version" in statement_names()
    assert "dbms.components" in load("graph/server_version")


def test_unknown_statement_is_a_clear_error() -> None:
    with pytest.raises(CoderoomsError, match="no Cypher statement named"):
        load("nope/missing")


def test_migrations_are_numbered_without_gaps() -> None:
    numbers = [m.number for m in migrations()]
    assert numbers == list(range(1, len(numbers) + 1))
    assert latest_version() == numbers[-1]


def test_every_schema_statement_is_idempotent_by_construction() -> None:
    for migration in migrations():
        for statement in migration.statements():
            assert "IF NOT EXISTS" in statement or "IF EXISTS" in statement, (
                migration.name,
                statement,
            )


def test_split_statements() -> None:
    assert split_statements("A;\nB;\n\nC") == ["A", "B", "C"]


def test_every_statement_is_used_by_the_code() -> None:
    """Dead Cypher rots: every statement outside schema/ and browser/ is named in src/."""
    from pathlib import Path

    source = "\n".join(
        path.read_text() for path in (Path(__file__).parents[3] / "src").rglob("*.py")
    )
    unused = [
        name
        for name in statement_names()
        if not name.startswith(("schema/0", "browser/"))
        and f'"{name}"' not in source
        and f"'{name}'" not in source
    ]
    assert unused == []
