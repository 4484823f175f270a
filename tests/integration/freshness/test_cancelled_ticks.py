"""A tick cancelled by the call running it (a cancelled `daemon_tick`, `auto_ingest_start` or
`auto_ingest_stop`; the cancellation is a BaseException raised at the ingest's safe points)
loses nothing: its batch waits for the next tick, and a stop whose drain was cancelled still
stops."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from coderooms.freshness.rootsync import IngestFunctions
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from tests.integration.freshness.conftest import Make, symbol_names


class Cancelled(BaseException):
    """Stands for the event loop's cancellation, which is no Exception either."""


def cancelled_once() -> IngestFunctions:
    pending = [Cancelled()]

    def root(graph: Graph, path: Path, **kw: Any) -> Any:
        if pending:
            raise pending.pop()
        return ingest_root(graph, path, **kw)

    return IngestFunctions(root=root)


def tree(tmp_path: Path) -> Path:
    root = tmp_path / "tree"
    root.mkdir()
    (root / "lib.py").write_text("def helper():\n    return 1\n")
    return root


def test_a_cancelled_tick_puts_its_batch_back(
    graph: Graph, tmp_path: Path, repo_id: str, make_watcher: Make
) -> None:
    root = tree(tmp_path)
    watcher = make_watcher([root], [repo_id], observe=False, pump=False)
    watcher.start()
    watcher.roots[0].functions = cancelled_once()
    (root / "lib.py").write_text("def renamed():\n    return 2\n")
    watcher.queue.request_reconcile(watcher.roots[0].key, "test", 0.0, urgent=True)
    with pytest.raises(Cancelled):
        watcher.tick()
    assert symbol_names(graph, repo_id, "lib.py") == {"", "helper"}
    done = watcher.tick()
    assert done.status == "worked"
    assert symbol_names(graph, repo_id, "lib.py") == {"", "renamed"}


def test_a_stop_whose_drain_is_cancelled_still_stops(
    graph: Graph, tmp_path: Path, repo_id: str, make_watcher: Make
) -> None:
    root = tree(tmp_path)
    watcher = make_watcher([root], [repo_id], observe=False, pump=False)
    watcher.start()
    watcher.roots[0].functions = cancelled_once()
    watcher.queue.request_reconcile(watcher.roots[0].key, "test", 0.0, urgent=True)
    with pytest.raises(Cancelled):
        watcher.stop()
    assert watcher.state == "stopped"
    assert watcher.stop() is None  # stopped once, for good
