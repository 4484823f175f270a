"""Which repos of the shared graph this server may read: those whose `:Repo.root` lies under
one of its operator's roots (canonical: a served root itself or a directory below one).

Several servers and `coderooms ingest` share one graph, so a repo another process ingested from
a directory this operator never served is in it too; no read verb answers from such a repo. The
list is computed once per call (one small statement over the `:Repo` nodes, a `realpath` per
repo) and passed to the statements as `$repos`, so filtering stays in the index-backed Cypher.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from coderooms.core.paths import Root
from coderooms.graph.driver import Graph
from coderooms.scope.roots import OperatorScope


def readable_repos(graph: Graph, scope: OperatorScope) -> list[str]:
    """The ids, sorted, of the repos whose root lies under a served root (none without roots);
    a repo without a root, or whose root may not be a root, is never readable."""
    if not scope.roots:
        return []
    return [str(row["repo"]) for row in graph.read("surgical/repo_roots")
            if scope.allows_root(str(row["root"]))]  # fmt: skip


def ingest_roots(
    graph: Graph, scope: OperatorScope, repos: Collection[str] | None = None
) -> list[Root]:
    """The ingest roots the graph knows (only those of `repos` when given), canonicalised;
    roots that no longer exist, or that the operator does not serve, are left out: the roots an
    edit may write under (`coderooms.core.paths.resolve_target`)."""
    if repos is None:
        rows = graph.read("surgical/repo_roots")
    else:
        rows = graph.read("surgical/repo_roots_of", repos=sorted(repos))
    roots = []
    for row in rows:
        try:
            resolved = Path(row["root"]).resolve(strict=True)
        except OSError:
            continue
        if resolved.is_dir() and scope.allows_root(resolved):
            roots.append(Root(str(row["repo"]), resolved))
    return roots


def readable_id(node_id: str, readable: Collection[str]) -> bool:
    """Whether a node id (`repo:path`, `repo:path::Qual.name`, `repo:?:ghost`) is of a readable
    repo: ids start with their repo id and a repo id holds no `:`."""
    repo, sep, _ = node_id.partition(":")
    return bool(sep) and repo in readable
