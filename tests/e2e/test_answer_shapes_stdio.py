"""Issue 30's argument and answer shapes through the real server over stdio (default preset, a
real MCP client): `sections` of `impact` and `surgical_context`, `view` by symbol, `seek` by
name and its `none`, grouped search hits and an empty search's reason, `glob`'s skipped files,
and no envelope field without news (no freshness, no hash, no proof state on a core server)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from coderooms.graph.driver import Connection, Graph
from tests.answer_rows import rows_of
from tests.e2e.stdio_client import server_env, stdio_client
from tests.e2e.test_scope_stdio import graph_ready
from tests.integration.impact.test_impact import git, git_fixture

AGENT = "e2e-shapes"


def test_answers_hold_what_was_asked(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = git_fixture(tmp_path / "shapes repo")
    (root / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00")
    git(root, "add", "logo.png")
    git(root, "commit", "-q", "-m", "a logo")
    env = {k: v for k, v in server_env(connection).items() if k != "CODEROOMS_TOOLS"}

    async def run() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        async with stdio_client(env) as client:

            async def call(verb: str, **arguments: Any) -> Any:
                result = await client.call_tool(
                    verb, {"agent_id": AGENT, "repo": repo_id, **arguments},
                    raise_on_error=False,
                )  # fmt: skip
                seen.setdefault("blocks", {})[verb] = [c.text for c in result.content]
                return json.loads(result.content[0].text)

            await graph_ready(client)
            await client.call_tool("ingest", {"agent_id": AGENT, "roots": [str(root)],
                                              "repo": repo_id})  # fmt: skip
            seen["callers"] = await call("impact", symbol="helper", depth=1,
                                         sections=["callers"])  # fmt: skip
            seen["tests"] = await call("impact", symbol="helper", sections=["tests"])
            seen["co"] = await call("impact", symbol="helper", sections=["co_changes"])
            seen["context"] = await call("surgical_context", path="pkg/core.py")
            seen["imports"] = await call("surgical_context", path="pkg/service.py",
                                         sections=["imports", "importers"])  # fmt: skip
            seen["view"] = await call("view", symbol="Engine.run")
            seen["seek"] = await call("seek", query="compute")
            seen["none"] = await call("seek", query="no_such_thing")
            seen["hits"] = await call("search", query="compute(")
            seen["empty"] = await call("search", query="x", path_glob="nowhere/**")
            seen["glob"] = await call("glob", pattern="**")
        return seen

    seen = asyncio.run(run())
    blocks = seen.pop("blocks")
    for answer in seen.values():  # `repo` only when the server reads several repos, as it
        assert answer.pop("repo", repo_id) == repo_id  # does after the suite's other tests
    callers = seen["callers"]
    # nothing else: no lower_bound (it is not one), no totals (every row is listed)
    assert set(callers) == {"seeds", "affected"}
    assert callers["seeds"] == ["pkg/core.py:4-5 helper"]  # given whole and alone: its rows
    # one hop: the rows say none, under their file's path; the one seed: not named
    assert {path: [r.split(" (")[0] for r in rows]
            for path, rows in rows_of(callers["affected"]).items()} == {
        "pkg/core.py": ["9 compute"],
        "tests/test_core.py": ["5 test_helper"],
    }  # fmt: skip
    assert set(callers["affected"]) == {"pkg/core.py", "tests/test_core.py"}  # its rows alone
    assert "affected" not in seen["tests"]
    # within 5 hops whatever the depth: test_serve reaches helper through serve and compute
    # each file with how many of its symbols reach the seeds (asked alone: no rows to name);
    # the hop per group, where it tells the files apart
    assert rows_of(seen["tests"]["tests"]) == {
        "hop 1": {"tests/test_core.py": 1},
        "hop 3": {"tests/test_service.py": 1},
    }
    # one list by weight, the tie at 1 counted with the command that lists it
    assert seen["co"]["co_changes"]["items"] == ["README.md 4", "tests/test_core.py 3"]
    assert seen["co"]["co_changes"]["more"].startswith("+5 more, weight <= 1: ")
    context = seen["context"]
    assert set(context) == {"lines", "users", "completeness", "tests", "co_changes"}
    assert context["completeness"]["names"] == {"run": 1}  # `job.run()` in loose.py
    assert context["users"] == ["pkg/service.py: 3 calls (serve)"]  # whole: the rows alone
    assert context["tests"] == ["tests/test_core.py: 1 call"]
    imports = seen["imports"]
    assert imports["imports"] == ["pkg/core.py:1"]  # nothing outside the repo: the rows alone
    assert imports["importers"] == ["pkg/api.py", "tests/test_service.py"]
    assert seen["view"]["symbol"] == "pkg/core.py:13-14 Engine.run"
    # the body a text block of its own after the JSON, as the file holds it, not escaped
    assert "text" not in seen["view"]
    assert blocks["view"][1].startswith("    def run(self):\n")
    assert "hash" not in seen["view"]
    assert seen["seek"]["symbols"] == ["pkg/core.py:8-9 def compute(y)"]
    assert "proof_state" not in seen["seek"]
    assert seen["none"] == {"none": "no symbol is named 'no_such_thing'"}
    assert seen["hits"]["hits"] == {  # each hit without its indentation (no context to share)
        "pkg/core.py": ["8: def compute(y):", "14: return compute(len(os.sep))"],
        "pkg/service.py": ["5: return compute(1) + Engine().run()"],
    }
    # an empty answer is one line: what was searched, why nothing; no empty list
    assert seen["empty"] == {
        "none": "no ingested file matches path_glob 'nowhere/**' (glob lists the files)"
    }
    assert seen["glob"]["skipped"] == {"binary": ["logo.png"]}
    files = seen["glob"]["files"]  # by directory, each written once; every file: no total
    assert sum(map(len, files.values())) == 8
    assert "total" not in seen["glob"]
    assert files["pkg/"][0] == "__init__.py"  # a name a row, no line count
    for answer in seen.values():
        assert "freshness" not in answer
