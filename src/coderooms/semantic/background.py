"""The embedding work a server does in the background: the model loaded once the graph connects,
and the vectors a repo still lacks computed after an ingest, one backfill per repo at a time,
its progress kept in the server's context (`embedding_backfill`, which `health` reports)."""

from __future__ import annotations

import logging
import threading

from coderooms.graph.driver import Graph
from coderooms.semantic import model
from coderooms.semantic.backfill_claim import BackfillClaim, claim_state
from coderooms.semantic.store import embed_pending
from coderooms.verbs.context import AppContext

log = logging.getLogger(__name__)

MODEL_LOAD_SETTLE_S = 3.0
"""How long after the graph connects the server loads the embedding model by itself."""


def load_model_when_ready(ctx: AppContext, settle_s: float = MODEL_LOAD_SETTLE_S) -> None:
    """Load the embedding model in the background, `settle_s` after the graph connects (the
    verbs that embed need the graph anyway, and the client's handshake and first calls are not
    to share the CPU with the ~250 ms load), so that the first semantic verb does not pay for
    it. A semantic verb called earlier loads it itself, as without this."""
    if model.unavailable_reason() is not None:
        return

    def work() -> None:
        if ctx.graph_when_ready() is not None and not ctx.graphs.wait_closed(settle_s):
            model.encoder()

    threading.Thread(target=work, name="model-load", daemon=True).start()


def embed_in_background(ctx: AppContext, repo: str) -> None:
    """Compute the vectors `repo` still lacks in a background thread (one backfill per repo at
    a time); progress in `ctx.embedding_backfill` (health reports it)."""
    graph = ctx.graphs.graph_or_none
    if graph is not None and not ctx.settings.read_only:
        threading.Thread(
            target=backfill_once, args=(ctx, graph, repo), name=f"embed-{repo}", daemon=True
        ).start()


def backfill_once(ctx: AppContext, graph: Graph, repo: str) -> None:
    """Compute the vectors `repo` still lacks, here (one backfill per repo at a time, in this
    process and across processes: `backfill_claim`)."""
    if ctx.settings.read_only or not ctx.start_backfill(repo):
        return
    try:
        with BackfillClaim(ctx.settings, repo) as claim:
            if not claim.acquire(wait=False):
                pid = claim_state(ctx.settings, repo).get("pid", "?")
                ctx.embedding_backfill[repo] = f"computed by another process (pid {pid})"
                return
            _backfill(ctx, graph, repo, claim)
    finally:
        ctx.end_backfill(repo)


def _backfill(ctx: AppContext, graph: Graph, repo: str, claim: BackfillClaim) -> None:
    def progress(embedded: int, total: int) -> None:
        ctx.embedding_backfill[repo] = f"embedding: {embedded} of {total} symbols"
        claim.note(embedded, total)

    try:
        report = embed_pending(
            graph, repo, progress=progress, should_stop=lambda: ctx.graphs.closed
        )
    except Exception as e:  # reported through health, never kills the server
        log.exception("embedding backfill of %s failed", repo)
        ctx.embedding_backfill[repo] = f"failed: {e!r}"
        return
    claim.note(report.embedded, report.embedded + report.deferred, "ended", force=True)
    if report.skipped:
        ctx.embedding_backfill[repo] = f"no vectors: {report.skipped}"
    else:
        ctx.embedding_backfill[repo] = (
            f"done: {report.embedded} symbols embedded in {report.seconds:.0f} s, "
            f"{report.deferred} without a current vector"
        )
