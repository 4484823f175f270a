"""The repos in the graph: list them, and remove one with everything it holds (files, symbols,
chunks, ghosts, the agents' alerts, proof marks and previews about it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from coderooms.errors import NotFound
from coderooms.graph.driver import Graph

DELETE_BATCH = 5_000
"""Nodes one transaction deletes: a large repo is removed in many small transactions, so the
heap never holds it at once and a reader is never blocked for long."""

CODE_DELETES = {
    "chunks": "system/repos/delete_chunks",
    "symbols": "system/repos/delete_symbols",
    "ghosts": "system/repos/delete_ghosts",
    "files": "system/repos/delete_files",
}
"""What a repo's ingest wrote, in the order it is removed (the files last: a removal stopped
half-way still lists the repo, with fewer files, and can be run again)."""


@dataclass(slots=True)
class Removal:
    repo: str
    deleted: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"repo": self.repo, "deleted": dict(self.deleted)}


def list_repos(graph: Graph) -> list[dict[str, Any]]:
    """Each repo: id, root, files, bytes of its files, when it was last ingested."""
    return graph.read("system/repos/list")


def remove_repo(graph: Graph, repo: str) -> Removal:
    """Delete the repo and all it holds. Idempotent: a second run deletes nothing."""
    if repo not in {row["repo"] for row in list_repos(graph)}:
        raise NotFound(f"no repo {repo!r} in the graph", hint="coderooms repos list names them")
    return delete_repo(graph, repo)


def delete_repo(graph: Graph, repo: str) -> Removal:
    """Delete whatever the graph holds of `repo`, listed as a repo or not (a repo whose first
    write stopped half-way is not listed); a repo it does not hold deletes nothing."""
    removal = Removal(repo)
    prefix = f"{repo}:"
    for label, statement in CODE_DELETES.items():
        total = 0
        while True:
            rows = graph.write(statement, prefix=prefix, batch=DELETE_BATCH)
            deleted = int(rows[0]["deleted"]) if rows else 0
            total += deleted
            if deleted < DELETE_BATCH:
                break
        removal.deleted[label] = total
    (state,) = graph.write("system/repos/delete_session_state", repo=repo)
    removal.deleted |= {key: int(value) for key, value in state.items()}
    graph.write("system/repos/delete_repo", repo=repo)
    return removal
