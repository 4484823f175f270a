"""`dead_code` on a real Neo4j through the in-memory MCP server: what nothing references is
`sure` only when no unresolved call site, no mention of its name and no name built at run time
could be a use of it; each rule leaves out what it says, and says so."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.config import Settings
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.server import create_server
from coderooms.verbs.context import AppContext, GraphProvider

MOD = """import functools


def _used():
    return 1


def _passed():
    return 2


@functools.lru_cache
def _decorated():
    return _used()


class _Base:
    def hook(self):
        pass


class _Child(_Base):
    def hook(self):
        return 3


class _Loader:
    def find_spec(self, name, path, target=None):
        return None


class _Visitor:
    def dispatch(self, kind):
        return getattr(self, "visit_" + kind)()

    def visit_call(self):
        return 1


def _recursive_dead(n):
    return _recursive_dead(n - 1) if n else 0


def _really_dead():
    return 0


def _guessed(x):
    return x.maybe_called()


def maybe_called():
    return 5


def _run():
    register(_passed)
    _Loader()
    return _Child().hook() + _guessed(object()) + _Visitor().dispatch("call")
"""


def call(ctx: AppContext, **arguments: Any) -> Any:
    async def run() -> Any:
        async with Client(create_server(ctx)) as client:
            result = await client.call_tool("dead_code", {"agent_id": "a", **arguments})
            return result.structured_content

    return asyncio.run(run())


@pytest.fixture
def ctx(settings: Settings, graph: Graph, tmp_path: Path, repo_id: str) -> AppContext:
    root = tmp_path / "dead"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "_mod.py").write_text(MOD)
    (root / "pkg" / "__main__.py").write_text(
        "from pkg._mod import _run\n\n\ndef main():\n    _run()\n"
    )
    (root / "pkg" / "api.py").write_text("def public_unused():\n    return 4\n")
    (root / "reporter.ts").write_text("export default function report() {\n  return 1;\n}\n")
    (root / "docs.md").write_text("Call `_documented` to start.\n")
    (root / "pkg" / "_doc.py").write_text("def _documented():\n    return 1\n")
    (root / "tests").mkdir()
    (root / "tests" / "test_mod.py").write_text("def test_nothing():\n    assert True\n")
    ingest_root(graph, root, repo=repo_id, workers=1, git=False, embed=False)
    scoped = settings.model_copy(update={"roots": [tmp_path]})
    return AppContext(settings=scoped, graphs=GraphProvider.ready(scoped, graph))


def test_sure_only_when_nothing_could_name_it(ctx: AppContext, repo_id: str) -> None:
    found = call(ctx, repo=repo_id)
    items = found["items"]
    sure = [i for i in items if i.startswith("sure ")]
    assert sure == [
        "sure pkg/_mod.py:40-41 function _recursive_dead",  # calls itself only
        "sure pkg/_mod.py:44-45 function _really_dead",
    ]
    low = {i.split(" ")[3].split(":")[0]: i for i in items if i.startswith("low ")}
    assert "named at pkg/_mod.py:57" in low["_passed"]  # a callback passed by name
    assert "named at docs.md:1" in low["_documented"]
    assert "unresolved call sites pkg/_mod.py:49 x.maybe_called" in low["maybe_called"]
    assert "a name built from 'visit_'" in low["_Visitor.visit_call"]
    assert set(low) == {"_passed", "_documented", "maybe_called", "_Visitor.visit_call"}
    assert found["left_out"] == {
        "decorated": 1,  # _decorated
        "entry_point": 1,  # main
        "override": 1,  # _Base.hook, called as _Child.hook
        "protocol": 1,  # _Loader.find_spec
        "public_api": 2,  # pkg/api.py public_unused, reporter.ts report
        "test": 1,  # tests/test_mod.py test_nothing
    }
    assert (found["sure"], found["low"]) == (2, 4)


def test_left_out_and_public_on_request(ctx: AppContext, repo_id: str) -> None:
    left = call(ctx, repo=repo_id, left_out=True)["items"]
    assert {row.rsplit(": ", 1)[-1] for row in left} == {
        "decorated", "override", "protocol", "entry_point", "test", "public_api",
    }  # fmt: skip
    assert "left out pkg/_mod.py:13-14 function _decorated: decorated" in left
    assert "left out pkg/api.py:1-2 function public_unused: public_api" in left
    public = call(ctx, repo=repo_id, include_public=True, confidence="sure")
    assert "sure pkg/api.py:1-2 function public_unused" in public["items"]
    assert public["left_out"].get("public_api") is None
    assert all(i.startswith("sure ") for i in public["items"])
    low = call(ctx, repo=repo_id, include_public=True, confidence="low")["items"]
    assert (
        "low reporter.ts:1-3 function report: the default export of its module "
        "(imported by the module's path)"
    ) in low
    page = call(ctx, repo=repo_id, limit=1)
    assert len(page["items"]) == 1
    assert page["items"][0] == call(ctx, repo=repo_id)["items"][0]
    rest = call(ctx, repo=repo_id, limit=1, cursor=page["next_cursor"])
    assert rest["items"] == [call(ctx, repo=repo_id)["items"][1]]


def test_an_ingest_moves_the_answer(
    ctx: AppContext, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    """One server: its cached analysis is the graph generation's, so an ingest moves it."""
    root = tmp_path / "dead"
    user = "from pkg._mod import _really_dead\n\n\ndef main():\n    _really_dead()\n"

    async def run() -> tuple[Any, Any, Any]:
        async with Client(create_server(ctx)) as client:
            ask = {"agent_id": "a", "repo": repo_id, "confidence": "sure"}
            first = (await client.call_tool("dead_code", ask)).structured_content
            again = (await client.call_tool("dead_code", ask)).structured_content
            (root / "pkg" / "_user.py").write_text(user)
            ingest_root(graph, root, repo=repo_id, workers=1, git=False, embed=False)
            after = (await client.call_tool("dead_code", ask)).structured_content
            return first, again, after

    first, again, after = asyncio.run(run())
    assert "sure pkg/_mod.py:44-45 function _really_dead" in first["items"]
    assert again == first
    assert after["items"] == ["sure pkg/_mod.py:40-41 function _recursive_dead"]


def test_bad_input(ctx: AppContext, repo_id: str) -> None:
    with pytest.raises(ToolError) as raised:
        call(ctx, repo=repo_id, confidence="certain")
    assert json.loads(str(raised.value))["field"] == "confidence"
    for path in ("pkg\x00", "x" * 5000, "pkg\\mod.py"):
        with pytest.raises(ToolError) as raised:
            call(ctx, repo=repo_id, path=path)
        assert json.loads(str(raised.value))["field"] == "path"
    assert call(ctx, repo=repo_id, path="pkg/")["items"]
    assert call(ctx, repo=repo_id, path="nowhere/")["items"] == []
    with pytest.raises(ToolError) as raised:
        call(ctx, repo="not-a-repo-here")
    assert json.loads(str(raised.value))["error"] == "not_found"
