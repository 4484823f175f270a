"""Which repos a call covers, and the checks on its scope arguments."""

from __future__ import annotations

from coderooms.errors import NotFound
from coderooms.graph.driver import Graph


def resolve_repos(graph: Graph, repo: str | None) -> list[str]:
    """`[repo]` when it is known, every repo when it is None; unknown repo → not_found."""
    if repo is None:
        return [str(row["id"]) for row in graph.read("search/repo_ids")]
    if not graph.read("search/repo_by_id", repo=repo):
        raise NotFound(
            f"no repo {repo!r} in the graph",
            field="repo",
            hint="ingest it first, or omit repo to cover every repo (health lists the counts)",
        )
    return [repo]
