"""The perspective verbs that open, list and close perspectives: start (a new one at a focus),
branch (a fork of one with history), list, close. Each takes the caller's (validated) agent id
and its request model; it answers a JSON-ready dict that `tools.py` pages to the budget."""

from __future__ import annotations

import dataclasses
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from coderooms.core.clock import now_ms
from coderooms.errors import NotFound
from coderooms.graph.driver import Graph
from coderooms.perspective import store
from coderooms.perspective.current import Readable, current, reconciled, synthesize
from coderooms.perspective.errors import NavigationAtRoot
from coderooms.perspective.focus import resolve_focus
from coderooms.perspective.ids import new_perspective_id, next_version
from coderooms.perspective.limits import MAX_OPEN_BRANCHES, MAX_OPEN_PERSPECTIVES
from coderooms.perspective.overview import ambiguous, completeness_of, overview_of
from coderooms.perspective.requests import BranchArguments, CloseArguments, StartArguments
from coderooms.perspective.state import PerspectiveState
from coderooms.perspective.validation import (
    validate_lens,
    validate_page,
    validate_perspective_id,
    validate_text,
)
from coderooms.verbs.quotas import ServerQuota


def start(
    graph: Graph,
    agent: str,
    r: StartArguments,
    readable: Readable = None,
    quota: ServerQuota | None = None,
) -> dict[str, Any]:
    """`readable`: the repos this server reads (None: every repo); the focus is one of theirs.
    `quota`: the server's cap of open perspectives over every agent (quotas.py)."""
    text = validate_text(r.query, "query")
    assert text is not None
    anchor = validate_text(r.anchor, "anchor", required=False)
    repo = validate_text(r.repo, "repo", required=False)
    lens, lens_clamps = validate_lens(r.lens)
    resolution = resolve_focus(
        graph,
        text,
        anchor=anchor,
        repo=repo,
        readable=None if readable is None else sorted(readable),
    )
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
    routes = synthesize(graph, focus, lens)
    now = now_ms()
    state = PerspectiveState(
        id=new_perspective_id(agent),
        agent_id=agent,
        repo=focus.repo,
        query=text,
        focus=focus,
        lens=lens,
        route_set_version=next_version(None, now=now),
        generation=generation,
        stale=False,
        routes=routes,
        visited=[focus.node_id],
        depth=0,
        next_seq=0,
        created_ms=now,
        updated_ms=now,
        parent_id=None,
        is_branch=False,
    )
    with admitted(graph, quota, state.id):
        store.create(graph, state, cap=MAX_OPEN_PERSPECTIVES)
    overview = overview_of(state, validate_page(1, None), completeness)
    overview["clamped"] = {**overview["clamped"], **lens_clamps}
    return {"status": "bound", "created": True, **overview}


def branch(
    graph: Graph,
    agent: str,
    r: BranchArguments,
    readable: Readable = None,
    quota: ServerQuota | None = None,
) -> dict[str, Any]:
    state = current(graph, agent, r.perspective_id, readable)
    if state.depth == 0:
        raise NavigationAtRoot(
            f"perspective {state.id!r} is at its root: there is nothing to branch from",
            field="perspective_id",
            hint="follow a route first; a branch forks a navigation that has history",
        )
    now = now_ms()
    clone = dataclasses.replace(
        state,
        id=new_perspective_id(agent),
        parent_id=state.id,
        is_branch=True,
        route_set_version=next_version(state.route_set_version, now=now),
        created_ms=now,
        updated_ms=now,
    )
    completeness = completeness_of(graph, clone.focus)
    with admitted(graph, quota, clone.id):
        store.create(graph, clone, cap=MAX_OPEN_BRANCHES, copy_from=state.id)
    overview = overview_of(clone, validate_page(1, None), completeness)
    return {"branched_from": state.id, **overview}


def admitted(
    graph: Graph, quota: ServerQuota | None, perspective_id: str
) -> AbstractContextManager[None]:
    """Counted against the server's cap while it is made, and after (none: no cap)."""
    if quota is None:
        return nullcontext()
    return quota.admit(perspective_id, 0, lambda ids: store.open_of(graph, ids))


def list_perspectives(graph: Graph, agent: str, readable: Readable = None) -> dict[str, Any]:
    """The agent's perspectives on the `readable` repos (None: every repo); one on another
    server's repo is not listed (the caps still count it: they are the session store's)."""
    items = []
    started = branched = 0
    for loaded in store.list_states(graph, agent):
        if readable is not None and loaded.state.repo not in readable:
            continue
        state = reconciled(graph, loaded)
        branched += state.is_branch
        started += not state.is_branch
        items.append(listed(state))
    return {
        "perspectives": items,
        "open": {
            "started": started,
            "max_started": MAX_OPEN_PERSPECTIVES,
            "branches": branched,
            "max_branches": MAX_OPEN_BRANCHES,
        },
    }


def listed(state: PerspectiveState) -> dict[str, Any]:
    """One perspective as `perspective_list` shows it."""
    return {
        "perspective_id": state.id,
        "repo": state.repo,
        "focus": dataclasses.asdict(state.focus),
        "depth": state.depth,
        "stale": state.stale,
        "route_set_version": state.route_set_version,
        "route_count": None if state.routes is None else len(state.routes),
        "is_branch": state.is_branch,
        "parent_id": state.parent_id,
        "created_ms": state.created_ms,
        "updated_ms": state.updated_ms,
    }


def close(graph: Graph, agent: str, r: CloseArguments, readable: Readable = None) -> dict[str, Any]:
    pid = validate_perspective_id(r.perspective_id)
    if readable is not None and store.load(graph, agent, pid).state.repo not in readable:
        raise store.not_found(pid)
    checkpoints = store.delete(graph, agent, pid)
    return {"perspective_id": pid, "closed": True, "checkpoints_deleted": checkpoints}
