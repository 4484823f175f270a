"""Read-only mode through the MCP app: every writing verb refused; edit_preview (session state)
only when the operator allows session state."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.config import Settings
from coderooms.graph.driver import Graph
from coderooms.server import create_server
from coderooms.verbs.context import AppContext, GraphProvider
from tests.integration.edits.helpers import make_repo


def call(ctx: AppContext, verb: str, arguments: dict[str, Any]) -> Any:
    async def run() -> Any:
        async with Client(create_server(ctx)) as client:
            return await client.call_tool(verb, arguments)

    return asyncio.run(run())


@pytest.fixture
def read_only(settings: Settings, graph: Graph) -> AppContext:
    ro = settings.model_copy(update={"read_only": True})
    return AppContext(settings=ro, graphs=GraphProvider.ready(ro, graph))


@pytest.mark.parametrize(
    ("verb", "arguments"),
    [
        ("apply", {"path": "notes.md", "content": "x"}),
        ("apply_batch", {"edits": [{"path": "notes.md", "content": "x"}]}),
        ("edit_commit", {"preview_id": "preview-x", "confirm": True}),
    ],
)
def test_every_writing_verb_is_refused(
    read_only: AppContext,
    graph: Graph,
    tmp_path: Path,
    repo_id: str,
    verb: str,
    arguments: dict[str, Any],
) -> None:
    root = make_repo(graph, tmp_path / "proj", repo_id)
    with pytest.raises(ToolError) as raised:
        call(read_only, verb, {"agent_id": "ro", **arguments, **_repo(arguments, repo_id)})
    assert json.loads(str(raised.value))["error"] == "forbidden"
    assert (root / "notes.md").read_text() == "# notes\n"


def _repo(arguments: dict[str, Any], repo_id: str) -> dict[str, Any]:
    if "edits" in arguments:
        return {"edits": [{**e, "repo": repo_id} for e in arguments["edits"]]}
    return {"repo": repo_id} if "path" in arguments else {}


def test_edit_preview_is_refused_without_session_state(
    read_only: AppContext, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    make_repo(graph, tmp_path / "proj", repo_id)
    with pytest.raises(ToolError) as raised:
        call(
            read_only, "edit_preview",
            {"agent_id": "ro", "path": "notes.md", "repo": repo_id, "content": "y\n"},
        )  # fmt: skip
    assert json.loads(str(raised.value))["error"] == "forbidden"
    rows = graph.run_text("RETURN COUNT { MATCH (:EditPreview {repo: $repo}) } AS n", repo=repo_id)
    assert rows[0]["n"] == 0


def test_edit_preview_is_served_when_the_operator_allows_session_state(
    settings: Settings, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    allowed = settings.model_copy(update={"read_only": True, "allow_session_state": True})
    ctx = AppContext(settings=allowed, graphs=GraphProvider.ready(allowed, graph))
    make_repo(graph, tmp_path / "proj", repo_id)
    result = call(
        ctx, "edit_preview",
        {"agent_id": "ro", "path": "notes.md", "repo": repo_id, "content": "y\n"},
    )  # fmt: skip
    assert result.structured_content["preview_id"].startswith("preview-")


def test_annotations_mark_writers_destructive(app_context: AppContext) -> None:
    async def run() -> dict[str, Any]:
        async with Client(create_server(app_context)) as client:
            return {tool.name: tool.annotations for tool in await client.list_tools()}

    tools = asyncio.run(run())
    for verb in ("apply", "apply_batch", "edit_commit"):
        assert tools[verb].read_only_hint is False
        assert tools[verb].destructive_hint is True
    assert tools["edit_preview"].read_only_hint is False
    assert tools["edit_preview"].destructive_hint is False


def test_errors_over_mcp_name_the_field(
    app_context: AppContext, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    make_repo(graph, tmp_path / "proj", repo_id)
    with pytest.raises(ToolError) as raised:
        call(app_context, "apply_batch", {"agent_id": "a", "edits": [
            {"path": "notes.md", "repo": repo_id, "content": "x"},
            {"path": "../../etc/passwd", "repo": repo_id, "content": "x"},
        ]})  # fmt: skip
    payload = json.loads(str(raised.value))
    assert (payload["error"], payload["field"]) == ("forbidden", "edits[1].path")
