"""The startup ingest of `serve --root`: bring the served roots up to date in the background as
soon as the graph connects (reported done once the graph is complete, without waiting for any
vector), then compute the symbol vectors they still lack. Its state is kept
on the context (`AppContext.startup_ingest`), where `health` reads it."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from coderooms.errors import CoderoomsError
from coderooms.ingest.pipeline import ingest_root
from coderooms.semantic import backfill_once
from coderooms.verbs.context import AppContext

log = logging.getLogger(__name__)


def ingest_when_ready(ctx: AppContext, roots: list[str]) -> None:
    """Bring `roots` up to date in the background as soon as the graph connects, then compute
    the symbol vectors they still lack (semantic search), one batch at a time."""
    if ctx.settings.read_only:
        for root in roots:
            ctx.startup_ingest[root] = "not ingested: this server is read-only"
        return
    for root in roots:
        ctx.startup_ingest[root] = "waiting for the graph"

    def work() -> None:
        graph = ctx.graph_when_ready()
        if graph is None:
            return
        ingested: dict[str, str] = {}
        for root in roots:
            ctx.startup_ingest[root] = "ingesting"
            try:
                report = ingest_root(graph, Path(root), embed=False)  # vectors: below
            except CoderoomsError as e:
                ctx.startup_ingest[root] = f"failed: {e.message}"
            except Exception as e:  # reported through health, never kills the server
                log.exception("startup ingest of %s failed", root)
                ctx.startup_ingest[root] = f"failed: {e!r}"
            else:
                ctx.startup_ingest[root] = (
                    f"done: {report.files_seen} files, {report.files_added} added, "
                    f"{report.files_changed} changed, {report.files_deleted} deleted"
                )
                ingested[root] = report.repo
        for repo in ingested.values():
            backfill_once(ctx, graph, repo)

    threading.Thread(target=work, name="startup-ingest", daemon=True).start()
