"""Git-aware ticks on real repositories: deferral during rebases and locks, changed sets from
git with walker skips reported, since_ref discipline, fallbacks, worktrees."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from coderooms.errors import GraphUnavailable
from coderooms.freshness.rootsync import IngestFunctions, RootTickReport
from coderooms.graph.driver import Graph
from coderooms.ingest.targeted import ingest_paths
from tests.integration.freshness.conftest import (
    Calls,
    Make,
    file_ids,
    git,
    symbol_names,
    wait_until,
)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    git(root, "init", "-q")
    (root / ".coderoomsignore").write_text("vendor/\n")
    (root / "pkg" / "lib.py").write_text("def helper():\n    return 1\n")
    (root / "pkg" / "user.py").write_text(
        "from pkg.lib import helper\n\n\ndef use():\n    helper()\n"
    )
    commit(root, "first")
    return root


def commit(root: Path, message: str) -> str:
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message)
    return git(root, "rev-parse", "HEAD")


def reports(watcher: Any) -> list[RootTickReport]:
    return [root for tick in watcher.recent for root in tick.roots]


def test_a_rebase_in_progress_defers_and_the_tick_after_it_reconciles(
    graph: Graph, repo: Path, repo_id: str, make_watcher: Make
) -> None:
    calls = Calls()
    watcher = make_watcher([repo], [repo_id], calls=calls)
    watcher.start()
    calls.reset()
    (repo / ".git" / "rebase-merge").mkdir()
    wait_until(lambda: watcher.roots[0].deferred_by == "rebase", "the tick to defer")
    (repo / "pkg" / "lib.py").write_text("def rebased():\n    return 2\n")
    (repo / "pkg" / "new.py").write_text("def added():\n    pass\n")
    wait_until(lambda: watcher.queue.pending_paths() == 2, "the events to queue while deferred")
    for _ in range(3):
        assert watcher.tick(force=True).status in {"deferred", "coalesced"}
    assert not watcher.settled()
    assert calls.paths == []
    assert calls.roots == []
    assert symbol_names(graph, repo_id, "pkg/lib.py") == {"", "helper"}

    shutil.rmtree(repo / ".git" / "rebase-merge")
    wait_until(watcher.settled, "the reconciliation after the rebase")
    assert calls.roots == [str(repo)]  # one reconciliation covers what queued meanwhile
    assert calls.paths == []
    last = watcher.roots[0].last_report
    assert last is not None
    assert (last.status, last.reason) == ("reconciled", "after_git_rebase")
    assert symbol_names(graph, repo_id, "pkg/lib.py") == {"", "rebased"}
    assert "pkg/new.py" in file_ids(graph, repo_id)
    assert watcher.all_counters()["deferrals"] == 1


def test_a_moved_head_is_scanned_through_git_and_walker_skips_are_reported(
    graph: Graph, repo: Path, repo_id: str, make_watcher: Make
) -> None:
    calls = Calls()
    watcher = make_watcher([repo], [repo_id], calls=calls)
    watcher.start()
    first = watcher.roots[0].since_ref
    assert first == git(repo, "rev-parse", "HEAD")
    (repo / "vendor").mkdir()
    (repo / "vendor" / "dep.py").write_text("def vendored():\n    pass\n")
    (repo / "pkg" / "lib.py").write_text("def helper():\n    return 2\n\n\ndef more():\n    pass\n")
    second = commit(repo, "second")
    wait_until(watcher.settled, "the scan of the new HEAD")
    assert watcher.roots[0].since_ref == second
    scans = [r for r in reports(watcher) if r.head_moved_from == first]
    assert len(scans) == 1
    assert scans[0].git_skipped == {"ignored": 1}
    assert scans[0].git_skipped_examples == ["vendor/dep.py"]
    assert calls.co_changes == 1
    assert "vendor/dep.py" not in file_ids(graph, repo_id)
    assert symbol_names(graph, repo_id, "pkg/lib.py") == {"", "helper", "more"}
    assert watcher.all_counters()["git_paths_skipped"] == 1


def test_since_ref_advances_only_after_a_successful_scan(
    graph: Graph, repo: Path, repo_id: str, make_watcher: Make
) -> None:
    failures = [GraphUnavailable("Neo4j went away", hint="retry")]

    def flaky_paths(graph: Graph, root: Path, paths: Any, **kw: Any) -> Any:
        if failures:
            raise failures.pop()
        return ingest_paths(graph, root, paths, **kw)

    watcher = make_watcher(
        [repo],
        [repo_id],
        functions=IngestFunctions(paths=flaky_paths),
        observe=False,
        pump=False,
    )
    watcher.start()
    first = watcher.roots[0].since_ref
    (repo / "pkg" / "lib.py").write_text("def changed():\n    pass\n")
    second = commit(repo, "second")

    failed = watcher.tick()
    assert failed.status == "failed"
    assert failed.roots[0].reason == "Neo4j went away"
    assert watcher.roots[0].since_ref == first
    assert symbol_names(graph, repo_id, "pkg/lib.py") == {"", "helper"}

    done = watcher.tick()
    assert done.status == "worked"
    assert watcher.roots[0].since_ref == second
    assert symbol_names(graph, repo_id, "pkg/lib.py") == {"", "changed"}
    assert watcher.all_counters()["failures"] == 1


def test_git_that_cannot_answer_falls_back_to_fingerprints(
    graph: Graph, repo: Path, repo_id: str, make_watcher: Make
) -> None:
    calls = Calls()
    watcher = make_watcher([repo], [repo_id], calls=calls, observe=False, pump=False)
    watcher.start()
    watcher.roots[0].since_ref = "0" * 40  # a commit git does not have (gc'd, history rewritten)
    (repo / "pkg" / "lib.py").write_text("def after_gc():\n    pass\n")
    head = commit(repo, "second")
    report = watcher.tick()
    assert (report.roots[0].status, report.roots[0].reason) == ("reconciled", "git_unavailable")
    assert watcher.roots[0].since_ref == head
    assert symbol_names(graph, repo_id, "pkg/lib.py") == {"", "after_gc"}
    assert watcher.all_counters()["git_fallbacks"] == 1


def test_a_worktree_is_watched_through_its_git_file(
    graph: Graph, repo: Path, tmp_path: Path, repo_id: str, make_watcher: Make
) -> None:
    tree = tmp_path / "tree"
    git(repo, "worktree", "add", "-q", "-b", "side", str(tree))
    calls = Calls()
    watcher = make_watcher([tree], [repo_id], calls=calls, observe=False, pump=False)
    watcher.start()
    layout = watcher.roots[0].layout
    assert layout is not None
    assert not layout.git_dir.is_relative_to(tree)
    calls.reset()
    (layout.git_dir / "index.lock").write_text("")
    (tree / "pkg" / "lib.py").write_text("def on_side():\n    pass\n")
    watcher.notify(["pkg/lib.py"])
    assert watcher.tick(force=True).status == "deferred"
    (layout.git_dir / "index.lock").unlink()
    head = commit(tree, "on the side branch")
    report = watcher.tick(force=True)
    assert report.roots[0].status == "ingested"  # a lock alone: the git scan, no walk
    assert report.roots[0].head_moved_from is not None
    assert calls.roots == []
    assert watcher.roots[0].since_ref == head
    assert symbol_names(graph, repo_id, "pkg/lib.py") == {"", "on_side"}
