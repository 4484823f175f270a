from __future__ import annotations

import asyncio
import time
from typing import Any

from coderooms.graph.driver import Connection
from tests.e2e.stdio_client import server_env, stdio_client

GRAPH_DEADLINE_S = 60.0


def test_health_and_help_over_stdio(connection: Connection) -> None:
    async def run() -> tuple[dict[str, Any], list[str]]:
        async with stdio_client(server_env(connection)) as client:
            deadline = time.monotonic() + GRAPH_DEADLINE_S
            while True:
                report = (await client.call_tool("health", {"agent_id": "e2e"})).structured_content
                if report["status"] == "ok" or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.2)
            listing = (await client.call_tool("help", {"agent_id": "e2e"})).structured_content
            tools = [tool.name for tool in await client.list_tools()]
            assert sorted(tools) == sorted(verb["verb"] for verb in listing["verbs"])
            return report, tools

    report, tools = asyncio.run(run())
    assert report["status"] == "ok"
    assert report["neo4j"]["version"].startswith("5.")
    assert {"health", "help"} <= set(tools)


def test_server_answers_while_neo4j_is_unreachable() -> None:
    """Never blocks on the graph: health answers at once and says why it is not ready."""
    env = server_env(None, NEO4J_URI="bolt://127.0.0.1:1", NEO4J_PASSWORD="x")

    async def run() -> dict[str, Any]:
        async with stdio_client(env) as client:
            return (await client.call_tool("health", {"agent_id": "e2e"})).structured_content

    report = asyncio.run(run())
    assert report["status"] == "starting"
    assert report["hint"]


def test_tools_carry_read_only_annotations(connection: Connection) -> None:
    async def run() -> dict[str, Any]:
        async with stdio_client(server_env(connection)) as client:
            return {tool.name: tool.annotations for tool in await client.list_tools()}

    annotations = asyncio.run(run())
    assert annotations["health"].read_only_hint is True
    assert annotations["help"].read_only_hint is True
