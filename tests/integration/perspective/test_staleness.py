"""A graph change (here: an edit ingested) marks the perspectives of that repo stale: the hard
verbs refuse the old version with route_set_stale, perspective_routes rebuilds."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.perspective.errors import RouteSetStale
from tests.integration.perspective.conftest import Shop, Verbs, start_at


def edit_and_ingest(graph: Graph, shop: Shop) -> None:
    path = shop.root / "shop/util.py"
    path.write_text(path.read_text() + "\n\ndef brand_new_helper():\n    return 1\n")
    ingest_root(graph, shop.root, repo=shop.repo, workers=1, git=False)


def test_an_ingest_marks_stale_then_routes_rebuilds(
    verbs: Verbs, agent: str, shop: Shop, shared_shop: Shop, graph: Graph
) -> None:
    started = start_at(verbs, agent, shop)
    other_repo = start_at(verbs, agent, shared_shop)
    pid, old = started["perspective_id"], started["route_set_version"]
    edit_and_ingest(graph, shop)

    for verb in ("inspect", "peek", "follow"):
        with pytest.raises(RouteSetStale) as raised:
            verbs[verb](agent, pid, old, route_index=1)
        assert raised.value.code == "route_set_stale"
    for verb in ("suggest", "affinity"):
        with pytest.raises(RouteSetStale):
            verbs[verb](agent, pid, old)

    listed = {p["perspective_id"]: p for p in verbs["list"](agent)["perspectives"]}
    assert listed[pid]["stale"] is True
    assert listed[pid]["route_count"] is None
    assert listed[pid]["route_set_version"] > old
    with pytest.raises(RouteSetStale):  # even the re-stamped version: the routes were dropped
        verbs["inspect"](agent, pid, listed[pid]["route_set_version"], route_index=1)
    assert listed[other_repo["perspective_id"]]["stale"] is False  # another repo: untouched

    fresh = verbs["routes"](agent, pid)
    assert fresh["resynthesized"] is True
    assert fresh["stale"] is False
    assert fresh["route_set_version"] > listed[pid]["route_set_version"]
    assert fresh["focus"] == started["focus"]
    inspected = verbs["inspect"](agent, pid, fresh["route_set_version"], route_index=1)
    assert inspected["route"]["route_id"] == fresh["routes"][0]["route_id"]
    again = verbs["routes"](agent, pid)
    assert again["resynthesized"] is False
    assert again["route_set_version"] == fresh["route_set_version"]


def test_back_after_a_change_rebuilds_the_checkpoint_routes(
    verbs: Verbs, agent: str, shop: Shop, graph: Graph
) -> None:
    started = start_at(verbs, agent, shop)
    pid = started["perspective_id"]
    verbs["follow"](agent, pid, started["route_set_version"], route_index=1)
    edit_and_ingest(graph, shop)
    back = verbs["back"](agent, pid)
    assert back["routes_rebuilt"] is True
    assert back["stale"] is False
    assert back["focus"]["node_id"] == started["focus"]["node_id"]
    verbs["inspect"](agent, pid, back["route_set_version"], route_index=1)
