"""Ids are safe for any Unicode agent id; versions are monotonic."""

from __future__ import annotations

import pytest

from coderooms.core.clock import now_ms
from coderooms.perspective.ids import agent_key, new_perspective_id, next_version

AGENTS = [
    "a",
    "agent-1",
    "é" * 9,
    "日本語のエージェント",
    "🤖🤖🤖",
    "a\u0301b",
    "\ud800lone",
    "x" * 5000,
]


@pytest.mark.parametrize("agent", AGENTS)
def test_any_unicode_agent_gets_an_ascii_id(agent: str) -> None:
    pid = new_perspective_id(agent)
    assert pid.isascii()
    assert pid.startswith("P_")
    assert pid.split("_")[1] == agent_key(agent)[:12]
    assert len(pid) == len(new_perspective_id("a"))


def test_ids_are_unique_and_keys_distinguish_agents() -> None:
    assert len({new_perspective_id("a") for _ in range(200)}) == 200
    assert len({agent_key(a) for a in AGENTS}) == len(AGENTS)
    # byte-prefix slicing would merge these; hashing the whole id does not
    assert agent_key("ééééx") != agent_key("ééééy")


def test_version_is_wall_clock_and_strictly_increasing() -> None:
    assert next_version(None, now=1000) == 1000
    assert next_version(999, now=1000) == 1000
    assert next_version(1000, now=1000) == 1001
    assert next_version(5000, now=1000) == 5001  # clock went backwards, or a restart
    before = now_ms()
    assert next_version(0) >= before
