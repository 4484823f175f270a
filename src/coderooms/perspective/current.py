"""The agent's perspective as a verb finds it: loaded, reconciled with the graph, and checked
against the route set the agent last saw.

Every verb loads the perspective for (agent, id) and reconciles it with the graph first: when the
repo's generation moved since the routes were built, the route cache is dropped, the perspective
marked stale and its `route_set_version` re-stamped. `perspective_routes` then rebuilds the
routes (soft); inspect/peek/follow/suggest/affinity refuse a version the agent did not just see
(hard, `route_set_stale`). Every answer that lists routes says how complete the focus's
callers are (`completeness`, sent while the routes are read: `graph/completeness`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import Any

from coderooms.core.clock import now_ms
from coderooms.graph.driver import Graph
from coderooms.perspective import store
from coderooms.perspective.errors import RouteSetStale
from coderooms.perspective.focus import focus_by_id
from coderooms.perspective.ids import next_version
from coderooms.perspective.model import FocusNode, Route
from coderooms.perspective.requests import FollowArguments, InspectArguments, PeekArguments
from coderooms.perspective.routes import synthesize_routes
from coderooms.perspective.state import PerspectiveState
from coderooms.perspective.validation import (
    RouteRef,
    pick_route,
    validate_perspective_id,
    validate_route_ref,
    validate_version,
)

SAVE_ATTEMPTS = 3
"""Compare-and-set retries of a soft write (stale mark, resynthesis) racing another writer."""

Readable = Collection[str] | None
"""The repos this server reads (None: every repo)."""


def current(
    graph: Graph,
    agent: str,
    perspective_id: object,
    readable: Readable,
    field: str = "perspective_id",
) -> PerspectiveState:
    """The agent's perspective, reconciled; one on a repo this server does not read is
    not_found, exactly like an id that never existed."""
    pid = validate_perspective_id(perspective_id, field)
    loaded = store.load(graph, agent, pid)
    if readable is not None and loaded.state.repo not in readable:
        raise store.not_found(pid)
    return reconciled(graph, loaded)


def reconciled(graph: Graph, loaded: store.Loaded) -> PerspectiveState:
    """Mark the perspective stale (routes dropped, version re-stamped) if the graph moved."""
    for _ in range(SAVE_ATTEMPTS):
        state = loaded.state
        if loaded.repo_generation == state.generation:
            return state
        marked = dataclasses.replace(
            state,
            stale=True,
            routes=None,
            generation=loaded.repo_generation,
            route_set_version=next_version(state.route_set_version),
            updated_ms=now_ms(),
        )
        if store.save(graph, marked, expected_version=state.route_set_version):
            return marked
        loaded = store.load(graph, state.agent_id, state.id)
    return loaded.state


def with_routes(graph: Graph, state: PerspectiveState) -> PerspectiveState:
    """The state with a route set, rebuilt (soft) when it was dropped."""
    for _ in range(SAVE_ATTEMPTS):
        if state.routes is not None and not state.stale:
            return state
        generation = state.generation  # reconciled at load: the repo's, read before synthesis
        focus = focus_by_id(graph, state.focus.node_id)
        built = synthesize(graph, focus, state.lens) if focus else []
        rebuilt = dataclasses.replace(
            state,
            focus=focus or state.focus,
            routes=built,
            stale=False,
            generation=generation,
            route_set_version=next_version(state.route_set_version),
            updated_ms=now_ms(),
        )
        if store.save(graph, rebuilt, expected_version=state.route_set_version):
            return rebuilt
        state = reconciled(graph, store.load(graph, state.agent_id, state.id))
    raise raced(state.id)


@dataclasses.dataclass(frozen=True, slots=True)
class Picked:
    """The route a verb names, in the perspective at the version the agent saw."""

    ref: RouteRef
    state: PerspectiveState
    index: int
    """1-based, in the current set."""
    route: Route


NamesARoute = InspectArguments | PeekArguments | FollowArguments
"""What a verb that names one route is given."""


def picked(graph: Graph, agent: str, r: NamesARoute, readable: Readable) -> Picked:
    ref = validate_route_ref(r.route_id, r.route_index)
    state = checked(graph, agent, r.perspective_id, r.route_set_version, readable)
    index, route = pick_route(routes_of(state), ref)
    return Picked(ref, state, index, route)


def checked(
    graph: Graph, agent: str, perspective_id: object, version: object, readable: Readable
) -> PerspectiveState:
    """The perspective, refused (`route_set_stale`) unless its routes are the ones the agent
    saw at `version`."""
    seen = validate_version(version)
    state = current(graph, agent, perspective_id, readable)
    if state.stale or state.routes is None:
        raise RouteSetStale(
            "the graph changed since this route set was built; its routes were dropped",
            field="route_set_version",
            hint="call perspective_routes for the fresh set and its route_set_version",
        )
    if seen != state.route_set_version:
        raise RouteSetStale(
            f"route_set_version {seen} is not the current {state.route_set_version}",
            field="route_set_version",
            hint="call perspective_routes, then retry with the route_set_version it returns",
        )
    return state


def generation_of(graph: Graph, state: PerspectiveState, repo: str) -> int:
    """The repo's generation before a synthesis: a reconciled state already holds it (read at
    load, so a change during the synthesis still shows as a later mismatch)."""
    return state.generation if repo == state.repo else store.repo_generation(graph, repo)


def routes_of(state: PerspectiveState) -> list[Route]:
    return state.routes or []


def synthesize(graph: Graph, focus: FocusNode, lens: Any) -> list[Route]:
    return sorted(synthesize_routes(graph, focus, lens), key=Route.order_key)


def raced(perspective_id: str) -> RouteSetStale:
    return RouteSetStale(
        f"perspective {perspective_id!r} changed while this call ran (another call moved it)",
        field="route_set_version",
        hint="call perspective_routes, then retry",
    )
