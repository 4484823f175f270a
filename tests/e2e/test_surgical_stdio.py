"""Safe edits through a real MCP client over stdio: preview, race, commit, apply, batch."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from fastmcp.exceptions import ToolError

from coderooms.graph.driver import Connection, Graph
from tests.e2e.stdio_client import server_env, stdio_client

GRAPH_DEADLINE_S = 60.0
CORE = "def keep():\n    return 1\n\n\ndef drop():\n    return keep()\n"


def test_edit_round_trip_over_stdio(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "edit repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "core.py").write_text(CORE)
    (root / "README.md").write_text("# r\n")

    async def run() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        async with stdio_client(server_env(connection)) as client:

            async def call(verb: str, **arguments: Any) -> Any:
                result = await client.call_tool(verb, {"agent_id": "e2e-a", **arguments})
                return result.structured_content

            async def error(verb: str, agent: str, **arguments: Any) -> dict[str, Any]:
                try:
                    await client.call_tool(verb, {"agent_id": agent, **arguments})
                except ToolError as e:
                    return dict(json.loads(str(e)))
                raise AssertionError(f"{verb} did not fail")

            deadline = time.monotonic() + GRAPH_DEADLINE_S
            while (await call("health"))["status"] != "ok" and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
            await call("ingest", roots=[str(root)], repo=repo_id)
            staged = await call(
                "edit_preview", path="pkg/core.py", repo=repo_id,
                old_text="def drop():\n    return keep()\n", new_text="",
            )  # fmt: skip
            seen["preview"] = staged
            await call("apply", path="README.md", repo=repo_id, content="# other agent\n")
            seen["not_owner"] = await error(
                "edit_commit", "e2e-b", preview_id=staged["preview_id"], confirm=True
            )
            seen["commit"] = await call(
                "edit_commit", preview_id=staged["preview_id"], confirm=True
            )
            stale = await call("edit_preview", path="pkg/core.py", repo=repo_id, content="x = 1\n")
            await call("apply", path="pkg/core.py", repo=repo_id, content=CORE)
            seen["stale"] = await error(
                "edit_commit", "e2e-a", preview_id=stale["preview_id"], confirm=True
            )
            seen["escape"] = await error(
                "apply", "e2e-a", path="../outside.py", repo=repo_id, content="x"
            )
            replace = {"old_text": "return 1", "new_text": "return 2"}
            create = {"content": "def extra():\n    return 3\n"}
            seen["batch"] = await call("apply_batch", edits=[
                {"path": "pkg/core.py", "repo": repo_id, **replace},
                {"path": "pkg/extra.py", "repo": repo_id, **create},
            ])  # fmt: skip
        return seen

    seen = asyncio.run(run())
    assert seen["preview"]["diff"]["removed"] >= 2
    assert seen["not_owner"]["error"] == "forbidden"
    commit = seen["commit"]["files"][0]
    assert commit["symbols"]["removed"] == [f"{repo_id}:pkg/core.py::drop"]
    assert seen["stale"]["error"] == "source_modified"
    assert (seen["escape"]["error"], seen["escape"]["field"]) == ("forbidden", "path")
    assert not (tmp_path / "outside.py").exists()
    assert [f["path"] for f in seen["batch"]["files"]] == ["pkg/core.py", "pkg/extra.py"]
    assert len(seen["batch"]["graph"]["ingests"]) == 1
    rows = graph.run_text(
        "MATCH (s:Function {repo: $repo}) WHERE s.name IN ['drop', 'extra', 'keep'] "
        "RETURN s.name AS name ORDER BY name",
        repo=repo_id,
    )
    assert [row["name"] for row in rows] == ["drop", "extra", "keep"]  # drop came back via apply
    assert "return 2" in (root / "pkg" / "core.py").read_text()
