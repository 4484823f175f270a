"""The perspective verbs that move the focus: follow (along a route, saving a checkpoint) and
back (to the last checkpoint). Each writes the moved state compare-and-set against the version
it read; a call that lost the race is refused (`route_set_stale`)."""

from __future__ import annotations

import dataclasses
from typing import Any

from coderooms.core.clock import now_ms
from coderooms.errors import NotFound
from coderooms.graph.driver import Graph
from coderooms.perspective import store
from coderooms.perspective.current import (
    Readable,
    current,
    generation_of,
    picked,
    raced,
    synthesize,
)
from coderooms.perspective.errors import NavigationAtRoot
from coderooms.perspective.focus import focus_by_id
from coderooms.perspective.ids import next_version
from coderooms.perspective.limits import MAX_CHECKPOINTS, MAX_VISITED
from coderooms.perspective.overview import card, completeness_of, overview_of
from coderooms.perspective.requests import BackArguments, FollowArguments
from coderooms.perspective.state import Checkpoint
from coderooms.perspective.validation import validate_page


def follow(
    graph: Graph, agent: str, r: FollowArguments, readable: Readable = None
) -> dict[str, Any]:
    chosen = picked(graph, agent, r, readable)
    state, route = chosen.state, chosen.route
    target = focus_by_id(graph, route.target_id)
    if target is None:
        raise NotFound(
            f"the target {route.target_id!r} is no longer in the graph",
            field="route_id" if chosen.ref.route_id is not None else "route_index",
            hint="call perspective_routes for the current routes",
        )
    completeness = completeness_of(graph, target)
    generation = generation_of(graph, state, target.repo)
    new_routes = synthesize(graph, target, state.lens)
    checkpoint = Checkpoint(
        seq=state.next_seq, focus=state.focus, routes=state.routes, generation=state.generation
    )
    moved = dataclasses.replace(
        state,
        focus=target,
        repo=target.repo,
        routes=new_routes,
        stale=False,
        generation=generation,
        route_set_version=next_version(state.route_set_version),
        visited=visit(state.visited, target.node_id),
        depth=min(state.depth + 1, MAX_CHECKPOINTS),
        next_seq=state.next_seq + 1,
        updated_ms=now_ms(),
    )
    saved = store.save_with_checkpoint(
        graph, moved, checkpoint, expected_version=state.route_set_version
    )
    if not saved:
        raise raced(state.id)
    return {
        "followed": card(chosen.index, route, state.visited),
        **overview_of(moved, validate_page(1, None), completeness),
    }


def back(graph: Graph, agent: str, r: BackArguments, readable: Readable = None) -> dict[str, Any]:
    state = current(graph, agent, r.perspective_id, readable)
    checkpoint = store.top_checkpoint(graph, state.id)
    if checkpoint is None or state.depth == 0:
        raise NavigationAtRoot(
            f"perspective {state.id!r} is at its root: no follow to undo",
            field="perspective_id",
            hint="perspective_follow a route first; perspective_close ends the perspective",
        )
    completeness = completeness_of(graph, checkpoint.focus)
    generation = generation_of(graph, state, checkpoint.focus.repo)
    focus, restored = checkpoint.focus, checkpoint.routes
    if restored is None or checkpoint.generation != generation:
        focus = focus_by_id(graph, checkpoint.focus.node_id) or checkpoint.focus
        restored = synthesize(graph, focus, state.lens)
    moved = dataclasses.replace(
        state,
        focus=focus,
        repo=focus.repo,
        routes=restored,
        stale=False,
        generation=generation,
        route_set_version=next_version(state.route_set_version),
        depth=state.depth - 1,
        updated_ms=now_ms(),
    )
    saved = store.save_popping(
        graph, moved, checkpoint.seq, expected_version=state.route_set_version
    )
    if not saved:
        raise raced(state.id)
    return {
        "restored_from_checkpoint": checkpoint.seq,
        "routes_rebuilt": restored is not checkpoint.routes,
        **overview_of(moved, validate_page(1, None), completeness),
    }


def visit(visited: list[str], node_id: str) -> list[str]:
    """The visited ids with `node_id` last, the oldest dropped past MAX_VISITED."""
    kept = [v for v in visited if v != node_id] + [node_id]
    return kept[-MAX_VISITED:]
