"""The bulk create statements name every property a row holds (a property a statement did not
name would be dropped silently), and nothing else."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from coderooms.graph.cypher import load
from coderooms.ingest.changeset import EDGE_STATEMENTS
from coderooms.ingest.reader import ReadJob, read_file
from coderooms.ingest.rows import (
    EDGE_PROPS,
    START_NODE_PROPS,
    SYMBOL_PROPS,
    ParsedFile,
    import_props,
    reference_props,
    structure_edges,
    symbol_rows,
)
from coderooms.resolution.resolutions import Resolution

NAMED = re.compile(r"\brow\.props\.(\w+)")
SOURCE = 'class A:\n    """A doc."""\n\n    def f(self, x: int) -> int:\n        return x\n'


def _parsed(tmp_path: Path) -> ParsedFile:
    path = tmp_path / "m.py"
    path.write_text(SOURCE)
    info = path.stat()
    parsed = read_file(ReadJob("m.py", str(path), info.st_size, info.st_mtime_ns, None))
    assert isinstance(parsed, ParsedFile)
    return parsed


def test_create_symbols_names_every_symbol_property(tmp_path: Path) -> None:
    assert set(NAMED.findall(load("ingest/create_symbols"))) == set(SYMBOL_PROPS)
    rows = symbol_rows("r", _parsed(tmp_path))
    assert rows
    for row in rows:
        assert set(row["props"]) == set(SYMBOL_PROPS)


@pytest.mark.parametrize("statement", sorted(EDGE_STATEMENTS.values()))
def test_edge_statements_name_every_edge_property(statement: str) -> None:
    assert set(NAMED.findall(load(statement))) == set(EDGE_PROPS)


def test_edge_rows_hold_only_named_properties(tmp_path: Path) -> None:
    held: set[str] = set()
    for edge in structure_edges("r", _parsed(tmp_path)):
        held |= set(edge.as_row()["props"])
    resolution: Any = SimpleNamespace(keys=("k",), via="local", confidence=1.0)
    request: Any = SimpleNamespace(
        ref="f", name="f", group="js", bound=False, alternatives=(), ghost="f", expr=None,
        then=(), arities=(), line=3, count=1,
    )  # fmt: skip
    held |= set(reference_props("r", "r:m.py", request, resolution)) | {"digest"}
    held |= set(import_props("r", "r:m.py", 1, Resolution("r:n.py", "File", "path", 1.0)))
    assert held <= set(EDGE_PROPS) | set(START_NODE_PROPS)
    written = set(reference_props("r", "r:m.py", request, resolution)) | {"digest"}
    assert written == set(EDGE_PROPS) | set(START_NODE_PROPS)


def test_edges_leave_out_what_their_start_node_holds(tmp_path: Path) -> None:
    edges = structure_edges("r", _parsed(tmp_path))
    assert edges
    for edge in edges:
        assert set(START_NODE_PROPS) <= set(edge.props)
        assert not set(START_NODE_PROPS) & set(edge.as_row()["props"])
