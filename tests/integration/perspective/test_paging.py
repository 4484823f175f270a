"""Budgets and cursors of the perspective verbs: routes, compare, list and suggest page to their
end with no route or id twice, the first page of start names a perspective_routes cursor, and
a cursor of another question is refused naming `cursor`."""

from __future__ import annotations

from typing import Any

import pytest

from coderooms.errors import InvalidInput
from coderooms.perspective import paging
from tests.integration.perspective.conftest import Shop, Verbs, start_at
from tests.integration.perspective.test_verbs import all_routes


def follow_cursors(first: dict[str, Any], key: str, call: Any) -> list[Any]:
    seen = list(first[key])
    cursor = first.get("next_cursor")
    while cursor:
        page = call(cursor)
        assert page["offset"] == len(seen)
        seen += page[key]
        cursor = page.get("next_cursor")
    return seen


def test_routes_page_by_cursor_to_the_end(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    started = start_at(verbs, agent, shared_shop)
    pid = started["perspective_id"]
    every = all_routes(verbs, agent, pid)
    assert len(every) > 2
    cut = verbs["start"](agent, started["focus"]["node_id"], repo=shared_shop.repo, max_tokens=100)
    assert 0 < len(cut["routes"]) < cut["total_routes"]
    assert cut["more"].endswith(
        f"call perspective_routes perspective_id='{cut['perspective_id']}' with cursor=next_cursor"
    )
    first = verbs["routes"](agent, pid, size=10, max_tokens=150)
    assert 0 < len(first["routes"]) < len(every)
    seen = follow_cursors(
        first, "routes", lambda c: verbs["routes"](agent, pid, size=10, max_tokens=150, cursor=c)
    )
    assert [r["route_id"] for r in seen] == [r["route_id"] for r in every]
    # the other perspective's cursor is another question's
    with pytest.raises(InvalidInput) as refused:
        verbs["routes"](agent, pid, cursor=cut["next_cursor"])
    assert refused.value.field == "cursor"
    with pytest.raises(InvalidInput) as digits:
        verbs["routes"](agent, pid, cursor="3")
    assert digits.value.field == "cursor"


def test_compare_pages_each_id_list(
    verbs: Verbs, agent: str, shared_shop: Shop, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = start_at(verbs, agent, shared_shop)
    b = start_at(verbs, agent, shared_shop)
    whole = verbs["compare"](agent, a["perspective_id"], b["perspective_id"])
    shared = whole["nodes"]["shared"]
    assert shared["count"] == len(shared["ids"]) > 1
    monkeypatch.setattr(paging, "COMPARE_MAX_LISTED_NODES", 1)
    first = verbs["compare"](agent, a["perspective_id"], b["perspective_id"])
    assert first["nodes"]["shared"]["ids"] == shared["ids"][:1]

    def page(cursor: str) -> dict[str, Any]:
        got = verbs["compare"](agent, a["perspective_id"], b["perspective_id"], cursor=cursor)
        assert set(got) == {"a", "b", "nodes"}  # that list alone
        return dict(got["nodes"]["shared"], ids=got["nodes"]["shared"]["ids"])

    seen = follow_cursors(
        {"ids": first["nodes"]["shared"]["ids"], **first["nodes"]["shared"]}, "ids", page
    )
    assert seen == shared["ids"]
    with pytest.raises(InvalidInput) as refused:
        verbs["compare"](agent, b["perspective_id"], a["perspective_id"],
                         cursor=first["nodes"]["shared"]["next_cursor"])  # fmt: skip
    assert refused.value.field == "cursor"


def test_list_and_suggest_page(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    started = [start_at(verbs, agent, shared_shop) for _ in range(3)]
    whole = verbs["list"](agent)["perspectives"]
    first = verbs["list"](agent, max_tokens=100)
    assert 0 < len(first["perspectives"]) < len(whole) == 3
    seen = follow_cursors(
        first, "perspectives", lambda c: verbs["list"](agent, max_tokens=100, cursor=c)
    )
    assert seen == whole
    pid, version = started[0]["perspective_id"], started[0]["route_set_version"]
    moves = verbs["suggest"](agent, pid, version)["suggestions"]
    cut = verbs["suggest"](agent, pid, version, max_tokens=100)
    seen = follow_cursors(
        cut,
        "suggestions",
        lambda c: verbs["suggest"](agent, pid, version, max_tokens=100, cursor=c),
    )
    assert seen == moves
    if "next_cursor" in cut:
        with pytest.raises(InvalidInput) as refused:
            verbs["suggest"](agent, started[1]["perspective_id"], started[1]["route_set_version"],
                             cursor=cut["next_cursor"])  # fmt: skip
        assert refused.value.field == "cursor"
