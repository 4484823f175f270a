"""The proof gate: a write needs a live proof mark made against the file's current hash."""

from __future__ import annotations

from pathlib import Path

import pytest

from coderooms.config import Settings
from coderooms.edits.requests import FileEdit
from coderooms.graph.driver import Connection, Graph
from coderooms.surgical.errors import ProofRequired
from coderooms.surgical.proof import ABSENT_HASH, mark_proof_ready, require_proof
from coderooms.verbs.context import AppContext, GraphProvider
from tests.integration.edits.helpers import disk_hash, make_repo, verbs


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Path:
    return make_repo(graph, tmp_path / "proj", repo_id)


@pytest.fixture
def gated(settings: Settings, graph: Graph) -> AppContext:
    on = settings.model_copy(update={"proof_gate": True})
    return AppContext(settings=on, graphs=GraphProvider.ready(on, graph))


def test_no_mark_is_refused(gated: AppContext, root: Path, repo_id: str) -> None:
    with pytest.raises(ProofRequired, match="no proof mark"):
        verbs(gated)["apply"]("agent-a", "notes.md", repo=repo_id, content="x\n")
    assert (root / "notes.md").read_text() == "# notes\n"


def test_a_current_mark_admits_and_the_write_makes_it_stale(
    gated: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    mark_proof_ready(graph, "agent-a", repo_id, "notes.md", disk_hash(root / "notes.md"))
    verbs(gated)["apply"]("agent-a", "notes.md", repo=repo_id, content="one\n")
    with pytest.raises(ProofRequired, match="stale"):
        verbs(gated)["apply"]("agent-a", "notes.md", repo=repo_id, content="two\n")
    assert (root / "notes.md").read_text() == "one\n"


def test_a_mark_goes_stale_when_someone_else_changes_the_file(
    gated: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    mark_proof_ready(graph, "agent-a", repo_id, "notes.md", disk_hash(root / "notes.md"))
    (root / "notes.md").write_text("edited by a person\n")
    with pytest.raises(ProofRequired, match="stale"):
        verbs(gated)["apply"]("agent-a", "notes.md", repo=repo_id, content="x\n")


def test_an_expired_mark_is_refused(
    gated: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    mark_proof_ready(graph, "agent-a", repo_id, "notes.md", disk_hash(root / "notes.md"), ttl_s=-1)
    with pytest.raises(ProofRequired, match=r"no proof mark|expired"):
        verbs(gated)["apply"]("agent-a", "notes.md", repo=repo_id, content="x\n")


def test_another_agents_mark_does_not_count(
    gated: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    mark_proof_ready(graph, "agent-b", repo_id, "notes.md", disk_hash(root / "notes.md"))
    with pytest.raises(ProofRequired):
        verbs(gated)["apply"]("agent-a", "notes.md", repo=repo_id, content="x\n")


def test_batch_needs_every_target_proved(
    gated: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    mark_proof_ready(graph, "agent-a", repo_id, "notes.md", disk_hash(root / "notes.md"))
    edits = [
        FileEdit(path="notes.md", repo=repo_id, content="a\n"),
        FileEdit(path="pkg/new.py", repo=repo_id, content="b = 1\n"),
    ]
    with pytest.raises(ProofRequired, match=r"pkg/new\.py"):
        verbs(gated)["apply_batch"]("agent-a", edits)
    assert (root / "notes.md").read_text() == "# notes\n"
    mark_proof_ready(graph, "agent-a", repo_id, "pkg/new.py", ABSENT_HASH)
    result = verbs(gated)["apply_batch"]("agent-a", edits)
    assert [f["path"] for f in result["files"]] == ["notes.md", "pkg/new.py"]


def test_preview_is_never_gated_but_commit_is(
    gated: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    staged = verbs(gated)["edit_preview"]("agent-a", "notes.md", repo=repo_id, content="p\n")
    with pytest.raises(ProofRequired):
        verbs(gated)["edit_commit"]("agent-a", staged["preview_id"], confirm=True)
    mark_proof_ready(graph, "agent-a", repo_id, "notes.md", staged["source_hash"])
    verbs(gated)["edit_commit"]("agent-a", staged["preview_id"], confirm=True)
    assert (root / "notes.md").read_text() == "p\n"


def test_a_mark_made_by_one_process_admits_in_another(
    gated: AppContext, connection: Connection, root: Path, repo_id: str
) -> None:
    other = Graph(connection)
    try:
        mark_proof_ready(other, "agent-a", repo_id, "notes.md", disk_hash(root / "notes.md"))
    finally:
        other.close()
    verbs(gated)["apply"]("agent-a", "notes.md", repo=repo_id, content="ok\n")


def test_an_empty_target_set_is_unproven(graph: Graph) -> None:
    with pytest.raises(ProofRequired, match="empty"):
        require_proof(graph, "agent-a", [])
