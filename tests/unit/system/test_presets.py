"""The preset table, and what a server with each selection lists, serves and refuses, read back
over MCP (fastmcp's in-memory client: the real protocol, no database)."""

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
from coderooms.protocol.listing import compact_schema, model_facing
from coderooms.server import create_server, room_tools
from coderooms.verbs.context import AppContext, GraphProvider
from coderooms.verbs.presets import ALWAYS, NAMES, PRESETS, parse_presets, preset_of, selected_verbs

DEFAULT_LISTING_CHARS = 9_000
"""The default listing's model-facing characters, instructions included: at the ~3.8 characters
a cl100k token that benchmarks/tool_listing.py measures on it, well under 2,500 tokens (the
benchmark counts the tokens; this budget needs no tokenizer)."""

EDIT = {"edit_preview", "edit_commit", "apply", "apply_batch", "surgical_context_v2"}


def context(tmp_path: Path, **settings: Any) -> AppContext:
    configured = Settings(
        neo4j_uri="bolt://127.0.0.1:1", neo4j_password="x", roots=[tmp_path], **settings
    )
    return AppContext(settings=configured, graphs=GraphProvider(configured, start_managed=False))


def registered(tmp_path: Path) -> set[str]:
    return {spec.name for spec in room_tools(context(tmp_path))}


def listed(ctx: AppContext) -> set[str]:
    async def run() -> set[str]:
        async with Client(create_server(ctx)) as client:
            return {tool.name for tool in await client.list_tools()}

    return asyncio.run(run())


def call(ctx: AppContext, verb: str, arguments: dict[str, Any]) -> Any:
    async def run() -> Any:
        async with Client(create_server(ctx)) as client:
            return (await client.call_tool(verb, {"agent_id": "a", **arguments})).structured_content

    return asyncio.run(run())


def refused(ctx: AppContext, verb: str, arguments: dict[str, Any]) -> dict[str, Any]:
    with pytest.raises(ToolError) as raised:
        call(ctx, verb, arguments)
    payload: dict[str, Any] = json.loads(str(raised.value))
    return payload


def core(tmp_path: Path) -> set[str]:
    return set(PRESETS["core"]) & registered(tmp_path)


def test_every_registered_verb_is_in_exactly_one_named_preset(tmp_path: Path) -> None:
    for verb in registered(tmp_path):
        holding = [name for name, verbs in PRESETS.items() if verb in verbs]
        assert len(holding) == 1, (verb, holding)
    assert set(ALWAYS) <= set(PRESETS["core"])


def test_all_is_every_registered_verb(tmp_path: Path) -> None:
    every = registered(tmp_path)
    assert selected_verbs(["all"], every) == every
    assert listed(context(tmp_path, tools="all")) == every
    assert listed(context(tmp_path, tools="core,all")) == every


def test_the_default_lists_exactly_core(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CODEROOMS_TOOLS", raising=False)
    assert Settings().tools == "core"
    assert listed(context(tmp_path)) == core(tmp_path)
    assert {"search", "seek", "view", "surgical_context", "ingest"} <= core(tmp_path)


def test_the_default_listing_stays_within_its_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CODEROOMS_TOOLS", raising=False)

    async def run() -> int:
        async with Client(create_server(context(tmp_path))) as client:
            tools = await client.list_tools()
            return sum(len(model_facing(tool)) for tool in tools) + len(client.instructions or "")

    assert asyncio.run(run()) <= DEFAULT_LISTING_CHARS


def test_presets_combine_and_help_and_health_are_always_served(tmp_path: Path) -> None:
    assert listed(context(tmp_path, tools="core,edit")) == core(tmp_path) | EDIT
    assert listed(context(tmp_path, tools="edit")) == set(ALWAYS) | EDIT
    navigate = listed(context(tmp_path, tools="navigate, freshness"))
    assert {"activate", "perspective_start", "auto_ingest_start", "alerts_list"} <= navigate
    assert "search" not in navigate


@pytest.mark.parametrize(
    ("value", "expected"),
    [("core", ("core",)), (" Core , EDIT ", ("core", "edit")), ("edit,edit,all", ("edit", "all"))],
)
def test_preset_names_are_parsed(value: str, expected: tuple[str, ...]) -> None:
    assert parse_presets(value) == expected


@pytest.mark.parametrize("value", ["bogus", "core,", "", "core;edit"])
def test_an_unknown_preset_is_refused_with_the_names(value: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        parse_presets(value)
    assert raised.value.field == "tools"
    assert all(name in raised.value.message for name in NAMES)


def test_a_verb_outside_the_presets_gets_the_json_error_naming_its_preset(tmp_path: Path) -> None:
    payload = refused(context(tmp_path), "apply", {"path": "a.py", "content": "x"})
    assert payload["error"] == "not_served"
    assert "'edit' preset" in payload["message"]
    assert "--tools core,edit" in payload["hint"]
    assert "CODEROOMS_TOOLS=core,edit" in payload["hint"]
    assert preset_of("perspective_start") == "navigate"
    assert preset_of("not_a_verb") == "all"


def test_read_only_hides_the_writers_within_any_preset(tmp_path: Path) -> None:
    ctx = context(tmp_path, tools="core,edit", read_only=True)
    assert listed(ctx) == core(tmp_path) - {"ingest"}
    payload = refused(ctx, "apply", {"path": "a.py", "content": "x"})
    assert payload["error"] == "forbidden"  # no preset would serve it on this server
    session = context(tmp_path, tools="core,edit", read_only=True, allow_session_state=True)
    assert listed(session) == core(tmp_path) - {"ingest"} | {"edit_preview", "surgical_context_v2"}


def test_help_names_the_presets_and_how_to_get_the_others(tmp_path: Path) -> None:
    answer = call(context(tmp_path), "help", {})
    assert {verb["verb"] for verb in answer["verbs"]} == core(tmp_path)
    presets = answer["presets"]
    assert presets["served"] == "core"
    assert set(presets["others"]) == {
        "edit",
        "navigate",
        "freshness",
        "admin",
        "memory",
        "query",
    }
    assert set(presets["others"]["edit"]["verbs"]) == EDIT
    assert "--tools core,NAME" in presets["how"]
    read_only = call(context(tmp_path, read_only=True), "help", {})["presets"]["others"]
    assert "edit" not in read_only  # nothing of it is served read-only, whatever the preset


def test_help_on_a_verb_of_another_preset_says_how_to_get_it(tmp_path: Path) -> None:
    payload = refused(context(tmp_path), "help", {"verb": "perspective_start"})
    assert (payload["error"], payload["field"]) == ("not_found", "verb")
    assert "--tools core,navigate" in payload["hint"]


def test_a_listed_description_is_the_first_paragraph_and_help_has_the_rest(
    tmp_path: Path,
) -> None:
    async def run() -> tuple[str, str]:
        async with Client(create_server(context(tmp_path))) as client:
            tools = {tool.name: tool for tool in await client.list_tools()}
            full = await client.call_tool("help", {"agent_id": "a", "verb": "search"})
            return tools["search"].description or "", full.structured_content["description"]

    listed_text, full = asyncio.run(run())
    assert "\n" not in listed_text
    assert full.startswith(listed_text.split("`")[0])
    assert len(full) > 3 * len(listed_text)


def test_agent_id_is_described_once_in_the_instructions(tmp_path: Path) -> None:
    async def run() -> tuple[list[Any], str]:
        async with Client(create_server(context(tmp_path, tools="all"))) as client:
            return list(await client.list_tools()), client.instructions or ""

    tools, instructions = asyncio.run(run())
    assert all(tool.input_schema["properties"]["agent_id"] == {"type": "string"} for tool in tools)
    assert all("agent_id" in tool.input_schema["required"] for tool in tools)
    assert "`agent_id`" in instructions


def test_an_optional_argument_is_listed_as_its_type() -> None:
    schema = {
        "type": "object",
        "properties": {
            "repo": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "x": 1},
            "either": {"anyOf": [{"type": "string"}, {"type": "integer"}], "default": None},
            "top_k": {"type": "integer", "default": 50},
            "items": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "end": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None}
                    },
                },
            },
        },
    }
    compact = compact_schema(schema)["properties"]
    assert compact["repo"] == {"type": "string", "x": 1}
    assert compact["either"] == schema["properties"]["either"]  # a real choice stays
    assert compact["top_k"] == {"type": "integer", "default": 50}
    assert compact["items"]["items"]["properties"]["end"] == {"type": "integer"}


def test_an_optional_argument_sent_as_null_is_still_accepted(tmp_path: Path) -> None:
    answer = call(context(tmp_path), "help", {"verb": None})
    assert "verbs" in answer
