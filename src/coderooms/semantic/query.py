"""The semantic queries other rooms call. Each answers `None` when no real vector can feed the
answer (the model is not installed, or no symbol of the scope has a vector yet), so callers can
fall back to lexical signals and say so truthfully.

How a nearest-neighbour query runs: the query vector goes to the `symbol_embedding` vector index
(HNSW, approximate) for `k` candidates, or `k * FIRST_OVERFETCH` when the scope is some repos (the
index covers every repo of the database; the repo filter applies after it), then `k * OVERFETCH`
if the filter left fewer than `k`. When they are still fewer than `k`, the scope is also scanned
exactly (cosine against the vectors of at most EXACT_SCAN_MAX_SYMBOLS of its symbols) and both
merged: that covers small repos sharing a database with large ones, and vectors the index has not
caught up with yet. Results are ordered by score, then id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from coderooms.graph.driver import Graph
from coderooms.semantic import model
from coderooms.semantic.texts import query_text

FIRST_OVERFETCH = 2
"""Index candidates asked for per wanted result when the answer is filtered to some repos: enough
when the repo holds most vectors of the database, and cheap (the index's cost grows with it)."""
OVERFETCH = 10
"""The second ask, when the first left fewer than wanted after the repo filter."""
INDEX_FETCH_MAX = 2_000
"""Most candidates one index query asks for."""
K_MAX = 500
"""Most neighbours one query returns."""
EXACT_SCAN_MAX_SYMBOLS = 5_000
"""Most symbols of the scope an exact scan compares: every symbol of a small repo (the case the
scan is for), and a bounded cost (~15 ms) in a large one, where the over-fetched index answers."""


@dataclass(frozen=True, slots=True)
class Neighbour:
    symbol_id: str
    score: float
    """Cosine similarity in [-1, 1] (the vector index's score mapped back to cosine)."""


@dataclass(frozen=True, slots=True)
class SymbolMatch:
    """A neighbour with what a caller shows of it."""

    symbol_id: str
    score: float
    repo: str
    file: str
    name: str
    qualname: str
    kind: str
    language: str | None
    start_line: int
    end_line: int


def nearest_symbols(
    graph: Graph, text: str, *, k: int, repo: str | None = None
) -> list[Neighbour] | None:
    """The `k` symbols whose vectors are nearest to `text`'s, best first; None without vectors."""
    vector = query_vector(text)
    return None if vector is None else nearest_to_vector(graph, vector, k=k, repo=repo)


def query_vector(text: str) -> list[float] | None:
    """The vector of a query text; None when the model is not installed."""
    vectors = model.embed([query_text(text)])
    return vectors[0] if vectors else None


def nearest_to_vector(
    graph: Graph, vector: list[float], *, k: int, repo: str | None = None
) -> list[Neighbour] | None:
    """`nearest_symbols` for a vector already computed (`query_vector`): callers that need the
    query vector for something else too embed the query once."""
    matches = _nearest(graph, vector, _clamped(k), [repo] if repo is not None else None)
    return [Neighbour(m.symbol_id, m.score) for m in matches] or None


def similar_symbols(
    graph: Graph, symbol_id: str, *, k: int, repo: str | None = None
) -> list[Neighbour] | None:
    """The `k` symbols nearest to `symbol_id`'s own vector (itself excluded); None without one."""
    rows = graph.read("semantic/symbol_vector", id=symbol_id)
    if not rows or rows[0]["vector"] is None:
        return None
    k = _clamped(k)
    repos = [repo] if repo is not None else None
    matches = _nearest(graph, list(rows[0]["vector"]), k + 1, repos)
    return [Neighbour(m.symbol_id, m.score) for m in matches if m.symbol_id != symbol_id][:k]


def nearest_matches(
    graph: Graph, text: str, *, k: int, repos: list[str] | None = None
) -> list[SymbolMatch] | None:
    """`nearest_symbols` with each neighbour's file, lines and name; None when the model is
    unavailable or no symbol of `repos` (every repo when None) has a vector."""
    vector = query_vector(text)
    if vector is None:
        return None
    return _nearest(graph, vector, _clamped(k), repos) or None


def _clamped(k: int) -> int:
    return min(max(k, 1), K_MAX)


def index_fetch(k: int, repo: str | None) -> int:
    """How many candidates the first vector-index ask takes for `k` neighbours (of one repo)."""
    return k if repo is None else min(k * FIRST_OVERFETCH, INDEX_FETCH_MAX)


def _nearest(
    graph: Graph, vector: list[float], k: int, repos: list[str] | None
) -> list[SymbolMatch]:
    fetch = k if repos is None else min(k * FIRST_OVERFETCH, INDEX_FETCH_MAX)
    rows = graph.read("semantic/nearest_indexed", fetch=fetch, vector=vector, repos=repos)
    if repos is not None and len(rows) < k and fetch < INDEX_FETCH_MAX:
        fetch = min(k * OVERFETCH, INDEX_FETCH_MAX)
        rows = graph.read("semantic/nearest_indexed", fetch=fetch, vector=vector, repos=repos)
    if repos is not None and len(rows) < k:
        exact = graph.read(
            "semantic/nearest_exact", repos=repos, vector=vector, k=k, scan=EXACT_SCAN_MAX_SYMBOLS
        )
        merged = {row["id"]: row for row in rows} | {row["id"]: row for row in exact}
        rows = sorted(merged.values(), key=lambda row: (-row["score"], row["id"]))
    return [_match(row) for row in rows[:k]]


def _match(row: dict[str, Any]) -> SymbolMatch:
    # vector.similarity.cosine reports (1 + cosine) / 2; both statements compute it from the
    # stored vectors (the index only picks the candidates: its own scores are approximate, and a
    # score must not depend on which statement found the symbol)
    return SymbolMatch(
        symbol_id=row["id"],
        score=round(2.0 * float(row["score"]) - 1.0, 6),
        repo=row["repo"],
        file=row["file"],
        name=row["name"],
        qualname=row["qualname"],
        kind=row["kind"],
        language=row["language"],
        start_line=int(row["start_line"]),
        end_line=int(row["end_line"]),
    )
