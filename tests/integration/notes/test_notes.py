"""Notes anchored to code, through the in-memory MCP server on a real Neo4j: another agent sees
a note in `surgical_context`, `view` and `impact`; an edit of its code marks it stale with the
change that did it and alerts its author; a full re-ingest keeps it on its anchor; a deletion
leaves it saying its code is gone; leases conflict; another operator's repo stays invisible."""

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

ALICE, BOB = "alice", "bob"
MOD = "def compute(x):\n    return x + 1\n\n\ndef other():\n    return compute(2)\n"


def server(settings: Settings, graph: Graph, roots: list[Path]) -> AppContext:
    scoped = settings.model_copy(update={"roots": roots})
    return AppContext(settings=scoped, graphs=GraphProvider.ready(scoped, graph))


def call(ctx: AppContext, tool: str, agent: str = ALICE, **arguments: Any) -> Any:
    async def run() -> Any:
        async with Client(create_server(ctx)) as client:
            result = await client.call_tool(tool, {"agent_id": agent, **arguments})
            return result.structured_content

    return asyncio.run(run())


def error(ctx: AppContext, tool: str, agent: str = ALICE, **arguments: Any) -> dict[str, Any]:
    with pytest.raises(ToolError) as raised:
        call(ctx, tool, agent, **arguments)
    return dict(json.loads(str(raised.value)))


@pytest.fixture
def repo(tmp_path: Path, graph: Graph, repo_id: str) -> Path:
    root = tmp_path / "noted"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "mod.py").write_text(MOD)
    (root / "pkg" / "use.py").write_text("from pkg.mod import other\n\n\ndef run():\n    other()\n")
    ingest_root(graph, root, repo=repo_id, workers=1, git=False)
    return root


def test_a_note_follows_its_code(
    settings: Settings, graph: Graph, repo: Path, repo_id: str, tmp_path: Path
) -> None:
    ctx = server(settings, graph, [tmp_path])
    written = call(
        ctx, "note", anchors=["pkg/mod.py::compute"], text="must stay pure", kind="warning"
    )["note"]
    assert written["state"] == "fresh"
    assert written["on"] == ["pkg/mod.py::compute"]
    # another agent sees it where it reads that code, and not elsewhere
    seen = call(ctx, "surgical_context", BOB, path="pkg/mod.py")
    assert seen["notes"] == ["warning by alice on pkg/mod.py::compute: must stay pure"]
    assert (
        "must stay pure"
        in call(ctx, "view", BOB, path="pkg/mod.py", start_line=1, end_line=2)["notes"][0]
    )
    assert "notes" not in call(ctx, "view", BOB, path="pkg/mod.py", start_line=5, end_line=6)
    assert "notes" not in call(ctx, "surgical_context", BOB, path="pkg/use.py")
    assert "must stay pure" in call(ctx, "impact", BOB, symbol="compute", repo=repo_id)["notes"][0]
    # a line added above moves it: still fresh
    mod = repo / "pkg" / "mod.py"
    mod.write_text("# header\n" + MOD)
    call(ctx, "ingest", BOB, roots=[str(repo)], repo=repo_id)
    assert call(ctx, "notes", BOB, anchor="pkg/mod.py::compute")["notes"][0]["state"] == "fresh"
    # its body changes: stale, with the change that did it, and its author is alerted
    mod.write_text("# header\n" + MOD.replace("x + 1", "x + 2"))
    call(ctx, "ingest", BOB, roots=[str(repo)], repo=repo_id)
    stale = call(ctx, "notes", BOB, state="stale")["notes"]
    assert [n["id"] for n in stale] == [written["id"]]
    assert stale[0]["on"] == ["pkg/mod.py::compute (changed; ingest: ingest by bob)"]
    assert call(ctx, "surgical_context", BOB, path="pkg/mod.py")["notes"][0].startswith(
        "[stale: pkg/mod.py::compute changed] warning by alice"
    )
    alerts = call(ctx, "alerts_list", ALICE, repo=repo_id, kind="note_stale")["alerts"]
    assert len(alerts) == 1
    assert alerts[0]["detail"]["author"] == ALICE
    assert alerts[0]["file"] == "pkg/mod.py"
    assert "for alice" in alerts[0]["message"]
    # confirmed, then a full re-ingest: the note is on the same anchor, fresh
    call(ctx, "note_update", ALICE, note_id=written["id"], confirm=True)
    call(ctx, "ingest", BOB, roots=[str(repo)], repo=repo_id, mode="full")
    again = call(ctx, "notes", BOB, anchor="pkg/mod.py")["notes"]
    assert [(n["id"], n["state"], n["on"]) for n in again] == [
        (written["id"], "fresh", ["pkg/mod.py::compute"])
    ]
    # its code deleted: the note stays and says so
    mod.write_text("def other():\n    return 2\n")
    call(ctx, "ingest", BOB, roots=[str(repo)], repo=repo_id)
    gone = call(ctx, "notes", BOB, repo=repo_id)["notes"]
    assert gone[0]["state"] == "gone"
    assert gone[0]["on"] == ["pkg/mod.py::compute (gone; ingest: ingest by bob)"]
    assert "is gone" in call(ctx, "surgical_context", BOB, path="pkg/mod.py")["notes"][0]
    # deleted by any agent
    assert call(ctx, "note_delete", BOB, note_ids=[written["id"], "note-x"]) == {
        "deleted": [written["id"]],
        "unknown": ["note-x"],
    }


def test_leases_conflict_and_expire(
    settings: Settings, graph: Graph, repo: Path, repo_id: str, tmp_path: Path
) -> None:
    ctx = server(settings, graph, [tmp_path])
    assert error(ctx, "note", anchors=["pkg/use.py"], text="mine", kind="lease")["field"] == (
        "expires_in_s"
    )
    lease = call(
        ctx,
        "note",
        anchors=["pkg/use.py", "other"],
        text="refactoring until 6pm",
        kind="lease",
        expires_in_s=3600,
    )["note"]
    assert lease["on"] == ["pkg/use.py", "pkg/mod.py::other"]
    assert 3590 <= lease["expires_in_s"] <= 3600
    refused = error(
        ctx, "note", BOB, anchors=["other"], text="me too", kind="lease", expires_in_s=60
    )
    assert refused["error"] == "conflict"
    assert "alice holds a lease on pkg/mod.py::other" in refused["message"]
    # the same author renews; a plain note on leased code is fine
    call(ctx, "note", ALICE, anchors=["other"], text="still me", kind="lease", expires_in_s=60)
    call(ctx, "note", BOB, anchors=["other"], text="calls compute", kind="fact")
    assert {n["author"] for n in call(ctx, "notes", BOB, anchor="other")["notes"]} == {ALICE, BOB}


def test_bad_input_is_refused_by_field(
    settings: Settings, graph: Graph, repo: Path, repo_id: str, tmp_path: Path
) -> None:
    ctx = server(settings, graph, [tmp_path])
    assert error(ctx, "note", anchors=[], text="x")["field"] == "anchors"
    assert error(ctx, "note", anchors=["nowhere.py"], text="x")["field"] == "anchors[0]"
    assert error(ctx, "note", anchors=["pkg/mod.py"], text="x", kind="rumour")["field"] == "kind"
    assert error(ctx, "note", anchors=["pkg/mod.py"], text="   ")["field"] == "text"
    assert error(ctx, "note", anchors=["pkg/mod.py"], text="x" * 2001)["field"] == "text"
    assert error(ctx, "notes", state="old")["field"] == "state"
    assert error(ctx, "note_update", note_id="note-missing")["error"] == "not_found"


def test_another_operators_notes_are_invisible(
    settings: Settings, graph: Graph, repo: Path, repo_id: str, tmp_path: Path
) -> None:
    mine = server(settings, graph, [tmp_path])
    call(mine, "note", anchors=[repo_id], text="the repo's secret plan")
    elsewhere = tmp_path.parent / f"{tmp_path.name}-other"
    elsewhere.mkdir()
    theirs = server(settings, graph, [elsewhere])
    assert call(theirs, "notes")["notes"] == []
    refused = error(theirs, "note", anchors=[f"{repo_id}:pkg/mod.py::compute"], text="x")
    assert refused["error"] == "not_found"
    assert error(theirs, "notes", repo=repo_id)["error"] == "not_found"
