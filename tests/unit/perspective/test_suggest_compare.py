"""Suggestions (unvisited first, families interleaved) and compare's dimensions, without a
database."""

from __future__ import annotations

from coderooms.perspective.compare import compare_states, score_stats
from coderooms.perspective.lens import Lens
from coderooms.perspective.model import Family, FocusNode, Route
from coderooms.perspective.state import PerspectiveState
from coderooms.perspective.suggest import suggest_moves


def route(n: int, family: Family, score: float) -> Route:
    return Route(
        route_id=f"R_{n:02d}", family=family, target_id=f"t{n}", target_label="function",
        target_name=f"f{n}", target_path="a.py", relation="calls", direction="out", score=score,
    )  # fmt: skip


ROUTES = [
    route(1, "structural", 0.9),
    route(2, "structural", 0.8),
    route(3, "causal", 0.7),
    route(4, "structural", 0.6),
    route(5, "temporal", 0.5),
    route(6, "causal", 0.4),
]


def state(pid: str, routes: list[Route], visited: list[str], depth: int) -> PerspectiveState:
    focus = FocusNode(visited[-1], "function", "f", "a.py", "r")
    return PerspectiveState(
        id=pid, agent_id="a", repo="r", query="q", focus=focus, lens=Lens(),
        route_set_version=1, generation=0, stale=False, routes=routes, visited=visited,
        depth=depth, next_seq=depth, created_ms=0, updated_ms=0, parent_id=None, is_branch=False,
    )  # fmt: skip


def test_suggestions_interleave_families_and_put_visited_last() -> None:
    moves = suggest_moves(ROUTES, visited=["t1"])
    assert [m["route_index"] for m in moves] == [2, 3, 5, 4, 6]
    assert [m["family"] for m in moves[:3]] == ["structural", "causal", "temporal"]
    assert all(not m["visited"] for m in moves)
    assert "best structural" in moves[0]["reason"]
    only_visited = suggest_moves(ROUTES[:2], visited=["t1", "t2"])
    assert [m["visited"] for m in only_visited] == [True, True]
    assert "already visited" in only_visited[0]["reason"]
    assert suggest_moves([], visited=[]) == []


def test_compare_dimensions() -> None:
    a = state("A", ROUTES[:3], ["f0"], 0)
    b = state("B", ROUTES[2:], ["f0", "t3"], 1)
    result = compare_states(a, b, focus_distance=1)
    assert result["nodes"]["shared"]["ids"] == ["f0", "t3"]
    assert result["nodes"]["only_a"]["ids"] == ["t1", "t2"]
    assert result["nodes"]["only_b"]["ids"] == ["t4", "t5", "t6"]
    assert result["families"]["delta"]["structural"] == 1 - 2
    assert result["families"]["delta"]["temporal"] == 1
    assert result["depth"] == {"a": 0, "b": 1, "delta": 1}
    assert result["scores"]["mean_delta"]["causal"] == round(0.55 - 0.7, 4)
    assert result["focus_distance"] == 1
    stats = score_stats(ROUTES)["structural"]
    assert stats == {"count": 3, "min": 0.6, "median": 0.8, "max": 0.9, "mean": round(2.3 / 3, 4)}
