"""An ingest's steps (coderooms.steps): progress rises to its total through reads and write
phases, and an ingest stopped at any of its safe points leaves each file whole: nothing or every
file written, and ingesting again gives the graph one full ingest gives."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest.changeset import WRITE_PHASES
from coderooms.ingest.pipeline import ingest_root
from coderooms.ingest.transactions import SINGLE_TRANSACTION_FILES
from coderooms.steps import Steps
from tests.integration.ingest.graph_snapshot import snapshot, wipe

FILES = SINGLE_TRANSACTION_FILES + 50
"""Past one transaction: the write goes phase by phase."""


class Stop(BaseException):
    """Stands for the request's cancellation."""


class Recorded(Steps):
    def __init__(self, stop_at: int | None = None) -> None:
        self.seen: list[tuple[float, float | None, str | None]] = []
        self.checkpoints = 0
        self.stop_at = stop_at

    def advance(self, done: float, total: float | None = None, message: str | None = None) -> None:
        self.seen.append((done, total, message))

    def checkpoint(self) -> None:
        self.checkpoints += 1
        if self.checkpoints == self.stop_at:
            raise Stop


def tree(root: Path) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    for i in range(FILES):
        before = max(i - 1, 0)
        (root / "pkg" / f"m{i}.py").write_text(
            f"from pkg import m{before}\n\n\ndef f{i}():\n    return m{before}.f{before}()\n"
        )
    return root


def files(graph: Graph, repo: str) -> int:
    rows = graph.run_text("MATCH (f:File {repo: $repo}) RETURN count(f) AS n", repo=repo)
    return int(rows[0]["n"])


def test_progress_rises_through_reads_and_write_phases_to_its_total(
    graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    steps = Recorded()
    try:
        ingest_root(graph, tree(tmp_path / "t"), repo=repo_id, steps=steps, embed=False)
    finally:
        wipe(graph, repo_id)
    done = [d for d, _, _ in steps.seen]
    assert done == sorted(done)
    assert steps.seen[-1][0] == steps.seen[-1][1]
    messages = [m or "" for _, _, m in steps.seen]
    assert any(f"read {FILES + 1} of {FILES + 1} files" in m for m in messages)
    assert any(f"phase {WRITE_PHASES} of {WRITE_PHASES}" in m for m in messages)
    assert steps.checkpoints >= 4


@pytest.mark.parametrize("stop_at", [1, 2, -2, -1], ids=["walked", "reading", "before", "after"])
def test_stopped_at_a_safe_point_then_ingested_again_equals_a_full_ingest(
    graph: Graph, tmp_path: Path, repo_id: str, stop_at: int
) -> None:
    root = tree(tmp_path / "t")
    twin = tmp_path / "twin"
    shutil.copytree(root, twin)
    twin_repo = f"{repo_id}-twin"
    counted = Recorded()
    ingest_root(graph, twin, repo=twin_repo, mode="full", embed=False, steps=counted)
    at = stop_at if stop_at > 0 else counted.checkpoints + 1 + stop_at
    try:
        with pytest.raises(Stop):
            ingest_root(graph, root, repo=repo_id, embed=False, steps=Recorded(at))
        assert files(graph, repo_id) == (FILES + 1 if stop_at == -1 else 0)
        ingest_root(graph, root, repo=repo_id, embed=False)
        assert snapshot(graph, repo_id) == snapshot(graph, twin_repo)
    finally:
        wipe(graph, repo_id)
        wipe(graph, twin_repo)
