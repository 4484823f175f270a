"""The FastMCP app called in memory with fastmcp's Client (no transport)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.graph.driver import Graph
from coderooms.server import create_server
from coderooms.verbs.context import AppContext


def call(ctx: AppContext, tool: str, arguments: dict[str, Any]) -> Any:
    async def run() -> Any:
        async with Client(create_server(ctx)) as client:
            return await client.call_tool(tool, arguments)

    return asyncio.run(run())


def test_health_counts_and_versions(app_context: AppContext) -> None:
    result = call(app_context, "health", {"agent_id": "tester"})
    report = result.structured_content
    assert report["status"] == "ok"
    assert report["neo4j"]["version"].startswith("5.")
    assert report["schema_version"] == report["schema_latest"]
    assert set(report["counts"]) >= {"files", "symbols", "edges", "repos"}


def test_help_lists_every_verb_with_one_line(app_context: AppContext) -> None:
    verbs = call(app_context, "help", {"agent_id": "tester"}).structured_content["verbs"]
    names = [verb["verb"] for verb in verbs]
    assert names == sorted(names)
    assert {"health", "help"} <= set(names)
    assert all(verb["summary"] and "\n" not in verb["summary"] for verb in verbs)


def test_unknown_verb_in_help_is_a_structured_error(app_context: AppContext) -> None:
    with pytest.raises(ToolError) as raised:
        call(app_context, "help", {"agent_id": "tester", "verb": "teleport"})
    payload = json.loads(str(raised.value))
    assert payload["error"] == "not_found"
    assert payload["field"] == "verb"


def test_bad_agent_id_is_a_structured_error(app_context: AppContext) -> None:
    with pytest.raises(ToolError) as raised:
        call(app_context, "help", {"agent_id": "bad\x07id"})
    assert json.loads(str(raised.value))["field"] == "agent_id"


def test_agents_are_recorded_in_the_session_store(app_context: AppContext, graph: Graph) -> None:
    agent = "агент-🤖-" + str(id(app_context))
    app_context.agent(agent)
    app_context.agent(agent)  # recorded once per process
    rows = graph.run_text("MATCH (a:Agent {agent_id: $id}) RETURN a.sessions AS sessions", id=agent)
    assert rows == [{"sessions": 1}]
