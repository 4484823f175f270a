"""Replay: check out each commit of a 32-commit history under a running watcher; once it
settles, the watcher's graph equals a full ingest of the same tree (nodes with properties,
edges with properties, CO_CHANGES included)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from tests.integration.freshness.conftest import Make, git, wait_until
from tests.integration.freshness.history import build_history
from tests.integration.ingest.graph_snapshot import dangling_edges, snapshot, wipe

COMMITS = 32


def comparable(graph: Graph, repo: str) -> tuple[set[Any], set[Any]]:
    """The snapshot without the timestamps a Repo node carries (`co_change_updated_at`), with
    the CO_CHANGES claim (`git:<repo>`) made repo-neutral and without CO_CHANGES'
    `commits_considered`, which docs/co-changes.md defines as "when this edge's weight was last
    written" (history-dependent by design: an edge whose weight did not change keeps it)."""
    nodes, edges = snapshot(graph, repo)
    nodes = {
        (labels, tuple(p for p in props if not p[0].endswith("_at"))) for labels, props in nodes
    }
    git_claim = repr(f"git:{repo}")
    edges = {
        (
            a,
            kind,
            b,
            tuple(
                (k, "'git:<repo>'" if v == git_claim else v)
                for k, v in props
                if not (kind == "CO_CHANGES" and k == "commits_considered")
            ),
        )
        for a, kind, b, props in edges
    }
    return nodes, edges


def differences(graph: Graph, repo: str, reference: str) -> dict[str, list[Any]]:
    ours, theirs = comparable(graph, repo), comparable(graph, reference)
    return {
        "nodes only in the watched repo": sorted(ours[0] - theirs[0], key=repr)[:5],
        "nodes only in the full ingest": sorted(theirs[0] - ours[0], key=repr)[:5],
        "edges only in the watched repo": sorted(ours[1] - theirs[1], key=repr)[:5],
        "edges only in the full ingest": sorted(theirs[1] - ours[1], key=repr)[:5],
    }


def test_checking_out_each_commit_under_a_watcher_equals_a_full_ingest(
    graph: Graph, tmp_path: Path, repo_id: str, make_watcher: Make
) -> None:
    root = tmp_path / "replay"
    shas = build_history(root, COMMITS)
    git(root, "checkout", "-q", "--detach", shas[0])
    # alerts off: they are not under test here, and each costs queries per batch
    watcher = make_watcher([root], [repo_id], debounce_ms=10, idle_poll_ms=25, alerts=False)
    watcher.start()
    reference = f"{repo_id}-full"
    order = [*shas[1:], shas[0], shas[-1]]  # every step, then one long jump back and forth
    try:
        coupled = 0
        for step, sha in enumerate(order, start=1):
            git(root, "checkout", "-q", "--detach", sha)
            wait_until(watcher.settled, f"the watcher to settle on step {step} ({sha[:8]})")
            assert watcher.roots[0].since_ref == sha
            wipe(graph, reference)
            ingest_root(graph, root, repo=reference, mode="full", workers=1)
            diff = differences(graph, repo_id, reference)
            assert not any(diff.values()), (step, diff)
            rows = graph.run_text(
                "MATCH ()-[r:CO_CHANGES {repo: $repo}]->() RETURN count(r) AS n", repo=repo_id
            )
            coupled = max(coupled, rows[0]["n"])
        assert dangling_edges(graph, repo_id) == []
        counters = watcher.all_counters()
        assert counters["git_scans"] >= len(order) - counters.get("reconciliations", 0)
        assert counters.get("failures", 0) == 0
        assert coupled > 0  # the history is long enough to couple files: CO_CHANGES compared
    finally:
        wipe(graph, reference)
