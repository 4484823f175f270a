"""Each verb on the fixture shop: start, routes, inspect, follow/back, branch, suggest, compare,
list, close; every route-reference error; ambiguity; ownership."""

from __future__ import annotations

from typing import Any

import pytest

from coderooms.errors import InvalidInput, NotFound
from coderooms.perspective.errors import (
    NavigationAtRoot,
    RouteIndexInvalid,
    RouteRefAmbiguous,
    RouteRefMissing,
    RouteSetStale,
)
from coderooms.perspective.limits import MAX_SUGGESTIONS
from coderooms.perspective.model import Route
from coderooms.perspective.tools import perspective_tools
from coderooms.protocol.tool_errors import guarded
from coderooms.verbs.context import AppContext
from coderooms.verbs.effects import served
from tests.integration.perspective.conftest import Shop, Verbs, start_at


def all_routes(verbs: Verbs, agent: str, pid: str) -> list[dict[str, Any]]:
    first = verbs["routes"](agent, pid, page=1, size=10)
    found = list(first["routes"])
    for page in range(2, first["total_pages"] + 1):
        found += verbs["routes"](agent, pid, page=page, size=10)["routes"]
    return found


def test_start_binds_and_pages_routes_in_total_order(
    verbs: Verbs, agent: str, shared_shop: Shop
) -> None:
    started = start_at(verbs, agent, shared_shop)
    assert started["created"] is True
    assert started["focus"]["node_id"] == shared_shop.node("shop/orders.py", "place_order")
    assert started["depth"] == 0
    assert started["size"] == 6
    assert 0 < len(started["routes"]) <= 6
    assert [r["route_index"] for r in started["routes"]] == list(
        range(1, len(started["routes"]) + 1)
    )
    pid = started["perspective_id"]
    routes = all_routes(verbs, agent, pid)
    assert len(routes) == started["total_routes"]
    keys = [Route(**{k: v for k, v in r.items() if k not in {"route_index", "visited"}}).order_key()
            for r in routes]  # fmt: skip
    assert keys == sorted(keys)
    again = verbs["routes"](agent, pid, page=1, size=10)
    assert again["resynthesized"] is False
    assert again["route_set_version"] == started["route_set_version"]
    two = verbs["routes"](agent, pid, page=2, size=2)
    assert [r["route_index"] for r in two["routes"]] == [3, 4][: len(two["routes"])]
    clamped = verbs["routes"](agent, pid, page=1, size=99)
    assert clamped["size"] == 10
    assert clamped["clamped"]["size"]["used"] == 10
    assert verbs["routes"](agent, pid, page=999, size=10)["routes"] == []
    with pytest.raises(InvalidInput):
        verbs["routes"](agent, pid, page=0)


def test_inspect_by_id_or_index_and_every_reference_error(
    verbs: Verbs, agent: str, shared_shop: Shop
) -> None:
    started = start_at(verbs, agent, shared_shop)
    pid, version = started["perspective_id"], started["route_set_version"]
    first = started["routes"][0]
    by_index = verbs["inspect"](agent, pid, version, route_index=1)
    by_id = verbs["inspect"](agent, pid, version, route_id=first["route_id"])
    assert by_index["route"] == by_id["route"]
    assert by_index["route"]["route_id"] == first["route_id"]
    with pytest.raises(RouteRefAmbiguous):
        verbs["inspect"](agent, pid, version, route_id=first["route_id"], route_index=1)
    with pytest.raises(RouteRefMissing):
        verbs["inspect"](agent, pid, version)
    with pytest.raises(RouteIndexInvalid, match="start at 1"):
        verbs["inspect"](agent, pid, version, route_index=0)
    with pytest.raises(RouteIndexInvalid, match="past the last"):
        verbs["inspect"](agent, pid, version, route_index=started["total_routes"] + 1)
    with pytest.raises(NotFound):
        verbs["inspect"](agent, pid, version, route_id="R_0000000000000000")
    with pytest.raises(RouteSetStale) as stale:
        verbs["inspect"](agent, pid, version - 1, route_index=1)
    assert stale.value.code == "route_set_stale"
    assert "perspective_routes" in stale.value.hint


def test_follow_back_and_navigation_at_root(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    started = start_at(verbs, agent, shared_shop)
    pid, version = started["perspective_id"], started["route_set_version"]
    with pytest.raises(NavigationAtRoot) as at_root:
        verbs["back"](agent, pid)
    assert at_root.value.code == "navigation_at_root"
    target = started["routes"][0]
    moved = verbs["follow"](agent, pid, version, route_id=target["route_id"])
    assert moved["focus"]["node_id"] == target["target_id"]
    assert moved["depth"] == 1
    assert moved["route_set_version"] > version
    with pytest.raises(RouteSetStale):  # the old version is gone
        verbs["follow"](agent, pid, version, route_index=1)
    back = verbs["back"](agent, pid)
    assert back["focus"] == started["focus"]
    assert back["depth"] == 0
    assert back["route_set_version"] > moved["route_set_version"]
    assert back["routes_rebuilt"] is False
    assert [r["route_id"] for r in back["routes"]] == [r["route_id"] for r in started["routes"]]
    assert back["routes"][0]["visited"] is True  # we went there
    with pytest.raises(NavigationAtRoot):
        verbs["back"](agent, pid)


def test_branch_needs_history_and_clones(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    started = start_at(verbs, agent, shared_shop)
    pid = started["perspective_id"]
    with pytest.raises(NavigationAtRoot, match="root"):
        verbs["branch"](agent, pid)
    moved = verbs["follow"](agent, pid, started["route_set_version"], route_index=1)
    forked = verbs["branch"](agent, pid)
    fid = forked["perspective_id"]
    assert fid != pid
    assert forked["is_branch"] is True
    assert forked["parent_id"] == pid
    assert forked["focus"] == moved["focus"]
    assert forked["depth"] == 1
    assert forked["routes"] == moved["routes"]
    back = verbs["back"](agent, fid)  # the branch has the history too
    assert back["focus"] == started["focus"]
    assert verbs["routes"](agent, pid)["focus"] == moved["focus"]  # the original is untouched
    verbs["close"](agent, pid)
    assert verbs["routes"](agent, fid)["perspective_id"] == fid  # a branch outlives its parent


def test_suggest_prefers_unvisited_and_diverse(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    started = start_at(verbs, agent, shared_shop)
    pid = started["perspective_id"]
    result = verbs["suggest"](agent, pid, started["route_set_version"])
    moves = result["suggestions"]
    assert 0 < len(moves) <= MAX_SUGGESTIONS
    assert len({m["target_id"] for m in moves}) == len(moves)
    assert all(m["reason"] for m in moves)
    assert all(not m["visited"] for m in moves[: sum(not m["visited"] for m in moves)])
    families = [m["family"] for m in moves]
    distinct = len({r["family"] for r in all_routes(verbs, agent, pid)})
    assert len(set(families[: min(distinct, len(moves))])) == min(distinct, len(moves))
    with pytest.raises(RouteSetStale):
        verbs["suggest"](agent, pid, started["route_set_version"] + 1)


def test_affinity_guards(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    started = start_at(verbs, agent, shared_shop, "shop/catalog.py::parse")
    pid = started["perspective_id"]
    result = verbs["affinity"](agent, pid, started["route_set_version"])
    assert len(result["candidates"]) <= 8
    for candidate in result["candidates"]:
        assert candidate["is_hypothetical"] is True
        assert candidate["proposed_relation"] is None
        assert 0.15 <= candidate["confidence"] <= 0.85
        if len(candidate["evidence"]) == 1:
            assert candidate["confidence"] <= 0.40
    order = [(-c["confidence"], c["target_id"]) for c in result["candidates"]]
    assert order == sorted(order)
    with pytest.raises(RouteSetStale):
        verbs["affinity"](agent, pid, 1)


def test_compare_reports_real_deltas(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    a = start_at(verbs, agent, shared_shop)
    b = start_at(verbs, agent, shared_shop)
    moved = verbs["follow"](agent, b["perspective_id"], b["route_set_version"], route_index=1)
    result = verbs["compare"](agent, a["perspective_id"], b["perspective_id"])
    assert result["depth"] == {"a": 0, "b": 1, "delta": 1}
    assert result["focus_distance"] == 1
    assert result["same_focus"] is False
    assert moved["focus"]["node_id"] in result["nodes"]["shared"]["ids"]  # a route target of a
    assert result["visited"]["only_b"]["ids"] == [moved["focus"]["node_id"]]
    fam = result["families"]
    assert all(fam["delta"][f] == fam["b"][f] - fam["a"][f] for f in fam["a"])
    assert sum(fam["a"].values()) == result["route_count"]["a"]
    for stats in result["scores"]["a"].values():
        assert stats["min"] <= stats["median"] <= stats["max"]
        assert stats["min"] <= stats["mean"] <= stats["max"]
    same = verbs["compare"](agent, a["perspective_id"], a["perspective_id"])
    assert same["nodes"]["only_a"]["count"] == same["nodes"]["only_b"]["count"] == 0
    assert same["focus_distance"] == 0


def test_list_and_close(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    a = start_at(verbs, agent, shared_shop)
    b = start_at(verbs, agent, shared_shop, "shop/util.py::slugify")
    verbs["follow"](agent, b["perspective_id"], b["route_set_version"], route_index=1)
    listed = verbs["list"](agent)["perspectives"]
    assert [p["perspective_id"] for p in listed] == [a["perspective_id"], b["perspective_id"]]
    assert [p["depth"] for p in listed] == [0, 1]
    assert all(p["stale"] is False for p in listed)
    closed = verbs["close"](agent, b["perspective_id"])
    assert closed == {"perspective_id": b["perspective_id"], "closed": True,
                      "checkpoints_deleted": 1}  # fmt: skip
    assert [p["perspective_id"] for p in verbs["list"](agent)["perspectives"]] == [
        a["perspective_id"]
    ]
    with pytest.raises(NotFound):
        verbs["routes"](agent, b["perspective_id"])
    with pytest.raises(NotFound):
        verbs["close"](agent, b["perspective_id"])


def test_another_agent_gets_not_found_everywhere(
    verbs: Verbs, agent: str, shared_shop: Shop
) -> None:
    started = start_at(verbs, agent, shared_shop)
    pid, version = started["perspective_id"], started["route_set_version"]
    thief = agent + "-thief"
    calls = [
        lambda: verbs["routes"](thief, pid),
        lambda: verbs["inspect"](thief, pid, version, route_index=1),
        lambda: verbs["peek"](thief, pid, version, route_index=1),
        lambda: verbs["follow"](thief, pid, version, route_index=1),
        lambda: verbs["suggest"](thief, pid, version),
        lambda: verbs["affinity"](thief, pid, version),
        lambda: verbs["branch"](thief, pid),
        lambda: verbs["back"](thief, pid),
        lambda: verbs["compare"](thief, pid, pid),
        lambda: verbs["close"](thief, pid),
    ]
    for call in calls:
        with pytest.raises(NotFound) as raised:
            call()
        assert raised.value.code == "not_found"
    assert verbs["list"](thief)["perspectives"] == []
    assert verbs["routes"](agent, pid)["route_set_version"] == version


def test_ambiguous_focus_creates_nothing(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    result = verbs["start"](agent, "parse", repo=shared_shop.repo)
    assert result["status"] == "ambiguous"
    assert result["created"] is False
    assert len(result["candidates"]) >= 2
    assert [c["rank"] for c in result["candidates"]] == list(
        range(1, len(result["candidates"]) + 1)
    )
    assert verbs["list"](agent)["perspectives"] == []
    chosen = result["candidates"][0]["node_id"]
    bound = verbs["start"](agent, chosen, repo=shared_shop.repo)
    assert bound["status"] == "bound"
    assert bound["focus"]["node_id"] == chosen


def test_bad_input_names_the_field(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    with pytest.raises(NotFound) as nothing:
        verbs["start"](agent, "no_such_symbol_anywhere_xyz", repo=shared_shop.repo)
    assert nothing.value.field == "query"
    with pytest.raises(InvalidInput) as lens:
        verbs["start"](agent, "place_order", repo=shared_shop.repo, lens={"bogus": 1})
    assert (lens.value.field or "").startswith("lens")
    with pytest.raises(InvalidInput) as empty:
        verbs["start"](agent, "   ")
    assert empty.value.field == "query"
    assert verbs["list"](agent)["perspectives"] == []


def test_unicode_agent_ids(verbs: Verbs, shared_shop: Shop) -> None:
    for agent in ("é" * 9 + "x", "エージェント", "🤖-agent"):
        started = start_at(verbs, agent + shared_shop.repo, shared_shop)
        assert started["perspective_id"].isascii()
        verbs["close"](agent + shared_shop.repo, started["perspective_id"])


def test_verbs_work_in_read_only_mode_when_session_state_is_allowed(
    app_context: AppContext, agent: str, shared_shop: Shop
) -> None:
    """They write session state only, never files or the code graph (like edit_preview): a
    read-only server serves them only when the operator allows session state."""
    specs = perspective_tools(app_context)
    assert not any(served(s.effect, read_only=True, session_state=False) for s in specs)
    assert all(served(s.effect, read_only=True, session_state=True) for s in specs)
    guarded_verbs = {spec.name.removeprefix("perspective_"): guarded(spec) for spec in specs}
    started = start_at(guarded_verbs, agent, shared_shop)
    moved = guarded_verbs["follow"](agent, started["perspective_id"],
                                    started["route_set_version"], route_index=1)  # fmt: skip
    assert moved["depth"] == 1
    assert guarded_verbs["close"](agent, started["perspective_id"])["closed"] is True
