"""Every statement of seek / activate / heuristics_surface starts from an index: no label scans,
no whole-graph scans (the cost must not grow with the graph where the work is local)."""

from __future__ import annotations

from typing import Any

import pytest

from coderooms.graph.cypher import statement_names
from coderooms.graph.driver import Graph
from tests.plan_operators import SCANS, plan_operators

SCOPE = {"repo": "r", "repos": ["r"], "prefix": "", "language": None, "kinds": None}
VECTOR = [0.05] * 384
PARAMS: dict[str, dict[str, Any]] = {
    "retrieval/seek_candidates": {
        "text_query": "decode decode*",
        "fulltext_cap": 300,
        "names": ["decode"],
        "exact_cap": 200,
        "vector": VECTOR,
        "vector_fetch": 40,
        "semantic_cap": 20,
        **SCOPE,
    },
    "retrieval/seek_fulltext_scoped": {
        "text_query": "name:(rule)",
        "fulltext_cap": 300,
        "scan_cap": 3000,
        "vector": VECTOR,
        **SCOPE,
    },
    "retrieval/seek_semantic_rows": {"ids": ["r:a.py::f"], "vector": VECTOR, **SCOPE},
    "retrieval/seek_scope_has_symbols": {
        "repos": ["r"],
        "prefix": "src/",
        "language": "python",
        "kinds": ["Class"],
    },
    "retrieval/activate_seeds": {"ids": ["r:a.py::f", "r:a.py"], "repos": ["r"]},
    "retrieval/activate_hop": {
        "frontier": [
            {"id": "r:a.py::f", "silent_above": 10},
            {"id": "r:a.py", "silent_above": 4000},
        ],
        "expanded": {"r:a.py::f": True, "r:a.py": True},
        "weights": {"CALLS:out": 0.8},
        "most": 400,
        "repos": ["r"],
    },
    "retrieval/heuristics_node": {"id": "r:a.py::f", "repos": ["r"]},
}


def operators(graph: Graph, name: str) -> list[str]:
    return plan_operators(graph, name, PARAMS[name])


def test_every_retrieval_statement_is_covered() -> None:
    assert set(PARAMS) == {name for name in statement_names() if name.startswith("retrieval/")}


@pytest.mark.parametrize("name", sorted(PARAMS))
def test_statement_seeks_an_index(graph: Graph, name: str) -> None:
    assert not SCANS & set(operators(graph, name))


def test_candidates_use_fulltext_the_name_and_the_vector_index(graph: Graph) -> None:
    found = operators(graph, "retrieval/seek_candidates")
    assert found.count("ProcedureCall") == 2  # full-text and vector index queries
    assert "NodeIndexSeek" in found


def test_semantic_rows_are_found_by_id(graph: Graph) -> None:
    assert "NodeUniqueIndexSeek" in operators(graph, "retrieval/seek_semantic_rows")


def test_a_hop_finds_its_frontier_by_id(graph: Graph) -> None:
    assert "NodeUniqueIndexSeek" in operators(graph, "retrieval/activate_hop")
