"""Semantic search benchmark: recall of the default model, embedding throughput, query latency.

1. Recall@10 and MRR@10 of `nearest_symbols` over the labelled queries of
   tests/fixtures/semantic_queries.json on the semantic fixture repo (ingested as repo
   `bench-semantic`), and the same with the doc sentence left out of the embedded text
   (ablation, exact cosine in numpy), to show what the docstrings are worth.
2. Embedding throughput (symbols/s): the model alone on symbol texts of the stdlib graph, and the
   backfill end to end (read pending, embed, write) for `--budget` stdlib symbols.
3. Query latency on the stdlib graph (`bench-stdlib-keep`, see stdlib_graph.py): embed the query
   + vector index query filtered to the repo, p50/p95 over `--calls` calls after a warm-up.

Run: `CODEROOMS_HOME=/tmp/crhome PYTHONPATH=. python benchmarks/semantic_recall.py
[--budget 2048] [--calls 100]`. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.graph.driver import Graph
from coderooms.ingest.import_requests import build_record
from coderooms.ingest.pipeline import ingest_root
from coderooms.semantic import model
from coderooms.semantic.query import nearest_symbols
from coderooms.semantic.store import coverage, embed_pending
from coderooms.semantic.texts import symbol_text

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stdlib_graph import ensure_stdlib_graph, stdlib_copy

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
QUERIES = FIXTURES / "semantic_queries.json"
REPO = "bench-semantic"
LATENCY_QUERIES = [
    "parse a date string into a datetime",
    "compress data with gzip",
    "send an email over smtp",
    "read a csv file",
    "escape html special characters",
    "compute an md5 hash of bytes",
    "join path components",
    "wait for a child process to finish",
    "decode base64",
    "thread safe queue",
]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def recall(graph: Graph) -> dict[str, Any]:
    ingest_root(graph, FIXTURES / "repos" / "semantic", repo=REPO, git=False)
    embed_pending(graph, REPO)
    labelled = json.loads(QUERIES.read_text(encoding="utf-8"))["queries"]
    hits, reciprocal = 0, 0.0
    for entry in labelled:
        found = nearest_symbols(graph, entry["query"], k=10, repo=REPO) or []
        ranked = [n.symbol_id.removeprefix(f"{REPO}:") for n in found]
        ranks = [ranked.index(e) + 1 for e in entry["expected"] if e in ranked]
        if ranks:
            hits += 1
            reciprocal += 1 / min(ranks)
    return {
        "queries": len(labelled),
        "recall_at_10": round(hits / len(labelled), 3),
        "mrr_at_10": round(reciprocal / len(labelled), 3),
        "without_doc": _ablation(graph, labelled),
    }


def _ablation(graph: Graph, labelled: list[dict[str, Any]]) -> dict[str, float]:
    """Recall with the doc sentence dropped from every symbol's text (exact cosine, numpy)."""
    import numpy as np

    rows = graph.run_text(
        "MATCH (s:Symbol {repo: $repo}) RETURN s.id AS id, properties(s) AS props", repo=REPO
    )
    ids = [row["id"].removeprefix(f"{REPO}:") for row in rows]
    texts = [symbol_text({**row["props"], "doc": None}) for row in rows]
    vectors = np.array(model.embed(texts), dtype=np.float32)
    queries = np.array(model.embed([e["query"] for e in labelled]), dtype=np.float32)
    hits, reciprocal = 0, 0.0
    for entry, scores in zip(labelled, queries @ vectors.T, strict=True):
        ranked = [ids[i] for i in np.argsort(-scores)[:10]]
        ranks = [ranked.index(e) + 1 for e in entry["expected"] if e in ranked]
        if ranks:
            hits += 1
            reciprocal += 1 / min(ranks)
    return {
        "recall_at_10": round(hits / len(labelled), 3),
        "mrr_at_10": round(reciprocal / len(labelled), 3),
    }


def stdlib_texts(limit: int) -> tuple[list[str], int]:
    """Symbol texts of the stdlib as ingest builds them today (docs included), straight from the
    files: a graph ingested before `doc` existed lacks them until `ingest --full`."""
    from coderooms.ingest.languages import extract
    from coderooms.ingest.rows import ParsedFile, symbol_rows
    from coderooms.semantic.texts import symbol_text

    root = stdlib_copy()
    texts: list[str] = []
    with_doc = 0
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        extraction = extract("python", relative, path.read_bytes())
        record = build_record(relative, "python", extraction)
        parsed = ParsedFile(relative, 0, 0, "", 0, "python", record)
        for row in symbol_rows("bench", parsed):
            texts.append(symbol_text(row["props"]))
            with_doc += row["props"]["doc"] is not None
        if len(texts) >= limit:
            break
    return texts[:limit], with_doc


def throughput(graph: Graph, stdlib: str, budget: int) -> dict[str, Any]:
    texts, with_doc = stdlib_texts(1024)
    model.embed(texts[:32])  # load and warm up
    started = time.perf_counter()
    model.embed(texts)
    model_rate = len(texts) / (time.perf_counter() - started)
    encoder = model.encoder()
    assert encoder is not None
    lengths = [sum(e.attention_mask) for e in encoder.tokenizer.encode_batch(texts)]
    backfill = embed_pending(graph, stdlib, budget=budget)
    return {
        "model_only_symbols_per_s": round(model_rate, 1),
        "texts": len(texts),
        "tokens_per_text_mean": round(statistics.mean(lengths), 1),
        "texts_with_doc": with_doc,
        "backfill": {
            "embedded": backfill.embedded,
            "seconds": round(backfill.seconds, 1),
            "symbols_per_s": backfill.extra.get("symbols_per_s"),
        },
        "cpus": os.cpu_count(),
    }


def latency(graph: Graph, stdlib: str, calls: int) -> dict[str, Any]:
    for query in LATENCY_QUERIES:
        nearest_symbols(graph, query, k=10, repo=stdlib)
    timings = []
    for i in range(calls):
        query = LATENCY_QUERIES[i % len(LATENCY_QUERIES)]
        started = time.perf_counter()
        nearest_symbols(graph, query, k=10, repo=stdlib)
        timings.append((time.perf_counter() - started) * 1000)
    embedding = []
    for i in range(calls):
        started = time.perf_counter()
        model.embed([LATENCY_QUERIES[i % len(LATENCY_QUERIES)]])
        embedding.append((time.perf_counter() - started) * 1000)
    counts = coverage(graph, [stdlib])[stdlib]
    return {
        "calls": calls,
        "p50_ms": round(percentile(timings, 0.5), 1),
        "p95_ms": round(percentile(timings, 0.95), 1),
        "embed_query_only_p50_ms": round(percentile(embedding, 0.5), 1),
        "embed_query_only_p95_ms": round(percentile(embedding, 0.95), 1),
        "stdlib_symbols": counts["symbols"],
        "stdlib_symbols_with_vectors": counts["with_vectors"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=2048, help="stdlib symbols to backfill")
    parser.add_argument("--calls", type=int, default=100)
    args = parser.parse_args()
    if not model.available():
        print(f"no embedding model: {model.unavailable_reason()}")
        return
    graph = open_graph(Settings(), start_managed=True)
    try:
        figures: dict[str, Any] = {"recall": recall(graph)}
        print(json.dumps(figures, indent=1), flush=True)
        stdlib = ensure_stdlib_graph(graph)
        figures["throughput"] = throughput(graph, stdlib, args.budget)
        print(json.dumps(figures["throughput"], indent=1), flush=True)
        figures["query_latency"] = latency(graph, stdlib, args.calls)
        print(json.dumps(figures["query_latency"], indent=1), flush=True)
    finally:
        graph.close()


if __name__ == "__main__":
    main()
