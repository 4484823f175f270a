"""Scoped search with one repo in the database and with ten, paired: the same queries, scoped to
the same repo, on two Neo4j instances at once (one holding that repo alone, one holding it and
the others), alternating call by call with ripgrep over the same files.

Wall-clock figures on a shared host move with its load; what this prints besides them does not:
per query, the db hits PROFILE counts over every statement a search runs (summed over the plan
of each), the rows those plans produce, and the round trips. A search whose scope is one repo
should cost the same db hits with one repo in the database or ten.

Each call of a round runs in a rotating order (one-repo database, ten-repo database, ripgrep),
so load that comes and goes falls on all three alike. `search` is top_k=50, the process's text
cache warm (as served); the profile pass runs once per query and database with the cache
emptied first (every text read over Bolt is counted). Hit sets: the count of each database
equals ripgrep's number of hit lines, and the first 500 hits in (path, line) order equal rg's.
Prints figures; asserts nothing.

Run (two managed instances; each repo is ingested once, `--no-embed`, and kept):

    CODEROOMS_INSTANCE=bench-search coderooms neo4j start
    CODEROOMS_INSTANCE=bench-search1 coderooms neo4j start
    PYTHONPATH=src:benchmarks python benchmarks/search_scoped.py --one bench-search1 \
        --many bench-search --scope /work/corpus/requests \
        --with /work/corpus/{flask,httpx,click,pytest,gin,jsoup,redis,rack,guzzle} --runs 15

The one-repo instance is emptied of every other repo first.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from neo4j import RoutingControl

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.graph.driver import Graph, plain_rows, translated_errors
from coderooms.graph.repos import list_repos, remove_repo
from coderooms.ingest.pipeline import ingest_root
from coderooms.search.text_cache import CHUNK_TEXTS
from coderooms.search.text_search import SearchRequest, search
from search import FIRST_HITS, HELD_OUT, QUERIES, percentile, ripgrep


class ProfiledGraph(Graph):
    """A Graph whose every statement runs under PROFILE, adding up db hits, rows and round
    trips (for the profile pass only: PROFILE costs time of its own)."""

    db_hits = 0
    rows = 0
    trips = 0

    def reset(self) -> None:
        self.db_hits = self.rows = self.trips = 0

    def run_text(
        self, text: str, /, *, routing: RoutingControl = RoutingControl.WRITE, **params: Any
    ) -> list[dict[str, Any]]:
        with translated_errors(self.connection):
            records, summary, _ = self.driver.execute_query(
                "PROFILE " + text,
                parameters_=params,
                routing_=routing,
                database_=self.connection.database,
            )
        self.trips += 1
        plan = summary.profile or {}
        self.db_hits += _summed(plan, "dbHits")
        self.rows += _summed(plan, "rows")
        return plain_rows(records)


def _summed(plan: dict[str, Any], key: str) -> int:
    return int(plan.get(key, 0)) + sum(_summed(child, key) for child in plan.get("children", []))


def instance_graph(instance: str, profiled: bool = False) -> Graph:
    graph = open_graph(Settings(instance=instance))
    if not profiled:
        return graph
    twin = ProfiledGraph(graph.connection)
    graph.close()
    return twin


def ingest(graph: Graph, root: Path, label: str) -> None:
    started = time.perf_counter()
    report = ingest_root(graph, root, repo=root.name, git=False, embed=False)
    print(
        f"  {label}: {root.name}: {report.files_seen} files, {report.files_added} added, "
        f"{time.perf_counter() - started:.1f} s"
    )


def repo_files(graph: Graph, repo: str) -> tuple[Path, list[str]]:
    rows = graph.run_text(
        "MATCH (r:Repo {id: $repo})-[:HAS_FILE]->(f:File) RETURN r.root AS root, f.path AS path",
        repo=repo,
    )
    return Path(rows[0]["root"]), sorted(row["path"] for row in rows)


def profile(graph: ProfiledGraph, request: SearchRequest) -> dict[str, Any]:
    CHUNK_TEXTS.clear()
    graph.reset()
    answer = search(graph, request)
    counted = {"db_hits": graph.db_hits, "rows": graph.rows, "trips": graph.trips}
    return {"index": answer["index"], "candidates": answer["candidate_chunks"], **counted}


def measure(
    graphs: dict[str, Graph],
    profiled: dict[str, ProfiledGraph],
    repo: str,
    queries: list[tuple[str, str]],
    runs: int,
) -> list[dict[str, Any]]:
    root, files = repo_files(graphs["one"], repo)
    rg = shutil.which("rg")
    if rg is None:
        raise SystemExit("ripgrep (rg) is needed: apt-get install ripgrep")
    rows = []
    for mode, query in queries:
        request = SearchRequest(query=query, mode=mode, repo=repo, top_k=50)  # type: ignore[arg-type]
        work: dict[str, Callable[[], Any]] = {
            name: (lambda g=g, r=request: search(g, r)) for name, g in graphs.items()
        }
        work["rg"] = lambda m=mode, q=query: ripgrep(rg, root, files, m, q)
        for call in work.values():
            call()  # warm-up, not counted
        samples: dict[str, list[float]] = {name: [] for name in work}
        names = list(work)
        for turn in range(runs):
            for name in names[turn % 3 :] + names[: turn % 3]:
                started = time.perf_counter()
                work[name]()
                samples[name].append((time.perf_counter() - started) * 1000)
        rg_hits = ripgrep(rg, root, files, mode, query)
        row: dict[str, Any] = {"mode": mode, "query": query, "rg_hits": len(rg_hits)}
        for name, graph in graphs.items():
            counting = SearchRequest(query=query, mode=mode, repo=repo, count_only=True)  # type: ignore[arg-type]
            first = SearchRequest(query=query, mode=mode, repo=repo, top_k=FIRST_HITS)  # type: ignore[arg-type]
            count = search(graph, counting)["count"]
            ours = [(h["file"], h["line"]) for h in search(graph, first)["results"]]
            row[f"{name}_equal"] = count == len(rg_hits) and ours == rg_hits[:FIRST_HITS]
            row[f"{name}_profile"] = profile(profiled[name], request)
        for name, values in samples.items():
            row[f"{name}_p50_ms"] = statistics.median(values)
            row[f"{name}_p95_ms"] = percentile(values, 0.95)
        rows.append(row)
    return rows


def print_rows(rows: list[dict[str, Any]], repos: dict[str, int]) -> None:
    print(
        f"\n{'mode':7} {'query':28} {'index':10} {'hits':>5} "
        f"{'1 repo p50/p95':>15} {str(repos['many']) + ' repos p50/p95':>16} {'rg p50/p95':>13} "
        f"{'db hits 1/' + str(repos['many']):>16} {'rows 1/' + str(repos['many']):>14} "
        f"{'trips':>5}  equal"
    )
    for row in rows:
        one, many = row["one_profile"], row["many_profile"]
        print(
            f"{row['mode']:7} {row['query'][:28]:28} {many['index'][:10]:10} {row['rg_hits']:>5} "
            f"{row['one_p50_ms']:7.1f}/{row['one_p95_ms']:<7.1f} "
            f"{row['many_p50_ms']:8.1f}/{row['many_p95_ms']:<7.1f} "
            f"{row['rg_p50_ms']:6.1f}/{row['rg_p95_ms']:<6.1f} "
            f"{one['db_hits']:>7}/{many['db_hits']:<8} {one['rows']:>6}/{many['rows']:<7} "
            f"{one['trips']:>2}/{many['trips']:<2}  {row['one_equal'] and row['many_equal']}"
        )
    med = {k: statistics.median(r[f"{k}_p50_ms"] for r in rows) for k in ("one", "many", "rg")}
    ratio = statistics.median(r["many_p50_ms"] / r["one_p50_ms"] for r in rows)
    vs_rg = statistics.median(r["many_p50_ms"] / r["rg_p50_ms"] for r in rows)
    beat = sum(r["many_p50_ms"] <= r["rg_p50_ms"] for r in rows)
    hits = statistics.median(
        r["many_profile"]["db_hits"] / max(1, r["one_profile"]["db_hits"]) for r in rows
    )
    print(
        f"median of the p50s: 1 repo {med['one']:.1f} ms, {repos['many']} repos "
        f"{med['many']:.1f} ms, ripgrep {med['rg']:.1f} ms; per query, {repos['many']} repos "
        f"÷ 1: {ratio:.2f} (db hits {hits:.2f}), ÷ ripgrep: {vs_rg:.2f}; "
        f"{beat} of {len(rows)} at or under ripgrep's p50"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one", required=True, help="instance holding the scoped repo alone")
    parser.add_argument("--many", required=True, help="instance holding it and the others")
    parser.add_argument("--scope", type=Path, required=True, help="the repo searched")
    parser.add_argument("--with", dest="extra", type=Path, nargs="+", action="extend", default=[])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--queries", choices=("tuned", "held-out", "all"), default="held-out")
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    args = parser.parse_args()
    queries = {"tuned": QUERIES, "held-out": HELD_OUT, "all": QUERIES + HELD_OUT}[args.queries]
    scope = args.scope.resolve()
    loads = [round(x, 2) for x in os.getloadavg()]
    print(f"python {platform.python_version()}, {os.cpu_count()} cpus, load average {loads}")
    graphs = {"one": instance_graph(args.one), "many": instance_graph(args.many)}
    profiled: dict[str, ProfiledGraph] = {}
    try:
        for name, graph in graphs.items():
            print(f"{name}: neo4j {graph.server_version()} at {graph.connection.describe()}")
        for row in list_repos(graphs["one"]):
            if row["repo"] != scope.name:
                remove_repo(graphs["one"], str(row["repo"]))
        ingest(graphs["one"], scope, "one")
        for root in [scope, *(path.resolve() for path in args.extra)]:
            ingest(graphs["many"], root, "many")
        repos = {name: len(list_repos(graph)) for name, graph in graphs.items()}
        profiled = {
            name: instance_graph(i, profiled=True)  # type: ignore[misc]
            for name, i in (("one", args.one), ("many", args.many))
        }
        _, files = repo_files(graphs["one"], scope.name)
        print(f"scope {scope.name}: {len(files)} files; repos in the databases: {repos}")
        rows = measure(graphs, profiled, scope.name, queries, max(1, args.runs))
        print_rows(rows, repos)
        print(f"load average at the end {[round(x, 2) for x in os.getloadavg()]}")
        if args.json:
            args.json.write_text(json.dumps(rows, indent=2) + "\n")
    finally:
        for graph in [*graphs.values(), *profiled.values()]:
            graph.close()


if __name__ == "__main__":
    main()
