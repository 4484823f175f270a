"""Compare two perspectives of one agent along real dimensions: which nodes they share (visited
and current route targets), how their route families and scores are distributed and how those
differ, how deep each went, and how far apart their foci are in the graph."""

from __future__ import annotations

import statistics
from typing import Any

from coderooms.perspective.model import FAMILIES, Route
from coderooms.perspective.state import PerspectiveState


def node_set(state: PerspectiveState) -> set[str]:
    return set(state.visited) | {r.target_id for r in state.routes or []}


def family_counts(routes: list[Route]) -> dict[str, int]:
    counts: dict[str, int] = dict.fromkeys(FAMILIES, 0)
    for route in routes:
        counts[route.family] += 1
    return counts


def score_stats(routes: list[Route]) -> dict[str, dict[str, float]]:
    """Per family with routes: min, median, max, mean (rounded to 4 places)."""
    by_family: dict[str, list[float]] = {}
    for route in routes:
        by_family.setdefault(route.family, []).append(route.score)
    return {
        family: {
            "count": len(scores),
            "min": round(min(scores), 4),
            "median": round(statistics.median(scores), 4),
            "max": round(max(scores), 4),
            "mean": round(statistics.fmean(scores), 4),
        }
        for family in FAMILIES
        if (scores := by_family.get(family))
    }


def listed(ids: set[str]) -> dict[str, Any]:
    """Every id, in order: the verb pages them (COMPARE_MAX_LISTED_NODES a page)."""
    ordered = sorted(ids)
    return {"count": len(ordered), "ids": ordered}


def compare_states(
    a: PerspectiveState, b: PerspectiveState, focus_distance: int | None
) -> dict[str, Any]:
    nodes_a, nodes_b = node_set(a), node_set(b)
    routes_a, routes_b = a.routes or [], b.routes or []
    fam_a, fam_b = family_counts(routes_a), family_counts(routes_b)
    stats_a, stats_b = score_stats(routes_a), score_stats(routes_b)
    mean_deltas = {
        family: round(stats_b[family]["mean"] - stats_a[family]["mean"], 4)
        for family in FAMILIES
        if family in stats_a and family in stats_b
    }
    union = nodes_a | nodes_b
    return {
        "a": _summary(a),
        "b": _summary(b),
        "nodes": {
            "shared": listed(nodes_a & nodes_b),
            "only_a": listed(nodes_a - nodes_b),
            "only_b": listed(nodes_b - nodes_a),
            "jaccard": round(len(nodes_a & nodes_b) / len(union), 4) if union else 1.0,
        },
        "visited": {
            "shared": listed(set(a.visited) & set(b.visited)),
            "only_a": listed(set(a.visited) - set(b.visited)),
            "only_b": listed(set(b.visited) - set(a.visited)),
        },
        "families": {
            "a": fam_a,
            "b": fam_b,
            "delta": {family: fam_b[family] - fam_a[family] for family in FAMILIES},
        },
        "scores": {"a": stats_a, "b": stats_b, "mean_delta": mean_deltas},
        "depth": {"a": a.depth, "b": b.depth, "delta": b.depth - a.depth},
        "route_count": {
            "a": len(routes_a),
            "b": len(routes_b),
            "delta": len(routes_b) - len(routes_a),
        },
        "focus_distance": focus_distance,
        "same_focus": a.focus.node_id == b.focus.node_id,
        "related": a.parent_id == b.id or b.parent_id == a.id,
    }


def _summary(state: PerspectiveState) -> dict[str, Any]:
    return {
        "perspective_id": state.id,
        "focus_id": state.focus.node_id,
        "repo": state.repo,
        "depth": state.depth,
        "stale": state.stale,
        "route_set_version": state.route_set_version,
    }
