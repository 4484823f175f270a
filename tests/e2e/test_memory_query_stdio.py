"""Issue 33 end to end: the real `coderooms serve --root` (watching its root) over stdio with a
real MCP client. One agent's note on a function shows in another agent's `surgical_context` of
its file; an edit of the function on disk marks it stale once the watcher's batch lands, and alerts
its author; a checkout that deletes the function leaves the note saying so. `cypher` answers a
read and refuses a write; `dead_code` says what nothing references, and how sure."""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.freshness.state import watcher_id_for
from coderooms.graph.driver import Connection, Graph
from tests.e2e.stdio_client import server_env, stdio_client
from tests.integration.ingest.graph_snapshot import wipe

DEADLINE_S = 30.0
GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
CORE = (
    "def compute(x):\n"
    "    return helper(x) + 1\n"
    "\n"
    "\n"
    "def helper(x):\n"
    "    return x\n"
    "\n"
    "\n"
    "def _forgotten():\n"
    "    return 0\n"
)


def git(root: Path, *args: str) -> None:
    subprocess.run([*GIT, *args], cwd=root, check=True, capture_output=True, timeout=30)


async def call(client: Client[Any], tool: str, agent: str, **arguments: Any) -> Any:
    result = await client.call_tool(tool, {"agent_id": agent, **arguments})
    return result.structured_content


async def until(check: Callable[[], Awaitable[Any]], what: str) -> Any:
    deadline = time.monotonic() + DEADLINE_S
    while not (value := await check()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)
    return value


def repository(root: Path) -> None:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "core.py").write_text(CORE)
    (root / "pkg" / "use.py").write_text(
        "from pkg.core import compute\n\n\ndef run():\n    return compute(1)\n"
    )
    git(root, "-c", "init.defaultBranch=main", "init", "-q")
    git(root, "add", "-A", ".")
    git(root, "commit", "-q", "-m", "start")
    git(root, "checkout", "-q", "-b", "without")
    (root / "pkg" / "core.py").write_text(
        CORE.replace("def compute(x):\n    return helper(x) + 1\n\n\n", "")
    )
    git(root, "commit", "-q", "-am", "compute removed")
    git(root, "checkout", "-q", "main")


def test_notes_cypher_and_dead_code_over_stdio(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / repo_id  # the repo id is the root's name
    root.mkdir()
    repository(root)
    seen: dict[str, Any] = {}

    async def run() -> None:
        env = server_env(connection)
        async with stdio_client(env, "--root", str(root)) as client:
            while (await call(client, "health", "a"))["status"] != "ok":
                await asyncio.sleep(0.2)
            status = await until(
                lambda: _watching(client), "the served roots watched after the start-up ingest"
            )
            assert status
            tools = {t.name: t for t in await client.list_tools()}
            seen["hints"] = {
                n: tools[n].annotations
                for n in ("note", "notes", "note_delete", "cypher", "dead_code")
            }
            written = await call(
                client,
                "note",
                "alice",
                anchors=["pkg/core.py::compute"],
                text="must stay pure: no I/O",
                kind="warning",
            )
            seen["note"] = written["note"]
            context = await call(client, "surgical_context", "bob", path="pkg/core.py")
            seen["context_notes"] = context.get("notes")
            # an edit of the function on disk: the watcher's batch marks the note stale
            core = root / "pkg" / "core.py"
            core.write_text(CORE.replace("helper(x) + 1", "helper(x) + 2"))
            seen["stale"] = await until(lambda: _state(client, "stale"), "the note stale")
            seen["alerts"] = await until(lambda: _alerts(client), "the author's alert")
            # a checkout that deletes it: the note stays and says so
            git(root, "checkout", "-q", "--", ".")
            git(root, "checkout", "-q", "without")
            seen["gone"] = await until(lambda: _state(client, "gone"), "the note gone")
            seen["cypher"] = await call(
                client,
                "cypher",
                "bob",
                query=(
                    "MATCH (f:File)-[:DEFINES]->(s:Function) RETURN f.path, s.name "
                    "ORDER BY f.path, s.name"
                ),
            )
            try:
                await call(client, "cypher", "bob", query="MATCH (n) DETACH DELETE n")
            except ToolError as e:
                seen["refused"] = json.loads(str(e))
            seen["dead"] = await call(client, "dead_code", "bob", repo=repo_id)

    watcher = watcher_id_for([str(root.resolve())])
    try:
        asyncio.run(run())
    finally:
        graph.run_text("MATCH (w:Watcher {id: $id}) DETACH DELETE w", id=watcher)
        graph.run_text(
            "MATCH (n:Note {repo_id: $r})-[:ANCHORED_AT]->(a) DETACH DELETE a, n", r=repo_id
        )
        wipe(graph, repo_id)
    assert seen["hints"]["notes"].read_only_hint is True
    assert seen["hints"]["note"].read_only_hint is False
    assert seen["hints"]["note_delete"].destructive_hint is True
    assert seen["hints"]["cypher"].read_only_hint is True
    assert seen["hints"]["dead_code"].read_only_hint is True
    assert seen["note"]["on"] == ["pkg/core.py::compute"]
    assert seen["context_notes"] == [
        "warning by alice on pkg/core.py::compute: must stay pure: no I/O"
    ]
    assert seen["stale"]["on"][0].startswith("pkg/core.py::compute (changed; watcher: saved")
    assert seen["alerts"][0]["detail"]["author"] == "alice"
    assert seen["gone"]["on"][0].startswith("pkg/core.py::compute (gone; watcher:")
    assert seen["cypher"]["rows"] == [
        ["pkg/core.py", "_forgotten"],
        ["pkg/core.py", "helper"],
        ["pkg/use.py", "run"],
    ]
    assert seen["refused"]["error"] == "forbidden"
    # on the branch without `compute`: `helper` is referenced no more, but public (left out)
    assert seen["dead"]["items"] == ["sure pkg/core.py:5-6 function _forgotten"]
    assert seen["dead"]["left_out"] == {"public_api": 2}  # helper, run


async def _watching(client: Client[Any]) -> bool:
    status = await call(client, "auto_ingest_status", "a")
    return bool(status["served_roots"] == "watching")


async def _state(client: Client[Any], state: str) -> dict[str, Any] | None:
    found = (await call(client, "notes", "bob"))["notes"]
    return (
        found[0]
        if found and found[0]["state"] == state and "recorded" not in str(found[0]["on"])
        else None
    )


async def _alerts(client: Client[Any]) -> list[dict[str, Any]] | None:
    alerts = (await call(client, "alerts_list", "alice", kind="note_stale"))["alerts"]
    return alerts or None
