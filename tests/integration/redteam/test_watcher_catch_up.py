"""The watcher's catch-up: a 2 MiB minified bundle (within the size cap) passed Neo4j's
transaction memory limit, the catch-up failed, and the watcher stopped for good, so nothing
watched the root again. Now the bundle is written in batches and lands whole, and a catch-up
that fails for any reason is retried by the running watcher (issue 29, class 4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchmarks.hostile_files import minified_bundle

from coderooms.errors import CoderoomsError
from coderooms.freshness.rootsync import IngestFunctions
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.ingest.targeted import ingest_paths
from coderooms.ingest.warm_up import warm_saves
from tests.integration.freshness.conftest import Make
from tests.integration.ingest.scenario_tree import Tree, symbols

INNOCENT = {
    "app/util.py": "def helper():\n    return 1\n",
    "web/lib.js": "export function innocent(a) {\n  return a + 1\n}\n",
}


def test_a_minified_bundle_at_the_size_cap_lands_whole(
    graph: Graph, tree: Tree, make_watcher: Make, repo_id: str
) -> None:
    for path, text in INNOCENT.items():
        tree.write(path, text)
    tree.write("web/bundle.min.js", minified_bundle())  # ~70,000 symbols, references, chunks
    watcher = make_watcher([tree.root], [repo_id], observe=False, pump=False)
    catch_up = watcher.start()
    assert catch_up is not None
    [root] = catch_up.roots
    assert (root.status, root.files_added) == ("reconciled", 3)
    found = symbols(graph, repo_id)
    assert {("app/util.py::helper", "Function"), ("web/lib.js::innocent", "Function")} <= found
    bundle = [s for s in found if s[0].startswith("web/bundle.min.js::")]
    assert len(bundle) > 20_000
    [held] = graph.run_text(
        "MATCH (f:File {repo: $repo, path: 'web/bundle.min.js'}) RETURN f.problems AS problems",
        repo=repo_id,
    )
    assert held["problems"] is None


def test_a_failed_catch_up_is_retried_not_given_up(
    graph: Graph, tree: Tree, make_watcher: Make, repo_id: str
) -> None:
    for path, text in INNOCENT.items():
        tree.write(path, text)
    failures = [CoderoomsError("Neo4j rejected a statement: the first try fails")]
    warmed: list[str] = []

    def flaky_root(graph: Graph, root: Path, **kw: Any) -> Any:
        if failures:
            raise failures.pop()
        return ingest_root(graph, root, **kw)

    def warm(graph: Graph, root: Path, repo: str) -> float | None:
        warmed.append(repo)
        return warm_saves(graph, root, repo)

    functions = IngestFunctions(paths=ingest_paths, root=flaky_root, warm=warm)
    watcher = make_watcher([tree.root], [repo_id], functions=functions, observe=False, pump=False)
    catch_up = watcher.start()
    assert catch_up is not None
    assert catch_up.roots[0].status == "failed"
    assert catch_up.roots[0].reason == "Neo4j rejected a statement: the first try fails"
    assert watcher.state == "running"
    assert watcher.queue.reconcile_reasons(str(tree.root)) == ["catch_up"]
    assert watcher.pump.failure_streak == 1  # the next try waits its backoff

    again = watcher.tick(force=True)
    assert (again.roots[0].status, again.roots[0].reason) == ("reconciled", "catch_up")
    assert ("app/util.py::helper", "Function") in symbols(graph, repo_id)
    assert warmed == [repo_id]  # warmed once, after the catch-up that landed
    assert watcher.pump.failure_streak == 0
