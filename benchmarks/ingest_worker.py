"""One timed full ingest for benchmarks/ingest_paired.py, in a process of its own (so that an
older commit of coderooms can be imported from its own `src/`): `ingest_root(mode="full",
git=False, embed=False)` of ROOT into a fresh repo REPO, its figures as JSON to OUT, the repo
deleted again afterwards (not with `--fresh`: the next round empties the database). With
`--profile`, every write statement of the changeset is timed.
Run by ingest_paired.py: `python benchmarks/ingest_worker.py ROOT REPO OUT [--profile]`.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.graph.cypher import load
from coderooms.graph.driver import Graph, plain_rows

DELETE_BATCH = 2_000
"""Nodes a delete transaction takes (a symbol holds many edges; 1 GiB heaps refuse 20k)."""
DELETE_NODES = (
    "MATCH (n) WHERE n.repo = $repo WITH n LIMIT $limit DETACH DELETE n RETURN count(*) AS deleted"
)
NODES = "MATCH (n) WHERE n.repo = $repo RETURN count(n) AS count"
EDGES = "MATCH (n)-[r]->() WHERE n.repo = $repo RETURN count(r) AS count"
BULK = ("ingest/upsert_files", "ingest/create_symbols", "ingest/create_chunks",
        "ingest/merge_ghosts")  # fmt: skip
"""Statements PROFILEd once each (besides every edge statement)."""


def delete_repo(graph: Graph, repo: str) -> None:
    if not repo.startswith("bench-"):
        raise ValueError(f"refusing to delete repo {repo!r}: not a bench repo")
    while graph.run_text(DELETE_NODES, repo=repo, limit=DELETE_BATCH)[0]["deleted"]:
        pass
    graph.run_text("MATCH (r:Repo {id: $repo}) DETACH DELETE r", repo=repo)


class Profiler:
    """Times every statement the changeset runs, and PROFILEs the first batch of bulk ones."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.statements: dict[str, dict[str, float]] = defaultdict(
            lambda: {"calls": 0, "rows": 0, "wall_s": 0.0, "server_s": 0.0, "bytes": 0}
        )
        self.plans: dict[str, dict[str, Any]] = {}
        self.local = threading.local()
        self.transactions = 0
        self.commit_s = 0.0
        self.commits: dict[str, float] = defaultdict(float)
        """Commit wall per statement (large changesets run one statement a transaction)."""
        self.phases = {"plan_s": 0.0, "apply_s": 0.0, "edge_rows_s": 0.0}

    def run_named(self, tx: Any, statement: str, /, **params: Any) -> list[dict[str, Any]]:
        text = load(statement)
        bulk = statement in BULK or statement.startswith("ingest/edges_")
        with self.lock:
            profile = bulk and statement not in self.plans
            if profile:
                self.plans[statement] = {}
        rows = params.get("rows") or params.get("ids") or params.get("claims") or []
        size = len(repr(params))
        started = time.perf_counter()
        result = tx.run(("PROFILE " if profile else "") + text, params)
        records = list(result)
        summary = result.consume()
        wall = time.perf_counter() - started
        self.local.work = getattr(self.local, "work", 0.0) + wall
        self.local.statement = statement
        server = (summary.result_available_after or 0) + (summary.result_consumed_after or 0)
        with self.lock:
            stats = self.statements[statement]
            stats["calls"] += 1
            stats["rows"] += len(rows)
            stats["wall_s"] += wall
            stats["server_s"] += server / 1000
            stats["bytes"] += size
            if profile and summary.profile:
                self.plans[statement] = flatten(summary.profile, len(rows))
        return plain_rows(records)

    def install(self) -> None:
        from coderooms.ingest import changeset, transactions

        changeset.run_named = self.run_named  # type: ignore[assignment]
        plan, apply = transactions.plan_changeset, transactions.apply_plan
        edge_jobs = changeset.edge_jobs

        def timed_plan(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return plan(*args, **kwargs)
            finally:
                self.phases["plan_s"] += time.perf_counter() - started

        def timed_apply(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return apply(*args, **kwargs)
            finally:
                self.phases["apply_s"] += time.perf_counter() - started

        def timed_edge_jobs(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return edge_jobs(*args, **kwargs)
            finally:
                self.phases["edge_rows_s"] += time.perf_counter() - started

        transactions.plan_changeset = timed_plan  # type: ignore[assignment]
        transactions.apply_plan = timed_apply  # type: ignore[assignment]
        changeset.edge_jobs = timed_edge_jobs  # type: ignore[assignment]
        execute_write = Graph.execute_write
        profiler = self

        def timed_write(graph: Graph, work: Any) -> Any:
            profiler.local.work = 0.0
            started = time.perf_counter()
            answer = execute_write(graph, work)
            elapsed = time.perf_counter() - started
            with profiler.lock:
                profiler.transactions += 1
                profiler.commit_s += elapsed - profiler.local.work
                statement = getattr(profiler.local, "statement", "?")
                profiler.commits[statement] += elapsed - profiler.local.work
            return answer

        Graph.execute_write = timed_write  # type: ignore[method-assign]

    def as_dict(self) -> dict[str, Any]:
        return {
            "statements": dict(self.statements),
            "plans": self.plans,
            "transactions": self.transactions,
            "commit_s": self.commit_s,
            "commits": dict(self.commits),
            "phases": self.phases,
        }


def flatten(plan: Any, rows: int) -> dict[str, Any]:
    operators: list[str] = []
    totals = {"db_hits": 0, "hits": 0, "misses": 0}

    def walk(node: Any, depth: int) -> None:
        hits, misses = node.get("pageCacheHits", 0), node.get("pageCacheMisses", 0)
        totals["db_hits"] += node.get("dbHits", 0)
        totals["hits"] += hits
        totals["misses"] += misses
        details = str(node.get("args", {}).get("Details", ""))[:70]
        operators.append(
            f"{'  ' * depth}{node.get('operatorType', '?')}: rows {node.get('rows', 0):,}, "
            f"db hits {node.get('dbHits', 0):,} {details}"
        )
        for child in node.get("children", []):
            walk(child, depth + 1)

    walk(plan, 0)
    return {"rows": rows, "operators": operators, **totals}


def main() -> None:
    root, repo, out = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    profiler = Profiler() if "--profile" in sys.argv[4:] else None
    from coderooms.ingest.pipeline import ingest_root

    graph = open_graph(Settings())
    try:
        delete_repo(graph, repo)
        if profiler:
            profiler.install()
        started = time.perf_counter()
        report = ingest_root(graph, root, repo=repo, mode="full", git=False, embed=False)
        elapsed = time.perf_counter() - started
        result: dict[str, Any] = {
            "ingest_s": elapsed,
            "timings": report.timings,
            "files": report.files_seen,
            "lines": report.lines_parsed,
            "nodes": graph.run_text(NODES, repo=repo)[0]["count"],
            "edges": graph.run_text(EDGES, repo=repo)[0]["count"],
        }
        if profiler:
            result["profile"] = profiler.as_dict()
        out.write_text(json.dumps(result) + "\n")
        if "--fresh" not in sys.argv[4:]:
            delete_repo(graph, repo)
    finally:
        graph.close()


if __name__ == "__main__":
    main()
