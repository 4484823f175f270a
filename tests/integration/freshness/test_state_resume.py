"""A watcher's state lives in Neo4j: a restart resumes it, a live watcher is not doubled, a
dead one is taken over, and read-only mode writes nothing."""

from __future__ import annotations

import threading
import time
import uuid
from pathlib import Path

import pytest

from coderooms.freshness.errors import WatcherConflict
from coderooms.freshness.state import (
    HEARTBEAT_STALE_S,
    RootRecord,
    WatcherRecord,
    WatcherStore,
)
from coderooms.graph.driver import Graph
from tests.integration.freshness.conftest import Make, file_ids, git, symbol_names, wait_until


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "resume"
    (root / "pkg").mkdir(parents=True)
    git(root, "init", "-q")
    (root / "pkg" / "lib.py").write_text("def helper():\n    return 1\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "first")
    return root


def commit(root: Path, message: str) -> str:
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message)
    return git(root, "rev-parse", "HEAD")


def test_a_restarted_watcher_resumes_from_its_state_in_neo4j(
    graph: Graph, repo: Path, repo_id: str, make_watcher: Make
) -> None:
    first = make_watcher([repo], [repo_id])
    first.start()
    store = WatcherStore(graph)
    listed = {r.watcher_id: r for r in store.list()}
    assert listed[first.watcher_id].describe(int(time.time() * 1000))["alive"]
    (repo / "pkg" / "lib.py").write_text("def helper():\n    return 2\n")
    seen = commit(repo, "second")
    wait_until(first.settled, "the first watcher to settle")
    first.stop()
    saved = store.load(first.watcher_id)
    assert saved is not None
    assert saved.status == "stopped"
    assert saved.since_ref(str(repo)) == seen
    assert saved.counters["reconciliations"] == 1

    # while nothing watches: a commit and an untracked file
    (repo / "pkg" / "lib.py").write_text("def while_down():\n    pass\n")
    commit(repo, "third")
    (repo / "pkg" / "untracked.py").write_text("def loose():\n    pass\n")

    second = make_watcher([repo], [repo_id])
    assert second.watcher_id == first.watcher_id
    catch_up = second.start()
    assert second.previous is not None
    assert second.previous.since_ref(str(repo)) == seen
    assert catch_up is not None
    assert catch_up.roots[0].status == "reconciled"
    assert catch_up.roots[0].head_moved_from == seen
    assert symbol_names(graph, repo_id, "pkg/lib.py") == {"", "while_down"}
    assert "pkg/untracked.py" in file_ids(graph, repo_id)
    assert second.all_counters()["reconciliations"] == 2  # counters carry on


def test_a_live_watcher_is_not_doubled_and_a_dead_one_is_taken_over(
    graph: Graph, repo: Path, repo_id: str, make_watcher: Make
) -> None:
    first = make_watcher([repo], [repo_id], observe=False)
    first.start()
    with pytest.raises(WatcherConflict, match="already running"):
        make_watcher([repo], [repo_id], observe=False).start()
    first._teardown()  # the process "dies": threads gone, the node still says running
    with pytest.raises(WatcherConflict):
        make_watcher([repo], [repo_id], observe=False).start()
    later = time.time() + HEARTBEAT_STALE_S + 5
    heir = make_watcher([repo], [repo_id], observe=False, wall_clock=lambda: later)
    heir.start()
    saved = WatcherStore(graph).load(heir.watcher_id)
    assert saved is not None
    assert (saved.status, saved.owner) == ("running", heir.record.owner if heir.record else "")


def test_read_only_never_ingests_or_persists(
    graph: Graph, repo: Path, repo_id: str, make_watcher: Make
) -> None:
    watcher = make_watcher([repo], [repo_id], read_only=True)
    assert watcher.start() is None
    (repo / "pkg" / "new.py").write_text("def nope():\n    pass\n")
    watcher.notify(["pkg/new.py"])
    assert watcher.tick(force=True).status in {"read_only", "coalesced"}  # the pump ticks too
    assert watcher.last_tick is None or watcher.last_tick.status == "read_only"
    assert watcher.queue.pending_paths() == 1  # queued, never taken
    watcher.stop()
    assert WatcherStore(graph).load(watcher.watcher_id) is None
    assert graph.run_text("MATCH (r:Repo {id: $id}) RETURN r.id AS id", id=repo_id) == []
    assert file_ids(graph, repo_id) == set()


CLAIMERS = 4


def claim_at_once(graph: Graph, watcher_id: str, now: int) -> list[str]:
    """CLAIMERS owners, each with its own driver, released together to claim one watcher."""
    gate = threading.Barrier(CLAIMERS)
    outcomes: list[str] = []

    def claim(owner: str) -> None:
        other = Graph(graph.connection)
        try:
            record = WatcherRecord(watcher_id, "cli", [RootRecord("/r", "r")], owner=owner,
                                   status="running", heartbeat_ms=now)  # fmt: skip
            gate.wait()
            WatcherStore(other).claim(record, now)
            outcomes.append(owner)
        except WatcherConflict:
            outcomes.append("refused")
        finally:
            other.close()

    threads = [threading.Thread(target=claim, args=(f"owner-{n}",)) for n in range(CLAIMERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_watchers_claiming_at_once_leave_exactly_one_owner(graph: Graph) -> None:
    """The claim reads the node under its write lock: of owners racing for one watcher id,
    exactly one runs and the node names it (a read-committed read let several pass)."""
    for _ in range(8):
        watcher_id = f"watch-race-{uuid.uuid4().hex[:12]}"
        outcomes = claim_at_once(graph, watcher_id, int(time.time() * 1000))
        winners = [o for o in outcomes if o != "refused"]
        assert len(winners) == 1, outcomes
        saved = WatcherStore(graph).load(watcher_id)
        assert saved is not None
        assert saved.owner == winners[0]
        graph.run_text("MATCH (w:Watcher {id: $id}) DELETE w", id=watcher_id)
