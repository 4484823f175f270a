"""The watcher on real files and a real Neo4j: bursts coalesce, deletes and renames prune, the
pump drains on its own clock, ignore rules hold, and the queue stays bounded."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from coderooms.freshness.events import IGNORE_RULES_CHANGED
from coderooms.graph.driver import Graph
from tests.integration.freshness.conftest import (
    Calls,
    Make,
    claimed_by,
    file_ids,
    symbol_names,
    wait_until,
)
from tests.integration.ingest.graph_snapshot import dangling_edges, snapshot, wipe
from tests.integration.ingest.scenario_tree import Tree
from tests.integration.ingest.scenario_tree import ingest as full_ingest

LIB = "def helper():\n    return 1\n\n\ndef unused():\n    return 2\n"
USER = "from pkg.lib import helper\n\n\ndef use():\n    return helper()\n"


def make_tree(root: Path) -> None:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "lib.py").write_text(LIB)
    (root / "pkg" / "user.py").write_text(USER)


def test_an_editor_save_burst_is_one_ingest(
    graph: Graph, tmp_path: Path, repo_id: str, make_watcher: Make
) -> None:
    root = tmp_path / "burst"
    make_tree(root)
    calls = Calls()
    watcher = make_watcher([root], [repo_id], calls=calls)
    watcher.start()
    assert calls.roots == [str(root)]  # the catch-up, before any live event
    assert calls.warmed == [str(root)]  # and after it, a save's statements warmed once
    target = root / "pkg" / "lib.py"
    # 1. write a temporary file and rename it over the original (vim, JetBrains "safe write")
    (root / "pkg" / ".lib.py.swp").write_text("def first():\n    pass\n")
    os.replace(root / "pkg" / ".lib.py.swp", target)
    # 2. truncate, then write (most editors)
    with target.open("r+", encoding="utf-8") as handle:
        handle.truncate(0)
        handle.write("def second():\n    pass\n")
    # 3. write again
    target.write_text("def third():\n    return helper()\n\n\ndef helper():\n    return 3\n")
    wait_until(
        lambda: symbol_names(graph, repo_id, "pkg/lib.py") == {"", "third", "helper"},
        "the last save in the graph",
    )
    wait_until(watcher.settled, "the watcher to settle")
    assert calls.calls_with("pkg/lib.py") == 1
    assert len(calls.paths) == 1
    assert watcher.all_counters()["events_coalesced"] >= 2


def test_a_delete_prunes_everything_the_file_claimed(
    graph: Graph, tmp_path: Path, repo_id: str, make_watcher: Make
) -> None:
    root = tmp_path / "delete"
    make_tree(root)
    watcher = make_watcher([root], [repo_id])
    watcher.start()
    assert claimed_by(graph, repo_id, "pkg/lib.py")["nodes"] > 0
    (root / "pkg" / "lib.py").unlink()
    wait_until(
        lambda: claimed_by(graph, repo_id, "pkg/lib.py") == {"nodes": 0, "edges": 0, "files": 0},
        "the deleted file's claim to be gone",
    )
    wait_until(watcher.settled, "the watcher to settle")
    rows = graph.run_text(
        "MATCH (:Symbol {id: $id})-[c:CALLS]->(t) RETURN t.id AS target, c.via AS via",
        id=f"{repo_id}:pkg/user.py::use",
    )
    assert rows == [{"target": f"{repo_id}:?:pkg.lib.helper", "via": "ghost"}]
    assert dangling_edges(graph, repo_id) == []


def test_a_rename_moves_the_claims(
    graph: Graph, tmp_path: Path, repo_id: str, make_watcher: Make
) -> None:
    root = tmp_path / "rename"
    make_tree(root)
    watcher = make_watcher([root], [repo_id])
    watcher.start()
    (root / "pkg" / "lib.py").rename(root / "pkg" / "library.py")
    wait_until(lambda: "pkg/library.py" in file_ids(graph, repo_id), "the new path")
    wait_until(watcher.settled, "the watcher to settle")
    assert claimed_by(graph, repo_id, "pkg/lib.py") == {"nodes": 0, "edges": 0, "files": 0}
    assert symbol_names(graph, repo_id, "pkg/library.py") == {"", "helper", "unused"}
    assert_equals_a_full_ingest(graph, root, repo_id)


def test_a_queued_change_is_drained_by_the_pump_alone(
    graph: Graph, tmp_path: Path, repo_id: str, make_watcher: Make
) -> None:
    root = tmp_path / "pump"
    make_tree(root)
    # no watchdog, nobody calls tick(): only the pump's own clock can drain the queue
    watcher = make_watcher([root], [repo_id], observe=False)
    watcher.start()
    ticks_before = watcher.all_counters()["ticks"]
    (root / "pkg" / "new.py").write_text("def fresh():\n    pass\n")
    assert watcher.notify(["pkg/new.py"]) == 1
    wait_until(lambda: "pkg/new.py" in file_ids(graph, repo_id), "the pump to drain the queue")
    assert watcher.all_counters()["ticks"] > ticks_before
    assert watcher.queue.pending_paths() == 0


def test_a_removed_directory_takes_its_files_along(
    graph: Graph, tmp_path: Path, repo_id: str, make_watcher: Make
) -> None:
    root = tmp_path / "dirs"
    make_tree(root)
    (root / "pkg" / "deep").mkdir()
    (root / "pkg" / "deep" / "x.py").write_text("def x():\n    pass\n")
    watcher = make_watcher([root], [repo_id])
    watcher.start()
    assert file_ids(graph, repo_id) == {"pkg/lib.py", "pkg/user.py", "pkg/deep/x.py"}
    # moved out of the root in one rename: one directory event, no event per file
    shutil.move(root / "pkg", tmp_path / "elsewhere")
    wait_until(lambda: file_ids(graph, repo_id) == set(), "the files under the directory to go")
    wait_until(watcher.settled, "the watcher to settle")


def test_ignored_paths_are_filtered_before_any_ingest(
    graph: Graph, tmp_path: Path, repo_id: str, make_watcher: Make
) -> None:
    root = tmp_path / "ignored"
    make_tree(root)
    (root / ".gitignore").write_text("*.log\n")
    calls = Calls()
    watcher = make_watcher([root], [repo_id], calls=calls)
    watcher.start()
    calls.reset()
    for i in range(5):
        (root / "run.log").write_text(f"line {i}\n")
    (root / "node_modules").mkdir()
    (root / "node_modules" / "dep.js").write_text("module.exports = 1\n")
    watcher.notify(["run.log"])  # make sure the ignored path reaches a tick
    wait_until(lambda: watcher.last_tick is not None and not watcher.queue.has_work(), "a drain")
    wait_until(watcher.settled, "the watcher to settle")
    assert calls.paths == []
    assert "run.log" not in file_ids(graph, repo_id)


def test_a_changed_ignore_file_reconciles_the_root(
    graph: Graph, tmp_path: Path, repo_id: str, make_watcher: Make
) -> None:
    root = tmp_path / "rules"
    make_tree(root)
    calls = Calls()
    watcher = make_watcher([root], [repo_id], calls=calls)
    watcher.start()
    calls.reset()
    (root / ".gitignore").write_text("pkg/user.py\n")
    wait_until(lambda: "pkg/user.py" not in file_ids(graph, repo_id), "the newly ignored file")
    wait_until(watcher.settled, "the watcher to settle")
    assert calls.roots == [str(root)]
    report = watcher.roots[0].last_report
    assert report is not None
    assert report.reason == IGNORE_RULES_CHANGED
    assert_equals_a_full_ingest(graph, root, repo_id)


def test_a_burst_past_the_queue_bound_is_one_reconciliation(
    graph: Graph, tmp_path: Path, repo_id: str, make_watcher: Make
) -> None:
    root = tmp_path / "flood"
    make_tree(root)
    calls = Calls()
    watcher = make_watcher([root], [repo_id], calls=calls, max_pending_paths=10)
    watcher.start()
    calls.reset()
    (root / "gen").mkdir()
    for i in range(40):
        (root / "gen" / f"m{i:02}.py").write_text(f"def f{i}():\n    return {i}\n")
    wait_until(lambda: len(file_ids(graph, repo_id)) == 42, "every generated file")
    wait_until(watcher.settled, "the watcher to settle")
    counters = watcher.all_counters()
    assert counters["overflows"] >= 1
    assert len(calls.roots) == counters["overflows"]  # one walk per overflow
    assert watcher.queue.pending_paths() == 0
    assert_equals_a_full_ingest(graph, root, repo_id)


def assert_equals_a_full_ingest(graph: Graph, root: Path, repo: str) -> None:
    other = f"{repo}-full"
    wipe(graph, other)
    try:
        full_ingest(graph, Tree(root), other, mode="full")
        assert snapshot(graph, repo) == snapshot(graph, other)
        assert dangling_edges(graph, repo) == []
    finally:
        wipe(graph, other)
