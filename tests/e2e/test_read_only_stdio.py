"""`serve --read-only` over stdio against a real Neo4j (issue 15, item 5): it writes nothing,
neither the `--root` it was given nor an agent record, and lists only the verbs that write
nothing; `--allow-session-state` adds the session-state verbs and nothing else."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from typing import Any

from coderooms.graph.driver import Connection, Graph
from tests.e2e.stdio_client import server_env, stdio_client
from tests.e2e.test_scope_stdio import error, graph_ready

READERS = {
    "health", "help", "auto_ingest_status", "daemon_status", "alerts_list", "search", "glob",
    "view", "batch_view", "seek", "activate", "heuristics_surface", "surgical_context", "impact",
    "notes", "cypher", "dead_code",
}  # fmt: skip
SESSION_WRITERS = {
    "alerts_ack", "surgical_context_v2", "edit_preview", "perspective_start",
    "perspective_routes", "perspective_inspect", "perspective_peek", "perspective_follow",
    "perspective_suggest", "perspective_affinity", "perspective_branch", "perspective_back",
    "perspective_compare", "perspective_list", "perspective_close",
    "note", "note_update", "note_delete",  # notes live in the session store
}  # fmt: skip


def graph_counts(graph: Graph, root: Path, agent: str) -> dict[str, int]:
    rows = graph.run_text(
        "RETURN COUNT { MATCH (r:Repo) WHERE r.root STARTS WITH $root } AS repos, "
        "COUNT { MATCH (f:File) WHERE f.path = 'marker_module.py' } AS files, "
        "COUNT { MATCH (a:Agent {agent_id: $agent}) } AS agents",
        root=str(root),
        agent=agent,
    )
    return {key: int(value) for key, value in rows[0].items()}


def test_read_only_writes_nothing_and_lists_only_readers(
    connection: Connection, graph: Graph, tmp_path: Path
) -> None:
    root = tmp_path / f"ro-{uuid.uuid4().hex[:8]}"
    root.mkdir()
    (root / "marker_module.py").write_text("def marker_function():\n    return 1\n")
    agent = f"e2e-ro-{uuid.uuid4().hex[:8]}"

    async def run() -> tuple[dict[str, Any], set[str], dict[str, Any]]:
        async with stdio_client(
            server_env(connection), "--read-only", "--root", str(root)
        ) as client:
            health = await graph_ready(client)
            tools = {tool.name for tool in await client.list_tools()}
            for verb in ("health", "help", "search"):
                arguments = {"query": "marker_function"} if verb == "search" else {}
                await client.call_tool(verb, {"agent_id": agent, **arguments})
            refused = await error(client, "ingest")
            return health, tools, refused

    health, tools, refused = asyncio.run(run())
    assert tools == READERS
    assert health["read_only"] is True
    assert health["startup_ingest"] == {str(root): "not ingested: this server is read-only"}
    assert refused["error"] == "forbidden"
    assert graph_counts(graph, root, agent) == {"repos": 0, "files": 0, "agents": 0}


def test_allowing_session_state_serves_the_session_writers_only(
    connection: Connection, graph: Graph, tmp_path: Path
) -> None:
    agent = f"e2e-ro-{uuid.uuid4().hex[:8]}"

    async def run() -> set[str]:
        env = server_env(connection)
        async with stdio_client(env, "--read-only", "--allow-session-state") as client:
            await graph_ready(client)
            await client.call_tool("perspective_list", {"agent_id": agent})
            return {tool.name for tool in await client.list_tools()}

    assert asyncio.run(run()) == READERS | SESSION_WRITERS
    assert graph_counts(graph, tmp_path, agent)["agents"] == 1
