"""Warming a save's statements (ingest/warm_up.py) runs the statements of a real save of one of
the repo's files and leaves the graph, the repo's generation and the file as they were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest import changeset
from coderooms.ingest.pipeline import ingest_root
from coderooms.ingest.warm_up import warm_saves
from tests.integration.ingest.graph_snapshot import snapshot, wipe


def tree(root: Path) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "base.py").write_text("class Base:\n    def run(self):\n        return 1\n")
    body = "".join(f"\n\ndef f{i}(x):\n    return Base().run() + len(x)\n" for i in range(12))
    (root / "pkg" / "user.py").write_text("from pkg.base import Base\n" + body)
    return root


def generation(graph: Graph, repo: str) -> Any:
    return graph.run_text("MATCH (r:Repo {id: $repo}) RETURN r.generation AS g", repo=repo)[0]["g"]


def test_the_statements_of_a_save_run_and_nothing_stays(
    graph: Graph, tmp_path: Path, repo_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tree(tmp_path / "t")
    ingest_root(graph, root, repo=repo_id, embed=False, git=False)
    before, text, at = (
        snapshot(graph, repo_id),
        (root / "pkg" / "user.py").read_bytes(),
        generation(graph, repo_id),
    )
    ran: list[str] = []
    original = changeset.run_named

    def counted(tx: Any, statement: str, /, **params: Any) -> Any:
        ran.append(statement)
        return original(tx, statement, **params)

    monkeypatch.setattr(changeset, "run_named", counted)
    try:
        assert warm_saves(graph, root, repo_id) is not None
        # every row below the added line moved: the writes of an edit ran, not only the reads
        assert {"ingest/claim_rows", "ingest/upsert_files", "ingest/upsert_symbols"} <= set(ran)
        assert "ingest/move_edges" in ran
        assert "ingest/delete_symbols" in ran  # the undo: the added function went again
        assert snapshot(graph, repo_id) == before
        assert generation(graph, repo_id) == at
        assert (root / "pkg" / "user.py").read_bytes() == text
    finally:
        wipe(graph, repo_id)


def test_a_repo_without_files_or_a_failing_warm_up_gives_none(
    graph: Graph, tmp_path: Path, repo_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert warm_saves(graph, tmp_path, repo_id) is None
    root = tree(tmp_path / "t")
    ingest_root(graph, root, repo=repo_id, embed=False, git=False)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("planning failed")

    monkeypatch.setattr("coderooms.ingest.warm_up.plan_changeset", broken)
    try:
        assert warm_saves(graph, root, repo_id) is None  # logged, not raised
    finally:
        wipe(graph, repo_id)


def test_a_warm_up_failing_after_its_writes_leaves_nothing_either(
    graph: Graph, tmp_path: Path, repo_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tree(tmp_path / "t")
    ingest_root(graph, root, repo=repo_id, embed=False, git=False)
    before, at = snapshot(graph, repo_id), generation(graph, repo_id)
    original = changeset.apply_plan

    def written_then_failed(*args: Any, **kwargs: Any) -> Any:
        original(*args, **kwargs)  # the edit's rows are in the transaction
        raise RuntimeError("after the writes")

    monkeypatch.setattr("coderooms.ingest.warm_up.apply_plan", written_then_failed)
    try:
        assert warm_saves(graph, root, repo_id) is None
        assert snapshot(graph, repo_id) == before
        assert generation(graph, repo_id) == at
    finally:
        wipe(graph, repo_id)
