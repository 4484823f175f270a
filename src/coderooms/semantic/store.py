"""Symbol vectors in the graph: computed inline for small changesets, backfilled for large ones.

Every symbol carries `embedding_key` from ingest (the key of the vector its current text calls
for, see `texts`). A symbol's vector is current when `embedded_key` equals it; the vector
(`embedding`, in the `symbol_embedding` vector index) and `embedded_key` are written together,
and only if the symbol still wants that key, so a write racing an edit never stores a stale
vector as current. A deleted symbol takes its vector with it (it is a property of the node).

- `embed_claims`: right after a changeset is written (edits, the watcher, small ingests), the
  pending symbols of its files are embedded inline when there are at most
  `INLINE_EMBED_MAX_SYMBOLS`; otherwise they are left to the backfill.
- `embed_pending`: the backfill, batch by batch, for one repo (the CLI's `ingest` and `embed`,
  and `serve --root` in the background after its startup ingest).
"""

from __future__ import annotations

import logging
import threading
import time
from array import array
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from coderooms.graph.driver import Graph
from coderooms.semantic import model
from coderooms.semantic.texts import symbol_key, symbol_text

log = logging.getLogger(__name__)

INLINE_EMBED_MAX_SYMBOLS = 512
"""A changeset whose files hold more symbols needing a vector than this is not embedded inline
(it would hold up the write path for seconds): the backfill does it."""
INLINE_READ_MAX_SYMBOLS = 20_000
"""A changeset whose files define more symbols than this is not even checked inline."""
WRITE_BATCH = 128
"""Symbols embedded and written per transaction by the backfill."""
BACKFILL_READ = 4_096
"""Pending symbols read per round of the backfill."""

Progress = Callable[[int, int], None]


@dataclass(slots=True)
class EmbedReport:
    embedded: int = 0
    """Vectors written."""
    deferred: int = 0
    """Symbols needing a vector that this call left to the backfill."""
    skipped: str | None = None
    """Why nothing was embedded (model unavailable, changeset too large, failure)."""
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class VectorCache:
    """Recently computed vectors by embedding key (equal keys, equal texts, equal vectors): a
    file renamed or re-ingested under another repo id, or a symbol whose text came back, is not
    embedded again. Thread-safe; vectors kept as float32 arrays (1.5 KiB each)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.entries: OrderedDict[str, array[float]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> list[float] | None:
        with self.lock:
            found = self.entries.get(key)
            if found is None:
                return None
            self.entries.move_to_end(key)
            return found.tolist()

    def put(self, key: str, vector: list[float]) -> None:
        with self.lock:
            self.entries[key] = array("f", vector)
            self.entries.move_to_end(key)
            while len(self.entries) > self.capacity:
                self.entries.popitem(last=False)


VECTOR_CACHE_ENTRIES = 4_096
"""Vectors kept in memory by embedding key (about 6 MiB)."""
_cache = VectorCache(VECTOR_CACHE_ENTRIES)


def vectors_for(rows: list[dict[str, Any]]) -> list[list[float]] | None:
    """A vector per row (pending symbols as the pending_* statements return them), from the
    cache or the model; None when the model is unavailable."""
    found = [_cache.get(row["key"]) for row in rows]
    missing = [i for i, vector in enumerate(found) if vector is None]
    if missing:
        computed = model.embed([symbol_text(rows[i]) for i in missing])
        if computed is None:
            return None
        for i, vector in zip(missing, computed, strict=True):
            _cache.put(rows[i]["key"], vector)
            found[i] = vector
    return [vector for vector in found if vector is not None]


def embed_rows(graph: Graph, rows: list[dict[str, Any]]) -> int:
    """Embed `rows` and write their vectors in batches; the number written.

    The key is computed here from the row's properties: a symbol ingested before keys existed
    (or by another version of the text) gets its key with its vector. A vector is written only
    if the symbol's stored key is still the one read (else it changed meanwhile)."""
    written = 0
    for start in range(0, len(rows), WRITE_BATCH):
        batch = [
            {**row, "stored": row["key"] or "", "key": symbol_key(row)}
            for row in rows[start : start + WRITE_BATCH]
        ]
        vectors = vectors_for(batch)
        if vectors is None:
            break
        payload = [
            {"id": row["id"], "stored": row["stored"], "key": row["key"], "vector": vector}
            for row, vector in zip(batch, vectors, strict=True)
        ]
        result = graph.write("semantic/write_vectors", rows=payload)
        written += int(result[0]["written"]) if result else 0
    return written


def embed_claims(
    graph: Graph,
    claims: list[str],
    symbols: int,
    *,
    limit: int = INLINE_EMBED_MAX_SYMBOLS,
    pending: list[dict[str, Any]] | None = None,
) -> EmbedReport:
    """Inline embedding after a changeset: the pending symbols of `claims` (files just written,
    defining `symbols` symbols in all), when there are at most `limit`. `pending` gives them
    when the caller knows them without a read (a repo new to the graph: all of them). Never
    raises: a failure is reported and leaves the symbols to the backfill."""
    started = time.perf_counter()
    report = EmbedReport()
    reason = model.unavailable_reason()
    if reason is not None:
        report.skipped = reason
        return report
    if not claims:
        return report
    if symbols > INLINE_READ_MAX_SYMBOLS:
        report.deferred = symbols
        report.skipped = f"{symbols} symbols written: more than {limit}, left to the backfill"
        return report
    try:
        rows = (
            pending
            if pending is not None
            else graph.read("semantic/pending_in_claims", claims=claims)
        )
        if len(rows) > limit:
            report.deferred = len(rows)
            report.skipped = (
                f"{len(rows)} symbols need vectors: more than {limit}, left to the backfill"
            )
            return report
        report.embedded = embed_rows(graph, rows)
    except Exception as e:  # embedding must never fail the write it follows
        log.exception("inline embedding failed")
        report.skipped = f"embedding failed: {e!r}"
    report.seconds = time.perf_counter() - started
    return report


def embed_pending(
    graph: Graph,
    repo: str,
    *,
    budget: int | None = None,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> EmbedReport:
    """Backfill: embed every symbol of `repo` whose vector is missing or stale (at most `budget`
    when given), in batches of WRITE_BATCH, each its own transaction."""
    started = time.perf_counter()
    report = EmbedReport()
    reason = model.unavailable_reason()
    if reason is not None:
        report.skipped = reason
        return report
    total = coverage(graph, [repo])[repo]
    todo = total["symbols"] - total["current"]
    if budget is not None:
        todo = min(todo, budget)
    if progress:
        progress(0, todo)
    while report.embedded < todo:
        if should_stop is not None and should_stop():
            break
        want = min(BACKFILL_READ, todo - report.embedded)
        rows = graph.read("semantic/pending_in_repo", repo=repo, limit=want)
        if not rows:
            break
        round_written = 0
        for start in range(0, len(rows), WRITE_BATCH):
            if should_stop is not None and should_stop():
                break
            written = embed_rows(graph, rows[start : start + WRITE_BATCH])
            round_written += written
            report.embedded += written
            if progress:
                progress(min(report.embedded, todo), todo)
        if round_written == 0:
            break  # nothing could be written (every row raced an edit): stop rather than spin
    after = coverage(graph, [repo])[repo]
    report.deferred = after["symbols"] - after["current"]
    report.seconds = time.perf_counter() - started
    if report.seconds > 0:
        report.extra["symbols_per_s"] = round(report.embedded / report.seconds, 1)
    return report


def coverage(graph: Graph, repos: list[str]) -> dict[str, dict[str, int]]:
    """Per repo: `symbols`, `with_vectors` (current or stale), `current` (vector of the current
    text)."""
    return {
        row["repo"]: {
            "symbols": int(row["symbols"]),
            "with_vectors": int(row["with_vectors"]),
            "current": int(row["current"]),
        }
        for row in graph.read("semantic/coverage", repos=repos)
    }


def embedding_counts(graph: Graph, repos: list[str]) -> dict[str, Any]:
    """Totals over `repos` for health: symbols, with a current vector, with a stale one."""
    covered = coverage(graph, repos)
    symbols = sum(c["symbols"] for c in covered.values())
    current = sum(c["current"] for c in covered.values())
    stale = sum(c["with_vectors"] for c in covered.values()) - current
    return {"symbols": symbols, "symbols_embedded": current, "symbols_stale": stale}


def left_to_embed(graph: Graph, repo: str) -> dict[str, Any]:
    """What an ingest that did not wait for vectors reports about them: the repo's `symbols`,
    those with a `current` vector, `pending` (the rest), and `off` (why none are computed)
    when the model is unavailable or switched off."""
    counts = coverage(graph, [repo]).get(repo, {"symbols": 0, "current": 0})
    state: dict[str, Any] = {
        "symbols": counts["symbols"],
        "current": counts["current"],
        "pending": counts["symbols"] - counts["current"],
    }
    reason = model.unavailable_reason()
    if reason is not None:
        state["off"] = reason
    return state
