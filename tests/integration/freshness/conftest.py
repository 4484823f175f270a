"""Fixtures of the freshness tests: watchers that clean up after themselves, ingest functions
that count their calls, git with a fixed identity, and polling with a deadline."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from coderooms.freshness.engine import FreshnessEngine, WatchOptions
from coderooms.freshness.rootsync import IngestFunctions
from coderooms.graph.driver import Graph
from coderooms.ingest.git_history import update_co_changes
from coderooms.ingest.pipeline import ingest_root
from coderooms.ingest.targeted import ingest_paths
from coderooms.ingest.warm_up import warm_saves
from tests.integration.ingest.graph_snapshot import wipe

DEADLINE_S = 20.0
POLL_S = 0.01


def wait_until(predicate: Callable[[], bool], what: str, deadline_s: float = DEADLINE_S) -> None:
    """Poll `predicate` until it holds; fail naming `what` after the deadline."""
    deadline = time.monotonic() + deadline_s
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {deadline_s} s waiting for {what}")
        time.sleep(POLL_S)


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(
        [
            "git",
            "-c",
            "user.name=coderooms tests",
            "-c",
            "user.email=tests@coderooms.invalid",
            "-c",
            "init.defaultBranch=main",
            "-c",
            "commit.gpgsign=false",
            *args,
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


@dataclass
class Calls:
    """What the watcher asked the ingest to do, in order."""

    paths: list[list[str]] = field(default_factory=list)
    roots: list[str] = field(default_factory=list)
    co_changes: int = 0
    warmed: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def functions(self) -> IngestFunctions:
        def counted_paths(graph: Graph, root: Path, paths: Any, **kw: Any) -> Any:
            listed = sorted(str(p) for p in paths)
            with self.lock:
                self.paths.append(listed)
            return ingest_paths(graph, root, listed, **kw)

        def counted_root(graph: Graph, root: Path, **kw: Any) -> Any:
            with self.lock:
                self.roots.append(str(root))
            return ingest_root(graph, root, **kw)

        def counted_co_changes(graph: Graph, repo: str, root: Path, **kw: Any) -> Any:
            with self.lock:
                self.co_changes += 1
            return update_co_changes(graph, repo, root, **kw)

        def counted_warm(graph: Graph, root: Path, repo: str) -> float | None:
            with self.lock:
                self.warmed.append(str(root))
            return warm_saves(graph, root, repo)

        return IngestFunctions(counted_paths, counted_root, counted_co_changes, counted_warm)

    def calls_with(self, path: str) -> int:
        with self.lock:
            return sum(1 for call in self.paths if path in call)

    def reset(self) -> None:
        with self.lock:
            self.paths.clear()
            self.roots.clear()
            self.co_changes = 0
            self.warmed.clear()


Make = Callable[..., FreshnessEngine]


@pytest.fixture
def make_watcher(graph: Graph) -> Iterator[Make]:
    """Build watchers; each is stopped, its Watcher node deleted, its repos and their alerts
    wiped after."""
    made: list[FreshnessEngine] = []

    def make(
        roots: list[Path],
        repos: list[str],
        *,
        calls: Calls | None = None,
        functions: IngestFunctions | None = None,
        debounce_ms: int = 200,
        idle_poll_ms: int = 50,
        **options: Any,
    ) -> FreshnessEngine:
        clocks = {k: options.pop(k) for k in ("clock", "wall_clock") if k in options}
        engine = FreshnessEngine(
            graph,
            roots,
            repos=repos,
            options=WatchOptions(debounce_ms=debounce_ms, idle_poll_ms=idle_poll_ms, **options),
            functions=calls.functions() if calls else functions,
            **clocks,
        )
        made.append(engine)
        return engine

    yield make
    for engine in made:
        engine.stop(drain=False)
        graph.run_text("MATCH (w:Watcher {id: $id}) DETACH DELETE w", id=engine.watcher_id)
        for root in engine.roots:
            wipe(graph, root.repo)
            graph.run_text("MATCH (a:Alert {repo_id: $repo}) DETACH DELETE a", repo=root.repo)


def file_ids(graph: Graph, repo: str) -> set[str]:
    rows = graph.run_text("MATCH (f:File {repo: $repo}) RETURN f.path AS path", repo=repo)
    return {row["path"] for row in rows}


def symbol_names(graph: Graph, repo: str, path: str) -> set[str]:
    rows = graph.run_text(
        "MATCH (s:Symbol {repo: $repo, file: $path}) RETURN s.qualname AS name",
        repo=repo,
        path=path,
    )
    return {row["name"] for row in rows}


def claimed_by(graph: Graph, repo: str, path: str) -> dict[str, int]:
    """Nodes and edges that still carry the file's claim."""
    claim = f"{repo}:{path}"
    nodes = graph.run_text("MATCH (n {claim: $claim}) RETURN count(n) AS n", claim=claim)
    edges = graph.run_text(
        "MATCH (a)-[r]->() WHERE coalesce(r.claim, a.claim) = $claim RETURN count(r) AS n",
        claim=claim,
    )
    files = graph.run_text("MATCH (f:File {id: $claim}) RETURN count(f) AS n", claim=claim)
    return {"nodes": nodes[0]["n"], "edges": edges[0]["n"], "files": files[0]["n"]}
