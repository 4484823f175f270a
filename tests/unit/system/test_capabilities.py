"""What the server advertises beyond tools, read back over MCP (in memory, no database): the
overview resource and the before-you-edit prompt are there and answer; logging is not
advertised (coderooms sends clients no log messages). Reading the overview from a real graph is
an end-to-end test (tests/e2e/test_presets_stdio.py)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from mcp.shared.exceptions import MCPError

from coderooms.config import Settings
from coderooms.server import create_server
from coderooms.system.repo_overview import OVERVIEW_URI, REPO_OVERVIEW_URI
from coderooms.verbs.context import AppContext, GraphProvider


def context(tmp_path: Path, **settings: Any) -> AppContext:
    configured = Settings(
        neo4j_uri="bolt://127.0.0.1:1", neo4j_password="x", roots=[tmp_path], **settings
    )
    return AppContext(settings=configured, graphs=GraphProvider(configured, start_managed=False))


def prompt_text(ctx: AppContext, arguments: dict[str, str]) -> str:
    async def run() -> str:
        async with Client(create_server(ctx)) as client:
            result = await client.get_prompt("before_you_edit", arguments)
            content = result.messages[0].content
            assert content.type == "text"
            return content.text

    return asyncio.run(run())


def test_what_is_advertised_is_there_and_logging_is_not(tmp_path: Path) -> None:
    async def run() -> tuple[Any, list[str], list[str]]:
        async with Client(create_server(context(tmp_path))) as client:
            resources = [str(resource.uri) for resource in await client.list_resources()]
            templates = await client.list_resource_templates()
            resources += [template.uri_template for template in templates]
            prompts = [prompt.name for prompt in await client.list_prompts()]
            return client.server_capabilities, resources, prompts

    capabilities, resources, prompts = asyncio.run(run())
    assert capabilities.logging is None
    assert capabilities.resources is not None
    assert capabilities.prompts is not None
    assert resources == [OVERVIEW_URI, REPO_OVERVIEW_URI]
    assert prompts == ["before_you_edit"]


def test_the_edit_prompt_names_only_the_verbs_served(tmp_path: Path) -> None:
    core = prompt_text(context(tmp_path), {"path": "pkg/mod.py"})
    assert "surgical_context(path='pkg/mod.py')" in core
    assert "ingest" in core
    assert "edit_preview" not in core
    with_edits = prompt_text(context(tmp_path, tools="core,edit"), {"path": "a.py", "repo": "r"})
    assert "edit_preview" in with_edits
    assert "repo='r'" in with_edits


def test_the_overview_answers_the_json_error_while_the_graph_is_down(tmp_path: Path) -> None:
    async def run() -> None:
        async with Client(create_server(context(tmp_path))) as client:
            await client.read_resource(OVERVIEW_URI)

    with pytest.raises(MCPError) as raised:
        asyncio.run(run())
    assert json.loads(str(raised.value))["error"] == "not_ready"
