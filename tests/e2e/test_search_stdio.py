"""`search` and `view` through the real server over stdio, on an ingested fixture repo."""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path
from typing import Any

from coderooms.graph.driver import Connection, Graph
from coderooms.ingest.pipeline import ingest_root
from tests.e2e.stdio_client import server_env, stdio_client

FIXTURE = Path(__file__).parents[1] / "fixtures" / "repos" / "python"
GRAPH_DEADLINE_S = 60.0


def test_search_then_view_over_stdio(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = shutil.copytree(FIXTURE, tmp_path / "shop")
    ingest_root(graph, root, repo=repo_id, workers=1, git=False)

    async def run() -> tuple[dict[str, Any], dict[str, Any]]:
        async with stdio_client(server_env(connection)) as client:
            deadline = time.monotonic() + GRAPH_DEADLINE_S
            while True:
                health = (await client.call_tool("health", {"agent_id": "e2e"})).structured_content
                if health["status"] == "ok" or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.2)
            found = await client.call_tool(
                "search",
                {"agent_id": "e2e", "query": "def make_cart", "repo": repo_id, "context_lines": 1},
            )
            hit = found.structured_content["results"][0]
            shown = await client.call_tool(
                "view",
                {
                    "agent_id": "e2e",
                    "path": hit["file"],
                    "repo": repo_id,
                    "start_line": hit["line"],
                    "end_line": hit["line"] + 2,
                },
            )
            return found.structured_content, shown.structured_content

    found, shown = asyncio.run(run())
    assert [(h["file"], h["line"]) for h in found["results"]] == [
        ("shop/models.py", 64),
        ("shop/models.py", 80),
    ]
    hit = found["results"][0]
    assert hit["after"] == [(root / hit["file"]).read_text().split("\n")[64]]
    lines = (root / hit["file"]).read_text().split("\n")
    assert hit["text"] == lines[hit["line"] - 1]
    assert shown["text"].split("\n")[0] == hit["text"]
    assert shown["text"] == "".join(
        line + "\n" for line in lines[hit["line"] - 1 : hit["line"] + 2]
    )
    assert "make_cart" in [symbol["qualname"] for symbol in shown["symbols"]]
    assert shown["disk"]["state"] == "same"
