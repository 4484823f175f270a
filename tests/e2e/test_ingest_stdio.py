from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path
from typing import Any

from coderooms.graph.driver import Connection, Graph
from tests.e2e.stdio_client import server_env, stdio_client

FIXTURE = Path(__file__).parents[1] / "fixtures" / "repos" / "python"
GRAPH_DEADLINE_S = 60.0


def test_ingest_over_stdio_then_health_counts(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "shop repo"
    shutil.copytree(FIXTURE, root)

    async def run() -> tuple[dict[str, Any], dict[str, Any]]:
        async with stdio_client(server_env(connection)) as client:
            deadline = time.monotonic() + GRAPH_DEADLINE_S
            while True:
                health = (await client.call_tool("health", {"agent_id": "e2e"})).structured_content
                if health["status"] == "ok" or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.2)
            arguments = {"agent_id": "e2e", "roots": [str(root)], "repo": repo_id}
            first = (await client.call_tool("ingest", arguments)).structured_content
            second = (await client.call_tool("ingest", arguments)).structured_content
            return first["reports"][0], second["reports"][0]

    first, second = asyncio.run(run())
    assert first["repo"] == repo_id
    assert first["files_added"] == 4
    assert first["writes"]["symbols_written"] > 0
    assert second["files_unchanged"] == second["files_seen"] == 4
    assert second["writes"]["edges_written"] == 0
    rows = graph.run_text(
        "MATCH (s:Symbol {repo: $repo, qualname: 'make_cart'}) RETURN s.file AS file", repo=repo_id
    )
    assert rows == [{"file": "shop/models.py"}]
