"""Progress and cancellation over stdio with the official client (issue 17, item 4): `ingest`
sends progress when asked; a cancelled ingest stops at a safe point, the server keeps answering,
and ingesting again completes the graph to exactly what one full ingest writes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import time
from pathlib import Path
from typing import Any

import jsonschema
from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.graph.driver import Connection, Graph
from tests.e2e.raw_stdio import RawServer
from tests.e2e.stdio_client import server_env, stdio_client
from tests.integration.ingest.graph_snapshot import snapshot, wipe

FIXTURE = Path(__file__).parents[1] / "fixtures" / "repos" / "python"
GENERATED_FILES = 1200
DEADLINE_S = 60.0

Seen = list[tuple[float, float | None, str | None]]


def generated_tree(root: Path, files: int) -> Path:
    """A package of `files` modules, each importing and calling the one before it."""
    package = root / "pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for i in range(files):
        before = max(i - 1, 0)
        (package / f"m{i}.py").write_text(
            f"from pkg import m{before}\n\n\n"
            f"def f{i}(x):\n    return m{before}.f{before}(x) + {i}\n\n\n"
            f"class C{i}:\n    def run(self):\n        return f{i}({i})\n"
        )
    return root


async def ready(client: Client[Any]) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while (await client.call_tool("health", {"agent_id": "e2e"})).structured_content[
        "status"
    ] != "ok":
        assert time.monotonic() < deadline, "the graph never became ready"
        await asyncio.sleep(0.2)


def file_count(graph: Graph, repo: str) -> int:
    rows = graph.run_text("MATCH (f:File {repo: $repo}) RETURN count(f) AS n", repo=repo)
    return int(rows[0]["n"])


def test_ingest_sends_rising_progress_up_to_its_total(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "shop"
    shutil.copytree(FIXTURE, root)
    seen: Seen = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    async def run() -> dict[str, Any]:
        env = server_env(connection, CODEROOMS_EMBEDDINGS="off")
        async with stdio_client(env) as client:
            await ready(client)
            arguments = {"agent_id": "e2e", "roots": [str(root)], "repo": repo_id}
            answer = await client.call_tool("ingest", arguments, progress_handler=on_progress)
            return answer.structured_content or {}

    try:
        answer = asyncio.run(run())
    finally:
        wipe(graph, repo_id)
    assert answer["reports"][0]["files_added"] == 4
    values = [progress for progress, _, _ in seen]
    assert values
    assert values == sorted(set(values))
    last, total, message = seen[-1]
    assert last == total
    assert message == f"{repo_id}: ingested"


def test_a_cancelled_ingest_stops_and_ingesting_again_equals_a_full_ingest(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = generated_tree(tmp_path / "big", GENERATED_FILES)
    twin = tmp_path / "twin"
    shutil.copytree(root, twin)  # same contents, same mtimes
    twin_repo = f"{repo_id}-twin"
    reading = asyncio.Event()

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        if message and " read " in message and 0 < progress < GENERATED_FILES:
            reading.set()

    async def run() -> tuple[int, dict[str, Any], dict[str, Any]]:
        env = server_env(connection, CODEROOMS_EMBEDDINGS="off")
        async with stdio_client(env) as client:
            await ready(client)
            arguments = {"agent_id": "e2e", "roots": [str(root)], "repo": repo_id}
            call = asyncio.create_task(
                client.call_tool("ingest", arguments, progress_handler=on_progress)
            )
            await asyncio.wait_for(reading.wait(), DEADLINE_S)
            call.cancel()  # the client sends notifications/cancelled
            with contextlib.suppress(asyncio.CancelledError):
                await call
            assert (await client.call_tool("health", {"agent_id": "e2e"})).structured_content
            after_cancel = file_count(graph, repo_id)
            again = await ingest_when_free(client, arguments)
            full = await client.call_tool(
                "ingest",
                {"agent_id": "e2e", "roots": [str(twin)], "repo": twin_repo, "mode": "full"},
            )
            return after_cancel, again, full.structured_content or {}

    try:
        after_cancel, again, full = asyncio.run(run())
        # cancelled while reading (the test waits for that): nothing written, and nothing
        # later either: a runaway ingest would hold the root, then leave nothing to add
        assert after_cancel == 0
        assert again["reports"][0]["files_added"] == GENERATED_FILES + 1
        assert again["reports"][0]["files_seen"] == GENERATED_FILES + 1
        assert full["reports"][0]["files_added"] == GENERATED_FILES + 1
        assert snapshot(graph, repo_id) == snapshot(graph, twin_repo)
    finally:
        wipe(graph, repo_id)
        wipe(graph, twin_repo)


async def ingest_when_free(client: Client[Any], arguments: dict[str, Any]) -> dict[str, Any]:
    """The ingest again, once the cancelled one has let go of its root (it stops at its next
    safe point: well within the deadline; a conflict past it fails the test)."""
    deadline = time.monotonic() + DEADLINE_S
    while True:
        try:
            answer = await client.call_tool("ingest", arguments)
            return answer.structured_content or {}
        except ToolError as e:
            if json.loads(str(e))["error"] != "conflict" or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)


def test_advertised_output_schemas_hold_what_is_returned(connection: Connection) -> None:
    async def run() -> tuple[dict[str, Any], dict[str, Any]]:
        async with stdio_client(server_env(connection)) as client:
            await ready(client)
            listed = {tool.name: tool.output_schema for tool in await client.list_tools()}
            health = await client.call_tool("health", {"agent_id": "e2e"})
            return listed, health.structured_content or {}

    listed, health = asyncio.run(run())
    assert all(schema is None or schema.get("properties") for schema in listed.values())
    assert listed["health"] is not None
    jsonschema.validate(health, listed["health"])


def test_a_watchers_catch_up_reports_progress_and_a_cancelled_start_leaves_none_running(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    files = GENERATED_FILES // 2
    root = generated_tree(tmp_path / "watched", files)
    reading = asyncio.Event()
    seen: Seen = []
    first_answered: list[bool] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))
        if message and " read " in message:
            reading.set()

    async def run() -> tuple[int, dict[str, Any]]:
        env = server_env(connection, CODEROOMS_EMBEDDINGS="off")
        async with stdio_client(env) as client:
            await ready(client)
            arguments = {"agent_id": "e2e", "roots": [str(root)], "repo": repo_id}
            call = asyncio.create_task(
                client.call_tool("auto_ingest_start", arguments, progress_handler=on_progress)
            )
            # cancelled once it reads; on a fast machine the catch-up may answer first (a
            # progress message is sent at most every 100 ms): then its watcher is stopped
            waiting = asyncio.ensure_future(reading.wait())
            await asyncio.wait({call, waiting}, timeout=DEADLINE_S,
                               return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
            waiting.cancel()
            call.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                answered = await call
                if answered.structured_content and answered.structured_content.get("started"):
                    first_answered.append(True)
                    await client.call_tool(
                        "auto_ingest_stop", {"agent_id": "e2e", "roots": [str(root)]}
                    )
            status = await start_when_free(client, arguments)
            await client.call_tool("auto_ingest_stop", {"agent_id": "e2e", "roots": [str(root)]})
            return file_count(graph, repo_id), status

    try:
        count, started = asyncio.run(run())
    finally:
        wipe(graph, repo_id)
    assert started["started"] is True  # the cancelled start left no watcher running
    if not first_answered:  # the cancelled catch-up stopped before its write: this one wrote
        assert started["catch_up"]["status"] == "worked"
    assert count == files + 1
    assert seen


async def start_when_free(client: Client[Any], arguments: dict[str, Any]) -> dict[str, Any]:
    """`auto_ingest_start` again, once the cancelled one has stopped (a conflict until then)."""
    deadline = time.monotonic() + DEADLINE_S
    while True:
        try:
            answer = await client.call_tool("auto_ingest_start", arguments)
            return answer.structured_content or {}
        except ToolError as e:
            if json.loads(str(e))["error"] != "conflict" or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)


def test_a_cancelled_request_is_never_answered(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    """On the wire, where no client library drops a late answer for us."""
    root = generated_tree(tmp_path / "raw", GENERATED_FILES)
    server = RawServer(server_env(connection, CODEROOMS_EMBEDDINGS="off"))
    ids = iter(range(1, 1_000_000))

    def call(name: str, arguments: dict[str, Any], **params: Any) -> dict[str, Any]:
        answer = server.request(
            next(ids), "tools/call", {"name": name, "arguments": arguments, **params}, DEADLINE_S
        )
        return answer["result"]

    try:
        server.initialize(DEADLINE_S)
        deadline = time.monotonic() + DEADLINE_S
        while call("health", {"agent_id": "raw"})["structuredContent"]["status"] != "ok":
            assert time.monotonic() < deadline, "the graph never became ready"
            time.sleep(0.2)
        cancelled = 500
        arguments = {"agent_id": "raw", "roots": [str(root)], "repo": repo_id}
        server.send(
            {
                "id": cancelled,
                "method": "tools/call",
                "params": {"name": "ingest", "arguments": arguments, "_meta": {"progressToken": 7}},
            }
        )
        server.wait_for(
            lambda m: (
                m.get("method") == "notifications/progress"
                and " read " in (m["params"].get("message") or "")
            ),
            DEADLINE_S,
        )
        server.send({"method": "notifications/cancelled", "params": {"requestId": cancelled}})
        assert "result" in server.request(next(ids), "ping", {}, DEADLINE_S)
        while call("ingest", arguments).get("isError"):  # conflict until the first lets go
            assert time.monotonic() < deadline + DEADLINE_S, "the cancelled ingest ran on"
            time.sleep(0.1)
        with contextlib.suppress(TimeoutError):  # anything still to come for it
            server.wait_for(lambda m: m.get("id") == cancelled, 1.0)
    finally:
        server.close()
        wipe(graph, repo_id)
    assert [m for m in server.received if m.get("id") == cancelled] == []
