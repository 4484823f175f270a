"""`edit_preview` / `edit_commit`: ownership, TTL, optimistic concurrency, two processes."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from coderooms.config import Settings
from coderooms.edits import apply as surgical_apply
from coderooms.edits.errors import PreviewExpired, SourceModified
from coderooms.errors import Conflict, Forbidden, InvalidInput, NotFound
from coderooms.graph.driver import Connection, Graph
from coderooms.verbs.context import AppContext, GraphProvider
from tests.integration.edits.helpers import disk_hash, graph_hash, make_repo, verbs

OLD = "def helper(x):\n    return x + 1\n"


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Path:
    return make_repo(graph, tmp_path / "proj", repo_id)


@pytest.fixture
def second_process(settings: Settings, connection: Connection) -> Iterator[AppContext]:
    """Another server process: its own driver, the same database."""
    other = Graph(connection)
    try:
        yield AppContext(settings=settings, graphs=GraphProvider.ready(settings, other))
    finally:
        other.close()


def preview(ctx: AppContext, agent: str, repo_id: str, new: str) -> dict[str, Any]:
    return dict(
        verbs(ctx)["edit_preview"](agent, "pkg/core.py", repo=repo_id, old_text=OLD, new_text=new)
    )


def test_preview_writes_nothing_then_commit_writes_and_ingests(
    app_context: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    before = (root / "pkg/core.py").read_bytes()
    staged = preview(app_context, "agent-a", repo_id, "def helper2(x):\n    return x\n")
    assert (root / "pkg/core.py").read_bytes() == before
    assert staged["source_hash"] == disk_hash(root / "pkg/core.py")
    assert staged["diff"]["added"] == 2
    assert staged["diff"]["removed"] == 2
    result = verbs(app_context)["edit_commit"]("agent-a", staged["preview_id"], confirm=True)
    (file,) = result["files"]
    assert file["new_hash"] == staged["new_hash"] == graph_hash(graph, repo_id, "pkg/core.py")
    assert f"{repo_id}:pkg/core.py::helper" in file["symbols"]["removed"]
    with pytest.raises(NotFound):  # consumed
        verbs(app_context)["edit_commit"]("agent-a", staged["preview_id"], confirm=True)


def test_two_agents_race_the_loser_gets_source_modified(
    app_context: AppContext, root: Path, repo_id: str
) -> None:
    a = preview(app_context, "agent-a", repo_id, "def helper(x):\n    return 'a'\n")
    b = preview(app_context, "agent-b", repo_id, "def helper(x):\n    return 'b'\n")
    verbs(app_context)["edit_commit"]("agent-b", b["preview_id"], confirm=True)
    with pytest.raises(SourceModified) as raised:
        verbs(app_context)["edit_commit"]("agent-a", a["preview_id"], confirm=True)
    assert raised.value.code == "source_modified"
    assert "return 'b'" in (root / "pkg/core.py").read_text()
    with pytest.raises(NotFound):  # a preview that can never apply is gone
        verbs(app_context)["edit_commit"]("agent-a", a["preview_id"], confirm=True)


def test_a_direct_write_makes_a_preview_stale(
    app_context: AppContext, root: Path, repo_id: str
) -> None:
    staged = preview(app_context, "agent-a", repo_id, "def helper(x):\n    return 0\n")
    (root / "pkg/core.py").write_text("changed outside\n")
    with pytest.raises(SourceModified):
        verbs(app_context)["edit_commit"]("agent-a", staged["preview_id"], confirm=True)
    assert (root / "pkg/core.py").read_text() == "changed outside\n"


def test_only_the_owner_commits(app_context: AppContext, root: Path, repo_id: str) -> None:
    staged = preview(app_context, "agent-a", repo_id, "def helper(x):\n    return 0\n")
    with pytest.raises(Forbidden) as raised:
        verbs(app_context)["edit_commit"]("agent-b", staged["preview_id"], confirm=True)
    assert raised.value.field == "preview_id"
    verbs(app_context)["edit_commit"]("agent-a", staged["preview_id"], confirm=True)


def test_confirm_is_required(app_context: AppContext, root: Path, repo_id: str) -> None:
    staged = preview(app_context, "agent-a", repo_id, "def helper(x):\n    return 0\n")
    with pytest.raises(InvalidInput) as raised:
        verbs(app_context)["edit_commit"]("agent-a", staged["preview_id"], confirm=False)
    assert raised.value.field == "confirm"
    assert OLD in (root / "pkg/core.py").read_text()


def test_expired_preview_is_refused_and_collected(
    app_context: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    staged = preview(app_context, "agent-a", repo_id, "def helper(x):\n    return 0\n")
    graph.run_text(
        "MATCH (p:EditPreview {id: $id}) SET p.expires_ms = p.created_ms - 1",
        id=staged["preview_id"],
    )
    with pytest.raises(PreviewExpired):
        verbs(app_context)["edit_commit"]("agent-a", staged["preview_id"], confirm=True)
    left = graph.run_text(
        "MATCH (p:EditPreview {id: $id}) RETURN count(p) AS n", id=staged["preview_id"]
    )
    assert left == [{"n": 0}]
    assert OLD in (root / "pkg/core.py").read_text()


def test_unknown_preview_is_not_found(app_context: AppContext) -> None:
    with pytest.raises(NotFound) as raised:
        verbs(app_context)["edit_commit"]("agent-a", "preview-nope", confirm=True)
    assert raised.value.field == "preview_id"


def test_a_preview_made_in_one_process_commits_in_another(
    app_context: AppContext, second_process: AppContext, root: Path, repo_id: str
) -> None:
    staged = preview(app_context, "agent-a", repo_id, "def helper(x):\n    return 7\n")
    with pytest.raises(Forbidden):
        verbs(second_process)["edit_commit"]("agent-b", staged["preview_id"], confirm=True)
    verbs(second_process)["edit_commit"]("agent-a", staged["preview_id"], confirm=True)
    assert "return 7" in (root / "pkg/core.py").read_text()


def test_a_preview_of_a_hostile_path_is_refused(app_context: AppContext, root: Path) -> None:
    with pytest.raises(Forbidden):
        verbs(app_context)["edit_preview"]("agent-a", str(root / ".git" / "config"), content="x")


def test_two_processes_committing_one_preview_write_once(
    app_context: AppContext, second_process: AppContext, root: Path, repo_id: str
) -> None:
    """One agent, two server processes, the same preview committed at the same moment: the
    preview is taken before the write, so exactly one call writes and the other is refused on
    the preview (before, both checked the file's hash before either wrote: across processes both
    wrote; within one, the file lock made the loser fail on the hash)."""
    for round_ in range(4):
        staged = preview(app_context, "agent-a", repo_id, f"def helper(x):\n    return {round_}\n")
        outcomes = race_commits([app_context, second_process], staged["preview_id"])
        assert outcomes.count("written") == 1, outcomes
        # the loser never reached the write: refused on the preview, not on the file's hash
        assert set(outcomes) - {"written"} <= {"conflict", "not_found"}, outcomes
        assert f"return {round_}" in (root / "pkg/core.py").read_text()
        verbs(app_context)["apply"]("agent-a", "pkg/core.py", repo=repo_id, content=OLD)


def race_commits(contexts: list[AppContext], preview_id: str) -> list[str]:
    """Commit one preview from each context at the same moment; each call's outcome."""
    barrier = threading.Barrier(len(contexts))
    outcomes: list[str] = []

    def commit(ctx: AppContext) -> None:
        barrier.wait()
        try:
            verbs(ctx)["edit_commit"]("agent-a", preview_id, confirm=True)
            outcomes.append("written")
        except (Conflict, NotFound) as refused:
            outcomes.append(refused.code)

    threads = [threading.Thread(target=commit, args=(ctx,)) for ctx in contexts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_a_refused_write_gives_the_preview_back(
    app_context: AppContext, root: Path, repo_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    staged = preview(app_context, "agent-a", repo_id, "def helper(x):\n    return 0\n")

    def fail(*_args: object, **_kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(surgical_apply, "execute", fail)
    with pytest.raises(OSError, match="disk full"):
        verbs(app_context)["edit_commit"]("agent-a", staged["preview_id"], confirm=True)
    monkeypatch.undo()
    verbs(app_context)["edit_commit"]("agent-a", staged["preview_id"], confirm=True)
    assert "return 0" in (root / "pkg/core.py").read_text()
