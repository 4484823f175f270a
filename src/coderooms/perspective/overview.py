"""What the perspective verbs answer about a perspective: its overview (focus, route page,
completeness of the focus's callers) and the candidates of an ambiguous start."""

from __future__ import annotations

import dataclasses
import math
from concurrent.futures import Future
from typing import Any

from coderooms.graph.completeness import Completeness, submit
from coderooms.graph.driver import Graph
from coderooms.ingest import CALL_GROUPS
from coderooms.perspective.model import FocusNode, FocusResolution, Route
from coderooms.perspective.state import PerspectiveState, route_to_dict
from coderooms.perspective.validation import Page


def card(index: int, route: Route, visited: list[str]) -> dict[str, Any]:
    return {"route_index": index, **route_to_dict(route), "visited": route.target_id in visited}


def completeness_of(graph: Graph, focus: FocusNode) -> Future[Completeness] | None:
    """The unresolved call sites of the focus's name (a file: its symbols' names), sent now and
    collected by `overview_of`: callers its causal and hole routes cannot show. None for a ghost
    (it is itself what did not resolve)."""
    return None if focus.label == "ghost" else submit(graph, [focus.node_id], CALL_GROUPS)


def overview_of(
    state: PerspectiveState,
    paging: Page,
    completeness: Future[Completeness] | None,
    offset: int | None = None,
) -> dict[str, Any]:
    all_routes = state.routes or []
    total_pages = max(1, math.ceil(len(all_routes) / paging.size))
    first = (paging.page - 1) * paging.size if offset is None else offset
    shown = all_routes[first : first + paging.size]
    answer: dict[str, Any] = {
        "perspective_id": state.id,
        "route_set_version": state.route_set_version,
        "focus": dataclasses.asdict(state.focus),
        "repo": state.repo,
        "lens": state.lens.model_dump(),
        "depth": state.depth,
        "stale": state.stale,
        "is_branch": state.is_branch,
        "parent_id": state.parent_id,
        "page": paging.page,
        "size": paging.size,
        "total_routes": len(all_routes),
        "total_pages": total_pages,
        "routes": [card(first + i + 1, r, state.visited) for i, r in enumerate(shown)],
        "clamped": paging.clamped,
    }
    if completeness is not None:
        answer["completeness"] = completeness.result().as_field()
    return answer


def ambiguous(resolution: FocusResolution) -> dict[str, Any]:
    return {
        "status": "ambiguous",
        "created": False,
        "candidates": [
            {"rank": rank, "match": c.match, "score": c.score, **dataclasses.asdict(c.node)}
            for rank, c in enumerate(resolution.candidates, start=1)
        ],
        "candidates_truncated": resolution.candidates_truncated,
        "hint": "nothing was created; call perspective_start again with query set to the "
        "node_id of the candidate you mean",
    }
