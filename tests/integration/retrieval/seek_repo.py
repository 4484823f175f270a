"""The retrieval fixture repo (tests/fixtures/repos/retrieval) copied and ingested for the
seek / activate / heuristics_surface tests, and a snapshot of its graph to prove reads write
nothing."""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path
from typing import Any

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import Mode, ingest_root

FIXTURE = Path(__file__).parents[2] / "fixtures" / "repos" / "retrieval"


def ingest_retrieval(graph: Graph, root: Path, repo: str, mode: Mode = "incremental") -> None:
    ingest_root(graph, root, repo=repo, workers=1, git=False, mode=mode)
    graph.run_text("CALL db.index.fulltext.awaitEventuallyConsistentIndexRefresh()")


def retrieval_repo(graph: Graph, tmp: Path) -> tuple[Path, str]:
    root = tmp / "retrieval"
    shutil.copytree(FIXTURE, root)
    repo = f"test-seek-{uuid.uuid4().hex[:10]}"
    ingest_retrieval(graph, root, repo)
    return root, repo


def sid(repo: str, path: str, qualname: str) -> str:
    return f"{repo}:{path}::{qualname}"


def snapshot(graph: Graph, repo: str) -> Any:
    """Every node of the repo's files and symbols with its properties and edges, sorted."""
    rows = graph.run_text(
        "MATCH (f:File {repo: $repo}) OPTIONAL MATCH (f)-[:DEFINES]->(s:Symbol) "
        "WITH collect(DISTINCT f) + collect(DISTINCT s) AS nodes UNWIND nodes AS n "
        "OPTIONAL MATCH (n)-[r]-(m) "
        "RETURN n.id AS id, labels(n) AS labels, properties(n) AS props, "
        "collect([type(r), startNode(r) = n, m.id, properties(r)]) AS rels",
        repo=repo,
    )
    repo_row = graph.run_text("MATCH (r:Repo {id: $repo}) RETURN properties(r) AS p", repo=repo)
    return repo_row, sorted(
        (
            row["id"],
            sorted(row["labels"]),
            sorted(row["props"].items()),
            sorted(repr(rel) for rel in row["rels"]),
        )
        for row in rows
    )
