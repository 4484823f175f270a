"""The whole graph of each corpus, as a fingerprint to hold a refactor to: ingest each directory
into a scratch repo (full, no git history, no vectors), take the tests' comparable snapshot of it
(`tests/integration/ingest/graph_snapshot.py`: nodes with labels and properties, edges with
their properties, the repo id stripped), and print node and edge counts and a digest of each.

    PYTHONPATH=src:. python benchmarks/graph_fingerprint.py --corpus flask=/path/to/flask \\
        --corpus gin=/path/to/gin --out before.json
    PYTHONPATH=src:. python benchmarks/graph_fingerprint.py --corpus ... --compare before.json

With `--compare`, a corpus whose graph differs prints up to `--show` differing nodes and edges
on each side, and the script exits 1. `--stdlib` adds the running interpreter's standard library.
A code move that changes no behaviour leaves every digest as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import sysconfig
import time
from pathlib import Path
from typing import Any

from tests.integration.ingest.graph_snapshot import snapshot

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root

REPO_PREFIX = "fingerprint-"


def digest(items: set[Any]) -> str:
    lines = sorted(repr(item) for item in items)
    return hashlib.sha256("\n".join(lines).encode("utf-8", "surrogateescape")).hexdigest()[:16]


def wipe(graph: Graph, repo: str) -> None:
    """The repo's nodes, a label and a batch at a time (a large corpus passes one transaction's
    memory)."""
    for label in ("Chunk", "Symbol", "Ghost", "File"):
        while graph.run_text(
            f"MATCH (n:{label}) WHERE n.id STARTS WITH $prefix "
            "WITH n LIMIT 2000 DETACH DELETE n RETURN count(*) AS n",
            prefix=f"{repo}:",
        )[0]["n"]:
            pass
    graph.run_text("MATCH (r:Repo {id: $repo}) DETACH DELETE r", repo=repo)


def fingerprint(graph: Graph, name: str, root: Path) -> tuple[dict[str, Any], set[Any], set[Any]]:
    repo = REPO_PREFIX + name
    wipe(graph, repo)
    started = time.perf_counter()
    ingest_root(graph, root, repo=repo, mode="full", git=False, embed=False)
    seconds = time.perf_counter() - started
    nodes, edges = snapshot(graph, repo)
    wipe(graph, repo)
    summary = {
        "nodes": len(nodes),
        "edges": len(edges),
        "nodes_digest": digest(nodes),
        "edges_digest": digest(edges),
        "ingest_s": round(seconds, 1),
    }
    return summary, nodes, edges


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", action="append", default=[], help="NAME=DIR")
    parser.add_argument("--stdlib", action="store_true")
    parser.add_argument("--out", type=Path, help="write the fingerprints (and the items) here")
    parser.add_argument("--compare", type=Path, help="a file --out wrote before")
    parser.add_argument("--show", type=int, default=10)
    args = parser.parse_args()
    corpora = [tuple(spec.split("=", 1)) for spec in args.corpus]
    if args.stdlib:
        corpora.append(("stdlib", sysconfig.get_paths()["stdlib"]))
    before = json.loads(args.compare.read_text()) if args.compare else {}
    graph = open_graph(Settings())
    results: dict[str, Any] = {}
    differs = 0
    try:
        for name, directory in corpora:
            summary, nodes, edges = fingerprint(graph, name, Path(directory))
            results[name] = {
                **summary,
                "node_items": sorted(repr(n) for n in nodes),
                "edge_items": sorted(repr(e) for e in edges),
            }
            line = (
                f"{name}: {summary['nodes']} nodes {summary['nodes_digest']}, "
                f"{summary['edges']} edges {summary['edges_digest']} ({summary['ingest_s']} s)"
            )
            old = before.get(name)
            if old is not None:
                same = (old["nodes_digest"], old["edges_digest"]) == (
                    summary["nodes_digest"],
                    summary["edges_digest"],
                )
                line += "  same" if same else "  DIFFERS"
                if not same:
                    differs += 1
                    line += show_difference(old, results[name], args.show)
            print(line, flush=True)
    finally:
        graph.close()
    if args.out:
        args.out.write_text(json.dumps(results))
    return 1 if differs else 0


def show_difference(old: dict[str, Any], new: dict[str, Any], limit: int) -> str:
    out = []
    for kind in ("node_items", "edge_items"):
        gone = sorted(set(old[kind]) - set(new[kind]))
        came = sorted(set(new[kind]) - set(old[kind]))
        out.append(f"\n  {kind}: {len(gone)} only before, {len(came)} only now")
        out.extend(f"\n    - {item[:300]}" for item in gone[:limit])
        out.extend(f"\n    + {item[:300]}" for item in came[:limit])
    return "".join(out)


if __name__ == "__main__":
    sys.exit(main())
