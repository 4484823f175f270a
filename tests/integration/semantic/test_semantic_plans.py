"""Every semantic statement parses and starts from an index, never a label or whole-graph scan:
their cost follows the repo or the changeset, not the database."""

from __future__ import annotations

from typing import Any

import pytest

from coderooms.graph.cypher import load, statement_names
from coderooms.graph.driver import Graph

NEEDS_MODEL = False
VECTOR = [0.05] * 384
PARAMS: dict[str, dict[str, Any]] = {
    "semantic/pending_in_claims": {"claims": ["r:a.py"]},
    "semantic/pending_in_repo": {"repo": "r", "limit": 10},
    "semantic/write_vectors": {
        "rows": [{"id": "r:a.py::f", "stored": "", "key": "k", "vector": VECTOR}]
    },
    "semantic/coverage": {"repos": ["r"]},
    "semantic/nearest_indexed": {"fetch": 10, "vector": VECTOR, "repos": ["r"]},
    "semantic/nearest_exact": {"repos": ["r"], "vector": VECTOR, "k": 10, "scan": 100},
    "semantic/symbol_vector": {"id": "r:a.py::f"},
}
SCANS = {"AllNodesScan", "NodeByLabelScan"}


def operators(graph: Graph, name: str) -> list[str]:
    with graph.driver.session(database=graph.connection.database) as session:
        plan = session.run("EXPLAIN " + load(name), PARAMS[name]).consume().plan
    assert plan is not None
    found: list[str] = []

    def walk(node: dict[str, Any]) -> None:
        found.append(str(node["operatorType"]).split("@")[0])
        for child in node.get("children", []):
            walk(child)

    walk(plan)
    return found


def test_every_semantic_statement_is_covered() -> None:
    assert set(PARAMS) == {name for name in statement_names() if name.startswith("semantic/")}


@pytest.mark.parametrize("name", sorted(PARAMS))
def test_statement_seeks_an_index(graph: Graph, name: str) -> None:
    assert not SCANS & set(operators(graph, name))


@pytest.mark.parametrize("name", sorted(PARAMS))
def test_statement_parses_without_parameters(graph: Graph, name: str) -> None:
    graph.run_text("EXPLAIN " + load(name))
