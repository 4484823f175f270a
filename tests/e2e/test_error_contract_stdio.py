"""One error contract over stdio with a real MCP client (issue 16, item 4): arguments a verb's
input schema refuses (a wrong type, a missing or unknown argument, a string for a boolean, NaN)
and hostile values the verbs refuse themselves (a name too long for the OS, NUL in a root, a
symlink loop, an unbalanced regex, a file used as a directory) all answer the JSON error object
with `error`, `message` and `field`, never pydantic's text nor the "bug in coderooms" error; an
error never echoes a huge argument whole."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.graph.driver import Connection
from tests.e2e.stdio_client import server_env, stdio_client

AGENT = "e2e-error-contract"
GRAPH_DEADLINE_S = 60.0
WRONG_VALUES: dict[str, list[Any]] = {
    "string": [5, True, ["x"]],
    "integer": ["5", 2.5, True, "NaN"],
    "number": ["0.5", "NaN", True],
    "boolean": ["true", 1, "1"],
    "array": ["x", 1, {"a": 1}],
    "object": ["x", 1, [1]],
}
"""Values that are not of the schema type (no `null`: an optional argument is listed as its
type alone, and `null` for it is accepted)."""


async def error_of(client: Client[Any], verb: str, arguments: dict[str, Any]) -> dict[str, Any]:
    try:
        await client.call_tool(verb, arguments)
    except ToolError as e:
        text = str(e)
        try:
            return dict(json.loads(text))
        except json.JSONDecodeError:
            return {"not_json": text}
    return {"not_refused": arguments}


def schema_type(schema: dict[str, Any]) -> str | None:
    """The one primitive type a property schema allows, if it names one."""
    options = schema.get("anyOf") or [schema]
    named = [t for t in (option.get("type") for option in options) if t not in {None, "null"}]
    return named[0] if len(named) == 1 else None


def test_every_argument_a_schema_refuses_gets_the_json_error_with_its_field(
    connection: Connection,
) -> None:
    async def run() -> tuple[int, list[tuple[str, dict[str, Any], dict[str, Any]]]]:
        wrong: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
        calls = 0
        async with stdio_client(server_env(connection)) as client:
            for tool in await client.list_tools():
                properties = tool.input_schema.get("properties", {})
                required = set(tool.input_schema.get("required", []))
                cases: list[tuple[dict[str, Any], set[str]]] = [
                    ({"agent_id": AGENT, "no_such_argument": 1}, {"no_such_argument"} | required),
                    ({}, required),
                ]
                cases.extend(
                    ({"agent_id": AGENT, name: value}, {name} | required)
                    for name, schema in properties.items()
                    for value in WRONG_VALUES.get(schema_type(schema) or "", [])
                )
                for arguments, fields in cases:
                    if not fields:
                        continue  # a verb without required arguments accepts `{}`
                    calls += 1
                    answer = await error_of(client, tool.name, arguments)
                    if answer.get("error") != "invalid_input" or answer.get("field") not in fields:
                        wrong.append((tool.name, arguments, answer))
        return calls, wrong

    calls, wrong = asyncio.run(run())
    assert calls > 300  # every verb, every typed argument
    assert wrong == []


def test_hostile_values_are_invalid_input_or_not_found_never_a_bug(
    connection: Connection, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "contract"
    root.mkdir()
    (root / "README.md").write_text("# readme\n")
    (root / "loop").symlink_to(root / "loop")
    huge = "p" * 3_000_000

    async def run() -> dict[str, dict[str, Any]]:
        seen: dict[str, dict[str, Any]] = {}
        async with stdio_client(server_env(connection), "--root", str(root)) as client:
            deadline = time.monotonic() + GRAPH_DEADLINE_S
            while True:
                health = await client.call_tool("health", {"agent_id": AGENT})
                if health.structured_content and health.structured_content["status"] == "ok":
                    break
                assert time.monotonic() < deadline, "the graph never became ready"
                await asyncio.sleep(0.2)
            await client.call_tool("ingest", {"agent_id": AGENT, "repo": repo_id})
            cases: dict[str, tuple[str, dict[str, Any]]] = {
                "name_too_long": ("view", {"path": "x" * 5000 + ".py", "repo": repo_id}),
                "file_as_directory": ("view", {"path": "README.md/x.py", "repo": repo_id}),
                "symlink_loop_view": ("view", {"path": "loop/x.py", "repo": repo_id}),
                "symlink_loop_apply": (
                    "apply",
                    {"path": "loop/x.py", "repo": repo_id, "content": "x = 1\n"},
                ),
                "nul_in_root": ("ingest", {"roots": [str(root) + "\x00/etc"]}),
                "unbalanced_regex": (
                    "search",
                    {"query": "(" * 500, "mode": "regex", "repo": repo_id},
                ),
                "huge_path": ("view", {"path": huge, "repo": repo_id}),
            }
            for name, (verb, arguments) in cases.items():
                seen[name] = await error_of(client, verb, {"agent_id": AGENT, **arguments})
        return seen

    seen = asyncio.run(run())
    for name, answer in seen.items():
        assert answer.get("error") in {"invalid_input", "not_found", "forbidden"}, (name, answer)
        assert answer.get("field"), (name, answer)
        assert "bug" not in answer.get("hint", ""), (name, answer)
    assert len(json.dumps(seen["huge_path"])) < 2_000  # the 3 MB path is not echoed


OUT_OF_RANGE = [
    ("auto_ingest_start", {"debounce_ms": -1}, "debounce_ms"),
    ("auto_ingest_start", {"debounce_ms": 10_001}, "debounce_ms"),
    ("daemon_start", {"idle_poll_ms": 0}, "idle_poll_ms"),
    ("alerts_list", {"limit": 0}, "limit"),
    ("alerts_list", {"offset": -1}, "offset"),
    ("edit_commit", {"preview_id": "p", "confirm": "true"}, "confirm"),
    ("edit_commit", {"preview_id": "p", "confirm": 1}, "confirm"),
]
"""Values the verbs used to take silently (a negative debounce was clamped, "true" was true)."""


def test_numbers_out_of_range_and_loose_booleans_are_refused_by_the_schema(
    connection: Connection,
) -> None:
    async def run() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
        answers = []
        async with stdio_client(server_env(connection)) as client:
            listed = {tool.name: tool for tool in await client.list_tools()}
            assert (
                listed["auto_ingest_start"].input_schema["properties"]["debounce_ms"]["minimum"]
                == 0
            )
            for verb, arguments, _field in OUT_OF_RANGE:
                answers.append(
                    (
                        verb,
                        arguments,
                        await error_of(client, verb, {"agent_id": AGENT, **arguments}),
                    )
                )
        return answers

    for (verb, arguments, answer), (_, _, field) in zip(
        asyncio.run(run()), OUT_OF_RANGE, strict=True
    ):
        assert answer.get("error") == "invalid_input", (verb, arguments, answer)
        assert answer.get("field") == field, (verb, arguments, answer)
