"""`apply`: atomic write, exact replacement, and the graph reflecting the new file at once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from coderooms.edits import atomic
from coderooms.edits.errors import SourceModified
from coderooms.errors import Forbidden, GraphUnavailable, InvalidInput
from coderooms.graph.driver import Graph
from coderooms.verbs.context import AppContext
from tests.integration.edits.helpers import (
    FILES,
    disk_hash,
    edges_to,
    graph_hash,
    make_repo,
    symbol_count,
    verbs,
)


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Path:
    return make_repo(graph, tmp_path / "proj", repo_id)


def test_removing_a_function_prunes_its_node_and_edges_at_once(
    app_context: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    doomed = f"{repo_id}:pkg/core.py::doomed"
    assert symbol_count(graph, doomed) == 1
    assert edges_to(graph, doomed) >= 3  # DEFINES, CONTAINS, CALLS in and out
    result = verbs(app_context)["apply"](
        "agent-a",
        "pkg/core.py",
        repo=repo_id,
        old_text="def doomed(y):\n    return helper(y) * 2\n\n\n",
        new_text="",
    )
    (file,) = result["files"]
    assert file["symbols"]["removed"] == [doomed]
    assert doomed not in file["symbols"]["ids"]
    assert file["diff"]["removed"] == 4
    assert file["diff"]["added"] == 0
    assert (
        file["new_hash"]
        == disk_hash(root / "pkg/core.py")
        == graph_hash(graph, repo_id, "pkg/core.py")
    )
    assert result["graph"]["updated"] is True
    assert symbol_count(graph, doomed) == 0
    calls = graph.run_text(
        "MATCH (:Symbol {repo: $repo})-[c:CALLS]->(t:Symbol) WHERE t.name = 'doomed' "
        "RETURN count(c) AS n",
        repo=repo_id,
    )
    assert calls == [{"n": 0}]


def test_full_content_creates_a_file_whose_symbols_appear(
    app_context: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    result = verbs(app_context)["apply"](
        "agent-a", "pkg/fresh.py", repo=repo_id, content="def brand_new():\n    return 1\n"
    )
    (file,) = result["files"]
    assert file["created"] is True
    assert file["old_hash"] == "absent"
    assert file["symbols"]["added"] == [
        f"{repo_id}:pkg/fresh.py::",
        f"{repo_id}:pkg/fresh.py::brand_new",
    ]
    assert symbol_count(graph, f"{repo_id}:pkg/fresh.py::brand_new") == 1


def test_absolute_path_and_unchanged_content(
    app_context: AppContext, root: Path, repo_id: str
) -> None:
    result = verbs(app_context)["apply"](
        "agent-a", str(root / "notes.md"), content=FILES["notes.md"]
    )
    (file,) = result["files"]
    assert file["changed"] is False
    assert file["diff"]["unified"] == ""


def test_old_text_not_found_names_the_field_and_writes_nothing(
    app_context: AppContext, root: Path, repo_id: str
) -> None:
    before = (root / "pkg/core.py").read_text()
    with pytest.raises(InvalidInput) as raised:
        verbs(app_context)["apply"](
            "agent-a", "pkg/core.py", repo=repo_id, old_text="nope", new_text="x"
        )
    assert raised.value.field == "old_text"
    assert (root / "pkg/core.py").read_text() == before


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({}, "content"),
        ({"content": "x", "old_text": "a", "new_text": "b"}, "content"),
        ({"old_text": "a"}, "content"),
        ({"new_text": "b"}, "old_text"),
    ],
)
def test_edit_shape_errors(
    app_context: AppContext, root: Path, repo_id: str, kwargs: dict[str, str], field: str
) -> None:
    with pytest.raises(InvalidInput) as raised:
        verbs(app_context)["apply"]("agent-a", "pkg/core.py", repo=repo_id, **kwargs)
    assert raised.value.field == field


def test_expected_hash_guards_a_direct_apply(
    app_context: AppContext, root: Path, repo_id: str
) -> None:
    with pytest.raises(SourceModified):
        verbs(app_context)["apply"](
            "agent-a", "notes.md", repo=repo_id, content="x\n", expected_hash="0" * 64
        )
    ok = verbs(app_context)["apply"](
        "agent-a", "notes.md", repo=repo_id, content="x\n",
        expected_hash=disk_hash(root / "notes.md"),
    )  # fmt: skip
    assert ok["files"][0]["changed"] is True


def test_hostile_path_through_the_verb(app_context: AppContext, root: Path, repo_id: str) -> None:
    with pytest.raises(Forbidden) as raised:
        verbs(app_context)["apply"]("agent-a", "../escape.py", repo=repo_id, content="x")
    assert raised.value.field == "path"
    assert not (root.parent / "escape.py").exists()


def test_a_failing_rename_leaves_file_and_graph_as_they_were(
    app_context: AppContext,
    graph: Graph,
    root: Path,
    repo_id: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = (root / "pkg/core.py").read_bytes()

    real_rename = os.rename

    def broken_rename(src: str, dst: str, **dir_fds: int) -> None:
        if dst == "core.py":  # the target's; the journal's own renames go on
            raise OSError("rename failed")
        real_rename(src, dst, **dir_fds)

    monkeypatch.setattr(os, "rename", broken_rename)
    with pytest.raises(OSError, match="rename failed"):
        verbs(app_context)["apply"]("agent-a", "pkg/core.py", repo=repo_id, content="x = 1\n")
    assert (root / "pkg/core.py").read_bytes() == before
    assert [p.name for p in (root / "pkg").iterdir() if p.name.endswith(atomic.TEMP_SUFFIX)] == []
    assert graph_hash(graph, repo_id, "pkg/core.py") == disk_hash(root / "pkg/core.py")
    assert symbol_count(graph, f"{repo_id}:pkg/core.py::doomed") == 1


@pytest.mark.parametrize("name", ["ünïcode/ファイル.py", "nfd/cafe\u0301.py", "with space/a b.py"])
def test_unicode_paths_are_written_as_given(
    app_context: AppContext, graph: Graph, root: Path, repo_id: str, name: str
) -> None:
    result = verbs(app_context)["apply"]("agent-a", name, repo=repo_id, content="v = 1\n")
    assert result["files"][0]["path"] == name
    assert (root / name).read_text() == "v = 1\n"
    assert graph_hash(graph, repo_id, name) == disk_hash(root / name)


def test_unknown_repo_names_the_repo_field(app_context: AppContext, root: Path) -> None:
    with pytest.raises(InvalidInput) as raised:
        verbs(app_context)["apply"]("agent-a", "notes.md", repo="no-such-repo-xyz", content="x")
    assert raised.value.field == "repo"


def test_a_failed_reingest_is_reported_not_raised(
    app_context: AppContext, root: Path, repo_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise GraphUnavailable("neo4j went away")

    monkeypatch.setattr("coderooms.edits.apply.ingest_paths", broken)
    result = verbs(app_context)["apply"]("agent-a", "notes.md", repo=repo_id, content="new\n")
    assert result["graph"] == {"updated": False, "error": "neo4j went away"}
    assert (root / "notes.md").read_text() == "new\n"
