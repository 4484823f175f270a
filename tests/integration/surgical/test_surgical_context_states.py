"""Every proof state of surgical_context_v2 on a fixture built for it, the proof mark it records
(the primary file only), and the proof gate admitting or refusing the writes that follow."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client

from coderooms.config import Settings
from coderooms.edits.tools import surgical_tools
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.server import create_server
from coderooms.surgical.errors import ProofRequired
from coderooms.verbs.context import AppContext, GraphProvider
from tests.integration.edits.test_read_only import call
from tests.integration.surgical.test_surgical_context import (
    context_verbs,
    graph_fingerprint,
    make_ctx_repo,
)


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Path:
    return make_ctx_repo(graph, tmp_path / "proj", repo_id)


@pytest.fixture
def gated(settings: Settings, graph: Graph) -> AppContext:
    on = settings.model_copy(update={"proof_gate": True})
    return AppContext(settings=on, graphs=GraphProvider.ready(on, graph))


@pytest.fixture
def v2(gated: AppContext) -> Callable[..., dict[str, Any]]:
    return context_verbs(gated)["surgical_context_v2"]


def marks_of(graph: Graph, agent: str) -> list[str]:
    rows = graph.run_text(
        "MATCH (m:ProofMark {agent_id: $agent}) RETURN m.path AS path ORDER BY path", agent=agent
    )
    return [row["path"] for row in rows]


@pytest.mark.parametrize(
    ("arguments", "reason", "tool"),
    [
        ({"path": "pkg/nope.py"}, "not_in_graph", "glob"),
        ({"path": "../elsewhere.py"}, "outside_roots", "glob"),
        ({"path": "pkg"}, "not_a_file", "glob"),
        ({"path": "/definitely/not/a/root/x.py"}, "outside_roots", "glob"),
        ({"symbol_id": "nobody:x.py::f"}, "unknown_symbol", "search"),
    ],
)
def test_blocked(
    v2: Callable[..., dict[str, Any]],
    graph: Graph,
    root: Path,
    repo_id: str,
    arguments: dict[str, Any],
    reason: str,
    tool: str,
) -> None:
    repo = (
        {} if "symbol_id" in arguments or arguments["path"].startswith("/") else {"repo": repo_id}
    )
    got = v2(f"st-blocked-{repo_id}", **arguments, **repo)
    assert got["proof_state"] == "blocked"
    assert [r["code"] for r in got["reasons"]] == [reason]
    assert got["next_suggested_tool"] == tool
    assert got["recovery_playbook"]
    assert got["proof_mark"]["recorded"] is False
    assert marks_of(graph, f"st-blocked-{repo_id}") == []


def test_unknown_repo_is_blocked(v2: Callable[..., dict[str, Any]], root: Path) -> None:
    got = v2("st-repo", path="pkg/core.py", repo="no-such-repo-here")
    assert (got["proof_state"], got["reasons"][0]["code"]) == ("blocked", "unknown_repo")


def test_edited_on_disk_after_ingest_is_proving(
    v2: Callable[..., dict[str, Any]], graph: Graph, root: Path, repo_id: str
) -> None:
    agent = f"st-proving-{repo_id}"
    (root / "pkg" / "util.py").write_text("def fmt(value):\n    return repr(value)\n")
    got = v2(agent, path="pkg/util.py", repo=repo_id)
    assert got["proof_state"] == "proving"
    assert [r["code"] for r in got["reasons"]] == ["disk_differs"]
    assert got["next_suggested_tool"] == "ingest"
    assert got["next_suggested_arguments"] == {"roots": [str(root.resolve())], "repo": repo_id}
    assert got["disk"] == "differs"
    assert got["disk_hash"] != got["hash"]
    (root / "pkg" / "lonely.py").unlink()
    gone = v2(agent, path="pkg/lonely.py", repo=repo_id)
    assert (gone["proof_state"], gone["reasons"][0]["code"]) == ("proving", "disk_missing")
    assert marks_of(graph, agent) == []


@pytest.mark.parametrize(
    ("path", "max_connected", "reason"),
    [
        ("pkg/broken.py", 8, "parse_problems"),
        ("pkg/numeric.py", 8, "ghosts_dominate"),
        ("pkg/core.py", 2, "callers_exceed_cap"),
    ],
)
def test_partial_signal_is_triaging_until_acknowledged(
    v2: Callable[..., dict[str, Any]],
    graph: Graph,
    root: Path,
    repo_id: str,
    path: str,
    max_connected: int,
    reason: str,
) -> None:
    agent = f"st-triage-{repo_id}"
    got = v2(agent, path=path, repo=repo_id, max_connected=max_connected)
    assert got["proof_state"] == "triaging"
    assert [r["code"] for r in got["reasons"]] == [reason]
    assert got["next_suggested_tool"] == "batch_view"
    assert got["next_suggested_arguments"]["items"][0] == {"path": path, "repo": repo_id}
    assert marks_of(graph, agent) == []
    acked = v2(agent, path=path, repo=repo_id, max_connected=max_connected,
               acknowledge_partial=True)  # fmt: skip
    assert (acked["proof_state"], acked["acknowledged"]) == ("ready_to_edit", [reason])
    assert marks_of(graph, agent) == [path]


def test_clean_file_is_ready_and_marks_the_primary_only(
    v2: Callable[..., dict[str, Any]], graph: Graph, root: Path, repo_id: str
) -> None:
    agent = f"st-ready-{repo_id}"
    got = v2(agent, path="pkg/core.py", repo=repo_id)
    assert (got["proof_state"], got["reasons"]) == ("ready_to_edit", [])
    assert got["next_suggested_tool"] == "edit_preview"
    assert got["next_suggested_arguments"] == {"path": "pkg/core.py", "repo": repo_id}
    mark = got["proof_mark"]
    assert mark["recorded"] is True
    assert "disk" not in got  # the same as the graph's: no news
    assert mark["content_hash"] == got["hash"]
    assert mark["expires_at"]
    assert mark["gate_on"] is True
    assert len(got["connected_files"]["items"]) == 4
    assert marks_of(graph, agent) == ["pkg/core.py"]  # no mark for any connected file
    (stored,) = graph.run_text(
        "MATCH (m:ProofMark {agent_id: $agent}) RETURN m.expires_ms AS ms, m.content_hash AS h",
        agent=agent,
    )
    assert stored["h"] == mark["content_hash"]
    reported = datetime.fromisoformat(mark["expires_at"]).timestamp() * 1000
    assert stored["ms"] - 5_000 <= reported <= stored["ms"]  # never later than the real expiry


def test_the_gate_admits_the_primary_refuses_the_rest_and_a_change_stales_the_mark(
    gated: AppContext, v2: Callable[..., dict[str, Any]], root: Path, repo_id: str
) -> None:
    agent = f"st-gate-{repo_id}"
    apply = {spec.name: spec.fn for spec in surgical_tools(gated)}["apply"]
    with pytest.raises(ProofRequired):
        apply(agent, "pkg/core.py", repo=repo_id, old_text="x + 1", new_text="x + 2")
    assert v2(agent, path="pkg/core.py", repo=repo_id)["proof_state"] == "ready_to_edit"
    connected = "pkg/service.py"
    with pytest.raises(ProofRequired, match="no proof mark"):
        apply(agent, connected, repo=repo_id, old_text="compute(1)", new_text="compute(3)")
    done = apply(agent, "pkg/core.py", repo=repo_id, old_text="x + 1", new_text="x + 2")
    assert done["files"][0]["changed"] is True
    with pytest.raises(ProofRequired, match="stale"):
        apply(agent, "pkg/core.py", repo=repo_id, old_text="x + 2", new_text="x + 3")
    assert v2(agent, path="pkg/core.py", repo=repo_id)["proof_state"] == "ready_to_edit"
    (root / "pkg" / "core.py").write_text((root / "pkg" / "core.py").read_text() + "# human\n")
    with pytest.raises(ProofRequired, match="stale"):
        apply(agent, "pkg/core.py", repo=repo_id, old_text="x + 2", new_text="x + 3")


def test_read_only_mode_answers_without_a_mark(
    settings: Settings, graph: Graph, root: Path, repo_id: str
) -> None:
    ro = settings.model_copy(update={"read_only": True, "allow_session_state": True})
    ctx = AppContext(settings=ro, graphs=GraphProvider.ready(ro, graph))
    agent = f"st-ro-{repo_id}"
    before = graph_fingerprint(graph, repo_id)
    v1 = call(ctx, "surgical_context", {"agent_id": agent, "path": "pkg/core.py",
                                         "repo": repo_id, "sections": ["callers"]},
              ).structured_content  # fmt: skip
    assert v1["callers"]["files"] == 3
    got = call(ctx, "surgical_context_v2", {"agent_id": agent, "path": "pkg/core.py",
                                             "repo": repo_id}).structured_content  # fmt: skip
    assert got["proof_state"] == "ready_to_edit"
    assert got["proof_mark"]["recorded"] is False
    assert "read-only" in got["proof_mark"]["reason"]
    assert marks_of(graph, agent) == []
    assert graph_fingerprint(graph, repo_id) == before


def test_only_v1_is_a_read_only_tool(app_context: AppContext) -> None:
    """v2 records the proof mark that admits edits: session state, not read-only."""

    async def run() -> dict[str, Any]:
        async with Client(create_server(app_context)) as client:
            return {tool.name: tool.annotations for tool in await client.list_tools()}

    tools = asyncio.run(run())
    assert tools["surgical_context"].read_only_hint is True
    assert tools["surgical_context_v2"].read_only_hint is False
    assert tools["surgical_context_v2"].idempotent_hint is False


def test_unicode_paths_are_proved_like_any_other(
    v2: Callable[..., dict[str, Any]], graph: Graph, root: Path, repo_id: str
) -> None:
    path = "pkg/naïve_ünïcode_文件.py"
    (root / path).write_text("from pkg.core import helper\n\n\ndef café():\n    return helper(1)\n")
    ingest_root(graph, root, repo=repo_id, workers=1, git=False, embed=False)
    agent = f"st-ünï-{repo_id}"
    got = v2(agent, path=path, repo=repo_id)
    assert (got["path"], got["proof_state"]) == (path, "ready_to_edit")
    assert got["symbols"]["items"] == ["4-5 def café()"]
    assert marks_of(graph, agent) == [path]
