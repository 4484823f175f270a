"""A standard-library graph kept between benchmark runs, for the query benchmarks (search, seek,
activate, surgical context, perspectives): repo `bench-stdlib-keep`, ingested once from a copy
of the running interpreter's standard library and brought up to date (incrementally) on each use.

    python benchmarks/stdlib_graph.py          # ensure it exists, print its size
    python benchmarks/stdlib_graph.py --drop   # delete it
"""

from __future__ import annotations

import argparse
import shutil
import sys
import sysconfig
import time
from pathlib import Path

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root

REPO = "bench-stdlib-keep"
COPY = Path.home() / ".cache" / "coderooms" / "bench-stdlib-keep"


def stdlib_copy() -> Path:
    """A private copy of the stdlib, made once (benchmarks may edit files under it)."""
    if not COPY.exists():
        source = Path(sysconfig.get_paths()["stdlib"])
        tmp = COPY.with_suffix(".partial")
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.copytree(source, tmp, ignore=shutil.ignore_patterns("site-packages", "__pycache__"))
        tmp.rename(COPY)
    return COPY


def ensure_stdlib_graph(graph: Graph) -> str:
    """The repo id of the kept stdlib graph, ingested (or refreshed) now."""
    started = time.perf_counter()
    report = ingest_root(graph, stdlib_copy(), repo=REPO, git=False)
    print(
        f"stdlib graph {REPO}: {report.files_seen} files, {report.files_added} added, "
        f"{report.files_changed} changed in {time.perf_counter() - started:.1f} s",
        file=sys.stderr,
    )
    return REPO


def drop_stdlib_graph(graph: Graph) -> None:
    while graph.run_text(
        "MATCH (n) WHERE n.repo = $repo OR (n:Repo AND n.id = $repo) "
        "WITH n LIMIT 20000 DETACH DELETE n RETURN count(*) AS n",
        repo=REPO,
    )[0]["n"]:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drop", action="store_true")
    args = parser.parse_args()
    graph = open_graph(Settings())
    try:
        if args.drop:
            drop_stdlib_graph(graph)
            return
        repo = ensure_stdlib_graph(graph)
        rows = graph.run_text("MATCH (n) WHERE n.repo = $repo RETURN count(n) AS nodes", repo=repo)
        print(f"{repo}: {rows[0]['nodes']} nodes")
    finally:
        graph.close()


if __name__ == "__main__":
    main()
