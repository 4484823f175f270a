"""activate against the real graph of the retrieval fixture repo."""

from __future__ import annotations

import math
import uuid
from pathlib import Path

import pytest

from coderooms.errors import InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.retrieval.activate import WEIGHTS_PARAM, ActivateRequest, activate
from coderooms.retrieval.graph_limits import (
    ACTIVATE_HOPS_MAX,
    EDGE_WEIGHTS,
    FIRE_FACTOR,
    NEIGHBOURS_PER_NODE,
)
from coderooms.semantic import query as semantic
from tests.integration.retrieval.seek_repo import ingest_retrieval, retrieval_repo, sid


@pytest.fixture(scope="module")
def shop_tree(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    return retrieval_repo(graph, tmp_path_factory.mktemp("activate"))


@pytest.fixture
def shop(shop_tree: tuple[Path, str]) -> str:
    return shop_tree[1]


def by_id(answer: dict[str, object]) -> dict[str, dict[str, object]]:
    return {r["id"]: r for r in answer["results"]}  # type: ignore[attr-defined,index]


def test_spreads_from_a_seed_hop_by_hop(graph: Graph, shop: str) -> None:
    seed = sid(shop, "shop/pricing.py", "apply_discount")
    answer = activate(graph, ActivateRequest(seeds=(seed,), max_hops=2))
    results = by_id(answer)
    assert results[seed]["activation"] == 1.0
    assert results[seed]["hop"] == 0
    assert results[seed]["via"] is None
    seasonal = results[sid(shop, "shop/pricing.py", "SeasonalRule")]
    assert seasonal["hop"] == 1
    assert seasonal["via"]["edge"] == "CALLS"  # type: ignore[index]
    assert seasonal["via"]["direction"] == "out"  # type: ignore[index]
    assert seasonal["route"] == [seed, seasonal["id"]]
    # hop 2 reaches the base class through INHERITS
    base = results[sid(shop, "shop/pricing.py", "PriceRule")]
    assert base["hop"] == 2
    assert base["route"][0] == seed  # type: ignore[index]
    keys = [(-r["activation"], r["id"]) for r in answer["results"]]
    assert keys == sorted(keys)
    assert answer["proof_state"] == "ready"
    assert answer["nodes_expanded"] >= 1


def test_reverse_direction_reaches_callers(graph: Graph, shop: str) -> None:
    seed = sid(shop, "shop/pricing.py", "apply_discount")
    results = by_id(activate(graph, ActivateRequest(seeds=(seed,), max_hops=1)))
    caller = results[sid(shop, "shop/cart.py", "Cart.total_price")]
    assert caller["via"] == {
        "from": seed,
        "edge": "CALLS",
        "direction": "in",
        "contribution": caller["activation"],
    }
    assert results[f"{shop}:shop/pricing.py"]["via"]["edge"] == "DEFINES"  # type: ignore[index]


def test_activation_follows_the_formula(graph: Graph, shop: str) -> None:
    seed = sid(shop, "shop/pricing.py", "parse_price_string")
    answer = activate(graph, ActivateRequest(seeds=(seed,), max_hops=1, decay=0.5))
    results = by_id(answer)
    # parse_price_string: called by checkout, contained by the module, defined by its file
    degree = 3
    expected = 1.0 * EDGE_WEIGHTS[("CALLS", "in")] * 0.95 * 0.5 / math.sqrt(degree)
    checkout = results[sid(shop, "shop/checkout.py", "checkout")]
    assert checkout["activation"] == pytest.approx(expected, abs=1e-6)


def test_decay_scales_the_first_hop(graph: Graph, shop: str) -> None:
    seed = sid(shop, "shop/cart.py", "Cart")
    high = by_id(activate(graph, ActivateRequest(seeds=(seed,), max_hops=1, decay=0.8)))
    low = by_id(activate(graph, ActivateRequest(seeds=(seed,), max_hops=1, decay=0.4)))
    assert set(high) == set(low)
    for node, result in high.items():
        if node != seed:
            assert low[node]["activation"] == pytest.approx(result["activation"] / 2, abs=2e-6)  # type: ignore[operator]


def test_budgets_are_flagged(graph: Graph, shop: str) -> None:
    seed = sid(shop, "shop/cart.py", "Cart")
    one_hop = activate(graph, ActivateRequest(seeds=(seed,), max_hops=1))
    assert one_hop["budget_exhausted"]["hops"] is True
    assert {r["hop"] for r in one_hop["results"]} == {0, 1}
    one_node = activate(graph, ActivateRequest(seeds=(seed,), max_hops=3, max_nodes_expanded=1))
    assert one_node["nodes_expanded"] == 1
    assert one_node["budget_exhausted"]["nodes"] is True
    strict = activate(graph, ActivateRequest(seeds=(seed,), max_hops=3, min_activation=0.2))
    assert all(r["activation"] >= 0.2 for r in strict["results"])
    assert strict["activated"] < activate(graph, ActivateRequest(seeds=(seed,)))["activated"]
    everything = activate(graph, ActivateRequest(seeds=(seed,), max_hops=5, min_activation=0.0001))
    assert everything["budget_exhausted"] == {"hops": False, "nodes": False, "fanout": False}


def test_arguments_are_clamped_and_reported(graph: Graph, shop: str) -> None:
    seed = sid(shop, "shop/cart.py", "Cart")
    answer = activate(
        graph, ActivateRequest(seeds=(seed,), max_hops=99, decay=7.0, top_k=0, min_activation=-1)
    )
    assert answer["clamped"]["max_hops"]["used"] == ACTIVATE_HOPS_MAX
    assert answer["clamped"]["decay"]["used"] == 1.0
    assert answer["clamped"]["top_k"]["used"] == 1
    assert "min_activation" in answer["clamped"]
    assert len(answer["results"]) == 1
    assert answer["truncated"] is True


def test_same_graph_same_answer(
    graph: Graph, shop_tree: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, shop = shop_tree
    monkeypatch.setattr(semantic, "nearest_symbols", lambda *a, **k: None)
    seeds = (sid(shop, "shop/cart.py", "Cart"), f"{shop}:shop/checkout.py")
    request = ActivateRequest(seeds=seeds, max_hops=3, min_activation=0.001)
    first = activate(graph, request)
    assert activate(graph, request) == first
    ingest_retrieval(graph, root, shop, mode="full")
    assert activate(graph, request) == first
    by_query = ActivateRequest(query="total price", repo=shop, max_hops=2)
    assert activate(graph, by_query) == activate(graph, by_query)


def test_query_seeds_come_from_seek(
    graph: Graph, shop: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(semantic, "nearest_symbols", lambda *a, **k: None)
    answer = activate(graph, ActivateRequest(query="apply_discount", repo=shop))
    top = [seed["id"] for seed in answer["seeds"] if seed["activation"] == 1.0]
    assert top == [sid(shop, "shop/pricing.py", "apply_discount")]
    assert answer["seek"]["proof_state"] == "ready"
    blocked = activate(graph, ActivateRequest(query="the of", repo=shop))
    assert blocked["proof_state"] == "blocked"
    assert blocked["results"] == []
    assert blocked["recovery_playbook"]


def test_bad_seeds(graph: Graph, shop: str) -> None:
    with pytest.raises(NotFound) as raised:
        activate(graph, ActivateRequest(seeds=(f"{shop}:nope.py::x",)))
    assert raised.value.field == "seeds"
    mixed = activate(
        graph, ActivateRequest(seeds=(f"{shop}:nope.py::x", sid(shop, "shop/cart.py", "Cart")))
    )
    assert mixed["missing_seeds"] == [f"{shop}:nope.py::x"]
    with pytest.raises(InvalidInput):
        activate(graph, ActivateRequest())
    with pytest.raises(InvalidInput):
        activate(graph, ActivateRequest(seeds=("a",), query="b"))
    with pytest.raises(InvalidInput):
        activate(graph, ActivateRequest(seeds=tuple(f"s{i}" for i in range(100))))


def test_only_nodes_above_the_fire_threshold_spread(graph: Graph, shop: str) -> None:
    seed = sid(shop, "shop/cart.py", "Cart")
    answer = activate(graph, ActivateRequest(seeds=(seed,), max_hops=4, min_activation=0.02))
    fire = answer["parameters"]["fire_threshold"]
    assert fire == pytest.approx(0.02 * FIRE_FACTOR)
    results = by_id(answer)
    weak = [r for r in answer["results"] if r["activation"] < fire]
    assert weak  # reported, but they spread nothing
    for result in answer["results"]:
        if result["via"] is not None:
            source = result["via"]["from"]  # type: ignore[index]
            assert results[source]["activation"] >= fire  # type: ignore[operator]


@pytest.fixture(scope="module")
def hub_repo(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> str:
    """`hub.helper` is called by 60 functions, calls itself and an unresolved `numpy.zeros` (a
    ghost); `small.leaf` is called by two."""
    root = tmp_path_factory.mktemp("activate-hub") / "hubs"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "hub.py").write_text(
        "import numpy\n\n\ndef helper(n):\n    if n:\n        return helper(n - 1)\n"
        "    return numpy.zeros(n)\n",
        encoding="utf-8",
    )
    callers = "".join(f"\n\ndef c{i:02d}():\n    return helper(1)\n" for i in range(60))
    (root / "pkg" / "callers.py").write_text(
        f"from pkg.hub import helper\n{callers}", encoding="utf-8"
    )
    (root / "pkg" / "small.py").write_text(
        "def leaf():\n    return 1\n\n\ndef one():\n    return leaf()\n\n\n"
        "def two():\n    return leaf()\n",
        encoding="utf-8",
    )
    repo = f"test-hub-{uuid.uuid4().hex[:10]}"
    ingest_retrieval(graph, root, repo)
    return repo


def test_degree_leaves_out_ghosts_and_self_calls(graph: Graph, hub_repo: str) -> None:
    helper = sid(hub_repo, "pkg/hub.py", "helper")
    answer = activate(graph, ActivateRequest(seeds=(helper,), max_hops=1, decay=0.5))
    # 60 callers, the module (CONTAINS), the file (DEFINES): not itself, not numpy.zeros
    degree = 62
    caller = by_id(answer)[sid(hub_repo, "pkg/callers.py", "c07")]
    # the callers' calls are resolved through their import: confidence 0.95
    expected = EDGE_WEIGHTS[("CALLS", "in")] * 0.95 * 0.5 / math.sqrt(degree)
    assert caller["activation"] == pytest.approx(expected, abs=1e-6)
    assert answer["silent_hubs"] == {"count": 0, "ids": []}


def test_a_weakly_reached_hub_is_silent(graph: Graph, hub_repo: str) -> None:
    helper = sid(hub_repo, "pkg/hub.py", "helper")
    leaf = sid(hub_repo, "pkg/small.py", "leaf")
    seeds = (sid(hub_repo, "pkg/callers.py", "c00"), sid(hub_repo, "pkg/small.py", "one"))
    answer = activate(graph, ActivateRequest(seeds=seeds, max_hops=2, min_activation=0.04))
    results = by_id(answer)
    # both fire at hop 1; each of helper's 62 neighbours would get less than 0.04 from it
    share = results[helper]["activation"] * 0.8 * 0.6 / math.sqrt(62)  # type: ignore[operator]
    assert results[helper]["activation"] >= answer["parameters"]["fire_threshold"]
    assert share < 0.04
    # so is the module of callers.py (it contains 60 functions)
    module = f"{hub_repo}:pkg/callers.py::"
    assert answer["silent_hubs"]["count"] == 2
    assert set(answer["silent_hubs"]["ids"]) == {helper, module}
    assert not [r for r in answer["results"] if (r["via"] or {}).get("from") in (helper, module)]
    # leaf has four neighbours: it spreads
    two = results[sid(hub_repo, "pkg/small.py", "two")]
    assert two["via"]["from"] == leaf  # type: ignore[index]
    assert answer["budget_exhausted"]["fanout"] is False


def test_a_hop_does_not_read_back_expanded_nodes(graph: Graph, hub_repo: str) -> None:
    helper = sid(hub_repo, "pkg/hub.py", "helper")
    expanded = [helper, sid(hub_repo, "pkg/callers.py", "c00")]
    [read] = graph.read(
        "retrieval/activate_hop",
        frontier=[{"id": helper, "silent_above": 10_000}],
        expanded=dict.fromkeys(expanded, True),
        weights=WEIGHTS_PARAM,
        most=NEIGHBOURS_PER_NODE,
        repos=None,
    )
    targets = {row["target"] for row in read["rows"]}
    assert expanded[1] not in targets
    assert sid(hub_repo, "pkg/callers.py", "c01") in targets
    assert len(targets) == 61  # 62 neighbours, one of them expanded
    assert {row["degree"] for row in read["rows"]} == {62}  # the degree counts every neighbour
    assert read["silent"] == []
