"""The perspective verbs that read a perspective: its routes (a page, rebuilt when the graph
moved), one route (inspect, peek), the suggested next moves, affinity hypotheses and how two
perspectives compare. They write only what reconciling needs (`current`)."""

from __future__ import annotations

import dataclasses
from typing import Any

from coderooms.config import Settings
from coderooms.errors import CoderoomsError
from coderooms.graph.driver import Graph
from coderooms.perspective.affinity import affinity_candidates
from coderooms.perspective.compare import compare_states
from coderooms.perspective.current import (
    Readable,
    checked,
    current,
    picked,
    routes_of,
    with_routes,
)
from coderooms.perspective.focus import focus_by_id
from coderooms.perspective.overview import card, completeness_of, overview_of
from coderooms.perspective.peek import peek_route
from coderooms.perspective.requests import (
    AffinityArguments,
    CompareArguments,
    InspectArguments,
    PeekArguments,
    RoutesArguments,
    SuggestArguments,
)
from coderooms.perspective.state import PerspectiveState
from coderooms.perspective.suggest import suggest_moves
from coderooms.perspective.validation import validate_page


def routes(
    graph: Graph,
    agent: str,
    r: RoutesArguments,
    readable: Readable = None,
    offset: int | None = None,
) -> dict[str, Any]:
    """One page of routes: `page` of `size`, or `size` routes from `offset` (a cursor's)."""
    paging = validate_page(r.page, r.size)
    state = current(graph, agent, r.perspective_id, readable)
    completeness = completeness_of(graph, state.focus)
    was_stale = state.stale or state.routes is None
    state = with_routes(graph, state)
    return {"resynthesized": was_stale, **overview_of(state, paging, completeness, offset)}


def inspect(
    graph: Graph, agent: str, r: InspectArguments, readable: Readable = None
) -> dict[str, Any]:
    chosen = picked(graph, agent, r, readable)
    state = chosen.state
    focus_now = focus_by_id(graph, chosen.route.target_id)
    return {
        "perspective_id": state.id,
        "route_set_version": state.route_set_version,
        "focus": dataclasses.asdict(state.focus),
        "route": card(chosen.index, chosen.route, state.visited),
        "target": dataclasses.asdict(focus_now) if focus_now else None,
        "target_in_graph": focus_now is not None,
        "next": "perspective_follow moves the focus here; perspective_peek shows its source",
    }


def peek(
    graph: Graph, settings: Settings, agent: str, r: PeekArguments, readable: Readable = None
) -> dict[str, Any]:
    chosen = picked(graph, agent, r, readable)
    shown = peek_route(graph, settings, chosen.route)
    return {
        "perspective_id": chosen.state.id,
        "route_index": chosen.index,
        "route_id": chosen.route.route_id,
        "target_id": chosen.route.target_id,
        **shown,
    }


def suggest(
    graph: Graph, agent: str, r: SuggestArguments, readable: Readable = None
) -> dict[str, Any]:
    state = checked(graph, agent, r.perspective_id, r.route_set_version, readable)
    return {
        "perspective_id": state.id,
        "route_set_version": state.route_set_version,
        "suggestions": suggest_moves(routes_of(state), state.visited),
    }


def affinity(
    graph: Graph, agent: str, r: AffinityArguments, readable: Readable = None
) -> dict[str, Any]:
    state = checked(graph, agent, r.perspective_id, r.route_set_version, readable)
    found = affinity_candidates(graph, state.focus, routes_of(state))
    return {
        "perspective_id": state.id,
        "route_set_version": state.route_set_version,
        "focus_id": state.focus.node_id,
        **found,
    }


def compare(
    graph: Graph, agent: str, r: CompareArguments, readable: Readable = None
) -> dict[str, Any]:
    a = current(graph, agent, r.perspective_a, readable, field="perspective_a")
    b = current(graph, agent, r.perspective_b, readable, field="perspective_b")
    return compare_states(a, b, focus_distance(graph, a, b))


def focus_distance(graph: Graph, a: PerspectiveState, b: PerspectiveState) -> int | None:
    """Hops between the two foci (None past the query's reach, or across repos)."""
    if a.focus.node_id == b.focus.node_id:
        return 0
    if a.repo != b.repo:
        return None
    try:
        rows = graph.read("perspective/state_focus_distance", a=a.focus.node_id, b=b.focus.node_id)
    except CoderoomsError:
        return None
    return int(rows[0]["hops"]) if rows else None
