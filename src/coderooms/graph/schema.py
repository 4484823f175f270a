"""Numbered schema migrations (`cypher/schema/NNNN_*.cypher`), applied idempotently at start.

Every statement in a migration is written `IF NOT EXISTS` (or `IF EXISTS` for a drop), so two
processes migrating at once, or a migration applied twice, leave the same schema. The highest
applied number is kept on the single `(:SchemaVersion {id: 'coderooms'})` node.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from coderooms.graph.cypher import load, split_statements, statement_names
from coderooms.graph.driver import Graph

MIGRATION_NAME = re.compile(r"^schema/(\d{4})_[a-z0-9_]+$")


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str

    def statements(self) -> list[str]:
        return split_statements(load(self.name))


def migrations() -> list[Migration]:
    found = []
    for name in statement_names():
        match = MIGRATION_NAME.match(name)
        if match:
            found.append(Migration(int(match.group(1)), name))
    return sorted(found, key=lambda m: m.number)


def latest_version() -> int:
    return max((m.number for m in migrations()), default=0)


def current_version(graph: Graph) -> int:
    rows = graph.read("schema/read_version")
    return int(rows[0]["version"]) if rows else 0


def migrate(graph: Graph) -> list[str]:
    """Apply every migration newer than the recorded version; return the names applied."""
    applied: list[str] = []
    have = current_version(graph)
    for migration in migrations():
        if migration.number <= have:
            continue
        for statement in migration.statements():
            graph.run_text(statement)
        graph.write("schema/record_version", version=migration.number, name=migration.name)
        applied.append(migration.name)
    if applied:
        graph.write("schema/await_indexes")
    return applied
