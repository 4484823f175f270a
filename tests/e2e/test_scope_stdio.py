"""The operator's scope over stdio with a real MCP client: an agent cannot ingest, watch, read or
write outside the served roots, cannot write VCS state or hooks however spelled, and a rewritten
executable loses its exec bit; a watcher recorded for a root no longer served is not resumed."""

from __future__ import annotations

import asyncio
import json
import os
import stat
import time
from pathlib import Path
from typing import Any

from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.freshness.state import watcher_id_for
from coderooms.graph.driver import Connection, Graph
from tests.e2e.stdio_client import server_env, stdio_client
from tests.integration.ingest.graph_snapshot import wipe

DEADLINE_S = 60.0
AGENT = "e2e-scope"
SECRET = "TOPSECRET_6f1c2b"
GIT_CONFIG = "[core]\n\trepositoryformatversion = 0\n\thooksPath = .githooks\n"
HOOK = "#!/bin/sh\nexit 0\n"

GIT_SPELLINGS = [
    ".git/config",
    ".GIT/config",
    ".git./config",
    ".git /config",
    ".g\u200cit/config",
    "GIT~1/config",
    ".git::$INDEX_ALLOCATION/config",
    "pkg/../.git/config",
]
HOOK_PATHS = [".githooks/pre-commit", ".githooks/post-checkout", ".husky/pre-commit"]


async def call(client: Client[Any], tool: str, **arguments: Any) -> Any:
    result = await client.call_tool(tool, {"agent_id": AGENT, **arguments})
    return result.structured_content


async def error(client: Client[Any], tool: str, **arguments: Any) -> dict[str, Any]:
    try:
        await client.call_tool(tool, {"agent_id": AGENT, **arguments})
    except ToolError as e:
        return dict(json.loads(str(e)))
    raise AssertionError(f"{tool} {arguments} did not fail")


async def graph_ready(client: Client[Any]) -> dict[str, Any]:
    deadline = time.monotonic() + DEADLINE_S
    while (health := await call(client, "health"))["status"] != "ok":
        assert time.monotonic() < deadline, "the graph never became ready"
        await asyncio.sleep(0.2)
    return dict(health)


def tree(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under `root`: its bytes and mode (what a refused call must leave alone)."""
    found = {}
    for folder, _, files in os.walk(root):
        for name in files:
            path = Path(folder) / name
            found[str(path.relative_to(root))] = (path.read_bytes(), path.stat().st_mode)
    return found


def make_served(root: Path) -> None:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "core.py").write_text("def keep():\n    return 1\n")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text(GIT_CONFIG)
    (root / ".githooks").mkdir()
    (root / ".husky").mkdir()
    for hook in HOOK_PATHS:
        (root / hook).write_text(HOOK)
        (root / hook).chmod(0o755)
    (root / "run.sh").write_text("#!/bin/sh\necho old\n")
    (root / "run.sh").chmod(0o755)


def test_an_agent_cannot_leave_the_operators_roots(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    served = tmp_path / "served"
    make_served(served)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text(f"TOKEN = '{SECRET}'\n")
    before_outside = tree(outside)

    async def run() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        env = server_env(connection, CODEROOMS_ROOTS=str(served))
        async with stdio_client(env) as client:
            seen["health"] = await graph_ready(client)
            refusals = {}
            for verb in ("ingest", "auto_ingest_start", "daemon_start"):
                for root in (str(outside), "", "/", "~", str(served / ".git"), str(tmp_path)):
                    refusals[(verb, root)] = await error(client, verb, roots=[root])
            seen["root_refusals"] = refusals
            seen["ingest"] = await call(client, "ingest", repo=repo_id)
            seen["search"] = await call(client, "search", query=SECRET)
            seen["view"] = [
                await error(client, "view", path=path)
                for path in ("secret.py", "../outside/secret.py", str(outside / "secret.py"))
            ]
            before = tree(served)
            seen["write_refusals"] = {
                path: await error(client, "apply", path=path, repo=repo_id, content="x = 1\n")
                for path in [*GIT_SPELLINGS, *HOOK_PATHS, str(outside / "secret.py")]
            }
            seen["batch_refusal"] = await error(client, "apply_batch", edits=[
                {"path": "pkg/new.py", "repo": repo_id, "content": "y = 2\n"},
                {"path": ".GIT/config", "repo": repo_id, "content": "[core]\n"},
            ])  # fmt: skip
            seen["preview_refusal"] = await error(
                client, "edit_preview", path=".git./config", repo=repo_id, content="x"
            )
            seen["unchanged"] = tree(served) == before
            seen["rewrite"] = await call(
                client, "apply", path="run.sh", repo=repo_id, content="#!/bin/sh\necho new\n"
            )
        return seen

    try:
        seen = asyncio.run(run())
        assert seen["health"]["scope"] == {
            "roots": [str(served.resolve())], "source": "--root", "exec_bit_kept": False,
            "hook_config_writable": False,
        }  # fmt: skip
        for (verb, root), refusal in seen["root_refusals"].items():
            assert refusal["error"] in {"forbidden", "invalid_input"}, (verb, root, refusal)
            assert refusal["field"] == "roots[0]", (verb, root, refusal)
        assert seen["ingest"]["reports"][0]["repo"] == repo_id
        assert "hits" not in seen["search"]  # none: one line says what and why
        assert seen["search"]["none"].startswith("no ingested line")
        assert all(v["error"] in {"not_found", "invalid_input"} for v in seen["view"]), seen["view"]
        for path, refusal in seen["write_refusals"].items():
            assert refusal["error"] == "forbidden", (path, refusal)
        assert seen["batch_refusal"]["field"] == "edits[1].path"
        assert seen["preview_refusal"]["error"] == "forbidden"
        assert seen["unchanged"], "a refused write changed the served tree"
        assert not (served / "pkg" / "new.py").exists()
        assert tree(outside) == before_outside
        assert (served / ".git" / "config").read_text() == GIT_CONFIG
        (rewritten,) = seen["rewrite"]["files"]
        assert rewritten["exec_bit_removed"] is True
        assert stat.S_IMODE((served / "run.sh").stat().st_mode) == 0o644
        roots = graph.run_text("MATCH (r:Repo) WHERE r.root STARTS WITH $t RETURN r.root AS root",
                               t=str(tmp_path.resolve()))  # fmt: skip
        assert roots == [{"root": str(served.resolve())}]
        secrets = graph.run_text(
            "MATCH (f:File) WHERE f.path ENDS WITH 'secret.py' AND f.repo = $repo RETURN f.path",
            repo=repo_id,
        )
        assert secrets == []
    finally:
        wipe(graph, repo_id)


def test_the_operator_may_keep_exec_bits(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    served = tmp_path / "served"
    make_served(served)

    async def run() -> dict[str, Any]:
        env = server_env(connection, CODEROOMS_ROOTS=str(served), CODEROOMS_ALLOW_EXEC_BIT="1")
        async with stdio_client(env) as client:
            await graph_ready(client)
            await call(client, "ingest", repo=repo_id)
            return dict(
                await call(client, "apply", path="run.sh", repo=repo_id, content="echo kept\n")
            )

    try:
        (rewritten,) = asyncio.run(run())["files"]
        assert rewritten["exec_bit_removed"] is False
        assert stat.S_IMODE((served / "run.sh").stat().st_mode) == 0o755
    finally:
        wipe(graph, repo_id)


def test_a_watcher_recorded_outside_the_roots_is_not_resumed(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    watched = tmp_path / "once served"
    watched.mkdir()
    (watched / "app.py").write_text("def first():\n    pass\n")
    elsewhere = tmp_path / "served now"
    elsewhere.mkdir()
    watcher_id = watcher_id_for([str(watched.resolve())])

    async def first_server() -> None:
        async with stdio_client(server_env(connection, CODEROOMS_ROOTS=str(watched))) as client:
            await graph_ready(client)
            started = await call(client, "auto_ingest_start", repo=repo_id, debounce_ms=50)
            assert started["started"], started

    async def second_server() -> dict[str, Any]:
        async with stdio_client(server_env(connection, CODEROOMS_ROOTS=str(elsewhere))) as client:
            await graph_ready(client)
            deadline = time.monotonic() + DEADLINE_S
            while True:
                status = await call(client, "auto_ingest_status")
                entries = [r for r in status["resumed_at_start"] if r["watcher_id"] == watcher_id]
                if entries:
                    return {"entry": entries[0], "in_process": status["in_process"]}
                assert time.monotonic() < deadline, "the resume never looked at the watcher"
                await asyncio.sleep(0.1)

    try:
        asyncio.run(first_server())
        seen = asyncio.run(second_server())
        assert seen["entry"]["resumed"] is False
        assert "outside this server's roots" in seen["entry"]["why"]
        assert seen["in_process"] == []
    finally:
        graph.run_text("MATCH (w:Watcher {id: $id}) DETACH DELETE w", id=watcher_id)
        wipe(graph, repo_id)
