"""The freshness room over stdio with a real MCP client: a watcher started through a verb keeps
the graph fresh; the server exits with it running; the next server resumes it by itself."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.freshness.state import watcher_id_for
from coderooms.graph.driver import Connection, Graph
from tests.e2e.stdio_client import server_env, stdio_client
from tests.integration.ingest.graph_snapshot import wipe

DEADLINE_S = 60.0
AGENT = "e2e-freshness"


async def until(predicate: Callable[[], Any], what: str) -> Any:
    deadline = time.monotonic() + DEADLINE_S
    while not (value := predicate()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)
    return value


async def call(client: Client[Any], tool: str, **arguments: Any) -> Any:
    result = await client.call_tool(tool, {"agent_id": AGENT, **arguments})
    return result.structured_content


async def error_of(client: Client[Any], tool: str, **arguments: Any) -> dict[str, Any]:
    try:
        await call(client, tool, **arguments)
    except ToolError as e:
        return dict(json.loads(str(e)))
    raise AssertionError(f"{tool} did not fail")


async def graph_ready(client: Client[Any]) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while (await call(client, "health"))["status"] != "ok":
        assert time.monotonic() < deadline, "the graph never became ready"
        await asyncio.sleep(0.2)


def symbols(graph: Graph, repo: str, path: str) -> set[str]:
    rows = graph.run_text(
        "MATCH (s:Symbol {repo: $repo, file: $path}) RETURN s.name AS name", repo=repo, path=path
    )
    return {row["name"] for row in rows}


def test_a_served_watcher_keeps_fresh_and_resumes_in_the_next_server(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "served root"
    root.mkdir()
    (root / "app.py").write_text("def first():\n    pass\n")
    watcher_id = watcher_id_for([str(root.resolve())])

    async def first_server() -> dict[str, Any]:
        async with stdio_client(server_env(connection)) as client:
            await graph_ready(client)
            started = await call(
                client, "auto_ingest_start", roots=[str(root)], repo=repo_id, debounce_ms=50
            )
            assert started["started"]
            (root / "app.py").write_text("def second():\n    pass\n")
            await until(lambda: "second" in symbols(graph, repo_id, "app.py"), "the first edit")
            return await call(client, "auto_ingest_status")

    async def second_server() -> dict[str, Any]:
        async with stdio_client(server_env(connection)) as client:
            await graph_ready(client)

            async def resumed() -> Any:
                status = await call(client, "auto_ingest_status")
                return [r for r in status["resumed_at_start"] if r["watcher_id"] == watcher_id]

            deadline = time.monotonic() + DEADLINE_S
            while not (entries := await resumed()):
                assert time.monotonic() < deadline, "the watcher was not resumed"
                await asyncio.sleep(0.1)
            assert entries[0]["resumed"], entries
            (root / "app.py").write_text("def third():\n    pass\n")
            await until(lambda: "third" in symbols(graph, repo_id, "app.py"), "the second edit")
            return await call(client, "auto_ingest_stop", roots=[str(root)])

    try:
        status = asyncio.run(first_server())
        assert status["freshness"][repo_id]["watched"]
        stopped = asyncio.run(second_server())
        assert stopped["stopped"][0]["watcher_id"] == watcher_id
        record = graph.run_text(
            "MATCH (w:Watcher {id: $id}) RETURN w.status AS status", id=watcher_id
        )
        assert record == [{"status": "stopped"}]
    finally:
        graph.run_text("MATCH (w:Watcher {id: $id}) DETACH DELETE w", id=watcher_id)
        wipe(graph, repo_id)


def test_serve_root_keeps_the_graph_fresh_by_default_and_no_watch_opts_out(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    """`scripts/run DIR` served a graph that never changed again (`watched: false`)."""
    root = tmp_path / repo_id  # the repo id is the root's name
    root.mkdir()
    (root / "app.py").write_text("def first():\n    pass\n")
    watcher_id = watcher_id_for([str(root.resolve())])

    async def serve(*flags: str) -> dict[str, Any]:
        async with stdio_client(server_env(connection), "--root", str(root), *flags) as client:
            await graph_ready(client)
            await until(lambda: "first" in symbols(graph, repo_id, "app.py"), "the ingest")
            deadline = time.monotonic() + DEADLINE_S
            while (status := await call(client, "auto_ingest_status"))["served_roots"] in {
                "after the ingest"
            }:
                assert time.monotonic() < deadline, "the served roots were never watched"
                await asyncio.sleep(0.1)
            if status["served_roots"] == "watching":
                (root / "app.py").write_text("def second():\n    pass\n")
                await until(lambda: "second" in symbols(graph, repo_id, "app.py"), "the edit")
                refused = await error_of(client, "auto_ingest_stop")  # the operator's watcher
                assert refused["error"] == "forbidden"
            return status

    try:
        watching = asyncio.run(serve())
        assert watching["served_roots"] == "watching"
        assert watching["freshness"][repo_id]["watched"]
        graph.run_text("MATCH (w:Watcher {id: $id}) DETACH DELETE w", id=watcher_id)
        (root / "app.py").write_text("def first():\n    pass\n")
        not_watching = asyncio.run(serve("--no-watch"))
        assert not_watching["served_roots"] == "off"
        assert not not_watching["freshness"].get(repo_id, {}).get("watched")
    finally:
        graph.run_text("MATCH (w:Watcher {id: $id}) DETACH DELETE w", id=watcher_id)
        wipe(graph, repo_id)
