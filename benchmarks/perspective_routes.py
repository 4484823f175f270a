"""Perspective route synthesis benchmark: the start path (`resolve_focus` + `synthesize_routes`
with the default lens) for a fixed set of foci (files, classes, functions, hubs), on the kept
standard-library graph (`bench-stdlib-keep`, ~2,300 files) and on a ~10% subset of the same
files ingested as `bench-stdlib-small-keep`: the same foci, the same files, a graph ten times
smaller. Synthesis is local (index-backed traversals from the focus), so both should cost about
the same. Prints p50/p95/max over every call (one warm-up round not counted), the split between
resolution and synthesis, the spread of the per-focus medians (robust to bursts of load from
other processes), per-family p50/p95 on the full graph (each family alone), and the slowest
foci. Asserts nothing.

Run: `CODEROOMS_HOME=/tmp/crhome PYTHONPATH=. python benchmarks/perspective_routes.py
[--rounds 5] [--json PATH]` (Neo4j as `coderooms` finds it; both repos are kept).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.perspective.focus import resolve_focus
from coderooms.perspective.lens import parse_lens
from coderooms.perspective.route_families import Query
from coderooms.perspective.routes import FAMILY_ROWS, synthesize_routes
from stdlib_graph import ensure_stdlib_graph, stdlib_copy

SMALL_REPO = "bench-stdlib-small-keep"
SMALL_COPY = Path.home() / ".cache" / "coderooms" / SMALL_REPO
SMALL_DIRS = (
    "json", "email", "http", "urllib", "xml", "logging", "asyncio", "unittest", "importlib",
    "concurrent", "collections",
)  # fmt: skip
SMALL_FILES = (
    "typing.py", "argparse.py", "os.py", "functools.py", "dataclasses.py", "enum.py",
    "inspect.py", "abc.py", "types.py", "warnings.py", "string.py", "textwrap.py", "copy.py",
    "io.py", "socket.py", "ssl.py", "selectors.py", "subprocess.py", "threading.py", "queue.py",
    "heapq.py", "bisect.py", "random.py", "datetime.py", "calendar.py", "base64.py",
    "quopri.py", "mimetypes.py", "contextlib.py", "weakref.py", "operator.py", "keyword.py",
    "tokenize.py", "token.py", "linecache.py", "traceback.py", "shutil.py", "tempfile.py",
    "posixpath.py", "genericpath.py", "stat.py", "fnmatch.py", "glob.py", "reprlib.py",
)  # fmt: skip
"""~10% of the stdlib's files: whole packages and the modules they lean on."""

FOCI = (
    # files (typing.py and email/message.py are hubs: large, imported everywhere)
    "json/decoder.py", "email/message.py", "http/client.py", "typing.py", "argparse.py",
    "asyncio/events.py", "os.py", "functools.py", "logging/__init__.py",
    # classes
    "json.decoder.JSONDecoder", "email.message.Message", "http.client.HTTPConnection",
    "argparse.ArgumentParser", "asyncio.events.AbstractEventLoop", "functools.partial",
    "unittest.case.TestCase",
    # functions and methods (getLogger, urlparse, quote, wraps are called from many files)
    "json.dumps", "json.decoder.JSONDecoder.decode", "email.utils.parseaddr",
    "http.client.HTTPResponse.read", "typing.get_type_hints", "typing.cast",
    "argparse.ArgumentParser.parse_args", "os.makedirs", "functools.wraps",
    "asyncio.events.get_event_loop", "urllib.parse.urlparse", "urllib.parse.quote",
    "logging.getLogger",
)  # fmt: skip


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def ensure_small_graph(graph: Graph) -> str:
    if not SMALL_COPY.exists():
        source = stdlib_copy()
        tmp = SMALL_COPY.with_suffix(".partial")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        ignore = shutil.ignore_patterns("__pycache__")
        for name in SMALL_DIRS:
            shutil.copytree(source / name, tmp / name, ignore=ignore)
        for name in SMALL_FILES:
            shutil.copy2(source / name, tmp / name)
        tmp.rename(SMALL_COPY)
    ingest_root(graph, SMALL_COPY, repo=SMALL_REPO, git=False)
    return SMALL_REPO


def file_count(graph: Graph, repo: str) -> int:
    rows = graph.run_text("MATCH (f:File {repo: $repo}) RETURN count(f) AS n", repo=repo)
    return int(rows[0]["n"])


def measure(graph: Graph, repo: str, rounds: int) -> dict[str, Any]:
    lens = parse_lens(None)
    start_ms: list[float] = []
    resolve_ms: list[float] = []
    synth_ms: list[float] = []
    per_focus: dict[str, list[float]] = {q: [] for q in FOCI}
    routes_per_focus: dict[str, int] = {}
    unbound: list[str] = []
    for round_no in range(rounds + 1):
        for query in FOCI:
            t0 = time.perf_counter()
            resolution = resolve_focus(graph, query, repo=repo)
            t1 = time.perf_counter()
            if resolution.node is None:
                if round_no == 0:
                    unbound.append(f"{query} ({resolution.status})")
                continue
            routes = synthesize_routes(graph, resolution.node, lens)
            t2 = time.perf_counter()
            routes_per_focus[query] = len(routes)
            if round_no == 0:
                continue  # warm-up
            start_ms.append((t2 - t0) * 1000)
            resolve_ms.append((t1 - t0) * 1000)
            synth_ms.append((t2 - t1) * 1000)
            per_focus[query].append((t2 - t0) * 1000)
    medians = {q: statistics.median(v) for q, v in per_focus.items() if v}
    return {
        "repo": repo,
        "files": file_count(graph, repo),
        "calls": len(start_ms),
        "unbound": unbound,
        "start_ms": summary(start_ms),
        "resolve_ms": summary(resolve_ms),
        "synthesize_ms": summary(synth_ms),
        "focus_medians_ms": summary(list(medians.values())),
        "median_routes": statistics.median(routes_per_focus.values()) if routes_per_focus else 0,
        "per_focus_median_ms": medians,
    }


def family_costs(graph: Graph, repo: str, rounds: int) -> dict[str, dict[str, float]]:
    samples: dict[str, list[float]] = {family: [] for family in FAMILY_ROWS}
    foci = [resolve_focus(graph, q, repo=repo).node for q in FOCI]
    for round_no in range(rounds + 1):
        for focus in foci:
            if focus is None:
                continue
            query = Query(graph, focus, node_types=None, namespaces=None)
            for family, rows in FAMILY_ROWS.items():
                started = time.perf_counter()
                rows(query)
                if round_no:
                    samples[family].append((time.perf_counter() - started) * 1000)
    return {family: summary(values) for family, values in samples.items()}


def summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {
        "p50": round(percentile(values, 0.5), 2),
        "p95": round(percentile(values, 0.95), 2),
        "max": round(max(values), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds over every focus")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    graph = open_graph(Settings())
    try:
        full = measure(graph, ensure_stdlib_graph(graph), args.rounds)
        small = measure(graph, ensure_small_graph(graph), args.rounds)
        families = family_costs(graph, full["repo"], max(1, args.rounds // 2))
    finally:
        graph.close()
    for result in (full, small):
        print(
            f"{result['repo']}: {result['files']} files, {result['calls']} start calls, "
            f"median {result['median_routes']} routes"
        )
        for key in ("start_ms", "resolve_ms", "synthesize_ms", "focus_medians_ms"):
            print(f"  {key:16} {result[key]}")
        if result["unbound"]:
            print(f"  unbound: {result['unbound']}")
    ratio = full["start_ms"]["p50"] / small["start_ms"]["p50"] if small["start_ms"] else 0.0
    print(f"full/small p50 ratio: {ratio:.2f} for {full['files'] / small['files']:.1f}x the files")
    print("per family on the full graph (ms):")
    for family, figures in families.items():
        print(f"  {family:10} {figures}")
    slowest = sorted(full["per_focus_median_ms"].items(), key=lambda kv: -kv[1])[:5]
    print("slowest foci (full graph, median ms):", [(q, round(ms, 1)) for q, ms in slowest])
    if args.json:
        args.json.write_text(json.dumps({"full": full, "small": small, "families": families}))


if __name__ == "__main__":
    main()
