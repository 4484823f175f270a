"""The freshness verbs through the FastMCP app in memory: start, status, tick, alerts, stop;
read-only refusals; bad input as one structured error."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.config import Settings
from coderooms.freshness import repo_freshness
from coderooms.freshness.alerts import Alert, AlertWriter
from coderooms.freshness.state import watcher_id_for
from coderooms.graph.driver import Graph
from coderooms.server import create_server
from coderooms.verbs.context import AppContext, GraphProvider
from tests.integration.freshness.conftest import file_ids
from tests.integration.ingest.graph_snapshot import wipe

AGENT = "freshness-тест"
DEADLINE_S = 20.0

Call = Callable[[str, dict[str, Any]], Awaitable[Any]]


def session(ctx: AppContext, scenario: Callable[[Call], Awaitable[None]]) -> None:
    """Run `scenario` against one server (its in-process watchers live as long as it does)."""

    async def run() -> None:
        async with Client(create_server(ctx)) as client:

            async def call(tool: str, arguments: dict[str, Any]) -> Any:
                result = await client.call_tool(tool, {"agent_id": AGENT, **arguments})
                return result.structured_content

            await scenario(call)

    asyncio.run(run())


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Any:
    path = tmp_path / "served"
    path.mkdir()
    (path / "a.py").write_text("def a():\n    pass\n")
    yield path
    graph.run_text(
        "MATCH (w:Watcher {id: $id}) DETACH DELETE w", id=watcher_id_for([str(path.resolve())])
    )
    wipe(graph, repo_id)


def test_start_status_tick_stop_through_the_verbs(
    app_context: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    async def scenario(call: Call) -> None:
        started = await call(
            "daemon_start", {"roots": [str(root)], "repo": repo_id, "debounce_ms": 50}
        )
        assert started["started"]
        assert started["catch_up"]["roots"][0]["files_added"] == 1
        again = await call("auto_ingest_start", {"roots": [str(root)], "repo": repo_id})
        assert not again["started"]  # already watched here: a no-op

        (root / "b.py").write_text("def b():\n    pass\n")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DEADLINE_S
        while "b.py" not in file_ids(graph, repo_id):
            assert loop.time() < deadline, "the pump did not ingest b.py"
            await asyncio.sleep(0.02)

        status = await call("daemon_status", {})
        mine = [w for w in status["in_process"] if w["roots"][0]["repo"] == repo_id]
        assert mine[0]["state"] == "running"
        assert mine[0]["recent"]
        assert status["freshness"][repo_id]["watched"]
        seen_from_neo4j = repo_freshness(graph, repo_id)
        assert seen_from_neo4j["watched"]
        assert seen_from_neo4j["unacked_alerts"] == {}
        assert any(w["watcher_id"] == mine[0]["watcher_id"] for w in status["watchers"])

        ticked = await call("daemon_tick", {"force": True})
        assert ticked["ticks"][0]["status"] in {"idle", "worked", "coalesced"}

        listed = await call("alerts_list", {"repo": repo_id, "unacked": True})
        assert listed == {"alerts": [], "count": 0}

        stopped = await call("daemon_stop", {"roots": [str(root)]})
        assert stopped["stopped"][0]["watcher_id"] == mine[0]["watcher_id"]
        after = await call("auto_ingest_status", {})
        assert not [w for w in after["in_process"] if w["roots"][0]["repo"] == repo_id]
        record = [w for w in after["watchers"] if w["watcher_id"] == mine[0]["watcher_id"]]
        assert record[0]["status"] == "stopped"

    session(app_context, scenario)


def test_bad_input_is_one_structured_error(app_context: AppContext, tmp_path: Path) -> None:
    async def scenario(call: Call) -> None:
        cases = [
            ("alerts_list", {"severity": "apocalyptic"}, "severity"),
            ("alerts_list", {"kind": "gossip"}, "kind"),
            ("alerts_ack", {"alert_ids": []}, "alert_ids"),
            ("daemon_start", {"roots": []}, "roots"),
            ("daemon_start", {"roots": [str(tmp_path / "nope")]}, "roots[0]"),
        ]
        for tool, arguments, field in cases:
            with pytest.raises(ToolError) as raised:
                await call(tool, arguments)
            payload = json.loads(str(raised.value))
            assert payload["field"] == field, (tool, payload)
        with pytest.raises(ToolError) as raised:
            await call("daemon_tick", {})
        assert json.loads(str(raised.value))["error"] == "not_found"

    session(app_context, scenario)


def test_a_read_only_server_refuses_to_start_a_watcher(
    settings: Settings, graph: Graph, tmp_path: Path
) -> None:
    read_only = settings.model_copy(update={"read_only": True})
    ctx = AppContext(settings=read_only, graphs=GraphProvider.ready(read_only, graph))

    async def scenario(call: Call) -> None:
        with pytest.raises(ToolError) as raised:
            await call("daemon_start", {"roots": [str(tmp_path)]})
        assert json.loads(str(raised.value))["error"] == "forbidden"
        status = await call("daemon_status", {})
        assert status["in_process"] == []

    session(ctx, scenario)


def test_alerts_list_pages_by_cursor(
    app_context: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    writer = AlertWriter(graph)
    alerts = [
        Alert(repo_id, "co_change_prediction", "low", f"f{i}.py", f"p{i}", "usual partner", {})
        for i in range(12)
    ]
    writer.write(alerts, "w", 1_000)
    try:

        async def scenario(call: Call) -> None:
            await call("ingest", {"roots": [str(root)], "repo": repo_id})  # a repo it reads
            whole = await call("alerts_list", {"repo": repo_id})
            assert whole["count"] == 12
            assert "next_cursor" not in whole
            first = await call("alerts_list", {"repo": repo_id, "max_tokens": 300})
            seen = list(first["alerts"])
            assert 0 < len(seen) < 12
            cursor = first.get("next_cursor")
            while cursor:
                page = await call(
                    "alerts_list", {"repo": repo_id, "max_tokens": 300, "cursor": cursor}
                )
                assert page["offset"] == len(seen)
                seen += page["alerts"]
                cursor = page.get("next_cursor")
            assert [a["id"] for a in seen] == [a["id"] for a in whole["alerts"]]
            with pytest.raises(ToolError) as refused:
                await call("alerts_list", {"repo": repo_id, "unacked": True,
                                           "cursor": first["next_cursor"]})  # fmt: skip
            payload = json.loads(str(refused.value))
            assert (payload["error"], payload["field"]) == ("invalid_input", "cursor")

        session(app_context, scenario)
    finally:
        graph.run_text("MATCH (a:Alert {repo_id: $repo}) DETACH DELETE a", repo=repo_id)
