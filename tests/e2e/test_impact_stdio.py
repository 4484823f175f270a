"""`impact` through a real MCP client over stdio: listed read-only, callers and tests of a
symbol, the working tree after an edit, a hostile revision refused with the JSON error
contract, and paging by cursor."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from coderooms.graph.driver import Connection, Graph
from tests.answer_rows import rows_of
from tests.e2e.stdio_client import server_env, stdio_client
from tests.e2e.test_scope_stdio import error, graph_ready
from tests.integration.impact.test_impact import git_fixture

AGENT = "e2e-impact"


def test_impact_over_stdio(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = git_fixture(tmp_path / "impact repo")

    async def run() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        async with stdio_client(server_env(connection)) as client:

            async def call(**arguments: Any) -> Any:
                result = await client.call_tool("impact", {"agent_id": AGENT, **arguments})
                seen.setdefault("sizes", []).append(len(result.content[0].text))
                return result.structured_content

            await graph_ready(client)
            tools = {tool.name: tool for tool in await client.list_tools()}
            seen["hints"] = tools["impact"].annotations
            seen["arguments"] = set(tools["impact"].input_schema["properties"])
            ingest = {"agent_id": AGENT, "roots": [str(root)], "repo": repo_id}
            await client.call_tool("ingest", ingest)
            seen["helper"] = await call(symbol="helper", repo=repo_id, depth=2)
            seen["partners"] = await call(symbol="helper", repo=repo_id, sections=["co_changes"])
            core = root / "pkg" / "core.py"
            core.write_text(core.read_text().replace("helper(y) * 2", "helper(y) * 3"))
            await client.call_tool("ingest", ingest)
            seen["working"] = await call(changes="working", repo=repo_id, depth=1)
            seen["hostile"] = await error(client, "impact", changes="HEAD..--output=x",
                                          repo=repo_id)  # fmt: skip
            paged = {"symbol": "helper", "repo": repo_id, "depth": 3, "max_items": 4,
                     "sections": ["callers"]}  # fmt: skip
            seen["pages"] = [await call(**paged)]  # callers alone: the tests' rows too
            cursor = seen["pages"][0]["affected"]["next_cursor"]
            seen["pages"].append(await call(**paged, cursor=cursor))
        return seen

    seen = asyncio.run(run())
    assert seen["hints"].read_only_hint is True
    assert seen["hints"].destructive_hint is False
    assert {"symbol", "path", "changes", "repo", "depth", "max_items", "cursor"} <= seen[
        "arguments"
    ]
    helper = seen["helper"]
    # `hop path:line caller -> reached (via conf)`: a seed by its qualname, `::qualname` in the
    # row's own file, else the id
    assert [r.split(" (")[0] for r in rows_of(helper["affected"])] == [
        "1 pkg/core.py:9 compute",  # a call of the one seed: the seeds name it
        "2 pkg/core.py:14 Engine.run -> ::compute",
        "2 pkg/service.py:5 serve -> pkg/core.py::compute",
    ]
    # the tests are looked for past the rows' depth: test_serve reaches helper at hop 3; a
    # test's row is said there once (not in `affected`), under its file and hop
    assert rows_of(helper["tests"]) == {
        "hop 1": {"tests/test_core.py": ["test_helper"]},
        "hop 3": {"tests/test_service.py": ["test_serve"]},
    }
    assert "co_changes" not in helper  # a section asked for by name
    partners = seen["partners"]
    # lower_bound only when true; `repo` only when the server reads several repos
    assert set(partners) - {"repo"} == {"seeds", "co_changes"}
    # one list by weight, the tie at 1 counted with the command that lists it
    assert partners["co_changes"]["items"] == ["README.md 4", "tests/test_core.py 3"]
    assert partners["co_changes"]["more"].startswith("+5 more, weight <= 1: ")
    working = seen["working"]
    assert working["changed"]["files"] == [
        {"path": "pkg/core.py", "status": "modified", "symbols": 1}
    ]
    assert working["seeds"] == ["pkg/core.py::compute"]  # given whole and alone: its rows
    assert set(rows_of(working["affected"])) == {"pkg/core.py", "pkg/service.py"}  # 1 hop: by file
    assert {r.split(" ")[1] for rows in rows_of(working["affected"]).values() for r in rows} == {
        "Engine.run",
        "serve",
    }
    assert seen["hostile"]["error"] == "invalid_input"
    assert seen["hostile"]["field"] == "changes"
    assert not (root / "x").exists()
    first, second = seen["pages"]
    assert first["affected"]["total"] == 6
    assert count(rows_of(first["affected"])) == 4
    assert count(rows_of(second["affected"])) == 2
    assert "next_cursor" not in second["affected"]
    assert max(seen["sizes"]) < 6_000
    json.dumps(seen["pages"])  # plain JSON all through


def count(items: list[str] | dict[str, list[str]]) -> int:
    """Rows in a list, flat (several hops) or under their files (one hop)."""
    return len(items) if isinstance(items, list) else sum(map(len, items.values()))
