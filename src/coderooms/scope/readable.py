"""Which repos of the shared graph this server may read: those whose `:Repo.root` lies under
one of its operator's roots (canonical: a served root itself or a directory below one).

Several servers and `coderooms ingest` share one graph, so a repo another process ingested from
a directory this operator never served is in it too; no read verb answers from such a repo. The
list is computed once per call (one small statement over the `:Repo` nodes, a `realpath` per
repo) and passed to the statements as `$repos`, so filtering stays in the index-backed Cypher.
"""

from __future__ import annotations

from collections.abc import Collection

from coderooms.graph.driver import Graph
from coderooms.scope.roots import OperatorScope


def readable_repos(graph: Graph, scope: OperatorScope) -> list[str]:
    """The ids, sorted, of the repos whose root lies under a served root (none without roots);
    a repo without a root, or whose root may not be a root, is never readable."""
    if not scope.roots:
        return []
    return [str(row["repo"]) for row in graph.read("surgical/repo_roots")
            if scope.allows_root(str(row["root"]))]  # fmt: skip


def readable_id(node_id: str, readable: Collection[str]) -> bool:
    """Whether a node id (`repo:path`, `repo:path::Qual.name`, `repo:?:ghost`) is of a readable
    repo: ids start with their repo id and a repo id holds no `:`."""
    repo, sep, _ = node_id.partition(":")
    return bool(sep) and repo in readable
