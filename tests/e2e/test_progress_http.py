"""Progress and cancellation over the streamable HTTP transport with the official client: the
same middleware as stdio, the notifications on the request's own stream."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from fastmcp import Client
from fastmcp.client.transports import StreamableHttpTransport

from coderooms.graph.driver import Connection, Graph
from tests.e2e.http_server import http_server
from tests.e2e.stdio_client import server_env
from tests.e2e.test_progress_cancel_stdio import (
    DEADLINE_S,
    GENERATED_FILES,
    file_count,
    generated_tree,
    ingest_when_free,
    ready,
)
from tests.integration.ingest.graph_snapshot import wipe


def test_ingest_over_http_reports_progress_and_stops_when_cancelled(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = generated_tree(tmp_path / "big", GENERATED_FILES)
    reading = asyncio.Event()
    seen: list[float] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append(progress)
        if message and " read " in message and 0 < progress < GENERATED_FILES:
            reading.set()

    async def run(port: int) -> tuple[int, dict[str, Any]]:
        async with Client(StreamableHttpTransport(f"http://127.0.0.1:{port}/mcp")) as client:
            await ready(client)
            arguments = {"agent_id": "e2e", "roots": [str(root)], "repo": repo_id}
            call = asyncio.create_task(
                client.call_tool("ingest", arguments, progress_handler=on_progress)
            )
            await asyncio.wait_for(reading.wait(), DEADLINE_S)
            call.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await call
            after_cancel = file_count(graph, repo_id)
            again = await ingest_when_free(client, arguments)
            return after_cancel, again

    env = server_env(connection, CODEROOMS_EMBEDDINGS="off")
    env.pop("CODEROOMS_HTTP_TOKEN", None)
    try:
        with http_server(env) as port:
            after_cancel, again = asyncio.run(run(port))
    finally:
        wipe(graph, repo_id)
    assert seen == sorted(set(seen))
    assert after_cancel == 0
    assert again["reports"][0]["files_added"] == GENERATED_FILES + 1
