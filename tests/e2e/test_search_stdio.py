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
            # the first hit, after the line of context before it (rows grouped by file)
            ((path, rows),) = found.structured_content["hits"].items()
            line, _ = rows[1].split(":", 1)
            shown = await client.call_tool(
                "view",
                {
                    "agent_id": "e2e",
                    "path": path,
                    "repo": repo_id,
                    "start_line": int(line),
                    "end_line": int(line) + 2,
                    "symbols": True,
                },
            )
            return found.structured_content, shown.structured_content

    found, shown = asyncio.run(run())
    lines = (root / "shop/models.py").read_text().split("\n")
    # `repo` only when the server reads several repos (its roots hold the suite's other tests')
    assert found.get("repo", repo_id) == repo_id
    assert found["hits"] == {  # grep -n -C1 under the file's path, written once
        "shop/models.py": [
            f"63- {lines[62]}",
            f"64: {lines[63]}",
            f"65- {lines[64]}",
            f"79- {lines[78]}",
            f"80: {lines[79]}",
            f"81- {lines[80]}",
        ]
    }
    assert shown["text"] == "".join(line + "\n" for line in lines[63:66])
    assert any(" def make_cart(" in symbol for symbol in shown["symbols"])
    assert "disk" not in shown  # the same as the graph's: no news
