"""What a room tells the others after it changed the code graph, without knowing them.

A watcher's batch, an edit's re-ingest and an `ingest` call each change a repo's code; other
rooms keep things derived from that code (notes anchored to a symbol, which go stale when it
changes). The writer names the change (`GraphChange`) to `AppContext.graph_changed`; the
observers `server.py` wired are told it in turn. An observer's failure is logged, never raised:
the write it follows has already landed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from coderooms.graph.driver import Graph

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class GraphChange:
    """One write of a repo's code graph."""

    repo: str
    paths: tuple[str, ...] | None
    """The repo-relative paths written (None: any file of the repo may have changed)."""
    by: str
    """What wrote it: `watcher`, `edit`, `ingest`."""
    what: str
    """The change in words (`saved pkg/mod.py`, `checkout 3f2a9c1d -> 8e1b20aa`, `apply by
    agent-7`)."""


ChangeObserver = Callable[[Graph, GraphChange], object]
"""Told of a change (what it returns is not read)."""


def tell(observers: Sequence[ChangeObserver], graph: Graph, change: GraphChange) -> None:
    """Tell each observer of `change`, in order; one that fails is logged and skipped."""
    for observer in observers:
        try:
            observer(graph, change)
        except Exception:
            log.exception("an observer of graph changes failed on %s", change)
