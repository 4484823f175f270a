"""Presets over stdio with the real server (issue 17, item 1): the default lists exactly `core`,
`--tools` adds presets, a verb left out answers the JSON error naming its preset, read-only
mode still hides the writers, a bad preset stops the server with one line; and what the server
advertises beyond tools (the overview resource, the before-you-edit prompt) works."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from mcp.shared.exceptions import MCPError

from coderooms.config import Settings
from coderooms.graph.driver import Connection
from coderooms.server import room_tools
from coderooms.system.repo_overview import MAX_REPOS
from coderooms.verbs.context import AppContext, GraphProvider
from coderooms.verbs.presets import PRESETS
from tests.e2e.stdio_client import server_env, stdio_client
from tests.e2e.test_scope_stdio import AGENT, error, graph_ready

FIXTURE = Path(__file__).parents[1] / "fixtures" / "repos" / "python"
EDIT = set(PRESETS["edit"])


def registered() -> set[str]:
    settings = Settings(neo4j_uri="bolt://127.0.0.1:1", neo4j_password="x")
    ctx = AppContext(settings=settings, graphs=GraphProvider(settings, start_managed=False))
    return {spec.name for spec in room_tools(ctx)}


def default_env(connection: Connection) -> dict[str, str]:
    """The operator's environment with no CODEROOMS_TOOLS: the default presets."""
    env = server_env(connection)
    env.pop("CODEROOMS_TOOLS", None)
    return env


def test_the_default_serves_core_and_names_the_preset_of_the_others(
    connection: Connection, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "shop"
    shutil.copytree(FIXTURE, root)

    async def run() -> dict[str, Any]:
        async with stdio_client(default_env(connection)) as client:
            await graph_ready(client)
            tools = {tool.name for tool in await client.list_tools()}
            refused = await error(client, "perspective_start", query="make_cart")
            presets = (await client.call_tool("help", {"agent_id": AGENT})).structured_content
            arguments = {"agent_id": AGENT, "roots": [str(root)], "repo": repo_id}
            await client.call_tool("ingest", arguments)  # ingest is in core
            overview = await client.read_resource("coderooms://overview")
            one = await client.read_resource(f"coderooms://overview/{repo_id}")
            try:
                await client.read_resource("coderooms://overview/no-such-repo")
                unknown: dict[str, Any] = {}
            except MCPError as e:
                unknown = json.loads(str(e))
            prompt = await client.get_prompt("before_you_edit", {"path": "shop/models.py"})
            return {
                "capabilities": client.server_capabilities,
                "tools": tools,
                "refused": refused,
                "presets": presets["presets"],
                "overview": json.loads(getattr(overview[0], "text", "")),
                "one": json.loads(getattr(one[0], "text", "")),
                "unknown": unknown,
                "prompt": getattr(prompt.messages[0].content, "text", ""),
            }

    got = asyncio.run(run())
    assert got["capabilities"].logging is None  # advertised: tools, resources, prompts
    assert got["capabilities"].resources is not None
    assert got["capabilities"].prompts is not None
    assert got["tools"] == set(PRESETS["core"]) & registered()
    assert got["refused"]["error"] == "not_served"
    assert "'navigate' preset" in got["refused"]["message"]
    assert "--tools core,navigate" in got["refused"]["hint"]
    assert got["presets"]["served"] == "core"
    assert "perspective_start" in got["presets"]["others"]["navigate"]["verbs"]
    overview = got["overview"]  # the test graph holds other tests' repos too
    assert len(overview["repos"]) == min(overview["total_repos"], MAX_REPOS)
    assert overview["truncated"] is (overview["total_repos"] > MAX_REPOS)
    one = got["one"]
    assert (one["repo"], one["root"], one["files"]) == (repo_id, str(root), 4)
    assert one["languages"][0]["language"] == "python"
    assert "shop/" in one["top_entries"]
    assert (got["unknown"]["error"], got["unknown"]["field"]) == ("not_found", "repo")
    assert "surgical_context(path='shop/models.py')" in got["prompt"]


def test_tools_adds_presets_and_read_only_still_hides_the_writers(connection: Connection) -> None:
    async def run() -> tuple[set[str], set[str], dict[str, Any]]:
        env = default_env(connection)
        async with stdio_client(env, "--tools", "core,edit") as client:
            with_edits = {tool.name for tool in await client.list_tools()}
        async with stdio_client(env, "--tools", "core,edit", "--read-only") as client:
            read_only = {tool.name for tool in await client.list_tools()}
            refused = await error(client, "apply", path="a.py", content="x")
        return with_edits, read_only, refused

    with_edits, read_only, refused = asyncio.run(run())
    core = set(PRESETS["core"]) & registered()
    assert with_edits == core | EDIT
    assert read_only == core - {"ingest"}
    assert refused["error"] == "forbidden"


def test_a_bad_preset_stops_the_server_with_one_line(connection: Connection) -> None:
    for args, env in (
        (["--tools", "core,bogus"], default_env(connection)),
        ([], default_env(connection) | {"CODEROOMS_TOOLS": "bogus"}),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "coderooms", "serve", *args],
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 1
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1, done.stderr
        assert "unknown tool preset 'bogus'" in lines[0]
        assert "core, edit, navigate, freshness, admin, memory, query, all" in lines[0]
