"""`coderooms watch` as a real process: catches up, prints a line per batch, stops cleanly on
SIGTERM / SIGINT with its state saved, and resumes without PATH."""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from coderooms.freshness.state import WatcherStore, watcher_id_for
from coderooms.graph.driver import Connection, Graph
from tests.e2e.stdio_client import server_env
from tests.integration.freshness.conftest import symbol_names, wait_until
from tests.integration.ingest.graph_snapshot import wipe

EXIT_DEADLINE_S = 30


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Iterator[Path]:
    path = tmp_path / "cli root"
    (path / "pkg").mkdir(parents=True)
    (path / "pkg" / "lib.py").write_text("def helper():\n    return 1\n")
    yield path
    graph.run_text(
        "MATCH (w:Watcher {id: $id}) DETACH DELETE w", id=watcher_id_for([str(path.resolve())])
    )
    wipe(graph, repo_id)


def start(connection: Connection, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "coderooms", "watch", *args],
        env=server_env(connection),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def stop(process: subprocess.Popen[str], signum: int) -> str:
    process.send_signal(signum)
    output, _ = process.communicate(timeout=EXIT_DEADLINE_S)
    assert process.returncode == 0, output
    return output


def test_watch_until_a_signal_then_resume_without_path(
    connection: Connection, graph: Graph, root: Path, repo_id: str
) -> None:
    store = WatcherStore(graph)
    watcher_id = watcher_id_for([str(root.resolve())])

    def running() -> bool:
        """Started and caught up (the catch-up tick is persisted with its time)."""
        record = store.load(watcher_id)
        return record is not None and record.status == "running" and bool(record.last_tick_ms)

    process = start(connection, str(root), "--repo", repo_id, "--debounce-ms", "50")
    try:
        wait_until(running, "the watcher process to start")
        (root / "pkg" / "lib.py").write_text("def edited():\n    pass\n")
        wait_until(lambda: symbol_names(graph, repo_id, "pkg/lib.py") == {"", "edited"}, "the edit")
        output = stop(process, signal.SIGTERM)
    finally:
        if process.poll() is None:
            process.kill()
    assert "reconciled (catch_up): 1 added" in output
    assert "ingested: 0 added, 1 changed, 0 deleted" in output
    assert "stopped; state saved" in output
    assert "Traceback" not in output
    record = store.load(watcher_id)
    assert record is not None
    assert record.status == "stopped"
    assert record.roots[0].repo == repo_id

    resumed = start(connection)
    try:
        wait_until(running, "the resumed watcher to start")
        output = stop(resumed, signal.SIGINT)
    finally:
        if resumed.poll() is None:
            resumed.kill()
    assert f"resuming watcher {watcher_id}" in output
    assert f"as {repo_id}" in output
