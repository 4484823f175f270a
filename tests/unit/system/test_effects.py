"""Each verb's declared effect, and the MCP hints and read-only serving derived from it, read
back over MCP (fastmcp's in-memory client: the real protocol, no database)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError
from mcp.types import Tool

from coderooms.config import Settings
from coderooms.protocol.annotations import hints_of
from coderooms.server import create_server
from coderooms.verbs.context import AppContext, GraphProvider
from coderooms.verbs.effects import READS, Effect, Writes, served

NOTHING, SESSION, GRAPH, FILES = "nothing", "session_state", "graph", "files"

DECLARED: dict[str, tuple[str, bool, bool]] = {
    # verb: (what it writes, destructiveHint, idempotentHint)
    "health": (NOTHING, False, True),
    "help": (NOTHING, False, True),
    "ingest": (GRAPH, False, True),
    "auto_ingest_start": (GRAPH, False, True),
    "auto_ingest_stop": (GRAPH, False, True),
    "auto_ingest_status": (NOTHING, False, True),
    "daemon_start": (GRAPH, False, True),
    "daemon_stop": (GRAPH, False, True),
    "daemon_status": (NOTHING, False, True),
    "daemon_tick": (GRAPH, False, False),
    "alerts_list": (NOTHING, False, True),
    "alerts_ack": (SESSION, False, True),
    "search": (NOTHING, False, True),
    "glob": (NOTHING, False, True),
    "view": (NOTHING, False, True),
    "batch_view": (NOTHING, False, True),
    "seek": (NOTHING, False, True),
    "activate": (NOTHING, False, True),
    "heuristics_surface": (NOTHING, False, True),
    "surgical_context": (NOTHING, False, True),
    "surgical_context_v2": (SESSION, False, False),
    "impact": (NOTHING, False, True),
    "apply": (FILES, True, False),
    "apply_batch": (FILES, True, False),
    "edit_preview": (SESSION, False, False),
    "edit_commit": (FILES, True, False),
    "perspective_start": (SESSION, False, False),
    "perspective_routes": (SESSION, False, True),
    "perspective_inspect": (SESSION, False, True),
    "perspective_peek": (SESSION, False, True),
    "perspective_follow": (SESSION, False, False),
    "perspective_suggest": (SESSION, False, True),
    "perspective_affinity": (SESSION, False, True),
    "perspective_branch": (SESSION, False, False),
    "perspective_back": (SESSION, False, False),
    "perspective_compare": (SESSION, False, True),
    "perspective_list": (SESSION, False, True),
    "perspective_close": (SESSION, True, False),
    "note": (SESSION, False, False),
    "notes": (NOTHING, False, True),
    "note_update": (SESSION, True, True),  # overwrites another agent's text
    "note_delete": (SESSION, True, True),
    "cypher": (NOTHING, False, True),
    "dead_code": (NOTHING, False, True),
}
"""Written out by hand from what each verb does, so a declaration that drifts fails here."""


def context(tmp_path: Path, **settings: Any) -> AppContext:
    settings.setdefault("tools", "all")  # every verb; the presets are tested in test_presets
    configured = Settings(
        neo4j_uri="bolt://127.0.0.1:1", neo4j_password="x", roots=[tmp_path], **settings
    )
    return AppContext(settings=configured, graphs=GraphProvider(configured, start_managed=False))


def listed(ctx: AppContext) -> dict[str, Tool]:
    async def run() -> dict[str, Tool]:
        async with Client(create_server(ctx)) as client:
            return {tool.name: tool for tool in await client.list_tools()}

    return asyncio.run(run())


def call(ctx: AppContext, verb: str, arguments: dict[str, Any]) -> Any:
    async def run() -> Any:
        async with Client(create_server(ctx)) as client:
            return (await client.call_tool(verb, arguments)).structured_content

    return asyncio.run(run())


def test_every_tool_advertises_the_hints_its_effect_gives(tmp_path: Path) -> None:
    tools = listed(context(tmp_path))
    assert sorted(tools) == sorted(DECLARED)
    for name, tool in tools.items():
        writes, destructive, idempotent = DECLARED[name]
        hints = tool.annotations
        assert hints is not None, name
        got = (hints.read_only_hint, hints.destructive_hint, hints.idempotent_hint)
        assert got == (writes == NOTHING, destructive, idempotent), name
        assert hints.open_world_hint is False, name


@pytest.mark.parametrize(
    "verb",
    [
        "edit_preview",
        "perspective_start",
        "perspective_follow",
        "perspective_branch",
        "perspective_back",
        "perspective_close",
        "surgical_context_v2",
    ],
)
def test_the_verbs_issue_15_found_advertised_read_only_are_not(tmp_path: Path, verb: str) -> None:
    hints = listed(context(tmp_path))[verb].annotations
    assert hints is not None
    assert hints.read_only_hint is False
    assert hints.idempotent_hint is False


def test_help_reports_what_each_verb_writes(tmp_path: Path) -> None:
    listing = call(context(tmp_path), "help", {"agent_id": "a"})
    assert {v["verb"]: v["writes"] for v in listing["verbs"]} == {
        name: writes for name, (writes, _, _) in DECLARED.items()
    }


def test_a_read_only_server_lists_only_the_verbs_that_write_nothing(tmp_path: Path) -> None:
    ctx = context(tmp_path, read_only=True)
    readers = sorted(name for name, (writes, _, _) in DECLARED.items() if writes == NOTHING)
    assert sorted(listed(ctx)) == readers
    assert sorted(v["verb"] for v in call(ctx, "help", {"agent_id": "a"})["verbs"]) == readers


def test_allowing_session_state_adds_exactly_the_session_writers(tmp_path: Path) -> None:
    ctx = context(tmp_path, read_only=True, allow_session_state=True)
    expected = sorted(name for name, (w, _, _) in DECLARED.items() if w in {NOTHING, SESSION})
    assert sorted(listed(ctx)) == expected


@pytest.mark.parametrize(
    ("verb", "arguments", "why"),
    [
        ("apply", {"path": "a.py", "content": "x"}, "writes files"),
        ("ingest", {}, "writes the code graph"),
        ("edit_preview", {"path": "a.py", "content": "x"}, "--allow-session-state"),
        ("perspective_start", {"query": "x"}, "--allow-session-state"),
    ],
)
def test_a_refused_verb_called_anyway_gets_the_json_error(
    tmp_path: Path, verb: str, arguments: dict[str, Any], why: str
) -> None:
    with pytest.raises(ToolError) as raised:
        call(context(tmp_path, read_only=True), verb, {"agent_id": "a", **arguments})
    payload = json.loads(str(raised.value))
    assert payload["error"] == "forbidden"
    assert verb in payload["message"]
    assert why in payload["message"]
    assert payload["hint"]


def test_help_says_a_refused_verb_is_not_served(tmp_path: Path) -> None:
    with pytest.raises(ToolError) as raised:
        call(context(tmp_path, read_only=True), "help", {"agent_id": "a", "verb": "apply"})
    payload = json.loads(str(raised.value))
    assert (payload["error"], payload["field"]) == ("not_found", "verb")
    assert "read-only" in payload["hint"]


def test_hints_are_derived_in_one_place() -> None:
    assert hints_of(READS).read_only_hint is True
    assert hints_of(READS).idempotent_hint is True
    assert hints_of(Effect(Writes.FILES)).destructive_hint is True
    assert hints_of(Effect(Writes.SESSION_STATE, deletes=True)).destructive_hint is True
    assert hints_of(Effect(Writes.GRAPH, idempotent=True)).idempotent_hint is True
    with pytest.raises(ValueError, match="writes nothing"):
        Effect(Writes.NOTHING, deletes=True)


@pytest.mark.parametrize(
    ("writes", "read_only", "session_state", "expected"),
    [
        (Writes.FILES, False, False, True),
        (Writes.FILES, True, True, False),
        (Writes.GRAPH, True, True, False),
        (Writes.SESSION_STATE, True, False, False),
        (Writes.SESSION_STATE, True, True, True),
        (Writes.NOTHING, True, False, True),
    ],
)
def test_what_a_read_only_server_serves(
    writes: Writes, read_only: bool, session_state: bool, expected: bool
) -> None:
    effect = Effect(writes) if writes is not Writes.NOTHING else READS
    assert served(effect, read_only=read_only, session_state=session_state) is expected
