"""The records the stateful verbs keep, and how they go to and from Neo4j properties.

A perspective is one `(:Perspective)` node; its focus, lens, cached route set and visited ids are
JSON strings on it. Each follow pushes one `(:PerspectiveCheckpoint)` node (the focus and route
set before the move), so the perspective node itself stays small however deep it goes.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from coderooms.perspective.lens import Lens
from coderooms.perspective.model import FAMILIES, FocusNode, Route


@dataclass(frozen=True, slots=True)
class PerspectiveState:
    id: str
    agent_id: str
    repo: str
    query: str
    focus: FocusNode
    lens: Lens
    route_set_version: int
    generation: int
    """The repo generation the cached routes were built at."""
    stale: bool
    """The graph changed since the routes were built; the route cache is dropped."""
    routes: list[Route] | None
    """The cached route set in the room's total order; None once dropped (stale)."""
    visited: list[str]
    """Node ids this perspective has focused, oldest first (the start focus first)."""
    depth: int
    """Checkpoints held: how many follows `back` can undo."""
    next_seq: int
    created_ms: int
    updated_ms: int
    parent_id: str | None
    is_branch: bool


@dataclass(frozen=True, slots=True)
class Checkpoint:
    seq: int
    focus: FocusNode
    routes: list[Route] | None
    generation: int


def route_to_dict(route: Route) -> dict[str, Any]:
    return dataclasses.asdict(route)


def route_from_dict(data: dict[str, Any]) -> Route:
    """The route back from its dict; fields it lacks take their defaults, unknown keys (a
    newer writer's) are ignored."""
    if data.get("family") not in FAMILIES:
        raise ValueError(f"unknown route family {data.get('family')!r}")
    known = {f.name for f in dataclasses.fields(Route)}
    values = {key: value for key, value in data.items() if key in known}
    values["evidence"] = dict(values.get("evidence") or {})
    values["tags"] = tuple(values.get("tags") or ())
    values["score"] = float(values["score"])
    return Route(**values)


def routes_to_json(routes: list[Route] | None) -> str | None:
    if routes is None:
        return None
    return json.dumps([route_to_dict(r) for r in routes], ensure_ascii=False, sort_keys=True)


def routes_from_json(text: str | None) -> list[Route] | None:
    if text is None:
        return None
    return [route_from_dict(item) for item in json.loads(text)]


def focus_to_json(focus: FocusNode) -> str:
    return json.dumps(dataclasses.asdict(focus), ensure_ascii=False, sort_keys=True)


def focus_from_json(text: str) -> FocusNode:
    data = json.loads(text)
    known = {f.name for f in dataclasses.fields(FocusNode)}
    return FocusNode(**{key: value for key, value in data.items() if key in known})


def state_to_props(state: PerspectiveState) -> dict[str, Any]:
    """The node's properties (everything but `id` and `agent_id`, which never change)."""
    return {
        "repo": state.repo,
        "query": state.query,
        "focus_id": state.focus.node_id,
        "focus_json": focus_to_json(state.focus),
        "lens_json": state.lens.model_dump_json(),
        "route_set_version": state.route_set_version,
        "generation": state.generation,
        "stale": state.stale,
        "routes_json": routes_to_json(state.routes),
        "visited_json": json.dumps(state.visited, ensure_ascii=False),
        "depth": state.depth,
        "next_seq": state.next_seq,
        "created_ms": state.created_ms,
        "updated_ms": state.updated_ms,
        "parent_id": state.parent_id,
        "is_branch": state.is_branch,
    }


def state_from_props(props: dict[str, Any]) -> PerspectiveState:
    return PerspectiveState(
        id=str(props["id"]),
        agent_id=str(props["agent_id"]),
        repo=str(props["repo"]),
        query=str(props.get("query") or ""),
        focus=focus_from_json(props["focus_json"]),
        lens=Lens.model_validate_json(props["lens_json"]),
        route_set_version=int(props["route_set_version"]),
        generation=int(props.get("generation") or 0),
        stale=bool(props.get("stale")),
        routes=routes_from_json(props.get("routes_json")),
        visited=list(json.loads(props.get("visited_json") or "[]")),
        depth=int(props.get("depth") or 0),
        next_seq=int(props.get("next_seq") or 0),
        created_ms=int(props["created_ms"]),
        updated_ms=int(props["updated_ms"]),
        parent_id=props.get("parent_id"),
        is_branch=bool(props.get("is_branch")),
    )


def checkpoint_to_props(checkpoint: Checkpoint) -> dict[str, Any]:
    return {
        "seq": checkpoint.seq,
        "focus_json": focus_to_json(checkpoint.focus),
        "routes_json": routes_to_json(checkpoint.routes),
        "generation": checkpoint.generation,
    }


def checkpoint_from_props(props: dict[str, Any]) -> Checkpoint:
    return Checkpoint(
        seq=int(props["seq"]),
        focus=focus_from_json(props["focus_json"]),
        routes=routes_from_json(props.get("routes_json")),
        generation=int(props.get("generation") or 0),
    )
