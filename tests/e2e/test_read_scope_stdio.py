"""Graph reads over stdio, with a real server: a repo another process ingested into the shared
graph from a directory this server was not given is never listed, found or shown, and naming
it answers exactly what a repo the graph does not hold answers."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from fastmcp import Client
from mcp.shared.exceptions import MCPError

from coderooms.graph.driver import Connection, Graph
from coderooms.ingest.pipeline import ingest_root
from tests.e2e.stdio_client import server_env, stdio_client
from tests.e2e.test_scope_stdio import call, error, graph_ready
from tests.integration.ingest.graph_snapshot import wipe

SECRET = "zq_e2e_outside_secret_51c0"
SOURCE = "def shared_name(x):\n    return x\n\n\ndef caller():\n    return shared_name(1)\n"


def make_tree(root: Path, extra: dict[str, str]) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "core.py").write_text(SOURCE, encoding="utf-8")
    for name, text in extra.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


async def overview(client: Client[Any], uri: str) -> Any:
    try:
        contents = await client.read_resource(uri)
    except MCPError as e:
        return {"resource_error": str(e)}
    return json.loads(getattr(contents[0], "text", ""))


def test_a_server_reads_only_the_repos_under_its_roots(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    served = make_tree(tmp_path / "served", {})
    outside = make_tree(tmp_path / "elsewhere", {"secret.py": f"TOKEN = '{SECRET}'\n"})
    theirs = f"{repo_id}-theirs"
    ingest_root(graph, outside, repo=theirs, workers=1, git=False)  # another operator's ingest
    their_symbol = f"{theirs}:pkg/core.py::shared_name"

    async def run() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        async with stdio_client(server_env(connection, CODEROOMS_ROOTS=str(served))) as client:
            await graph_ready(client)
            seen["ingest"] = await call(client, "ingest", repo=repo_id)
            seen["health"] = await call(client, "health")
            seen["glob"] = await call(client, "glob", pattern="**/*")
            seen["search"] = await call(client, "search", query="TOKEN")
            seen["seek"] = await call(client, "seek", query="shared_name")
            seen["view"] = await call(client, "view", path="pkg/core.py")
            seen["overview"] = await overview(client, "coderooms://overview")
            seen["their_overview"] = await overview(client, f"coderooms://overview/{theirs}")
            seen["named"] = {
                name: {
                    "theirs": await error(client, "view", path="secret.py", repo=name),
                    "search": await error(client, "search", query="TOKEN", repo=name),
                    "glob": await error(client, "glob", pattern="**/*", repo=name),
                }
                for name in (theirs, "no-such-repo")
            }
            seen["by_id"] = {
                symbol: {
                    "heuristics": await error(client, "heuristics_surface", node_id=symbol),
                    "context": await error(client, "surgical_context", symbol_id=symbol),
                    "impact": await error(client, "impact", symbol=symbol),
                }
                for symbol in (their_symbol, f"{repo_id}:pkg/core.py::nothing_here")
            }
            seen["impact"] = await call(client, "impact", symbol="shared_name")
            seen["perspective"] = await call(client, "perspective_start", query="shared_name")
        return seen

    try:
        seen = asyncio.run(run())
        assert SECRET not in json.dumps(seen, ensure_ascii=False)
        assert str(outside) not in json.dumps(seen, ensure_ascii=False)
        assert seen["health"]["repos"] == [repo_id]
        assert "repo" not in seen["glob"]  # one repo readable: every answer is of it
        assert seen["glob"]["files"]
        assert not seen["search"].get("hits")  # none, in any shape
        assert "repo" not in seen["seek"]
        assert seen["seek"]["symbols"]
        assert "repo" not in seen["view"]  # the path is in both repos: no ambiguity
        assert [r["repo"] for r in seen["overview"]["repos"]] == [repo_id]
        assert "not_found" in seen["their_overview"]["resource_error"]
        assert "repo" not in seen["impact"]
        assert seen["perspective"]["status"] == "bound"
        for verb, refusal in seen["named"][theirs].items():
            unknown = seen["named"]["no-such-repo"][verb]
            assert refusal["error"] == unknown["error"] == "not_found", verb
            assert refusal["message"].replace(theirs, "X") == unknown["message"].replace(
                "no-such-repo", "X"
            )
        for verb, refusal in seen["by_id"][their_symbol].items():
            unknown = seen["by_id"][f"{repo_id}:pkg/core.py::nothing_here"][verb]
            assert refusal["error"] == unknown["error"] == "not_found", verb
    finally:
        wipe(graph, repo_id)
        wipe(graph, theirs)
