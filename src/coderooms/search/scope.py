"""Which repos a call covers, and the checks on its scope arguments."""

from __future__ import annotations

from collections.abc import Sequence

from coderooms.errors import NotFound
from coderooms.graph.driver import Graph

UNKNOWN_REPO_HINT = (
    "ingest it first, or omit repo to cover every repo this server reads (health lists them); "
    "a server reads only the repos under the roots its operator gave it (`serve --root`)"
)


def resolve_repos(
    graph: Graph, repo: str | None, readable: Sequence[str] | None = None
) -> list[str]:
    """`[repo]` when it is known, every repo when it is None; unknown repo → not_found.

    `readable`: the repos this server may read (`scope.readable`); a repo outside them is
    answered exactly like one the graph does not hold, so an answer never tells whether another
    operator's repo exists. None (the CLI, tests of a verb alone): every repo of the graph."""
    if readable is not None:
        if repo is None:
            return list(readable)
        if repo not in readable:
            raise unknown_repo(repo)
        return [repo]
    if repo is None:
        return [str(row["id"]) for row in graph.read("search/repo_ids")]
    if not graph.read("search/repo_by_id", repo=repo):
        raise unknown_repo(repo)
    return [repo]


def unknown_repo(repo: str) -> NotFound:
    return NotFound(f"no repo {repo!r} in the graph", field="repo", hint=UNKNOWN_REPO_HINT)
