"""Hostile files: what one costs an ingest now, and what a failed batch leaves in memory.

Each kind of `hostile_files` (the files that once stopped a whole repository, issue 29 class 4)
is written next to four innocent files and ingested in full (one process, no worker pool, no
embedding, no git): wall and CPU seconds, the process's resident memory after, whether the
innocent files landed, what the hostile file's problem says, how many files were quarantined.

Then a failed batch: the minified bundle's ingest with Neo4j made unreachable after its plan
(the first write of its batches raises `GraphUnavailable`, which no quarantine absorbs), the
failure handled as the watcher handles it (`rootsync`: the exception dropped, then
`release_freed_memory`); resident memory before, after the failure, and after the release. The
target: back near the baseline, the rows of the failed changeset not
held.

Writes only to repos `bench-hostile-<pid>-<kind>` and deletes them. Needs the Neo4j that
`coderooms` finds (NEO4J_URI, or the managed instance); Linux (`/proc/self/status`).
Run: `PYTHONPATH=. python benchmarks/hostile_ingest.py [--kinds nested_functions,...]`.
"""

from __future__ import annotations

import argparse
import gc
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import neo4j

from benchmarks.hostile_files import (
    call_chain,
    deep_json,
    long_names,
    many_lookups,
    minified_bundle,
    nested_functions,
    pathological_gitignore,
)
from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.errors import GraphUnavailable
from coderooms.graph.driver import Graph
from coderooms.ingest import release_freed_memory
from coderooms.ingest.pipeline import IngestReport, ingest_root

T = TypeVar("T")

INNOCENT = {
    "app/util.py": "def helper():\n    return 1\n",
    "app/main.py": "from app.util import helper\n\n\ndef main():\n    return helper()\n",
    "web/lib.js": "export function innocent(a) {\n  return a + 1\n}\n",
    "web/index.js": 'import { innocent } from "./lib.js"\nexport const run = () => innocent(2)\n',
}
INNOCENT_SYMBOLS = ("app/util.py::helper", "app/main.py::main", "web/lib.js::innocent")

KINDS: dict[str, Callable[[], dict[str, str]]] = {
    "nested_functions": lambda: {"web/nested.js": nested_functions()},
    "call_chain_js": lambda: {"web/calls.js": call_chain()},
    "call_chain_py": lambda: {"app/calls.py": call_chain()},
    "minified_bundle": lambda: {"web/bundle.min.js": minified_bundle()},
    "deep_package_json": lambda: {"package.json": deep_json()},
    "pathological_gitignore": lambda: {".gitignore": pathological_gitignore()},
    "long_names": lambda: {"app/long.py": long_names()},
    "many_lookups": lambda: {
        "lib.py": "def base():\n    return 1\n",
        "app/look.py": many_lookups(),
    },
}


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def wipe(graph: Graph, repo: str) -> None:
    graph.run_text("MATCH (n) WHERE n.repo = $repo DETACH DELETE n", repo=repo)
    graph.run_text("MATCH (r:Repo {id: $repo}) DETACH DELETE r", repo=repo)


def write_tree(root: Path, files: dict[str, str]) -> None:
    for path, text in {**INNOCENT, **files}.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def ingest(graph: Graph, root: Path, repo: str) -> IngestReport:
    return ingest_root(graph, root, repo=repo, mode="full", workers=1, git=False, embed=False)


def one_kind(graph: Graph, base: Path, name: str, files: dict[str, str]) -> None:
    root = base / name
    write_tree(root, files)
    repo = f"bench-hostile-{os.getpid()}-{name}"
    wipe(graph, repo)
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        report = ingest(graph, root, repo)
    except Exception as error:  # what the old code did: the whole repo stopped
        print(f"{name:24} FAILED {type(error).__name__}: {str(error)[:120]}", flush=True)
        wipe(graph, repo)
        return
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    rows = graph.run_text(
        "MATCH (s:Symbol) WHERE s.id IN $ids RETURN count(s) AS n",
        ids=[f"{repo}:{symbol}" for symbol in INNOCENT_SYMBOLS],
    )
    innocent = rows[0]["n"] == len(INNOCENT_SYMBOLS)
    said = [p["problem"][:70] for p in report.problems if p["path"] in files][:1]
    print(
        f"{name:24} wall {wall:6.2f} s  cpu {cpu:6.2f} s  rss {rss_mb():6.0f} MB  innocent"
        f" {'yes' if innocent else 'NO '}  quarantined {report.files_quarantined}"
        f"  symbols {report.writes.symbols_written:6}  {said[0] if said else '-'}",
        flush=True,
    )
    wipe(graph, repo)


class Unreachable(Graph):
    """A graph whose writes in batches find Neo4j gone: reads and one-transaction writes go on."""

    def __init__(self, graph: Graph) -> None:
        # shares the driver of `graph` (never closes it)
        self.connection, self.driver = graph.connection, graph.driver
        self.failed = False

    def execute_read(self, work: Callable[[neo4j.ManagedTransaction], T]) -> T:
        self.failed = True  # the plan of a changeset in batches: its first write fails
        return super().execute_read(work)

    def execute_write(self, work: Callable[[neo4j.ManagedTransaction], T]) -> T:
        if self.failed:
            raise GraphUnavailable("Neo4j is not reachable (benchmark)")
        return super().execute_write(work)


def failed_batch(graph: Graph, base: Path) -> None:
    root = base / "failed_batch"
    write_tree(root, {"web/bundle.min.js": minified_bundle()})
    repo = f"bench-hostile-{os.getpid()}-failed"
    wipe(graph, repo)
    gc.collect()
    before = rss_mb()
    failing: Any = Unreachable(graph)
    try:
        ingest(failing, root, repo)
    except GraphUnavailable as error:  # as the watcher takes it: the batch is put back
        reason = error.message
    else:
        reason = "did not fail"
    after = rss_mb()
    release_freed_memory()  # what the watcher does after a failed batch (rootsync)
    released = rss_mb()
    print(
        f"failed batch ({reason}): rss before {before:.0f} MB, after the failure {after:.0f} MB,"
        f" after the watcher's release_freed_memory {released:.0f} MB",
        flush=True,
    )
    wipe(graph, repo)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated kinds")
    args = parser.parse_args()
    graph = open_graph(Settings())
    print(f"baseline rss {rss_mb():.0f} MB", flush=True)
    with tempfile.TemporaryDirectory(prefix="coderooms-hostile-") as temp:
        base = Path(temp)
        failed_batch(graph, base)
        for name in args.kinds.split(","):
            one_kind(graph, base, name, KINDS[name]())
    graph.close()


if __name__ == "__main__":
    main()
