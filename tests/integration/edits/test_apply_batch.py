"""`apply_batch`: all files or none, and one ingest call (one transaction) for all of them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from coderooms.edits import atomic
from coderooms.edits.errors import SourceModified
from coderooms.edits.requests import FileEdit
from coderooms.errors import InvalidInput
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import IngestReport
from coderooms.ingest.targeted import ingest_paths
from coderooms.verbs.context import AppContext
from tests.integration.edits.helpers import disk_hash, graph_hash, make_repo, verbs

PATHS = ("pkg/core.py", "pkg/use.py", "notes.md")


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Path:
    return make_repo(graph, tmp_path / "proj", repo_id)


def snapshot(root: Path) -> dict[str, bytes]:
    return {path: (root / path).read_bytes() for path in PATHS}


def temps(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.name.endswith(atomic.TEMP_SUFFIX)]


def three_edits(repo_id: str) -> list[FileEdit]:
    return [
        FileEdit(path="pkg/core.py", repo=repo_id, old_text="return x + 1", new_text="return x"),
        FileEdit(path="pkg/use.py", repo=repo_id, content="def run():\n    return 0\n"),
        FileEdit(path="notes.md", repo=repo_id, content="# changed\n"),
    ]


def test_batch_lands_in_one_ingest_call(
    app_context: AppContext,
    graph: Graph,
    root: Path,
    repo_id: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[list[str]] = []
    real = ingest_paths

    def counting(graph: Graph, root: Path, paths: Any, *, repo: str | None = None) -> IngestReport:
        calls.append(sorted(paths))
        return real(graph, root, paths, repo=repo)

    monkeypatch.setattr("coderooms.edits.apply.ingest_paths", counting)
    result = verbs(app_context)["apply_batch"]("agent-a", three_edits(repo_id))
    assert calls == [sorted(PATHS)]
    assert result["graph"]["ingests"][0]["files_changed"] == 3
    for file in result["files"]:
        assert graph_hash(graph, repo_id, file["path"]) == file["new_hash"]
        assert disk_hash(root / file["path"]) == file["new_hash"]
    removed = {f["path"]: f["symbols"]["removed"] for f in result["files"]}
    assert removed["pkg/use.py"] == []  # `run` kept its id, only its body changed
    imports = graph.run_text(
        "MATCH (:File {repo: $repo, path: 'pkg/use.py'})-[i:IMPORTS]->() RETURN count(i) AS n",
        repo=repo_id,
    )
    assert imports == [{"n": 0}]


def test_a_bad_entry_in_the_middle_writes_nothing(
    app_context: AppContext, root: Path, repo_id: str
) -> None:
    before = snapshot(root)
    edits = three_edits(repo_id)
    edits[1] = FileEdit(path="pkg/use.py", repo=repo_id, old_text="not there", new_text="x")
    with pytest.raises(InvalidInput) as raised:
        verbs(app_context)["apply_batch"]("agent-a", edits)
    assert raised.value.field == "edits[1].old_text"
    assert snapshot(root) == before


def test_a_stale_hash_in_the_batch_writes_nothing(
    app_context: AppContext, root: Path, repo_id: str
) -> None:
    before = snapshot(root)
    edits = three_edits(repo_id)
    edits[2] = FileEdit(path="notes.md", repo=repo_id, content="x", expected_hash="f" * 64)
    with pytest.raises(SourceModified) as raised:
        verbs(app_context)["apply_batch"]("agent-a", edits)
    assert raised.value.field == "edits[2].expected_hash"
    assert snapshot(root) == before


def test_a_failing_rename_in_the_middle_restores_every_file(
    app_context: AppContext,
    graph: Graph,
    root: Path,
    repo_id: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = snapshot(root)
    graph_before = {path: graph_hash(graph, repo_id, path) for path in PATHS}
    real = atomic.publish
    published: list[Path] = []

    def fail_second(staged: atomic.Staged) -> None:
        if len(published) == 1:
            atomic.discard(staged)
            raise OSError("rename failed half-way")
        real(staged)
        published.append(staged.target)

    monkeypatch.setattr(atomic, "publish", fail_second)
    edits = [*three_edits(repo_id), FileEdit(path="pkg/new.py", repo=repo_id, content="z = 1\n")]
    with pytest.raises(OSError, match="half-way"):
        verbs(app_context)["apply_batch"]("agent-a", edits)
    assert len(published) == 1
    assert snapshot(root) == before
    assert not (root / "pkg/new.py").exists()
    assert temps(root) == []
    assert {path: graph_hash(graph, repo_id, path) for path in PATHS} == graph_before


def test_a_new_file_rolled_back_is_removed(
    app_context: AppContext, root: Path, repo_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = atomic.publish
    count = [0]

    def fail_last(staged: atomic.Staged) -> None:
        count[0] += 1
        if count[0] == 2:
            atomic.discard(staged)
            raise OSError("boom")
        real(staged)

    monkeypatch.setattr(atomic, "publish", fail_last)
    edits = [
        FileEdit(path="pkg/brand_new.py", repo=repo_id, content="a = 1\n"),
        FileEdit(path="notes.md", repo=repo_id, content="b\n"),
    ]
    with pytest.raises(OSError, match="boom"):
        verbs(app_context)["apply_batch"]("agent-a", edits)
    assert not (root / "pkg/brand_new.py").exists()
    assert (root / "notes.md").read_text() == "# notes\n"


def test_the_same_file_twice_is_refused(app_context: AppContext, root: Path, repo_id: str) -> None:
    edits = [
        FileEdit(path="notes.md", repo=repo_id, content="a"),
        FileEdit(path="./pkg/../notes.md", repo=repo_id, content="b"),
    ]
    with pytest.raises(InvalidInput) as raised:
        verbs(app_context)["apply_batch"]("agent-a", edits)
    assert raised.value.field == "edits[1].path"


def test_empty_batch_is_refused(app_context: AppContext) -> None:
    with pytest.raises(InvalidInput) as raised:
        verbs(app_context)["apply_batch"]("agent-a", [])
    assert raised.value.field == "edits"


def test_a_hundred_file_answer_stays_small_and_says_what_it_cut(
    app_context: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    """A 100-file batch answered ~2 MB of diffs and symbol ids, past the official client's 1 MiB
    message limit: the agent saw an error although every file was written."""
    functions = "".join(
        f"def function_number_{i}(value):\n    return value + {i}\n\n" for i in range(150)
    )
    edits = [
        FileEdit(path=f"gen/module_{n:03}.py", repo=repo_id, content=functions) for n in range(100)
    ]
    result = verbs(app_context)["apply_batch"]("agent-a", edits)
    assert len(json.dumps(result)) < 200_000
    assert len(result["files"]) == 100
    first = result["files"][0]
    assert (first["symbols"]["count"], first["diff"]["added"]) == (151, 450)
    assert all(f["symbols"]["count"] == 151 and f["diff"]["added"] == 450 for f in result["files"])
    assert result["files"][0]["diff"]["unified"]  # the first files keep their details
    assert result["details_cut"]["files"] > 0
    assert "git diff" in result["details_cut"]["hint"]
    assert all((root / e.path).read_text() == functions for e in edits)
