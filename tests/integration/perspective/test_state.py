"""The state store on the real Neo4j: round trip, compare-and-set, checkpoint LRU, delete, and
a second process (its own driver) reading the same perspective."""

from __future__ import annotations

import dataclasses
import uuid

import pytest

from coderooms.core.clock import now_ms
from coderooms.errors import NotFound
from coderooms.graph.driver import Connection, Graph
from coderooms.perspective import store
from coderooms.perspective.ids import new_perspective_id, next_version
from coderooms.perspective.lens import Lens
from coderooms.perspective.limits import MAX_CHECKPOINTS
from coderooms.perspective.model import FocusNode, Route
from coderooms.perspective.state import Checkpoint, PerspectiveState


def focus(n: int) -> FocusNode:
    return FocusNode(f"r:a{n}.py::f", "function", f"f{n}", f"a{n}.py", "r-none")


def routes(n: int) -> list[Route]:
    return [
        Route(route_id=f"R_{n}_{i}", family="causal", target_id=f"r:t{i}.py::g",
              target_label="function", target_name="g", target_path=f"t{i}.py",
              relation="calls", direction="out", score=1 / (i + 1),
              evidence={"count": i, "ünï": "名前"}, peek_available=True)
        for i in range(3)
    ]  # fmt: skip


def new_state(agent: str, **changes: object) -> PerspectiveState:
    now = now_ms()
    state = PerspectiveState(
        id=new_perspective_id(agent), agent_id=agent, repo="r-none", query="q", focus=focus(0),
        lens=Lens(top_k=7), route_set_version=next_version(None), generation=0, stale=False,
        routes=routes(0), visited=[focus(0).node_id], depth=0, next_seq=0, created_ms=now,
        updated_ms=now, parent_id=None, is_branch=False,
    )  # fmt: skip
    return dataclasses.replace(state, **changes)  # type: ignore[arg-type]


@pytest.fixture
def agent() -> str:
    return f"état-{uuid.uuid4().hex[:8]}-🤖"


def test_round_trip_keeps_every_field(graph: Graph, agent: str) -> None:
    state = new_state(agent)
    store.create(graph, state, cap=5)
    loaded = store.load(graph, agent, state.id)
    assert loaded.state == state
    assert loaded.repo_generation == 0  # no such repo: generation 0
    assert store.delete(graph, agent, state.id) == 0


def test_another_agent_sees_not_found_like_a_missing_id(graph: Graph, agent: str) -> None:
    state = new_state(agent)
    store.create(graph, state, cap=5)
    with pytest.raises(NotFound) as foreign:
        store.load(graph, agent + "-other", state.id)
    with pytest.raises(NotFound) as missing:
        store.load(graph, agent, "P_never")
    assert foreign.value.message.replace(state.id, "X") == missing.value.message.replace(
        "P_never", "X"
    )
    with pytest.raises(NotFound):
        store.delete(graph, agent + "-other", state.id)
    assert store.load(graph, agent, state.id).state == state


def test_save_is_compare_and_set_on_the_version(graph: Graph, agent: str) -> None:
    state = new_state(agent)
    store.create(graph, state, cap=5)
    moved = dataclasses.replace(state, route_set_version=next_version(state.route_set_version),
                                focus=focus(1))  # fmt: skip
    assert store.save(graph, moved, expected_version=state.route_set_version)
    lost = dataclasses.replace(state, route_set_version=moved.route_set_version + 5)
    assert not store.save(graph, lost, expected_version=state.route_set_version)
    assert store.load(graph, agent, state.id).state.focus == focus(1)


def test_checkpoints_are_capped_oldest_first(graph: Graph, agent: str) -> None:
    state = new_state(agent)
    store.create(graph, state, cap=5)
    total = MAX_CHECKPOINTS + 5
    for seq in range(total):
        checkpoint = Checkpoint(seq=seq, focus=focus(seq), routes=routes(seq), generation=0)
        depth = min(seq + 1, MAX_CHECKPOINTS)
        moved = dataclasses.replace(
            state, route_set_version=state.route_set_version + 1, next_seq=seq + 1, depth=depth
        )
        assert store.save_with_checkpoint(graph, moved, checkpoint,
                                          expected_version=state.route_set_version)  # fmt: skip
        state = moved
    rows = graph.run_text(
        "MATCH (c:PerspectiveCheckpoint {perspective_id: $id}) RETURN min(c.seq) AS lo, "
        "max(c.seq) AS hi, count(c) AS n", id=state.id,
    )  # fmt: skip
    assert rows[0] == {"lo": total - MAX_CHECKPOINTS, "hi": total - 1, "n": MAX_CHECKPOINTS}
    top = store.top_checkpoint(graph, state.id)
    assert top is not None
    assert top.seq == total - 1
    assert top.routes == routes(total - 1)
    assert store.delete(graph, agent, state.id) == MAX_CHECKPOINTS
    assert store.top_checkpoint(graph, state.id) is None


def test_a_second_process_reads_the_same_state(graph: Graph, connection: Connection,
                                                agent: str) -> None:  # fmt: skip
    state = new_state(agent)
    store.create(graph, state, cap=5)
    other = Graph(connection)
    try:
        assert store.load(other, agent, state.id).state == state
        assert [s.state.id for s in store.list_states(other, agent)] == [state.id]
    finally:
        other.close()
