"""Route synthesis: every family's Cypher traversal from the focus, in both directions, scored,
filtered and weighted by the lens, in the room's total order.

Every statement anchors on the focus id (a unique-constraint seek) and walks out and in along
its edges, so the cost follows the focus's neighbourhood, never the size of the graph. Families
and scores are documented with their Cypher in docs/perspective-routes.md.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from functools import cache
from typing import Any

from coderooms.graph.driver import Graph
from coderooms.perspective.keys import route_content_id
from coderooms.perspective.lens import Lens, target_admitted
from coderooms.perspective.model import FAMILIES, Family, FocusNode, Route
from coderooms.perspective.route_families import (
    Query,
    causal_rows,
    ghost_rows,
    hole_rows,
    resonant_rows,
    semantic_rows,
    structural_rows,
    temporal_rows,
)
from coderooms.perspective.route_tags import target_tags

FAMILY_WORKERS = len(FAMILIES)
"""Threads of the process-wide pool that runs the families' statements at once (each on its own
pooled connection): the start path costs about its slowest family, not the sum of them all."""
COSTLIEST_FIRST: tuple[Family, ...] = (
    "semantic",
    "structural",
    "causal",
    "hole",
    "resonant",
    "ghost",
    "temporal",
)
"""The order families are handed to the pool (most round trips and rows first), so that when
the pool is shared by several syntheses the long ones are not left for last."""
SCORE_DIGITS = 6
"""Scores are rounded so that float noise never reorders routes between runs."""


FAMILY_ROWS: dict[Family, Callable[[Query], list[dict[str, Any]]]] = {
    "structural": structural_rows,
    "causal": causal_rows,
    "semantic": semantic_rows,
    "temporal": temporal_rows,
    "ghost": ghost_rows,
    "hole": hole_rows,
    "resonant": resonant_rows,
}


def synthesize_routes(graph: Graph, focus: FocusNode, lens: Lens) -> list[Route]:
    """All routes from `focus` the lens admits, sorted by `Route.order_key`, at most top_k."""
    query = Query(
        graph,
        focus,
        node_types=list(lens.node_types) if lens.node_types is not None else None,
        namespaces=[ns.rstrip("/") for ns in lens.namespaces] if lens.namespaces else None,
    )
    wanted = set(lens.families())
    families = [family for family in COSTLIEST_FIRST if family in wanted]
    found = list(_pool().map(lambda family: FAMILY_ROWS[family](query), families))
    best: dict[tuple[str, Family], Route] = {}
    for family, rows in zip(families, found, strict=True):
        for row in rows:
            route = route_from_row(family, row)
            if not _admitted(route, focus, lens):
                continue
            key = (route.target_id, family)
            held = best.get(key)
            best[key] = route if held is None else _merged(held, route)
    routes = [_weighted(route, lens.weight(route.family)) for route in best.values()]
    routes.sort(key=Route.order_key)
    return routes[: lens.top_k]


@cache
def _pool() -> ThreadPoolExecutor:
    """One pool for the process: its threads only wait on Neo4j, so they are cheap to keep."""
    return ThreadPoolExecutor(max_workers=FAMILY_WORKERS, thread_name_prefix="routes")


def route_from_row(family: Family, row: dict[str, Any]) -> Route:
    """A route from a family statement's row; a module symbol stands for its file."""
    target_id, label, name = str(row["target_id"]), str(row["label"]), str(row["name"])
    path = row.get("path")
    if row.get("kind") == "Module" and path:
        target_id, name = f"{row['repo']}:{path}", str(path)
    in_degree = int(row.get("in_degree") or 0)
    return Route(
        route_id=route_content_id(target_id, family),
        family=family,
        target_id=target_id,
        target_label=label,
        target_name=name,
        target_path=path,
        relation=str(row["relation"]),
        direction=row["direction"],
        score=round(min(1.0, max(0.0, float(row["score"]))), SCORE_DIGITS),
        evidence=dict(row.get("evidence") or {}),
        peek_available=path is not None,
        tags=target_tags(label, name, path, in_degree),
    )


def _admitted(route: Route, focus: FocusNode, lens: Lens) -> bool:
    if route.target_id == focus.node_id and route.family != "hole":
        return False  # a route back to the focus goes nowhere; a hole may be the focus itself
    if not lens.include_ghost_edges and route.target_label == "ghost":
        return False
    return target_admitted(lens, route.target_label, route.target_path, route.tags)


def _merged(held: Route, other: Route) -> Route:
    """One route per (target, family): the better-scored relation, the other one noted."""
    first, second = sorted((held, other), key=lambda r: (-r.score, r.relation, r.direction))
    also = sorted({*first.evidence.get("also", ()), second.relation} - {first.relation})
    return replace(first, evidence={**first.evidence, "also": also}) if also else first


def _weighted(route: Route, weight: float) -> Route:
    if weight == 1.0:
        return route
    score = round(min(1.0, max(0.0, route.score * weight)), SCORE_DIGITS)
    evidence = {**route.evidence, "unweighted_score": round(route.score, SCORE_DIGITS)}
    return replace(route, score=score, evidence={**evidence, "weight": weight})
