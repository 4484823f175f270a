"""surgical_context / surgical_context_v2 through a real MCP client over stdio, with the proof
gate on: v2 proves the primary file (once its unresolved callers are acknowledged), apply to it
is admitted, apply to a connected file is not."""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from pathlib import Path
from typing import Any

from fastmcp.exceptions import ToolError

from coderooms.graph.driver import Connection, Graph
from tests.e2e.stdio_client import server_env, stdio_client

GRAPH_DEADLINE_S = 60.0
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "repos" / "surgical_ctx"


def test_prove_then_edit_over_stdio(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "ctx repo"
    shutil.copytree(FIXTURE, root)
    # a call of some `run` through a receiver nothing proves: Engine.run's callers are a lower
    # bound until acknowledged
    (root / "pkg" / "loose.py").write_text("def later(job):\n    return job.run()\n")

    async def run() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        env = server_env(connection, CODEROOMS_PROOF_GATE="1")
        async with stdio_client(env) as client:

            async def call(verb: str, **arguments: Any) -> Any:
                result = await client.call_tool(verb, {"agent_id": "e2e-ctx", **arguments})
                return result.structured_content

            async def error(verb: str, **arguments: Any) -> dict[str, Any]:
                try:
                    await client.call_tool(verb, {"agent_id": "e2e-ctx", **arguments})
                except ToolError as e:
                    return dict(json.loads(str(e)))
                raise AssertionError(f"{verb} did not fail")

            deadline = time.monotonic() + GRAPH_DEADLINE_S
            while (await call("health"))["status"] != "ok" and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
            tools = {tool.name: tool for tool in await client.list_tools()}
            seen["v2_arguments"] = set(tools["surgical_context_v2"].input_schema["properties"])
            await call("ingest", roots=[str(root)], repo=repo_id)
            every = ["users", "tests", "callers", "symbols"]
            seen["v1"] = await call("surgical_context", path="pkg/core.py", repo=repo_id,
                                    sections=every)  # fmt: skip
            where = {"path": "pkg/core.py", "repo": repo_id, "max_tokens": 100}
            pages = [await call("surgical_context", **where, sections=every)]
            while cursor := pages[-1]["symbols"].get("next_cursor"):
                if len(pages) % 2:  # v2 goes on from v1's cursor
                    pages.append(await call("surgical_context_v2", **where, cursor=cursor))
                else:
                    pages.append(await call("surgical_context", **where, cursor=cursor,
                                            sections=every))  # fmt: skip
            seen["pages"] = pages
            seen["other_file"] = await error(
                "surgical_context", path="pkg/service.py", repo=repo_id,
                cursor=pages[0]["symbols"]["next_cursor"],
            )  # fmt: skip
            seen["unknown"] = await error("surgical_context", path="pkg/nope.py", repo=repo_id)
            seen["blocked"] = await call("surgical_context_v2", path="pkg/nope.py", repo=repo_id)
            seen["unresolved"] = await call("surgical_context_v2", path="pkg/core.py", repo=repo_id)
            seen["v2"] = await call(
                "surgical_context_v2", path="pkg/core.py", repo=repo_id, acknowledge_unresolved=True
            )
            seen["refused"] = await error(
                "apply", path="pkg/util.py", repo=repo_id, old_text="str(", new_text="repr("
            )
            seen["apply"] = await call(
                "apply", path="pkg/core.py", repo=repo_id, old_text="x + 1", new_text="x + 2"
            )
            seen["stale"] = await error(
                "apply", path="pkg/core.py", repo=repo_id, old_text="x + 2", new_text="x + 3"
            )
        return seen

    seen = asyncio.run(run())
    assert {"acknowledge_partial", "acknowledge_unresolved"} <= seen["v2_arguments"]
    assert seen["v1"]["callers"]["files"] == 3
    pages = seen["pages"]
    assert len(pages) > 1
    assert [row for page in pages for row in page["symbols"]["items"]] == seen["v1"]["symbols"]
    # each page went on where the last stopped, no symbol twice (v1 given whole: its rows)
    assert all(set(page) == {"repo", "path", "lines", "hash", "symbols"}
               for page in pages[1:])  # fmt: skip
    assert (seen["other_file"]["error"], seen["other_file"]["field"]) == ("invalid_input", "cursor")
    assert seen["v1"]["completeness"]["names"] == {"run": 1}
    assert seen["unresolved"]["proof_state"] == "triaging"
    assert [r["code"] for r in seen["unresolved"]["reasons"]] == ["unresolved_callers"]
    assert seen["unresolved"]["next_suggested_tool"] == "search"
    assert seen["unresolved"]["proof_mark"]["recorded"] is False
    assert [t.split(":")[0] for t in seen["v1"]["tests"]] == ["tests/core_checks.py"]
    assert seen["unknown"]["error"] == "not_found"
    assert seen["blocked"]["proof_state"] == "blocked"
    assert seen["v2"]["proof_state"] == "ready_to_edit"
    assert seen["v2"]["acknowledged"] == ["unresolved_callers"]
    assert seen["v2"]["proof_mark"]["recorded"] is True
    assert "pkg/util.py" in [f["path"] for f in seen["v2"]["connected_files"]["items"]]
    assert seen["refused"]["error"] == "proof_required"
    assert seen["apply"]["files"][0]["changed"] is True
    assert seen["stale"]["error"] == "proof_required"
    assert "x + 2" in (root / "pkg" / "core.py").read_text()
    assert "str(" in (root / "pkg" / "util.py").read_text()
