"""Issue 29, class 3: a directory the graph knows replaced by a symlink to an outside one (by
hand, or by a checkout of a branch that commits `pkg -> ../outside`). A targeted re-ingest of
its files (the watcher's, an edit's) must not read them through the link: they leave the graph,
and neither `search` nor `view` ever shows the outside text."""

from __future__ import annotations

import os
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from coderooms.freshness.engine import FreshnessEngine, WatchOptions
from coderooms.graph.driver import Graph
from coderooms.ingest.targeted import check_path, ingest_paths
from coderooms.search.tools import search_tools
from coderooms.verbs.context import AppContext
from tests.integration.redteam.outside import Layout, answer_of, internal, make_layout

KNOWN = ["pkg/__init__.py", "pkg/core.py", "pkg/use.py"]
DEADLINE_S = 30.0


@pytest.fixture
def layout(graph: Graph, tmp_path: Path, repo_id: str) -> Layout:
    made = make_layout(graph, tmp_path, repo_id)
    os.rename(made.root / "pkg", tmp_path / "pkg-moved-away")  # out of the root
    os.symlink(made.outside / "pkg", made.root / "pkg")
    return made


def files_of(graph: Graph, repo: str) -> set[str]:
    rows = graph.run_text("MATCH (f:File {repo: $repo}) RETURN f.path AS path", repo=repo)
    return {row["path"] for row in rows}


def shown(ctx: AppContext, layout: Layout) -> list[Any]:
    """What `search` (literal, for the secret and for a name both sides define) and `view` of
    each known file answer now."""
    verbs = {spec.name: spec.fn for spec in search_tools(ctx)}
    calls = [
        partial(verbs["search"], "redteam", layout.secret, repo=layout.repo),
        partial(verbs["search"], "redteam", "helper", repo=layout.repo),
        *(partial(verbs["view"], "redteam", path, repo=layout.repo) for path in KNOWN),
    ]
    return [answer_of(call) for call in calls]


def test_the_check_looks_at_every_directory_on_the_way(layout: Layout) -> None:
    assert {path: check_path(layout.root, path) for path in KNOWN} == dict.fromkeys(
        KNOWN, "symlink"
    )


def test_a_targeted_ingest_drops_the_files_and_reads_nothing_outside(
    app_context: AppContext, graph: Graph, layout: Layout
) -> None:
    report = ingest_paths(graph, layout.root, KNOWN, repo=layout.repo, embed=False)
    assert report.files_deleted == len(KNOWN)
    assert report.files_added == report.files_changed == 0
    assert report.skipped == {"symlink": len(KNOWN)}
    assert files_of(graph, layout.repo) == set()
    answers = shown(app_context, layout)
    assert [a for a in answers if layout.leaked(a) or internal(a)] == []


def test_the_watcher_drops_the_files_and_reads_nothing_outside(
    app_context: AppContext, graph: Graph, layout: Layout
) -> None:
    # the watcher's own catch-up first sees the tree as it is now: re-ingest as before the swap
    watcher = FreshnessEngine(
        graph,
        [layout.root],
        repos=[layout.repo],
        options=WatchOptions(debounce_ms=20, idle_poll_ms=20, observe=False),
    )
    try:
        watcher.start()
        watcher.notify(KNOWN)  # what git's view of a checkout names, or an editor's events
        deadline = time.monotonic() + DEADLINE_S
        while not (watcher.settled() and files_of(graph, layout.repo) <= {"pkg"}):
            assert time.monotonic() < deadline, "the watcher did not catch up"
            time.sleep(0.01)
    finally:
        watcher.stop(drain=False)
        graph.run_text("MATCH (w:Watcher {id: $id}) DETACH DELETE w", id=watcher.watcher_id)
    assert files_of(graph, layout.repo) & set(KNOWN) == set()
    answers = shown(app_context, layout)
    assert [a for a in answers if layout.leaked(a) or internal(a)] == []
