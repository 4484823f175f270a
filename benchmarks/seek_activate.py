"""Seek and activate benchmark on the standard-library graph (`bench-stdlib-keep`): p50/p95.

For a fixed set of identifier and natural-language queries, and of seed symbols, after one
warm-up call each:

- `seek` as served (the semantic source included: with the embedding model installed the query
  is embedded and the vector index asked);
- `seek` with the semantic source switched off (no query vector: `query_vector` answering None,
  so neither the vector index nor the cosines are asked): the lexical,
  graph and prior signals alone, i.e. the index-backed part this room owns;
- the query embedding alone (`query_vector`), for the share it takes of `seek`;
- `activate` from one seed, defaults (2 hops, 200 nodes expanded at most);
- `activate` from a query (seek then spread), as served and with the semantic source off.

The heap is settled as `coderooms serve` settles it before its first request
(`system/warmup.settle_heap`). Every query is run `--runs` times (default 5: 24 queries → 120
timed calls per figure).
Prints figures; asserts nothing. Run from the repository root:
`PYTHONPATH=. python benchmarks/seek_activate.py [--runs 5] [--json PATH]`
(Neo4j as `coderooms` finds it; CODEROOMS_HOME for the managed instance).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.retrieval.activate import ActivateRequest, activate
from coderooms.retrieval.seek import SeekRequest, seek
from coderooms.semantic import query as semantic
from coderooms.system.warmup import settle_heap
from stdlib_graph import ensure_stdlib_graph

QUERIES = [
    # identifiers, as an agent pastes them
    "JSONDecoder.decode",
    "loads",
    "urlopen",
    "ThreadPoolExecutor",
    "OrderedDict",
    "parse_args",
    "HTTPConnection.request",
    "getLogger",
    "dataclass",
    "Path.resolve",
    "SequenceMatcher",
    "make_archive",
    # natural language
    "parse json string",
    "thread pool executor",
    "http request handler",
    "read zip file entries",
    "compress data with gzip",
    "format date time",
    "temporary directory cleanup",
    "split shell command line",
    "walk directory tree",
    "base64 encode bytes",
    "sqlite connection cursor",
    "email message headers",
]
IDENTIFIERS = 12
"""The first IDENTIFIERS queries are identifiers, the others natural language."""
SEEDS = [
    "json/decoder.py::JSONDecoder.decode",
    "json/__init__.py::loads",
    "urllib/request.py::urlopen",
    "concurrent/futures/thread.py::ThreadPoolExecutor",
    "argparse.py::ArgumentParser.parse_args",
    "logging/__init__.py::getLogger",
    "difflib.py::SequenceMatcher",
    "shutil.py::make_archive",
    "gzip.py::compress",
    "tempfile.py::TemporaryDirectory",
    "shlex.py::split",
    "os.py::walk",
    "base64.py::b64encode",
    "email/message.py::Message",
    "pathlib.py::Path.resolve",
    "http/client.py::HTTPConnection.request",
    "collections/__init__.py::OrderedDict",
    "zipfile.py::ZipFile",
    "dataclasses.py::dataclass",
    "datetime.py::datetime",
]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(work: Callable[[str], Any], items: list[str], runs: int) -> list[float]:
    samples: list[float] = []
    for item in items:
        work(item)  # warm-up, not counted
        for _ in range(runs):
            started = time.perf_counter()
            work(item)
            samples.append((time.perf_counter() - started) * 1000)
    return samples


def summary(name: str, samples: list[float]) -> dict[str, Any]:
    figures = {
        "calls": len(samples),
        "p50_ms": round(percentile(samples, 0.5), 1),
        "p95_ms": round(percentile(samples, 0.95), 1),
        "max_ms": round(max(samples), 1),
    }
    print(f"{name:<34} {figures}")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    graph = open_graph(Settings())
    try:
        repo = ensure_stdlib_graph(graph)
        seeds = [f"{repo}:{seed}" for seed in SEEDS]
        # what exists in this stdlib
        known = {row["id"] for row in graph.read("retrieval/activate_seeds", ids=seeds)}
        seeds = [seed for seed in seeds if seed in known]
        settle_heap()
        print(f"{platform.python_version()} stdlib, {os.cpu_count()} CPUs, repo {repo}")
        print(f"{len(QUERIES)} queries, {len(seeds)} seeds, {args.runs} runs each after a warm-up")
        for query in QUERIES:
            answer = seek(graph, SeekRequest(query=query, repo=repo, top_k=3))
            top = answer["results"][0]["id"] if answer["results"] else "-"
            print(
                f"  {query!r:<30} {answer['proof_state']:<9} "
                f"passes={'+'.join(answer['fulltext_passes'])} top={top}"
            )
        figures: dict[str, Any] = {}
        figures["seek"] = summary(
            "seek (as served)",
            measure(lambda q: seek(graph, SeekRequest(query=q, repo=repo)), QUERIES, args.runs),
        )
        figures["activate_query"] = summary(
            "activate from a query (as served)",
            measure(
                lambda q: activate(graph, ActivateRequest(query=q, repo=repo)), QUERIES, args.runs
            ),
        )
        figures["query_embedding"] = summary(
            "query embedding alone",
            measure(semantic.query_vector, QUERIES, args.runs),
        )
        served = semantic.query_vector
        semantic.query_vector = lambda *a, **k: None
        try:

            def lexical(q: str) -> Any:
                return seek(graph, SeekRequest(query=q, repo=repo))

            identifiers = measure(lexical, QUERIES[:IDENTIFIERS], args.runs)
            words = measure(lexical, QUERIES[IDENTIFIERS:], args.runs)
            figures["seek_no_semantic"] = summary("seek (semantic source off)", identifiers + words)
            figures["seek_no_semantic_identifiers"] = summary("  identifier queries", identifiers)
            figures["seek_no_semantic_words"] = summary("  natural-language queries", words)
            figures["activate_query_no_semantic"] = summary(
                "activate from a query (sem. off)",
                measure(
                    lambda q: activate(graph, ActivateRequest(query=q, repo=repo)),
                    QUERIES,
                    args.runs,
                ),
            )
        finally:
            semantic.query_vector = served
        figures["activate_seed"] = summary(
            "activate from a seed",
            measure(lambda s: activate(graph, ActivateRequest(seeds=(s,))), seeds, args.runs),
        )
        if args.json:
            args.json.write_text(json.dumps(figures, indent=2))
    finally:
        graph.close()


if __name__ == "__main__":
    main()
