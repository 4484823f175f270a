"""Every focus and route statement starts from an index (the focus id's unique constraint, a
name/path index, or a full-text index): no label scan, no scan of all nodes, so its cost follows
the focus's neighbourhood and never the size of the graph."""

from __future__ import annotations

from typing import Any

import pytest

from coderooms.graph.cypher import statement_names
from coderooms.graph.driver import Graph
from tests.plan_operators import SCANS, plan_operators

COMMON = {"id": "r:a.py::f", "node_types": None, "namespaces": None, "limit": 10}
PARAMS: dict[str, dict[str, Any]] = {
    "perspective/focus_nodes_by_id": {"ids": ["r:a.py"]},
    "perspective/focus_exact": {
        "query": "a.f",
        "pairs": [{"path": "a.py", "qualname": "f"}],
        "repo": "r",
        "repos": ["r"],
        "limit": 10,
    },
    "perspective/focus_by_prefix": {"query": "pa", "repo": "r", "repos": ["r"], "limit": 10},
    "perspective/focus_by_substring": {
        "query": "ars",
        "repo": "r",
        "repos": ["r"],
        "scan": 100,
        "limit": 10,
    },
    "perspective/focus_by_words": {
        "lucene": "parse",
        "repo": "r",
        "repos": ["r"],
        "scan": 100,
        "limit": 10,
    },
    "perspective/route_structural": {**COMMON, "siblings": 5},
    "perspective/route_causal": COMMON,
    "perspective/route_temporal": {**COMMON, "half_weight": 3},
    "perspective/route_ghost": COMMON,
    "perspective/route_hole_untested": {
        **COMMON,
        "test_pattern": "x",
        "min_caller_files": 3,
        "max_callers": 9,
    },
    "perspective/route_hole_bridges": {
        **COMMON,
        "max_neighbours": 9,
        "max_degree": 9,
        "min_reach": 2,
        "sample": 5,
    },
    "perspective/route_targets_by_id": {
        **COMMON,
        "targets": [
            {"id": "r:a.py::g", "relation": "x", "direction": "none", "score": 1.0, "evidence": {}}
        ],
    },
    "perspective/route_lexical_symbols": {**COMMON, "lucene": "name:pa", "scan": 9, "repo": "r"},
    "perspective/route_lexical_files": {**COMMON, "lucene": "path:pa", "scan": 9, "repo": "r"},
    "perspective/route_focus_signature": {"id": "r:a.py::f"},
    "perspective/route_resonant_name": {**COMMON, "kinds": ["Function"], "scan": 9},
    "perspective/route_resonant_signature": {
        **COMMON,
        "lucene": "+signature:a +signature:b",
        "scan": 9,
        "repo": "r",
    },
    "perspective/route_resonant_file_name": {
        **COMMON,
        "suffix": "/a.py",
        "basename": "a.py",
        "repo": "r",
    },
}


def operators(graph: Graph, name: str) -> list[str]:
    return plan_operators(graph, name, PARAMS[name])


def test_every_route_and_focus_statement_is_covered() -> None:
    mine = {
        name
        for name in statement_names()
        if name.startswith(("perspective/route_", "perspective/focus_"))
    }
    assert set(PARAMS) == mine


@pytest.mark.parametrize("name", sorted(PARAMS))
def test_statement_starts_from_an_index(graph: Graph, name: str) -> None:
    assert not SCANS & set(operators(graph, name))


@pytest.mark.parametrize(
    "name",
    [n for n in sorted(PARAMS) if n.startswith("perspective/route_") and "lexical" not in n
     and "resonant_signature" not in n and "file_name" not in n and "targets" not in n],
)  # fmt: skip
def test_route_statement_seeks_the_focus_by_its_unique_id(graph: Graph, name: str) -> None:
    assert "NodeUniqueIndexSeek" in operators(graph, name)
