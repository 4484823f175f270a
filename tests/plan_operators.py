"""What a named statement's plan does, for the tests that prove statements seek an index."""

from __future__ import annotations

from typing import Any

from coderooms.graph.chunk_parts import for_parts
from coderooms.graph.cypher import load
from coderooms.graph.driver import Graph

SCANS = {
    "AllNodesScan",
    "NodeByLabelScan",
    "DirectedAllRelationshipsScan",
    "UndirectedAllRelationshipsScan",
    "DirectedRelationshipTypeScan",
    "UndirectedRelationshipTypeScan",
}
"""Operators that read every node (of a label) or relationship (of a type): what an
index-backed statement never shows."""


def plan_operators(
    graph: Graph, name: str, params: dict[str, Any], *, parts: list[str] | None = None
) -> list[str]:
    """The operator names of `EXPLAIN <statement>` (asking chunk parts `parts`), depth first."""
    text = load(name) if parts is None else for_parts(load(name), parts)
    with graph.driver.session(database=graph.connection.database) as session:
        plan = session.run("EXPLAIN " + text, params).consume().plan
    assert plan is not None
    found: list[str] = []

    def walk(node: dict[str, Any]) -> None:
        found.append(str(node["operatorType"]).split("@")[0])
        for child in node.get("children", []):
            walk(child)

    walk(plan)
    return found
