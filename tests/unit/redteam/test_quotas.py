"""The server's caps over every agent (quotas.py) without a database: counted while made and
after, asked of the session store only when full, a failed making not counted; agent ids
recorded up to a bound."""

from __future__ import annotations

import pytest

from coderooms.verbs.agents import AgentRegistry
from coderooms.verbs.quotas import MAX_AGENTS_RECORDED_PER_SERVER, QuotaFull, ServerQuota


def test_a_quota_asks_the_store_only_when_full_and_forgets_what_is_gone() -> None:
    quota = ServerQuota("previews", max_items=3, max_bytes=100)
    asked: list[list[str]] = []
    live = {"a", "b", "c"}

    def still_held(ids: list[str]) -> set[str]:
        asked.append(ids)
        return live & set(ids)

    for name in ("a", "b", "c"):
        with quota.admit(name, 10, still_held):
            pass
    assert asked == []  # under its caps it never asks
    with (
        pytest.raises(QuotaFull, match="at most 3 and 100 bytes"),
        quota.admit("d", 10, still_held),
    ):
        pass
    assert asked == [["a", "b", "c"]]
    live.discard("a")  # committed, closed or expired
    with quota.admit("d", 10, still_held):
        pass
    assert sorted(quota.held) == ["b", "c", "d"]
    with pytest.raises(QuotaFull), quota.admit("e", 71, set):  # 30 held + 71 > 100 bytes
        pass


def test_a_failed_making_is_not_counted() -> None:
    quota = ServerQuota("perspectives", max_items=1)
    with pytest.raises(RuntimeError), quota.admit("x", 0, set):
        raise RuntimeError("the store refused")
    with quota.admit("y", 0, set):
        pass
    assert quota.held == {"y": 0}


def test_invented_agent_ids_are_recorded_up_to_a_bound() -> None:
    registry = AgentRegistry()
    recorded = sum(
        registry.first_sight(f"agent-{i}") for i in range(3 * MAX_AGENTS_RECORDED_PER_SERVER)
    )
    assert recorded == MAX_AGENTS_RECORDED_PER_SERVER
    assert not registry.first_sight("agent-0")  # seen
