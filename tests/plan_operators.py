"""What a named statement's plan does, for the tests that prove statements seek an index."""

from __future__ import annotations

from typing import Any

from coderooms.graph.chunk_parts import for_part
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
    graph: Graph, name: str, params: dict[str, Any], *, part: str | None = None
) -> list[str]:
    """The operator names of `EXPLAIN <statement>` (in chunk part `part`), depth first."""
    text = load(name) if part is None else for_part(load(name), part)
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
