"""The `ingest` verb through the FastMCP app in memory: errors and read-only mode."""

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


def call(ctx: AppContext, arguments: dict[str, Any]) -> Any:
    async def run() -> Any:
        async with Client(create_server(ctx)) as client:
            return await client.call_tool("ingest", arguments)

    return asyncio.run(run())


def error_of(ctx: AppContext, arguments: dict[str, Any]) -> dict[str, Any]:
    with pytest.raises(ToolError) as raised:
        call(ctx, arguments)
    return dict(json.loads(str(raised.value)))


def test_a_root_that_is_not_a_directory_names_the_field(
    app_context: AppContext, tmp_path: Path
) -> None:
    payload = error_of(app_context, {"agent_id": "t", "roots": [str(tmp_path / "missing")]})
    assert payload["error"] == "invalid_input"
    assert payload["field"] == "roots[0]"


def test_a_root_outside_the_operators_roots_is_refused_and_nothing_ingested(
    settings: Settings, graph: Graph, tmp_path: Path
) -> None:
    served = tmp_path / "served"
    served.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text("TOKEN = 1\n")
    scoped = settings.model_copy(update={"roots": [served]})
    ctx = AppContext(settings=scoped, graphs=GraphProvider.ready(scoped, graph))
    for root in (str(outside), str(outside / ".." / "outside"), "/", "~", str(tmp_path)):
        payload = error_of(ctx, {"agent_id": "t", "roots": [root]})
        assert (payload["error"], payload["field"]) == ("forbidden", "roots[0]"), payload
    rows = graph.run_text("MATCH (r:Repo {root: $root}) RETURN r.id AS id", root=str(outside))
    assert rows == []


def test_empty_roots_are_refused(app_context: AppContext) -> None:
    assert error_of(app_context, {"agent_id": "t", "roots": []})["field"] == "roots"


def test_bad_repo_id_is_refused(app_context: AppContext, tmp_path: Path) -> None:
    payload = error_of(app_context, {"agent_id": "t", "roots": [str(tmp_path)], "repo": "a b/c"})
    assert payload["field"] == "repo"


def test_read_only_mode_refuses_ingest(settings: Settings, graph: Graph, tmp_path: Path) -> None:
    read_only = settings.model_copy(update={"read_only": True})
    ctx = AppContext(settings=read_only, graphs=GraphProvider.ready(read_only, graph))
    payload = error_of(ctx, {"agent_id": "t", "roots": [str(tmp_path)]})
    assert payload["error"] == "forbidden"


def test_ingest_reports_counts(app_context: AppContext, tmp_path: Path, repo_id: str) -> None:
    (tmp_path / "a.py").write_text("def f():\n    return g()\n\ndef g():\n    return 1\n")
    result = call(app_context, {"agent_id": "t", "roots": [str(tmp_path)], "repo": repo_id})
    report = result.structured_content["reports"][0]
    assert report["files_added"] == 1
    assert report["writes"]["symbols_written"] == 3
    assert set(report["timings"]) >= {"walk_s", "parse_s", "write_s", "total_s"}
