"""Every search-room answer says how fresh the graph behind it is (issue: freshness item 5)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fastmcp import Client

from coderooms.ingest.pipeline import ingest_root
from coderooms.server import create_server
from coderooms.verbs.context import AppContext


def call(ctx: AppContext, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    async def run() -> dict[str, Any]:
        async with Client(create_server(ctx)) as client:
            return dict((await client.call_tool(tool, arguments)).structured_content)

    return asyncio.run(run())


def test_search_glob_view_answers_carry_freshness(
    app_context: AppContext, tmp_path: Path, repo_id: str
) -> None:
    (tmp_path / "a.py").write_text("def needle():\n    return 1\n")
    ingest_root(app_context.graph(), tmp_path, repo=repo_id, workers=1, git=False)
    base = {"agent_id": "t", "repo": repo_id}
    answers = [
        call(app_context, "search", base | {"query": "needle"}),
        call(app_context, "glob", base | {"pattern": "*.py"}),
        call(app_context, "view", base | {"path": "a.py"}),
        call(
            app_context,
            "batch_view",
            {"agent_id": "t", "items": [{"path": "a.py", "repo": repo_id}]},
        ),
    ]
    *single, batch = answers
    for answer in single:  # no watcher's pending changes, no alert: no news, no field
        assert "freshness" not in answer
    assert batch["freshness"][repo_id]["watched"] is False
    assert "unacked_alerts" in batch["freshness"][repo_id]
