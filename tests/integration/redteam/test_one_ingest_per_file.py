"""Issue 29, class 8: two ingests of one file in one process (the apply's re-ingest against the
watcher's batch, the start-up ingest against the watcher) used to plan against the same graph
and both create the file's chunks: "Node already exists with label `Chunk`", an apply answering
`graph.updated: false`, a start-up ingest `failed`. They now take turns (ingest/gate.py), and the
graph equals one ingest of the tree."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest import ingest_paths, ingest_root
from coderooms.ingest.gate import GATE
from tests.integration.ingest.graph_snapshot import snapshot

ROUNDS = 12
FUNCTIONS = 40
BARRIER_WAIT_S = 60.0

pytestmark = pytest.mark.integration


def module_text(round_: int) -> str:
    """A file whose every chunk and symbol changes each round."""
    return "".join(
        f"def f{i}_{round_}(x):\n    return x + {i * round_}\n\n\n" for i in range(FUNCTIONS)
    )


def together(*work: Callable[[], object]) -> list[BaseException]:
    """Run `work` in threads released at once; what each raised."""
    barrier = threading.Barrier(len(work))
    errors: list[BaseException] = []

    def run(one: Callable[[], object]) -> None:
        barrier.wait(BARRIER_WAIT_S)
        try:
            one()
        except BaseException as e:  # collected: the test asserts there were none
            errors.append(e)

    threads = [threading.Thread(target=run, args=(one,)) for one in work]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(BARRIER_WAIT_S)
    return errors


def test_a_save_ingested_twice_at_once_is_ingested_once(
    graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "other.py").write_text("from mod import *\n")
    (root / "mod.py").write_text(module_text(0))
    ingest_root(graph, root, repo=repo_id, workers=1, git=False, embed=False)
    errors = []
    for round_ in range(1, ROUNDS + 1):
        (root / "mod.py").write_text(module_text(round_))  # a file the graph holds
        (root / f"new{round_}.py").write_text(module_text(round_))  # one it does not yet

        def save(round_: int = round_) -> None:  # the apply's re-ingest, the watcher's batch
            ingest_paths(graph, root, ["mod.py", f"new{round_}.py"], repo=repo_id, embed=False)

        errors += together(save, save)
    assert [str(e) for e in errors] == []
    assert not GATE.busy(repo_id)
    twin = f"{repo_id}-once"
    ingest_root(graph, root, repo=twin, workers=1, git=False, embed=False)
    assert snapshot(graph, repo_id) == snapshot(graph, twin)


def test_a_whole_repo_ingest_and_a_save_at_once_both_succeed(
    graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    for i in range(4):
        (root / f"m{i}.py").write_text(module_text(i))
    ingest_root(graph, root, repo=repo_id, workers=1, git=False, embed=False)
    errors = []
    for round_ in range(1, ROUNDS // 2 + 1):
        for i in range(4):
            (root / f"m{i}.py").write_text(module_text(round_ * 10 + i))
        (root / f"new{round_}.py").write_text(module_text(round_))
        saved = ["m0.py", f"new{round_}.py"]
        errors += together(
            lambda: ingest_root(graph, root, repo=repo_id, workers=1, git=False, embed=False),
            lambda saved=saved: ingest_paths(graph, root, saved, repo=repo_id, embed=False),
        )
    assert [str(e) for e in errors] == []
    twin = f"{repo_id}-once"
    ingest_root(graph, root, repo=twin, workers=1, git=False, embed=False)
    assert snapshot(graph, repo_id) == snapshot(graph, twin)
