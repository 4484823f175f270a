"""Search benchmark: literal and regex `search` on the standard-library graph, p50/p95, next to
ripgrep over the same files, with the hit sets checked equal.

The stdlib (the running interpreter's, see corpora.py) is ingested into repo `bench-search`
(incrementally: only the first run writes; the repo is kept so later runs start at once).
For each query: `search` with top_k=50 (what an agent asks) as served (the process's chunk text
cache warm from the call before) and cold (the cache emptied before each call: the first search
of a process, every text read over Bolt), `search` with count_only (every hit verified), and
`rg -n --no-heading --null` over exactly the files the graph holds (the same bytes). Equality:
the count equals rg's number of hit lines, and the first 500 hits in (path, line) order equal
rg's. Prints figures; asserts nothing.
Run: `python benchmarks/search.py [--runs 15] [--json PATH]` (Neo4j as `coderooms` finds it).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from coderooms.config import Settings
from coderooms.graph.connect import open_graph
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.search.text_cache import CHUNK_TEXTS
from coderooms.search.text_search import SearchRequest, search
from corpora import stdlib_corpus

REPO = "bench-search"
QUERIES: list[tuple[str, str]] = [
    ("literal", "def __init__(self"),
    ("literal", "raise ValueError("),
    ("literal", "import os"),
    ("literal", "self._lock"),
    ("literal", "NotImplementedError"),
    ("literal", "xml.etree"),
    ("regex", r"^class \w+\(Exception\):"),
    ("regex", r"def _?parse\w*\("),
    ("regex", r"except \w+Error as \w+:$"),
    ("regex", r"os\.path\.join\([a-z_]+, "),
    ("regex", r"[0-9a-f]{16}"),
]
FIRST_HITS = 500


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timed(work: Callable[[], Any], runs: int) -> tuple[list[float], Any]:
    result = work()  # warm-up, not counted
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        result = work()
        samples.append((time.perf_counter() - started) * 1000)
    return samples, result


def ensure_repo(graph: Graph, root: Path) -> None:
    """Ingest incrementally: the first run fills the repo, later ones find nothing changed (a
    run interrupted half way is completed)."""
    started = time.perf_counter()
    report = ingest_root(graph, root, repo=REPO, git=False)
    print(
        f"ingest of {root} into {REPO}: {report.files_seen} files, {report.files_added} added, "
        f"{report.files_changed} changed, {time.perf_counter() - started:.1f} s"
    )


def repo_files(graph: Graph) -> tuple[Path, list[str]]:
    rows = graph.run_text(
        "MATCH (r:Repo {id: $repo})-[:HAS_FILE]->(f:File) RETURN r.root AS root, f.path AS path",
        repo=REPO,
    )
    return Path(rows[0]["root"]), sorted(row["path"] for row in rows)


def ripgrep(rg: str, root: Path, files: list[str], mode: str, query: str) -> list[tuple[str, int]]:
    command = [rg, "--no-config", "-n", "--no-heading", "--null", "--no-ignore", "--hidden"]
    command += ["-F"] if mode == "literal" else []
    command += ["-e", query, "--", *files]
    done = subprocess.run(command, cwd=root, capture_output=True, check=False)
    hits = []
    for raw in done.stdout.split(b"\n"):
        if not raw:
            continue
        path, _, rest = raw.partition(b"\0")
        hits.append((path.decode("utf-8", "surrogateescape"), int(rest.split(b":", 1)[0])))
    return sorted(hits)


def cold_search(graph: Graph, request: SearchRequest) -> dict[str, Any]:
    CHUNK_TEXTS.clear()
    return search(graph, request)


def measure(graph: Graph, runs: int) -> list[dict[str, Any]]:
    root, files = repo_files(graph)
    rg = shutil.which("rg")
    rows = []
    for mode, query in QUERIES:
        request = SearchRequest(query=query, mode=mode, repo=REPO, top_k=50)  # type: ignore[arg-type]
        counting = SearchRequest(query=query, mode=mode, repo=REPO, count_only=True)  # type: ignore[arg-type]
        first = SearchRequest(query=query, mode=mode, repo=REPO, top_k=FIRST_HITS)  # type: ignore[arg-type]
        top, answer = timed(lambda r=request: search(graph, r), runs)
        cold, _ = timed(lambda r=request: cold_search(graph, r), runs)
        full, counted = timed(lambda r=counting: search(graph, r), runs)
        row: dict[str, Any] = {
            "mode": mode,
            "query": query,
            "index": answer["index"],
            "hits": counted["count"],
            "candidate_chunks": counted["candidate_chunks"],
            "top50_p50_ms": statistics.median(top),
            "top50_p95_ms": percentile(top, 0.95),
            "cold_p50_ms": statistics.median(cold),
            "cold_p95_ms": percentile(cold, 0.95),
            "all_p50_ms": statistics.median(full),
            "all_p95_ms": percentile(full, 0.95),
        }
        if rg:
            rg_samples, rg_hits = timed(
                lambda m=mode, q=query: ripgrep(rg, root, files, m, q), runs
            )
            ours = search(graph, first)["results"]
            row |= {
                "rg_p50_ms": statistics.median(rg_samples),
                "rg_p95_ms": percentile(rg_samples, 0.95),
                "rg_hits": len(rg_hits),
                "equal": len(rg_hits) == counted["count"]
                and [(h["file"], h["line"]) for h in ours] == rg_hits[:FIRST_HITS],
            }
        rows.append(row)
    return rows


def print_rows(rows: list[dict[str, Any]]) -> None:
    header = (
        f"{'mode':7} {'query':32} {'index':7} {'hits':>6} {'top50 p50/p95':>15} "
        f"{'cold p50/p95':>15} {'all p50/p95':>15} {'rg p50/p95':>15}  equal"
    )
    print(header)
    for row in rows:
        rg = f"{row['rg_p50_ms']:7.1f}/{row['rg_p95_ms']:<7.1f}" if "rg_p50_ms" in row else "n/a"
        print(
            f"{row['mode']:7} {row['query'][:32]:32} {row['index']:7} {row['hits']:>6} "
            f"{row['top50_p50_ms']:7.1f}/{row['top50_p95_ms']:<7.1f} "
            f"{row['cold_p50_ms']:7.1f}/{row['cold_p95_ms']:<7.1f} "
            f"{row['all_p50_ms']:7.1f}/{row['all_p95_ms']:<7.1f} {rg:>15}  "
            f"{row.get('equal', 'n/a')}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    args = parser.parse_args()
    loads = [round(x, 2) for x in os.getloadavg()]
    print(f"python {platform.python_version()}, {os.cpu_count()} cpus, load average {loads}")
    rg = shutil.which("rg")
    if rg:
        version = subprocess.run([rg, "--version"], capture_output=True, text=True, check=False)
        print(f"ripgrep: {version.stdout.splitlines()[0]}")
    else:
        print("ripgrep: not installed (apt-get install ripgrep); our figures only")
    graph = open_graph(Settings())
    try:
        print(f"neo4j {graph.server_version()} at {graph.connection.describe()}")
        ensure_repo(graph, stdlib_corpus().root)
        _, files = repo_files(graph)
        print(f"repo {REPO}: {len(files)} files; times in ms over {args.runs} runs")
        rows = measure(graph, max(1, args.runs))
        print_rows(rows)
        if args.json:
            args.json.write_text(json.dumps(rows, indent=2) + "\n")
    finally:
        graph.close()


if __name__ == "__main__":
    main()
