"""The perspective room through a real MCP client over stdio: start -> routes -> follow -> back
-> branch -> compare -> close, with the route_set_stale, navigation_at_root, route-reference and
ownership errors as the client sees them."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from fastmcp.exceptions import ToolError

from coderooms.graph.driver import Connection, Graph
from tests.e2e.stdio_client import server_env, stdio_client
from tests.integration.perspective.routes_fixture import build_tree

GRAPH_DEADLINE_S = 60.0
VERBS = (
    "start", "routes", "inspect", "peek", "follow", "suggest", "affinity", "branch", "back",
    "compare", "list", "close",
)  # fmt: skip


def test_perspective_round_trip_over_stdio(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = build_tree(tmp_path / "persp shop")
    agent = "e2e-perspective-🤖"

    async def run() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        async with stdio_client(server_env(connection)) as client:

            async def call(verb: str, who: str = agent, **arguments: Any) -> Any:
                result = await client.call_tool(verb, {"agent_id": who, **arguments})
                return result.structured_content

            async def error(verb: str, who: str = agent, **arguments: Any) -> dict[str, Any]:
                try:
                    await client.call_tool(verb, {"agent_id": who, **arguments})
                except ToolError as e:
                    return dict(json.loads(str(e)))
                raise AssertionError(f"{verb} did not fail")

            deadline = time.monotonic() + GRAPH_DEADLINE_S
            while (await call("health"))["status"] != "ok" and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
            tools = {tool.name: tool for tool in await client.list_tools()}
            seen["tools"] = {v: tools.get(f"perspective_{v}") is not None for v in VERBS}
            seen["annotations"] = tools["perspective_follow"].annotations
            await call("ingest", roots=[str(root)], repo=repo_id)
            node = f"{repo_id}:shop/orders.py::place_order"
            start = await call("perspective_start", query=node, repo=repo_id)
            seen["start"] = start
            pid, version = start["perspective_id"], start["route_set_version"]
            seen["routes"] = await call("perspective_routes", perspective_id=pid, page=1, size=3)
            paged = {"perspective_id": pid, "size": 10, "max_tokens": 120}
            pages = [await call("perspective_routes", **paged)]
            while pages[-1].get("next_cursor"):
                cursor = pages[-1]["next_cursor"]
                pages.append(await call("perspective_routes", **paged, cursor=cursor))
            seen["pages"] = pages
            seen["bad_cursor"] = await error("perspective_routes", perspective_id=pid, cursor="4")
            ref = {"perspective_id": pid, "route_set_version": version}
            seen["both"] = await error("perspective_inspect", **ref, route_id="R_x", route_index=1)
            seen["neither"] = await error("perspective_inspect", **ref)
            seen["zero"] = await error("perspective_inspect", **ref, route_index=0)
            seen["foreign"] = await error("perspective_routes", "someone-else", perspective_id=pid)
            seen["at_root"] = await error("perspective_back", perspective_id=pid)
            seen["follow"] = await call("perspective_follow", **ref, route_index=1)
            seen["stale"] = await error("perspective_inspect", **ref, route_index=1)
            seen["back"] = await call("perspective_back", perspective_id=pid)
            seen["follow2"] = await call(
                "perspective_follow", perspective_id=pid,
                route_set_version=seen["back"]["route_set_version"], route_index=1,
            )  # fmt: skip
            seen["branch"] = await call("perspective_branch", perspective_id=pid)
            seen["compare"] = await call(
                "perspective_compare", perspective_a=pid,
                perspective_b=seen["branch"]["perspective_id"],
            )  # fmt: skip
            seen["list"] = await call("perspective_list")
            seen["close"] = await call("perspective_close", perspective_id=pid)
            seen["closed"] = await error("perspective_routes", perspective_id=pid)
            await call("perspective_close", perspective_id=seen["branch"]["perspective_id"])
        return seen

    seen = asyncio.run(run())
    assert all(seen["tools"].values()), seen["tools"]
    assert seen["annotations"].read_only_hint is False  # it writes session state (the focus)
    assert seen["annotations"].idempotent_hint is False  # a repeat moves again
    start = seen["start"]
    assert start["status"] == "bound"
    assert start["focus"]["node_id"] == f"{repo_id}:shop/orders.py::place_order"
    assert start["total_routes"] > 0
    assert seen["routes"]["size"] == 3
    assert seen["routes"]["routes"] == start["routes"][:3]
    pages = seen["pages"]
    assert len(pages) > 1  # the budget cut the first page; each cursor went on from there
    indexes = [route["route_index"] for page in pages for route in page["routes"]]
    assert indexes == list(range(1, start["total_routes"] + 1))  # every route once, in order
    assert [page.get("offset", 0) for page in pages] == [
        sum(len(p["routes"]) for p in pages[:n]) for n in range(len(pages))
    ]
    assert (seen["bad_cursor"]["error"], seen["bad_cursor"]["field"]) == ("invalid_input", "cursor")
    assert seen["both"]["error"] == "route_ref_ambiguous"
    assert seen["neither"]["error"] == "route_ref_missing"
    assert (seen["zero"]["error"], seen["zero"]["field"]) == ("route_index_invalid", "route_index")
    assert seen["foreign"]["error"] == "not_found"
    assert seen["at_root"]["error"] == "navigation_at_root"
    assert seen["follow"]["focus"]["node_id"] == start["routes"][0]["target_id"]
    assert seen["follow"]["depth"] == 1
    assert seen["stale"]["error"] == "route_set_stale"
    assert "perspective_routes" in seen["stale"]["hint"]
    assert seen["back"]["focus"] == start["focus"]
    assert seen["back"]["depth"] == 0
    assert seen["branch"]["parent_id"] == start["perspective_id"]
    assert seen["branch"]["focus"] == seen["follow2"]["focus"]
    compare = seen["compare"]
    assert compare["depth"] == {"a": 1, "b": 1, "delta": 0}
    assert compare["nodes"]["only_a"]["count"] == compare["nodes"]["only_b"]["count"] == 0
    assert compare["same_focus"] is True
    assert len(seen["list"]["perspectives"]) == 2
    assert seen["close"]["closed"] is True
    assert seen["closed"]["error"] == "not_found"
    rows = graph.run_text(
        "MATCH (p:Perspective) WHERE p.agent_id = $agent RETURN count(p) AS n", agent=agent
    )
    assert rows[0]["n"] == 0
