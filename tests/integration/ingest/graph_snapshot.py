"""A repo's whole graph as comparable data: nodes (labels + properties) and edges (source, type,
target, properties), with the repo id (and the chunk part label derived from it) stripped so two
repos of the same tree compare equal."""

from __future__ import annotations

from typing import Any

from coderooms.graph.chunk_parts import effective_part
from coderooms.graph.driver import Graph

VOLATILE = {
    "repo",
    "repo_key",
    "digest",
    "updated_at",
    "created_at",
    "root",
    "chunk_part",
    "generation",
    "changed_at_ms",
    "embedding",
}
"""`repo_key` and the row `digest`s are derived from the repo id (two repos of one tree differ
there by construction); `embedding` floats may differ in the last bits with batch composition;
`embedding_key` and `embedded_key` (which text the vector is of) are compared."""


def _strip(value: Any, prefix: str) -> Any:
    if isinstance(value, str):
        if value == prefix[:-1]:
            return "<repo>"
        return value.replace(f"git:{prefix[:-1]}", "git:<repo>").replace(prefix, "<repo>:")
    if isinstance(value, list):
        return [_strip(v, prefix) for v in value]
    return value


REPO_NODES = """
CALL () {
  MATCH (n:File) WHERE n.id STARTS WITH $prefix RETURN n
  UNION MATCH (n:Symbol) WHERE n.id STARTS WITH $prefix RETURN n
  UNION MATCH (n:Ghost) WHERE n.id STARTS WITH $prefix RETURN n
  UNION MATCH (n:Chunk) WHERE n.id STARTS WITH $prefix RETURN n
  UNION MATCH (n:Repo {id: $repo}) RETURN n
}
"""
"""Every node an ingest of the repo writes (their ids start with `<repo>:`, graph-model.md),
found through the uniqueness constraints' indexes: a scan of every node in the database grew
slower with each repo the suite left behind."""


def snapshot(graph: Graph, repo: str) -> tuple[set[Any], set[Any]]:
    prefix = f"{repo}:"
    held = graph.run_text("MATCH (r:Repo {id: $repo}) RETURN r.chunk_part AS part", repo=repo)
    part = effective_part(repo, held[0]["part"] if held else None)  # chosen per database
    nodes = graph.run_text(
        REPO_NODES + "RETURN labels(n) AS labels, n {.*, embedding: null} AS props",
        repo=repo,
        prefix=prefix,
    )
    edges = graph.run_text(
        REPO_NODES + "MATCH (n)-[r]->(b) WHERE coalesce(r.repo, n.repo) = $repo "
        "RETURN n.id AS a, type(r) AS type, b.id AS b, properties(r) AS props",
        repo=repo,
        prefix=prefix,
    )
    node_set = {
        (
            tuple(sorted("<part>" if label == part else label for label in row["labels"])),
            tuple(
                sorted(
                    (k, repr(_strip(v, prefix)))
                    for k, v in row["props"].items()
                    if k not in VOLATILE
                )
            ),
        )
        for row in nodes
    }
    edge_set = {
        (
            _strip(row["a"], prefix),
            row["type"],
            _strip(row["b"], prefix),
            tuple(
                sorted(
                    (k, repr(_strip(v, prefix)))
                    for k, v in row["props"].items()
                    if k not in VOLATILE
                )
            ),
        )
        for row in edges
    }
    return node_set, edge_set


def wipe(graph: Graph, repo: str) -> None:
    """The repo's nodes, and the perspectives opened on it with their checkpoints (an agent's
    cap of open perspectives holds across tests that share its id)."""
    graph.run_text(REPO_NODES + "DETACH DELETE n", repo=repo, prefix=f"{repo}:")
    graph.run_text(
        "MATCH (p:Perspective {repo: $repo}) "
        "OPTIONAL MATCH (c:PerspectiveCheckpoint {perspective_id: p.id}) DETACH DELETE p, c",
        repo=repo,
    )


def dangling_edges(graph: Graph, repo: str) -> list[dict[str, Any]]:
    """Edges of the repo pointing at a node of no repo or another repo (must never exist)."""
    return graph.run_text(
        REPO_NODES + "MATCH (n)-[r]->(b) WHERE coalesce(r.repo, n.repo) = $repo "
        "AND NOT (b.repo = $repo OR b:Repo) "
        "RETURN n.id AS a, type(r) AS type, b.id AS b",
        repo=repo,
        prefix=f"{repo}:",
    )
