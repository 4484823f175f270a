"""Ingest benchmark: the tree-sitter floor, extraction, a full ingest into Neo4j, and the latency
of re-ingesting after a one-file edit, next to the targets of the ingest performance issue.

Corpora (see benchmarks/corpora.py): `stdlib`, the running interpreter's standard library, and
`js`, hand-written JS/TS from pinned npm packages (downloaded once; skipped without npm). Each
corpus is first copied to a temporary directory (without the directories the walker excludes);
every figure is measured on that copy, and only the copy is edited.

Per corpus: files and lines (as the walker and the ingest count them); nodes and edges of the
bench repo in the graph; parse-only time (read every walked file, `Parser.parse` the ones in a
deep language), in a process pool of the size and chunking the ingest uses and in one process;
extract-only time (read + parse + `extract`), the same two ways; a `mode="full"` ingest into a
fresh repo (`git=False`) with its phase timings, lines/s and the ratio to parse-only; then
`--edits` single-file edits (a function appended to a random file, seeded), each followed by a
`mode="incremental"` ingest of the whole root (walk included, as a real re-ingest), and as many
more each written as a one-file `Changeset` through `apply_changeset` alone. One warm-up edit
before each series is not counted.

Writes only to repos named `bench-<corpus>-<pid>` and deletes them at the end. Needs the Neo4j
that `coderooms` finds (NEO4J_URI, or the managed instance under CODEROOMS_HOME).
Run: `python benchmarks/ingest.py [--corpus stdlib|js|all] [--edits N] [--seed N] [--json PATH]`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import platform
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from neo4j import RoutingControl
from tree_sitter import Parser

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.graph.driver import Graph
from coderooms.ingest.languages import DEEP_LANGUAGES, extract, grammar, language_for_path
from coderooms.ingest.pipeline import JOBS_PER_CHUNK, ingest_root
from coderooms.ingest.plan import Changeset
from coderooms.ingest.reader import ReadJob, count_lines, read_file
from coderooms.ingest.rows import ParsedFile
from coderooms.ingest.targeted import ingest_paths
from coderooms.ingest.transactions import apply_changeset
from coderooms.ingest.walker import walk
from corpora import Corpus, CorpusUnavailable, copy_corpus, js_corpus, stdlib_corpus

WORKERS = min(os.cpu_count() or 1, 8)
"""The ingest's default worker count (`pipeline._read_all`)."""
WARMUP_EDITS = 1
DELETE_BATCH = 20_000

NODE_COUNTS = "MATCH (n) WHERE n.repo = $repo RETURN labels(n)[0] AS kind, count(*) AS count"
EDGE_COUNTS = (
    "MATCH (a)-[r]->() WHERE coalesce(r.repo, a.repo) = $repo "
    "RETURN type(r) AS kind, count(*) AS count"
)
DELETE_NODES = (
    "MATCH (n) WHERE n.repo = $repo WITH n LIMIT $limit DETACH DELETE n RETURN count(*) AS deleted"
)
DELETE_REPO_NODE = "MATCH (r:Repo {id: $repo}) DETACH DELETE r"

GRAMMARS = DEEP_LANGUAGES
JS_FUNCTION = "\nexport function bench{n}() {{ return {n}; }}\n"
APPENDED_FUNCTION = {
    "python": "\n\ndef _bench_{n}():\n    return {n}\n",
    "javascript": JS_FUNCTION,
    "typescript": JS_FUNCTION,
    "tsx": JS_FUNCTION,
}
TARGETS = (  # label, figure key, limit, True when the figure must stay at or under the limit
    ("full ingest <= 15 s", "full_s", 15.0, True),
    ("full ingest >= 60,000 lines/s", "lines_per_s", 60_000.0, False),
    ("full ingest <= 4x parse-only", "full_over_parse", 4.0, True),
    ("re-ingest p50 <= 50 ms", "reingest_p50_ms", 50.0, True),
    ("re-ingest p95 <= 150 ms", "reingest_p95_ms", 150.0, True),
    ("one-file ingest_paths p50 <= 50 ms", "paths_p50_ms", 50.0, True),
    ("one-file ingest_paths p95 <= 150 ms", "paths_p95_ms", 150.0, True),
    ("  apply_changeset alone p50 <= 50 ms", "apply_p50_ms", 50.0, True),
    ("  apply_changeset alone p95 <= 150 ms", "apply_p95_ms", 150.0, True),
)

Chunk = list[tuple[str, str | None]]
"""(absolute path, language) pairs handed to one worker call."""

_parsers: dict[str, Parser] = {}


def _parser(language: str) -> Parser:
    parser = _parsers.get(language)
    if parser is None:
        parser = _parsers[language] = Parser(grammar(language))
    return parser


def parse_chunk(chunk: Chunk) -> tuple[int, int]:
    """Read every file, parse those of a deep language: (files parsed, trees with errors)."""
    parsed = with_errors = 0
    for absolute, language in chunk:
        data = Path(absolute).read_bytes()
        if language in GRAMMARS:
            tree = _parser(language).parse(data)
            parsed += 1
            with_errors += tree.root_node.has_error
    return parsed, with_errors


def extract_chunk(chunk: Chunk) -> tuple[int, int]:
    """Read every file, extract those of a deep language: (symbols, files with problems)."""
    symbols = with_problems = 0
    for absolute, language in chunk:
        data = Path(absolute).read_bytes()
        if language in DEEP_LANGUAGES:
            extraction = extract(language, absolute, data)
            symbols += len(extraction.symbols)
            with_problems += bool(extraction.problems)
    return symbols, with_problems


def timed(
    work: Callable[[Chunk], tuple[int, int]], chunks: list[Chunk], *, pool: bool
) -> tuple[float, tuple[int, int]]:
    """Seconds for `work` over every chunk, and its results summed. In a pool, the pool's
    start-up is included, as in the ingest's parse phase."""
    started = time.perf_counter()
    if pool:
        context = get_context("forkserver")
        with ProcessPoolExecutor(max_workers=WORKERS, mp_context=context) as executor:
            results = list(executor.map(work, chunks))
    else:
        results = [work(chunk) for chunk in chunks]
    elapsed = time.perf_counter() - started
    return elapsed, (sum(r[0] for r in results), sum(r[1] for r in results))


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q / 100 * len(ordered))) - 1]


def counts(graph: Graph, statement: str, repo: str) -> dict[str, int]:
    rows = graph.run_text(statement, routing=RoutingControl.READ, repo=repo)
    return {row["kind"]: row["count"] for row in sorted(rows, key=lambda r: -r["count"])}


def delete_repo(graph: Graph, repo: str) -> None:
    if not repo.startswith("bench-"):
        raise ValueError(f"refusing to delete repo {repo!r}: not a bench repo")
    while graph.run_text(DELETE_NODES, repo=repo, limit=DELETE_BATCH)[0]["deleted"]:
        pass
    graph.run_text(DELETE_REPO_NODE, repo=repo)


def append_function(path: Path, language: str, n: int) -> None:
    data = path.read_bytes()
    newline = b"" if not data or data.endswith(b"\n") else b"\n"
    with path.open("ab") as handle:
        handle.write(newline + APPENDED_FUNCTION[language].format(n=n).encode())


def time_reingests(
    graph: Graph, root: Path, repo: str, targets: list[tuple[str, Path, str]], edits: int,
    rng: random.Random, numbers: Iterator[int], walk_skips: int,
) -> dict[str, Any]:  # fmt: skip
    """Edit one file, then ingest the whole root incrementally; `edits` times. `walk_skips` is
    how many files the walker itself skips: the report counts those among `skipped` too."""
    latencies: list[float] = []
    reread: list[int] = []
    phases: dict[str, list[float]] = {"walk_s": [], "parse_s": [], "write_s": []}
    unexpected = 0
    for i in range(WARMUP_EDITS + edits):
        _, absolute, language = rng.choice(targets)
        append_function(absolute, language, next(numbers))
        started = time.perf_counter()
        report = ingest_root(graph, root, repo=repo, mode="incremental", git=False)
        elapsed = time.perf_counter() - started
        if i < WARMUP_EDITS:
            continue
        latencies.append(elapsed)
        for phase, values in phases.items():
            values.append(report.timings[phase])
        unexpected += (report.files_changed, report.files_added, report.files_deleted) != (1, 0, 0)
        reread.append(sum(report.skipped.values()) - walk_skips)
    return {
        "reingest_p50_ms": percentile(latencies, 50) * 1000,
        "reingest_p95_ms": percentile(latencies, 95) * 1000,
        "reingest_max_ms": max(latencies) * 1000,
        "reingest_phase_median_ms": {k: statistics.median(v) * 1000 for k, v in phases.items()},
        "reingest_unexpected_reports": unexpected,
        "reingest_skipped_files_reread": statistics.median(reread),
    }


def time_path_ingests(
    graph: Graph, root: Path, repo: str, targets: list[tuple[str, Path, str]], edits: int,
    rng: random.Random, numbers: Iterator[int],
) -> dict[str, Any]:  # fmt: skip
    """Edit one file, then `ingest_paths` it: what the watcher and the edit verbs do after a
    save (stat, fingerprint of that path, read + extract, one changeset); `edits` times."""
    latencies: list[float] = []
    for i in range(WARMUP_EDITS + edits):
        _, absolute, language = rng.choice(targets)
        append_function(absolute, language, next(numbers))
        started = time.perf_counter()
        ingest_paths(graph, root, [absolute], repo=repo)
        if i >= WARMUP_EDITS:
            latencies.append(time.perf_counter() - started)
    return {
        "paths_p50_ms": percentile(latencies, 50) * 1000,
        "paths_p95_ms": percentile(latencies, 95) * 1000,
        "paths_max_ms": max(latencies) * 1000,
    }


def time_changesets(
    graph: Graph, repo: str, targets: list[tuple[str, Path, str]], edits: int,
    rng: random.Random, numbers: Iterator[int],
) -> dict[str, Any]:  # fmt: skip
    """Edit one file, read it (`read_file`) and write it as a one-file changeset; `edits` times."""
    reads: list[float] = []
    applies: list[float] = []
    for i in range(WARMUP_EDITS + edits):
        path, absolute, language = rng.choice(targets)
        append_function(absolute, language, next(numbers))
        info = absolute.stat()
        started = time.perf_counter()
        parsed = read_file(ReadJob(path, str(absolute), info.st_size, info.st_mtime_ns, None))
        read_done = time.perf_counter()
        if not isinstance(parsed, ParsedFile):
            raise RuntimeError(f"{path} was not parsed: {parsed}")
        apply_changeset(graph, Changeset(repo, [parsed], [], set(), fresh=False))
        if i >= WARMUP_EDITS:
            reads.append(read_done - started)
            applies.append(time.perf_counter() - read_done)
    return {
        "read_extract_p50_ms": percentile(reads, 50) * 1000,
        "apply_p50_ms": percentile(applies, 50) * 1000,
        "apply_p95_ms": percentile(applies, 95) * 1000,
        "apply_max_ms": max(applies) * 1000,
    }


def measure(graph: Graph, corpus: Corpus, edits: int, seed: int) -> dict[str, Any]:
    repo = f"bench-{corpus.name}-{os.getpid()}"
    with tempfile.TemporaryDirectory(prefix=f"coderooms-bench-{corpus.name}-") as scratch:
        started = time.perf_counter()
        root = copy_corpus(corpus.root, Path(scratch) / corpus.name)
        figures: dict[str, Any] = {"corpus": corpus.description, "repo": repo}
        figures["copy_s"] = time.perf_counter() - started
        walked = walk(root)
        files = [(f.path, f.absolute, language_for_path(f.path)) for f in walked.files]
        jobs = [(str(absolute), language) for _, absolute, language in files]
        chunks = [jobs[i : i + JOBS_PER_CHUNK] for i in range(0, len(jobs), JOBS_PER_CHUNK)]
        deep_lines = sum(
            count_lines(absolute.read_bytes()) for _, absolute, lang in files if lang in GRAMMARS
        )
        figures["deep_files"] = sum(lang in GRAMMARS for _, _, lang in files)
        figures["deep_lines"] = deep_lines
        figures["parse_1p_s"], _ = timed(parse_chunk, chunks, pool=False)
        figures["parse_s"], (_, figures["trees_with_errors"]) = timed(
            parse_chunk, chunks, pool=True
        )
        figures["extract_1p_s"], _ = timed(extract_chunk, chunks, pool=False)
        figures["extract_s"], (figures["symbols_extracted"], figures["files_with_problems"]) = (
            timed(extract_chunk, chunks, pool=True)
        )

        delete_repo(graph, repo)
        try:
            started = time.perf_counter()
            report = ingest_root(graph, root, repo=repo, mode="full", git=False)
            full_s = time.perf_counter() - started
            figures |= {
                "files": report.files_seen,
                "lines": report.lines_parsed,
                "skipped": report.skipped,
                "full_s": full_s,
                "phases_s": {k: v for k, v in report.timings.items() if k != "total_s"},
                "writes": report.as_dict()["writes"],
                "lines_per_s": report.lines_parsed / full_s,
                "deep_lines_per_s": deep_lines / full_s,
                "full_over_parse": full_s / figures["parse_s"],
                "nodes": counts(graph, NODE_COUNTS, repo),
                "edges": counts(graph, EDGE_COUNTS, repo),
            }
            rng = random.Random(seed)
            numbers = itertools.count(1)
            targets = [(p, a, lang) for p, a, lang in files if lang in corpus.edit_languages]
            figures["edits"] = edits
            walk_skips = sum(walked.skipped.values())
            figures |= time_reingests(graph, root, repo, targets, edits, rng, numbers, walk_skips)
            figures |= time_path_ingests(graph, root, repo, targets, edits, rng, numbers)
            figures |= time_changesets(graph, repo, targets, edits, rng, numbers)
            after = ingest_root(graph, root, repo=repo, mode="incremental", git=False)
            left = after.files_changed + after.files_added + after.files_deleted
            figures["consistent_after_edits"] = left == 0
        finally:
            delete_repo(graph, repo)
    return figures


def _kinds(found: dict[str, int]) -> str:
    return f"{sum(found.values()):,} (" + ", ".join(f"{k} {v:,}" for k, v in found.items()) + ")"


def print_corpus(name: str, f: dict[str, Any]) -> None:
    phases = ", ".join(f"{k.removesuffix('_s')} {v:.2f}" for k, v in f["phases_s"].items())
    writes = f["writes"]
    median = f["reingest_phase_median_ms"]
    skipped = ", ".join(f"{k} {v}" for k, v in f["skipped"].items()) or "none"
    print(f"\n== {name}: {f['corpus']}")
    print(f"files           {f['files']:,} ({f['deep_files']:,} in a deep language)")
    print(
        f"  skipped       {skipped}; with extraction problems {f['files_with_problems']:,} "
        f"(syntax errors in {f['trees_with_errors']:,})"
    )
    print(f"lines           {f['lines']:,} ({f['deep_lines']:,} in a deep language)")
    print(f"nodes           {_kinds(f['nodes'])}")
    print(f"edges           {_kinds(f['edges'])}")
    print(
        f"parse-only      {f['parse_s']:.2f} s in {WORKERS} workers, {f['parse_1p_s']:.2f} s in 1"
    )
    print(
        f"extract-only    {f['extract_s']:.2f} s in {WORKERS} workers, "
        f"{f['extract_1p_s']:.2f} s in 1"
    )
    print(f"full ingest     {f['full_s']:.2f} s ({phases})")
    print(
        f"  writes        files {writes['files_written']:,}, "
        f"symbols {writes['symbols_written']:,}, edges {writes['edges_written']:,}"
    )
    print(f"lines/s         {f['lines_per_s']:,.0f} ({f['deep_lines_per_s']:,.0f} deep-language)")
    print(f"full/parse-only {f['full_over_parse']:.1f}x")
    print(
        f"re-ingest       p50 {f['reingest_p50_ms']:.0f} ms, p95 {f['reingest_p95_ms']:.0f} ms, "
        f"max {f['reingest_max_ms']:.0f} ms over {f['edits']} edits (walk + changeset)"
    )
    print(
        f"  median phases walk {median['walk_s']:.0f} ms, parse {median['parse_s']:.0f} ms, "
        f"write {median['write_s']:.0f} ms"
    )
    print(
        f"  files read again each time though skipped (binary, unreadable): "
        f"{f['reingest_skipped_files_reread']:.0f}; reports other than 1 file changed: "
        f"{f['reingest_unexpected_reports']}"
    )
    print(
        f"ingest_paths    p50 {f['paths_p50_ms']:.0f} ms, p95 {f['paths_p95_ms']:.0f} ms, "
        f"max {f['paths_max_ms']:.0f} ms over {f['edits']} one-file edits (what a save costs)"
    )
    print(
        f"apply_changeset p50 {f['apply_p50_ms']:.0f} ms, p95 {f['apply_p95_ms']:.0f} ms, "
        f"max {f['apply_max_ms']:.0f} ms over {f['edits']} one-file changesets "
        f"(read + extract first: p50 {f['read_extract_p50_ms']:.1f} ms)"
    )
    print(f"  graph equals the edited tree afterwards: {f['consistent_after_edits']}")


def print_summary(results: dict[str, dict[str, Any]]) -> None:
    names = list(results)
    print("\n" + f"{'target':<38}" + "".join(f"{n:>18}" for n in names))
    for label, key, limit, at_most in TARGETS:
        cells = []
        for name in names:
            value = results[name][key]
            met = value <= limit if at_most else value >= limit
            shown = f"{value:,.0f}" if value >= 100 else f"{value:.1f}"
            cells.append(f"{shown} {'ok' if met else 'MISSED':>6}")
        print(f"{label:<38}" + "".join(f"{c:>18}" for c in cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=("stdlib", "js", "all"), default="all")
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    args = parser.parse_args()
    loads = [round(x, 2) for x in os.getloadavg()]
    print(f"python {platform.python_version()}, {os.cpu_count()} cpus, load average {loads}")
    corpora: list[Corpus] = []
    skipped: dict[str, str] = {}
    if args.corpus in ("stdlib", "all"):
        corpora.append(stdlib_corpus())
    if args.corpus in ("js", "all"):
        try:
            corpora.append(js_corpus())
        except CorpusUnavailable as e:
            skipped["js"] = str(e)
            print(f"js corpus skipped: {e}")
    graph = open_graph(Settings())
    try:
        print(f"neo4j {graph.server_version()} at {graph.connection.describe()}")
        results: dict[str, dict[str, Any]] = {}
        for corpus in corpora:
            results[corpus.name] = measure(graph, corpus, max(1, args.edits), args.seed)
            print_corpus(corpus.name, results[corpus.name])
    finally:
        graph.close()
    if results:
        print_summary(results)
    loads_after = [round(x, 2) for x in os.getloadavg()]
    print(f"\nload average at the end {loads_after}")
    if args.json:
        machine = {"python": platform.python_version(), "cpus": os.cpu_count()}
        machine |= {"workers": WORKERS, "load_before": loads, "load_after": loads_after}
        payload = {"machine": machine, "corpora": results, "skipped": skipped}
        payload["targets"] = [
            {"target": label.strip(), "key": key, "limit": limit, "at_most": at_most}
            for label, key, limit, at_most in TARGETS
        ]
        args.json.write_text(json.dumps(payload, indent=2) + "\n")


if __name__ == "__main__":
    main()
