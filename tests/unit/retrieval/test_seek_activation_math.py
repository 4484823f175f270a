"""activate's per-hop arithmetic on synthetic neighbour rows (no database)."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from coderooms.retrieval.activate import Spread, _receive, silent_above
from coderooms.retrieval.graph_limits import EDGE_WEIGHTS, NEIGHBOURS_PER_NODE


def edge(
    source: str, target: str, kind: str, direction: str, degree: int, conf: float = 1.0
) -> dict[str, Any]:
    return {
        "source": source,
        "target": target,
        "type": kind,
        "direction": direction,
        "degree": degree,
        "confidence": conf,
        "kind": "Function",
        "name": target,
        "path": "m.py",
        "repo": "r",
    }


def state_of(seeds: dict[str, float]) -> Spread:
    state = Spread(activation=dict(seeds), hop=dict.fromkeys(seeds, 0))
    state.expanded.update(seeds)
    return state


ROWS: list[dict[str, Any]] = [
    edge("a", "c", "CALLS", "out", 3, 0.9),
    edge("a", "d", "CONTAINS", "in", 3),
    edge("a", "e", "CALLS", "in", 3, 0.4),
    edge("b", "c", "INHERITS", "out", 2, 0.95),
    edge("b", "c", "CALLS", "out", 2, 0.6),
    edge("b", "a", "CALLS", "in", 2),  # into an expanded node: ignored
]


def test_contributions_follow_the_formula() -> None:
    state = state_of({"a": 1.0, "b": 0.5})
    reached = _receive(state, [dict(r) for r in ROWS], 1, threshold=0.0001, decay=0.6)
    expected_c = 1.0 * EDGE_WEIGHTS[("CALLS", "out")] * 0.9 * 0.6 / math.sqrt(3)
    expected_c += 0.5 * EDGE_WEIGHTS[("CALLS", "out")] * 0.6 * 0.6 / math.sqrt(2)
    expected_c += 0.5 * EDGE_WEIGHTS[("INHERITS", "out")] * 0.95 * 0.6 / math.sqrt(2)
    assert state.activation["c"] == pytest.approx(expected_c)
    assert state.activation["a"] == 1.0
    assert state.hop["c"] == 1
    assert state.via["c"].source == "a"
    assert set(reached) == {"c", "d", "e"}
    keys = [(-state.activation[n], n) for n in reached]
    assert keys == sorted(keys)


def test_row_order_does_not_change_a_single_bit() -> None:
    first = state_of({"a": 1.0, "b": 0.5})
    _receive(first, [dict(r) for r in ROWS], 1, threshold=0.0001, decay=0.6)
    for seed in range(20):
        rows = [dict(r) for r in ROWS]
        random.Random(seed).shuffle(rows)
        again = state_of({"a": 1.0, "b": 0.5})
        _receive(again, rows, 1, threshold=0.0001, decay=0.6)
        assert again.activation == first.activation
        assert again.via == first.via


def test_threshold_drops_weak_nodes() -> None:
    state = state_of({"a": 1.0})
    rows = [edge("a", "x", "DEFINES", "out", NEIGHBOURS_PER_NODE + 1)]
    assert _receive(state, rows, 1, threshold=0.5, decay=0.6) == []
    assert "x" not in state.activation


@pytest.mark.parametrize("activation", [1.0, 0.5, 0.05, 0.0123, 0.0001])
def test_silent_above_is_where_every_contribution_falls_below_the_threshold(
    activation: float,
) -> None:
    limit = silent_above(activation, 0.01, 0.6)
    assert limit == math.ceil((activation * 0.8 * 0.6 / 0.01) ** 2)
    # with more neighbours than that, each one would receive less than the threshold
    assert activation * 0.8 * 0.6 / math.sqrt(limit + 1) < 0.01
    # with one fewer, the best weighted one would receive it
    assert limit < 2 or activation * 0.8 * 0.6 / math.sqrt(limit - 1) >= 0.01
