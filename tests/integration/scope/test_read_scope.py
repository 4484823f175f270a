"""Graph reads are scoped to the operator's roots: a repo another process ingested from a
directory this server was never given is in the shared graph, yet no read verb lists it, finds
it, shows it or names it; asking for it by repo id or node id answers `not_found`, exactly as for
a repo or id the graph does not hold.

Two repos share one graph: `inside` under the served root, `outside` next to it, with a planted
secret in its files and the same paths and names as `inside` (so an unscoped lookup would find
both: "exists in several repos", an ambiguous focus). Every verb is called through the in-memory
MCP server."""

from __future__ import annotations

import asyncio
import json
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError
from mcp.shared.exceptions import MCPError

from coderooms.config import Settings
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.server import create_server
from coderooms.verbs.context import AppContext, GraphProvider

AGENT = "read-scope"
SECRET = "zq_outside_secret_4b9e17"
ECHOES = ("query", "index_literal", "tokens", "identifiers")
"""Keys of an answer that repeat the agent's own query."""
INSIDE_MOD = (
    "def compute_total(items):\n    return sum(items)\n\n\n"
    "def helper():\n    return compute_total([1, 2])\n"
)
INSIDE_TEST = "from pkg.mod import compute_total\n\n\ndef test_total():\n    compute_total([])\n"
OUTSIDE_MOD = (
    f'TOKEN = "{SECRET}"\n\n\n'
    "def compute_total(items):\n    return TOKEN\n\n\n"
    "def outside_only_function():\n    return compute_total([TOKEN])\n"
)


@dataclass(frozen=True)
class Repos:
    served: Path
    inside: str
    outside: str
    outside_root: Path

    def outside_id(self, path: str = "pkg/mod.py", qualname: str = "outside_only_function") -> str:
        return f"{self.outside}:{path}::{qualname}"


def write(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def repos(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Repos:
    base = tmp_path_factory.mktemp("read-scope")
    tag = uuid.uuid4().hex[:8]
    inside = write(base / "served" / "inside", {"pkg/mod.py": INSIDE_MOD,
                                                "tests/test_mod.py": INSIDE_TEST})  # fmt: skip
    outside = write(base / "elsewhere" / "outside", {
        "pkg/mod.py": OUTSIDE_MOD,
        "pkg/secrets.py": f'API_KEY = "{SECRET}"\n',
        "tests/test_mod.py": INSIDE_TEST,
        "notes.md": f"the key is {SECRET}\n",
    })  # fmt: skip
    found = Repos(base / "served", f"in-{tag}", f"out-{tag}", outside)
    ingest_root(graph, inside, repo=found.inside, workers=1, git=False)
    ingest_root(graph, outside, repo=found.outside, workers=1, git=False)
    return found


def context(settings: Settings, graph: Graph, roots: list[Path]) -> AppContext:
    scoped = settings.model_copy(update={"roots": roots})
    return AppContext(settings=scoped, graphs=GraphProvider.ready(scoped, graph))


@pytest.fixture
def server(settings: Settings, graph: Graph, repos: Repos) -> AppContext:
    """A server given only `served/`: `outside` was ingested by someone else."""
    return context(settings, graph, [repos.served])


async def _call(ctx: AppContext, tool: str, arguments: dict[str, Any]) -> Any:
    async with Client(create_server(ctx)) as client:
        result = await client.call_tool(tool, {"agent_id": AGENT, **arguments})
        return result.structured_content


def call(ctx: AppContext, tool: str, **arguments: Any) -> Any:
    return asyncio.run(_call(ctx, tool, arguments))


def error(ctx: AppContext, tool: str, **arguments: Any) -> dict[str, Any]:
    with pytest.raises(ToolError) as raised:
        call(ctx, tool, **arguments)
    return dict(json.loads(str(raised.value)))


def resource(ctx: AppContext, uri: str) -> Any:
    async def run() -> Any:
        async with Client(create_server(ctx)) as client:
            contents = await client.read_resource(uri)
            return json.loads(getattr(contents[0], "text", ""))

    return asyncio.run(run())


def assert_no_leak(answer: Any, repos: Repos, *, named: bool = False) -> None:
    """Nothing of `outside` in an answer: its secret, its root, its id (unless the call named it:
    an error may echo the argument)."""
    text = json.dumps(answer, ensure_ascii=False)
    assert SECRET not in text
    assert str(repos.outside_root) not in text
    assert "outside_only_function" not in text or named
    if not named:
        assert repos.outside not in text


def same_answer(outside: dict[str, Any], missing: dict[str, Any], names: tuple[str, str]) -> None:
    """An outside repo or id is answered exactly like one that does not exist."""
    assert outside["error"] == missing["error"] == "not_found"
    assert outside["field"] == missing["field"]
    assert outside["message"].replace(names[0], "X") == missing["message"].replace(names[1], "X")
    assert outside.get("hint") == missing.get("hint")


def test_listings_hold_only_the_served_repos(server: AppContext, repos: Repos) -> None:
    health = call(server, "health")
    assert repos.inside in health["repos"]
    assert repos.outside not in health["repos"]
    assert repos.outside not in json.dumps(health["freshness"])
    overview = resource(server, "coderooms://overview")
    assert repos.inside in {r["repo"] for r in overview["repos"]}
    assert_no_leak(overview, repos)
    with pytest.raises(MCPError) as raised:
        resource(server, f"coderooms://overview/{repos.outside}")
    assert "not_found" in str(raised.value)
    assert_no_leak(resource(server, f"coderooms://overview/{repos.inside}"), repos)
    files = call(server, "glob", pattern="**/*")
    assert "repo" not in files  # one repo readable: every answer is of it, none names it
    assert files["files"]
    assert_no_leak(files, repos)


def test_search_and_seek_never_find_the_outside_repo(server: AppContext, repos: Repos) -> None:
    for mode in ("literal", "regex", "semantic"):
        found = call(server, "search", query=SECRET, mode=mode)
        if mode != "semantic":  # semantic answers the nearest symbols, of `inside`
            assert not found.get("hits")  # none, in any shape
        assert_no_leak({k: v for k, v in found.items() if k not in ECHOES}, repos)
    for words in ("API_KEY", "the key is", "TOKEN ="):
        assert_no_leak(call(server, "search", query=words), repos)
    found = call(server, "search", query="compute_total")
    assert found["hits"]
    assert "repo" not in found
    assert_no_leak(found, repos)
    assert_no_leak(call(server, "search", query="TOKEN", count_only=True), repos)
    assert call(server, "search", query="TOKEN", count_only=True)["count"] == 0
    seek = call(server, "seek", query="compute_total")
    assert seek["symbols"]
    assert "repo" not in seek
    assert_no_leak(seek, repos)
    named = call(server, "seek", query="outside_only_function")
    assert named.get("repo", repos.inside) == repos.inside
    assert_no_leak(named, repos, named=True)  # its `none` echoes the query
    assert repos.outside not in json.dumps(named)  # only the query is echoed


def test_view_reads_only_the_served_copy(server: AppContext, repos: Repos) -> None:
    view = call(server, "view", path="pkg/mod.py")  # in both repos: no "exists in several"
    assert "repo" not in view
    assert "sum(items)" in view["text"]
    assert_no_leak(view, repos)
    missing = error(server, "view", path="pkg/secrets.py")
    assert missing["error"] == "not_found"
    assert_no_leak(missing, repos)
    batch = call(server, "batch_view", items=[
        {"path": "pkg/mod.py", "repo": repos.inside},
        {"path": "pkg/mod.py", "repo": repos.outside},
        {"path": "notes.md"},
    ])  # fmt: skip
    assert [item["ok"] for item in batch["items"]] == [True, False, False]
    assert batch["items"][1]["error"]["error"] == "not_found"
    assert_no_leak(batch, repos, named=True)


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("search", {"query": "compute_total"}),
        ("search", {"query": "compute_total", "mode": "semantic"}),
        ("glob", {"pattern": "**/*.py"}),
        ("view", {"path": "pkg/mod.py"}),
        ("seek", {"query": "compute_total"}),
        ("impact", {"symbol": "compute_total"}),
        ("perspective_start", {"query": "compute_total"}),
    ],
)
def test_naming_the_outside_repo_is_not_found_like_a_missing_one(
    server: AppContext, repos: Repos, tool: str, arguments: dict[str, Any]
) -> None:
    outside = error(server, tool, **arguments, repo=repos.outside)
    missing = error(server, tool, **arguments, repo="no-such-repo")
    same_answer(outside, missing, (repos.outside, "no-such-repo"))
    assert_no_leak(outside, repos, named=True)


@pytest.mark.parametrize(
    ("tool", "field", "arguments"),
    [
        ("heuristics_surface", "node_id", {}),
        ("surgical_context", "symbol_id", {}),
        ("surgical_context_v2", "symbol_id", {}),
        ("impact", "symbol", {}),
        ("perspective_start", "query", {}),
    ],
)
def test_an_outside_id_is_not_found_like_a_missing_one(
    server: AppContext, repos: Repos, tool: str, field: str, arguments: dict[str, Any]
) -> None:
    absent = f"{repos.inside}:pkg/mod.py::no_such_function"
    if tool == "surgical_context_v2":
        outside = call(server, tool, **{field: repos.outside_id()})
        missing = call(server, tool, **{field: absent})
        assert outside["proof_state"] == missing["proof_state"] == "blocked"
        dumped = json.dumps(outside).replace(repos.outside_id(), "X")
        assert dumped == json.dumps(missing).replace(absent, "X")
        assert_no_leak(outside, repos, named=True)
        return
    outside = error(server, tool, **{field: repos.outside_id()}, **arguments)
    missing = error(server, tool, **{field: absent}, **arguments)
    same_answer(outside, missing, (repos.outside_id(), absent))
    assert_no_leak(outside, repos, named=True)


def test_activate_treats_outside_seeds_as_missing(server: AppContext, repos: Repos) -> None:
    only = error(server, "activate", seeds=[repos.outside_id()])
    assert only["error"] == "not_found"
    assert only["field"] == "seeds"
    inside_id = f"{repos.inside}:pkg/mod.py::compute_total"
    spread = call(server, "activate", seeds=[inside_id, repos.outside_id()])
    assert spread["missing_seeds"] == [repos.outside_id()]
    assert {r["repo"] for r in spread["results"]} == {repos.inside}
    spread.pop("missing_seeds")
    assert_no_leak(spread, repos)
    by_query = call(server, "activate", query="compute_total")
    assert {r["repo"] for r in by_query["results"]} == {repos.inside}
    assert_no_leak(by_query, repos)


def test_id_and_path_verbs_answer_from_the_served_repo(server: AppContext, repos: Repos) -> None:
    inside_id = f"{repos.inside}:pkg/mod.py::compute_total"
    answers = [
        call(server, "heuristics_surface", node_id=inside_id, query="compute_total"),
        call(server, "surgical_context", path="pkg/mod.py", include_text=True),
        call(server, "surgical_context", symbol_id=inside_id),
        call(server, "impact", symbol="compute_total"),  # a name in both repos: no ambiguity
        call(server, "impact", symbol="pkg/mod.py::compute_total"),
        call(server, "impact", path="pkg/mod.py"),
        call(server, "alerts_list"),
        call(server, "auto_ingest_status"),
    ]
    for answer in answers:
        assert_no_leak(answer, repos)
    assert "repo" not in answers[1]  # the one readable repo's: not said
    assert "repo" not in answers[3]
    assert error(server, "impact", symbol="outside_only_function")["error"] == "not_found"
    assert error(server, "surgical_context", path="notes.md")["error"] == "not_found"


def test_perspectives_stay_inside(
    server: AppContext, settings: Settings, graph: Graph, repos: Repos
) -> None:
    started = call(server, "perspective_start", query="compute_total")
    assert started["status"] == "bound"
    assert started["focus"]["repo"] == repos.inside
    assert_no_leak(started, repos)
    # a server given both directories opens a perspective on `outside` under the same agent id
    everywhere = context(settings, graph, [repos.served.parent])
    theirs = call(everywhere, "perspective_start", query="outside_only_function")
    assert theirs["status"] == "bound"
    pid = theirs["perspective_id"]
    listed = call(server, "perspective_list")
    assert pid not in json.dumps(listed)
    assert_no_leak(listed, repos)
    for tool, arguments in [
        ("perspective_routes", {}),
        ("perspective_suggest", {"route_set_version": theirs["route_set_version"]}),
        ("perspective_back", {}),
        ("perspective_branch", {}),
        ("perspective_close", {}),
    ]:
        refused = error(server, tool, perspective_id=pid, **arguments)
        assert refused["error"] == "not_found", (tool, refused)
        assert_no_leak(refused, repos, named=True)
    call(everywhere, "perspective_close", perspective_id=pid)
    call(server, "perspective_close", perspective_id=started["perspective_id"])
