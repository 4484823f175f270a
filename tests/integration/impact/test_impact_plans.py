"""Every impact/* statement starts from an index (no label or whole-graph scan)."""

from __future__ import annotations

from typing import Any

import pytest

from coderooms.graph.cypher import statement_names
from coderooms.graph.driver import Graph
from tests.plan_operators import SCANS, plan_operators

PARAMS: dict[str, dict[str, Any]] = {
    "impact/symbol_starts": {"ids": ["r:a.py::f"]},
    "impact/file_symbols": {"file_ids": ["r:a.py"]},
    "impact/caller_hop": {"ids": ["r:a.py::f"], "limit": 10},
    "impact/importer_hop": {"ids": ["r:a.py"], "limit": 10},
    "impact/co_changes": {"file_ids": ["r:a.py"], "code": ["python"], "limit": 10},
}
LOOKUPS: dict[str, dict[str, Any]] = {  # the statements impact's seeds and co-changes read
    "graph/symbols_by_text": {
        "ids": ["a.py::f", "r:a.py::f"], "qualname": "A.f", "name": "f", "repos": ["r"],
        "limit": 10,
    },
    "surgical/files_known": {"ids": ["r:a.py"]},
    "surgical/repo_paths_start": {"prefixes": ["pkg/"], "repo": "r"},
}  # fmt: skip


def test_every_impact_statement_is_covered() -> None:
    assert {name for name in statement_names() if name.startswith("impact/")} == set(PARAMS)


@pytest.mark.parametrize("name", sorted(PARAMS | LOOKUPS))
def test_statement_seeks_an_index(graph: Graph, name: str) -> None:
    found = set(plan_operators(graph, name, (PARAMS | LOOKUPS)[name]))
    assert not SCANS & found, found
    assert {"NodeUniqueIndexSeek", "NodeIndexSeek"} & found, found
