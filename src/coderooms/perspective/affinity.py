"""Affinity: hypothetical relations between the focus and route targets it has no direct edge
with, each backed by one or more evidence sources. They are hypotheses, never graph facts:
`is_hypothetical` is always true and `proposed_relation` always null.

Confidence is the geometric mean of the source scores, clamped to
[AFFINITY_CONFIDENCE_MIN, AFFINITY_CONFIDENCE_MAX]; a single source is capped at
AFFINITY_SINGLE_SOURCE_MAX, so one signal alone never reads as strong.
"""

from __future__ import annotations

import math
import posixpath
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from coderooms.graph.driver import Graph
from coderooms.perspective.limits import MAX_AFFINITY_CANDIDATES
from coderooms.perspective.model import FocusNode, Route

AFFINITY_CONFIDENCE_MIN = 0.15
AFFINITY_CONFIDENCE_MAX = 0.85
AFFINITY_SINGLE_SOURCE_MAX = 0.40

CO_CHANGE_HALF_WEIGHT = 2.0
"""Co-change weight (commits changed together) that scores 0.5: score = w / (w + this)."""

SAME_FILE_SCORE = 0.6
SAME_DIRECTORY_SCORE = 0.5
NESTED_DIRECTORY_SCORE = 0.3
"""Namespace evidence: the same file, the same directory, or one directory inside the other."""


@dataclass(frozen=True, slots=True)
class Evidence:
    source: str
    score: float
    detail: dict[str, Any]


def combined_confidence(scores: Sequence[float]) -> float:
    """Geometric mean of the scores (each clamped to [0, 1]); single source capped at 0.40;
    the result clamped to [0.15, 0.85]. No positive score: the floor."""
    positive = [min(float(s), 1.0) for s in scores if s > 0 and math.isfinite(s)]
    if not positive:
        return AFFINITY_CONFIDENCE_MIN
    mean = math.exp(sum(math.log(s) for s in positive) / len(positive))
    if len(positive) == 1:
        mean = min(mean, AFFINITY_SINGLE_SOURCE_MAX)
    return round(min(max(mean, AFFINITY_CONFIDENCE_MIN), AFFINITY_CONFIDENCE_MAX), 4)


def namespace_score(focus_path: str | None, target_path: str | None) -> float:
    if not focus_path or not target_path:
        return 0.0
    if focus_path == target_path:
        return SAME_FILE_SCORE
    a, b = posixpath.dirname(focus_path), posixpath.dirname(target_path)
    if a == b:
        return SAME_DIRECTORY_SCORE
    if (a and b.startswith(a + "/")) or (b and a.startswith(b + "/")) or not a or not b:
        return NESTED_DIRECTORY_SCORE
    return 0.0


def overlap(shared: int, a: int, b: int) -> float:
    """Overlap coefficient of two neighbour sets from their sizes and intersection."""
    smaller = min(a, b)
    return shared / smaller if shared > 0 and smaller > 0 else 0.0


def evidence_for(focus: FocusNode, route: Route, row: Mapping[str, Any]) -> list[Evidence]:
    found: list[Evidence] = []
    weight = row.get("co_change")
    if route.family == "temporal" and isinstance(route.evidence.get("weight"), int | float):
        weight = max(float(weight or 0), float(route.evidence["weight"]))
    if weight:
        w = float(weight)
        found.append(
            Evidence("temporal_co_change", w / (w + CO_CHANGE_HALF_WEIGHT), {"co_change_weight": w})
        )
    similarity = route.evidence.get("similarity")
    if isinstance(similarity, int | float) and not isinstance(similarity, bool) and similarity > 0:
        found.append(
            Evidence(
                "semantic_similarity",
                min(float(similarity), 1.0),
                {"similarity": float(similarity)},
            )
        )
    callers = overlap(
        int(row.get("shared_callers") or 0),
        int(row.get("focus_callers") or 0),
        int(row.get("target_callers") or 0),
    )
    if callers:
        found.append(Evidence("shared_callers", callers, {"shared": int(row["shared_callers"])}))
    callees = overlap(
        int(row.get("shared_callees") or 0),
        int(row.get("focus_callees") or 0),
        int(row.get("target_callees") or 0),
    )
    if callees:
        found.append(Evidence("shared_callees", callees, {"shared": int(row["shared_callees"])}))
    namespace = namespace_score(focus.path, route.target_path)
    if namespace:
        paths = {"focus_path": focus.path, "target_path": route.target_path}
        found.append(Evidence("same_namespace", namespace, paths))
    return found


def affinity_candidates(graph: Graph, focus: FocusNode, routes: list[Route]) -> dict[str, Any]:
    """At most MAX_AFFINITY_CANDIDATES hypotheses, confidence desc then target id then route id."""
    first_route: dict[str, Route] = {}
    for route in routes:
        if route.target_id != focus.node_id and route.target_id not in first_route:
            first_route[route.target_id] = route
    rows: list[dict[str, Any]] = []
    if first_route:
        rows = graph.read(
            "perspective/state_affinity_evidence",
            focus_id=focus.node_id,
            target_ids=sorted(first_route),
        )
    considered = direct = 0
    candidates: list[dict[str, Any]] = []
    for row in rows:
        considered += 1
        if row["direct"]:
            direct += 1
            continue
        route = first_route[row["target_id"]]
        sources = evidence_for(focus, route, row)
        if not sources:
            continue
        candidates.append(
            {
                "target_id": route.target_id,
                "target_name": route.target_name,
                "target_label": route.target_label,
                "route_id": route.route_id,
                "family": route.family,
                "confidence": combined_confidence([e.score for e in sources]),
                "evidence": [
                    {"source": e.source, "score": round(e.score, 4), **e.detail}
                    for e in sorted(sources, key=lambda e: e.source)
                ],
                "is_hypothetical": True,
                "proposed_relation": None,
            }
        )
    candidates.sort(key=lambda c: (-c["confidence"], c["target_id"], c["route_id"]))
    return {
        "candidates": candidates[:MAX_AFFINITY_CANDIDATES],
        "targets_considered": considered,
        "targets_with_direct_edge": direct,
        "truncated": len(candidates) > MAX_AFFINITY_CANDIDATES,
    }
