"""The perspective verbs as plain functions: the caller's (validated) agent id and typed
arguments in, a JSON-ready dict out. `tools.py` adapts them to MCP.

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

from coderooms.config import Settings
from coderooms.core.clock import now_ms
from coderooms.errors import CoderoomsError, NotFound
from coderooms.graph.driver import Graph
from coderooms.perspective import store
from coderooms.perspective.affinity import affinity_candidates
from coderooms.perspective.compare import compare_states
from coderooms.perspective.errors import NavigationAtRoot, RouteSetStale
from coderooms.perspective.focus import focus_by_id, resolve_focus
from coderooms.perspective.ids import new_perspective_id, next_version
from coderooms.perspective.limits import (
    MAX_CHECKPOINTS,
    MAX_OPEN_BRANCHES,
    MAX_OPEN_PERSPECTIVES,
    MAX_VISITED,
)
from coderooms.perspective.model import FocusNode, Route
from coderooms.perspective.overview import ambiguous, card, completeness_of, overview_of
from coderooms.perspective.peek import peek_route
from coderooms.perspective.routes import synthesize_routes
from coderooms.perspective.state import Checkpoint, PerspectiveState
from coderooms.perspective.suggest import suggest_moves
from coderooms.perspective.validation import (
    RouteRef,
    pick_route,
    validate_lens,
    validate_page,
    validate_perspective_id,
    validate_route_ref,
    validate_text,
    validate_version,
)

SAVE_ATTEMPTS = 3
"""Compare-and-set retries of a soft write (stale mark, resynthesis) racing another writer."""


def start(
    graph: Graph, agent: str, query: object, anchor: object, lens_raw: object, repo: object,
    readable: Collection[str] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """`readable`: the repos this server reads (None: every repo); the focus is one of theirs."""
    text = validate_text(query, "query")
    assert text is not None
    anchor_text = validate_text(anchor, "anchor", required=False)
    repo_text = validate_text(repo, "repo", required=False)
    lens, lens_clamps = validate_lens(lens_raw)
    resolution = resolve_focus(
        graph, text, anchor=anchor_text, repo=repo_text,
        readable=None if readable is None else sorted(readable),
    )  # fmt: skip
    if resolution.status == "ambiguous":
        return ambiguous(resolution)
    if resolution.status != "bound" or resolution.node is None:
        raise NotFound(
            f"nothing in the graph matches {text!r}",
            field="query",
            hint="query a symbol or file name, a qualified name, or a node id; pass repo",
        )
    focus = resolution.node
    completeness = completeness_of(graph, focus)
    generation = store.repo_generation(graph, focus.repo)
    routes = _synthesize(graph, focus, lens)
    now = now_ms()
    state = PerspectiveState(
        id=new_perspective_id(agent), agent_id=agent, repo=focus.repo, query=text, focus=focus,
        lens=lens, route_set_version=next_version(None, now=now), generation=generation,
        stale=False, routes=routes, visited=[focus.node_id], depth=0, next_seq=0,
        created_ms=now, updated_ms=now, parent_id=None, is_branch=False,
    )  # fmt: skip
    store.create(graph, state, cap=MAX_OPEN_PERSPECTIVES)
    overview = overview_of(state, validate_page(1, None), completeness)
    overview["clamped"] = {**overview["clamped"], **lens_clamps}
    return {"status": "bound", "created": True, **overview}


def routes(
    graph: Graph, agent: str, perspective_id: object, page: object, size: object,
    readable: Collection[str] | None = None, offset: int | None = None,
) -> dict[str, Any]:  # fmt: skip
    """One page of routes: `page` of `size`, or `size` routes from `offset` (a cursor's)."""
    paging = validate_page(page, size)
    state = _current(graph, agent, perspective_id, readable=readable)
    completeness = completeness_of(graph, state.focus)
    was_stale = state.stale or state.routes is None
    state = _with_routes(graph, state)
    return {"resynthesized": was_stale, **overview_of(state, paging, completeness, offset)}


def inspect(
    graph: Graph, agent: str, perspective_id: object, version: object, route_id: object,
    route_index: object, readable: Collection[str] | None = None,
) -> dict[str, Any]:  # fmt: skip
    _, state, index, route = _picked(graph, agent, perspective_id, version, route_id, route_index,
                                     readable)  # fmt: skip
    focus_now = focus_by_id(graph, route.target_id)
    return {
        "perspective_id": state.id,
        "route_set_version": state.route_set_version,
        "focus": dataclasses.asdict(state.focus),
        "route": card(index, route, state.visited),
        "target": dataclasses.asdict(focus_now) if focus_now else None,
        "target_in_graph": focus_now is not None,
        "next": "perspective_follow moves the focus here; perspective_peek shows its source",
    }


def peek(
    graph: Graph, settings: Settings, agent: str, perspective_id: object, version: object,
    route_id: object, route_index: object, readable: Collection[str] | None = None,
) -> dict[str, Any]:  # fmt: skip
    _, state, index, route = _picked(graph, agent, perspective_id, version, route_id, route_index,
                                     readable)  # fmt: skip
    shown = peek_route(graph, settings, route)
    return {"perspective_id": state.id, "route_index": index, "route_id": route.route_id,
            "target_id": route.target_id, **shown}  # fmt: skip


def follow(
    graph: Graph, agent: str, perspective_id: object, version: object, route_id: object,
    route_index: object, readable: Collection[str] | None = None,
) -> dict[str, Any]:  # fmt: skip
    ref, state, index, route = _picked(graph, agent, perspective_id, version, route_id,
                                       route_index, readable)  # fmt: skip
    target = focus_by_id(graph, route.target_id)
    if target is None:
        raise NotFound(
            f"the target {route.target_id!r} is no longer in the graph",
            field="route_id" if ref.route_id is not None else "route_index",
            hint="call perspective_routes for the current routes",
        )
    completeness = completeness_of(graph, target)
    generation = _generation_of(graph, state, target.repo)
    new_routes = _synthesize(graph, target, state.lens)
    checkpoint = Checkpoint(seq=state.next_seq, focus=state.focus, routes=state.routes,
                            generation=state.generation)  # fmt: skip
    moved = dataclasses.replace(
        state, focus=target, repo=target.repo, routes=new_routes, stale=False,
        generation=generation, route_set_version=next_version(state.route_set_version),
        visited=_visit(state.visited, target.node_id), depth=min(state.depth + 1, MAX_CHECKPOINTS),
        next_seq=state.next_seq + 1, updated_ms=now_ms(),
    )  # fmt: skip
    if not store.save_with_checkpoint(graph, moved, checkpoint,
                                      expected_version=state.route_set_version):  # fmt: skip
        raise _raced(state.id)
    return {"followed": card(index, route, state.visited),
            **overview_of(moved, validate_page(1, None), completeness)}  # fmt: skip


def back(
    graph: Graph, agent: str, perspective_id: object, readable: Collection[str] | None = None
) -> dict[str, Any]:
    state = _current(graph, agent, perspective_id, readable=readable)
    checkpoint = store.top_checkpoint(graph, state.id)
    if checkpoint is None or state.depth == 0:
        raise NavigationAtRoot(
            f"perspective {state.id!r} is at its root: no follow to undo",
            field="perspective_id",
            hint="perspective_follow a route first; perspective_close ends the perspective",
        )
    completeness = completeness_of(graph, checkpoint.focus)
    generation = _generation_of(graph, state, checkpoint.focus.repo)
    focus, restored = checkpoint.focus, checkpoint.routes
    if restored is None or checkpoint.generation != generation:
        focus = focus_by_id(graph, checkpoint.focus.node_id) or checkpoint.focus
        restored = _synthesize(graph, focus, state.lens)
    moved = dataclasses.replace(
        state, focus=focus, repo=focus.repo, routes=restored, stale=False, generation=generation,
        route_set_version=next_version(state.route_set_version), depth=state.depth - 1,
        updated_ms=now_ms(),
    )  # fmt: skip
    if not store.save_popping(graph, moved, checkpoint.seq,
                              expected_version=state.route_set_version):  # fmt: skip
        raise _raced(state.id)
    return {"restored_from_checkpoint": checkpoint.seq,
            "routes_rebuilt": restored is not checkpoint.routes,
            **overview_of(moved, validate_page(1, None), completeness)}  # fmt: skip


def branch(
    graph: Graph, agent: str, perspective_id: object, readable: Collection[str] | None = None
) -> dict[str, Any]:
    state = _current(graph, agent, perspective_id, readable=readable)
    if state.depth == 0:
        raise NavigationAtRoot(
            f"perspective {state.id!r} is at its root: there is nothing to branch from",
            field="perspective_id",
            hint="follow a route first; a branch forks a navigation that has history",
        )
    now = now_ms()
    clone = dataclasses.replace(
        state, id=new_perspective_id(agent), parent_id=state.id, is_branch=True,
        route_set_version=next_version(state.route_set_version, now=now), created_ms=now,
        updated_ms=now,
    )  # fmt: skip
    completeness = completeness_of(graph, clone.focus)
    store.create(graph, clone, cap=MAX_OPEN_BRANCHES, copy_from=state.id)
    overview = overview_of(clone, validate_page(1, None), completeness)
    return {"branched_from": state.id, **overview}


def suggest(
    graph: Graph,
    agent: str,
    perspective_id: object,
    version: object,
    readable: Collection[str] | None = None,
) -> dict[str, Any]:
    state = _checked(graph, agent, perspective_id, version, readable)
    return {
        "perspective_id": state.id,
        "route_set_version": state.route_set_version,
        "suggestions": suggest_moves(_routes_of(state), state.visited),
    }


def affinity(
    graph: Graph,
    agent: str,
    perspective_id: object,
    version: object,
    readable: Collection[str] | None = None,
) -> dict[str, Any]:
    state = _checked(graph, agent, perspective_id, version, readable)
    found = affinity_candidates(graph, state.focus, _routes_of(state))
    return {"perspective_id": state.id, "route_set_version": state.route_set_version,
            "focus_id": state.focus.node_id, **found}  # fmt: skip


def compare(
    graph: Graph, agent: str, first: object, second: object, readable: Collection[str] | None = None
) -> dict[str, Any]:
    a = _current(graph, agent, first, field="perspective_a", readable=readable)
    b = _current(graph, agent, second, field="perspective_b", readable=readable)
    return compare_states(a, b, _focus_distance(graph, a, b))


def list_perspectives(
    graph: Graph, agent: str, readable: Collection[str] | None = None
) -> dict[str, Any]:
    """The agent's perspectives on the `readable` repos (None: every repo); one on another
    server's repo is not listed (the caps still count it: they are the session store's)."""
    items = []
    started = branched = 0
    for loaded in store.list_states(graph, agent):
        if readable is not None and loaded.state.repo not in readable:
            continue
        state = _reconciled(graph, loaded)
        branched += state.is_branch
        started += not state.is_branch
        items.append({
            "perspective_id": state.id, "repo": state.repo,
            "focus": dataclasses.asdict(state.focus), "depth": state.depth, "stale": state.stale,
            "route_set_version": state.route_set_version,
            "route_count": None if state.routes is None else len(state.routes),
            "is_branch": state.is_branch, "parent_id": state.parent_id,
            "created_ms": state.created_ms, "updated_ms": state.updated_ms,
        })  # fmt: skip
    return {
        "perspectives": items,
        "open": {
            "started": started,
            "max_started": MAX_OPEN_PERSPECTIVES,
            "branches": branched,
            "max_branches": MAX_OPEN_BRANCHES,
        },
    }


def close(
    graph: Graph, agent: str, perspective_id: object, readable: Collection[str] | None = None
) -> dict[str, Any]:
    pid = validate_perspective_id(perspective_id)
    if readable is not None and store.load(graph, agent, pid).state.repo not in readable:
        raise store.not_found(pid)
    checkpoints = store.delete(graph, agent, pid)
    return {"perspective_id": pid, "closed": True, "checkpoints_deleted": checkpoints}


# --- state handling -------------------------------------------------------------------------


def _current(
    graph: Graph, agent: str, perspective_id: object, *, field: str = "perspective_id",
    readable: Collection[str] | None = None,
) -> PerspectiveState:  # fmt: skip
    """The agent's perspective, reconciled; one on a repo this server does not read is
    not_found, exactly like an id that never existed."""
    pid = validate_perspective_id(perspective_id, field)
    loaded = store.load(graph, agent, pid)
    if readable is not None and loaded.state.repo not in readable:
        raise store.not_found(pid)
    return _reconciled(graph, loaded)


def _reconciled(graph: Graph, loaded: store.Loaded) -> PerspectiveState:
    """Mark the perspective stale (routes dropped, version re-stamped) if the graph moved."""
    for _ in range(SAVE_ATTEMPTS):
        state = loaded.state
        if loaded.repo_generation == state.generation:
            return state
        marked = dataclasses.replace(
            state, stale=True, routes=None, generation=loaded.repo_generation,
            route_set_version=next_version(state.route_set_version), updated_ms=now_ms(),
        )  # fmt: skip
        if store.save(graph, marked, expected_version=state.route_set_version):
            return marked
        loaded = store.load(graph, state.agent_id, state.id)
    return loaded.state


def _with_routes(graph: Graph, state: PerspectiveState) -> PerspectiveState:
    """The state with a route set, rebuilt (soft) when it was dropped."""
    for _ in range(SAVE_ATTEMPTS):
        if state.routes is not None and not state.stale:
            return state
        generation = state.generation  # reconciled at load: the repo's, read before synthesis
        focus = focus_by_id(graph, state.focus.node_id)
        built = _synthesize(graph, focus, state.lens) if focus else []
        rebuilt = dataclasses.replace(
            state, focus=focus or state.focus, routes=built, stale=False, generation=generation,
            route_set_version=next_version(state.route_set_version), updated_ms=now_ms(),
        )  # fmt: skip
        if store.save(graph, rebuilt, expected_version=state.route_set_version):
            return rebuilt
        state = _reconciled(graph, store.load(graph, state.agent_id, state.id))
    raise _raced(state.id)


def _picked(
    graph: Graph, agent: str, perspective_id: object, version: object, route_id: object,
    route_index: object, readable: Collection[str] | None,
) -> tuple[RouteRef, PerspectiveState, int, Route]:  # fmt: skip
    """The route a verb names, in the perspective at the version the agent saw."""
    ref = validate_route_ref(route_id, route_index)
    state = _checked(graph, agent, perspective_id, version, readable)
    index, route = pick_route(_routes_of(state), ref)
    return ref, state, index, route


def _checked(
    graph: Graph, agent: str, perspective_id: object, version: object,
    readable: Collection[str] | None,
) -> PerspectiveState:  # fmt: skip
    seen = validate_version(version)
    state = _current(graph, agent, perspective_id, readable=readable)
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


def _generation_of(graph: Graph, state: PerspectiveState, repo: str) -> int:
    """The repo's generation before a synthesis: a reconciled state already holds it (read at
    load, so a change during the synthesis still shows as a later mismatch)."""
    return state.generation if repo == state.repo else store.repo_generation(graph, repo)


def _routes_of(state: PerspectiveState) -> list[Route]:
    return state.routes or []


def _synthesize(graph: Graph, focus: FocusNode, lens: Any) -> list[Route]:
    return sorted(synthesize_routes(graph, focus, lens), key=Route.order_key)


def _visit(visited: list[str], node_id: str) -> list[str]:
    kept = [v for v in visited if v != node_id] + [node_id]
    return kept[-MAX_VISITED:]


def _focus_distance(graph: Graph, a: PerspectiveState, b: PerspectiveState) -> int | None:
    if a.focus.node_id == b.focus.node_id:
        return 0
    if a.repo != b.repo:
        return None
    try:
        rows = graph.read("perspective/state_focus_distance", a=a.focus.node_id,
                          b=b.focus.node_id)  # fmt: skip
    except CoderoomsError:
        return None
    return int(rows[0]["hops"]) if rows else None


def _raced(perspective_id: str) -> RouteSetStale:
    return RouteSetStale(
        f"perspective {perspective_id!r} changed while this call ran (another call moved it)",
        field="route_set_version",
        hint="call perspective_routes, then retry",
    )
