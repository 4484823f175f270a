"""What a watcher's tick tells the rest of the server: each root it wrote, as a `GraphChange`
(`verbs.changes`), through `AppContext.graph_changed` (the notes anchored there turn stale)."""

from __future__ import annotations

from coderooms.freshness.engine import TickReport
from coderooms.freshness.rootsync import MAX_CHANGED_PATHS_REPORTED, RootTickReport
from coderooms.graph.driver import Graph
from coderooms.verbs.changes import GraphChange
from coderooms.verbs.context import AppContext

PATHS_NAMED = 3
"""Paths a change names in words (`saved a.py, b.py and 4 more`)."""


def tell_changes(ctx: AppContext, graph: Graph, report: TickReport) -> None:
    for root in report.roots:
        change = change_of(root)
        if change is not None:
            ctx.graph_changed(graph, change)


def change_of(root: RootTickReport) -> GraphChange | None:
    """The change a root's tick wrote, or None when it wrote nothing. The paths are named
    when the batch lists them all; a reconciliation, a deletion (deleted paths are not
    listed) or a batch past the list's cap may have changed any file."""
    if not root.worked or not (root.files_added or root.files_changed or root.files_deleted):
        return None
    paths = root.changed_paths
    whole = (
        root.status == "reconciled"
        or root.files_deleted > 0
        or len(paths) >= MAX_CHANGED_PATHS_REPORTED
    )
    if root.head_moved_from and root.head:
        what = f"git HEAD {root.head_moved_from[:12]} -> {root.head[:12]} (checkout, commit, pull)"
    elif root.status == "reconciled":
        what = f"reconciled with the disk ({root.reason})" if root.reason else "reconciled"
    else:
        named = ", ".join(paths[:PATHS_NAMED])
        more = f" and {len(paths) - PATHS_NAMED} more" if len(paths) > PATHS_NAMED else ""
        what = f"saved {named}{more}" if paths else "files deleted"
    return GraphChange(root.repo, None if whole else tuple(paths), "watcher", what)
