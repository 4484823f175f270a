"""Agent ids: a name, not a boundary, but never one that hides what it is (issue 15, item 4):
control, bidi-override and invisible characters are refused with the JSON error contract."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.config import Settings
from coderooms.errors import InvalidInput
from coderooms.server import create_server
from coderooms.verbs.agents import validate_agent_id
from coderooms.verbs.context import AppContext, GraphProvider

HIDDEN = [
    ("bidi override", "admin\u202e1-tnega"),
    ("bidi embedding", "a\u202ab"),
    ("pop directional", "a\u202cb"),
    ("bidi isolate", "a\u2067b\u2069"),
    ("first strong isolate", "a\u2068b"),
    ("right-to-left mark", "agent\u200f"),
    ("left-to-right mark", "\u200eagent"),
    ("arabic letter mark", "a\u061cb"),
    ("zero width space", "claude\u200b-1"),
    ("zero width non-joiner", "cla\u200cude"),
    ("zero width joiner", "cla\u200dude"),
    ("word joiner", "a\u2060b"),
    ("byte order mark", "\ufeffclaude"),
    ("soft hyphen", "clau\u00adde"),
    ("combining grapheme joiner", "a\u034fb"),
    ("hangul filler", "a\u3164b"),
    ("variation selector", "a\ufe0fb"),
    ("tag character", "a\U000e0041b"),
    ("mongolian vowel separator", "a\u180eb"),
    ("line separator", "a\u2028b"),
    ("paragraph separator", "a\u2029b"),
    ("escape", "a\x1b[31mb"),
    ("delete", "a\x7fb"),
    ("c1 control", "a\x85b"),
    ("newline", "a\nb"),
    ("lone surrogate", "a\ud800b"),
]


@pytest.mark.parametrize(("what", "agent_id"), HIDDEN, ids=[what for what, _ in HIDDEN])
def test_hidden_characters_are_refused_naming_the_code_point(what: str, agent_id: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        validate_agent_id(agent_id)
    assert raised.value.field == "agent_id"
    hidden = next(ch for ch in agent_id if not (ch.isascii() and ch.isprintable()))
    assert f"U+{ord(hidden):04X}" in raised.value.message


@pytest.mark.parametrize("agent_id", ["claude-code-1", "агент-7", "エージェント", "🤖", "a b", "é"])
def test_visible_unicode_stays_accepted(agent_id: str) -> None:
    assert validate_agent_id(agent_id) == agent_id


def offline_context(tmp_path: Path) -> AppContext:
    settings = Settings(
        neo4j_uri="bolt://127.0.0.1:1", neo4j_password="x", roots=[tmp_path], tools="all"
    )
    return AppContext(settings=settings, graphs=GraphProvider(settings, start_managed=False))


@pytest.mark.parametrize("verb", ["help", "health", "search", "perspective_list"])
def test_over_mcp_a_hidden_character_is_invalid_input(tmp_path: Path, verb: str) -> None:
    arguments: dict[str, Any] = {"agent_id": "victim\u202e"}
    if verb == "search":
        arguments["query"] = "x"

    async def run() -> None:
        async with Client(create_server(offline_context(tmp_path))) as client:
            await client.call_tool(verb, arguments)

    with pytest.raises(ToolError) as raised:
        asyncio.run(run())
    payload = json.loads(str(raised.value))
    assert (payload["error"], payload["field"]) == ("invalid_input", "agent_id")
    assert "U+202E" in payload["message"]
    assert payload["hint"]
