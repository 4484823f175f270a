"""Perspective state in Neo4j: every server process reads and writes the same nodes, so a restart
or a second process continues a perspective where the first left it.

Every change is a compare-and-set on `route_set_version` (`state_save`): of two writers that saw
the same version, one wins and the other is told its route set is stale.
"""

from __future__ import annotations

from dataclasses import dataclass

import neo4j

from coderooms.core.clock import now_ms
from coderooms.errors import NotFound
from coderooms.graph.driver import Graph, run_named
from coderooms.perspective.errors import PerspectiveLimit
from coderooms.perspective.ids import agent_key
from coderooms.perspective.limits import MAX_CHECKPOINTS
from coderooms.perspective.state import (
    Checkpoint,
    PerspectiveState,
    checkpoint_from_props,
    checkpoint_to_props,
    state_from_props,
    state_to_props,
)


@dataclass(frozen=True, slots=True)
class Loaded:
    state: PerspectiveState
    repo_generation: int
    """The repo's generation now; differs from `state.generation` when the graph changed."""


def not_found(perspective_id: str) -> NotFound:
    # The same answer whether the id never existed, was closed, or belongs to another agent:
    # a perspective's existence is never disclosed to anyone but its owner.
    return NotFound(
        f"you have no perspective {perspective_id!r}",
        field="perspective_id",
        hint="perspective_list shows yours; perspective_start opens one",
    )


def repo_generation(graph: Graph, repo: str) -> int:
    rows = graph.read("perspective/state_repo_generation", repo=repo)
    return int(rows[0]["generation"]) if rows else 0


def create(graph: Graph, state: PerspectiveState, *, cap: int, copy_from: str | None = None) -> int:
    """Create `state` if the agent holds fewer than `cap` perspectives of its kind (started or
    branched); returns how many it held before. With `copy_from`, the checkpoints of that
    perspective are copied in the same transaction (a branch)."""

    def work(tx: neo4j.ManagedTransaction) -> tuple[bool, int]:
        rows = run_named(
            tx,
            "perspective/state_create",
            agent_key=agent_key(state.agent_id),
            agent_id=state.agent_id,
            is_branch=state.is_branch,
            cap=cap,
            id=state.id,
            props=state_to_props(state),
            now_ms=now_ms(),
        )
        created, held = bool(rows[0]["created"]), int(rows[0]["open"])
        if created and copy_from is not None:
            run_named(
                tx, "perspective/state_copy_checkpoints", source_id=copy_from, target_id=state.id
            )
        return created, held

    created, held = graph.execute_write(work)
    if not created:
        kind = "branches" if state.is_branch else "perspectives"
        raise PerspectiveLimit(
            f"you already hold {held} open {kind} (the cap is {cap})",
            hint="close one with perspective_close (perspective_list shows them)",
        )
    return held


def open_of(graph: Graph, ids: list[str]) -> set[str]:
    """Of the perspectives `ids`, those still open (a server's cap, quotas.py)."""
    rows = graph.read("perspective/state_open_of", ids=ids)
    return set(rows[0]["ids"]) if rows else set()


def load(graph: Graph, agent_id: str, perspective_id: str) -> Loaded:
    rows = graph.read("perspective/state_load", id=perspective_id, agent_id=agent_id)
    if not rows:
        raise not_found(perspective_id)
    return Loaded(state_from_props(rows[0]["props"]), int(rows[0]["repo_generation"]))


def list_states(graph: Graph, agent_id: str) -> list[Loaded]:
    rows = graph.read("perspective/state_list", agent_id=agent_id)
    return [Loaded(state_from_props(r["props"]), int(r["repo_generation"])) for r in rows]


def save(graph: Graph, state: PerspectiveState, *, expected_version: int) -> bool:
    """Write `state` if the stored version is still `expected_version`; false if it moved."""
    rows = graph.write(
        "perspective/state_save",
        id=state.id,
        agent_id=state.agent_id,
        expected_version=expected_version,
        props=state_to_props(state),
    )
    return bool(rows)


def save_with_checkpoint(
    graph: Graph, state: PerspectiveState, checkpoint: Checkpoint, *, expected_version: int
) -> bool:
    """A follow: the new state and the checkpoint it pushes, at once (one statement); the
    oldest checkpoints past MAX_CHECKPOINTS are evicted. False if the version moved."""
    rows = graph.write(
        "perspective/state_follow",
        id=state.id,
        agent_id=state.agent_id,
        expected_version=expected_version,
        props=state_to_props(state),
        checkpoint=checkpoint_to_props(checkpoint),
        keep_from=checkpoint.seq - MAX_CHECKPOINTS + 1,
    )
    return bool(rows)


def top_checkpoint(graph: Graph, perspective_id: str) -> Checkpoint | None:
    rows = graph.read("perspective/state_top_checkpoint", id=perspective_id)
    return checkpoint_from_props(rows[0]["props"]) if rows else None


def save_popping(graph: Graph, state: PerspectiveState, seq: int, *, expected_version: int) -> bool:
    """A back: the restored state, and checkpoint `seq` dropped, at once (one statement)."""
    rows = graph.write(
        "perspective/state_back",
        id=state.id,
        agent_id=state.agent_id,
        expected_version=expected_version,
        props=state_to_props(state),
        seq=seq,
    )
    return bool(rows)


def delete(graph: Graph, agent_id: str, perspective_id: str) -> int:
    """Delete the perspective and its checkpoints; how many checkpoints went with it."""
    rows = graph.write("perspective/state_delete", id=perspective_id, agent_id=agent_id)
    if not rows:
        raise not_found(perspective_id)
    return int(rows[0]["checkpoints"])
