"""The `search` verb's semantic mode: the symbols nearest in meaning to the query.

`semantic_answer` gives the answer when real vectors can feed it, or the reason they cannot
(model unavailable; no vector in scope yet, with how many of how many symbols have one), so the
search room can fall back to its lexical answer and say why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from coderooms.graph.driver import Graph
from coderooms.semantic import model
from coderooms.semantic.query import K_MAX, SymbolMatch, nearest_matches
from coderooms.semantic.store import coverage

FILTER_OVERFETCH = 5
"""Neighbours fetched per wanted result when path_glob or language filter them afterwards..."""
FILTER_MIN_FETCH = 200
"""...and at least this many: the filters apply to the nearest symbols fetched, so a language
with few symbols in a large repo can still come up short (`filtered_from` says how many)."""
SEMANTIC_NOTE = (
    "results are symbols ranked by cosine similarity of their embedded description (kind, name "
    "words, doc sentence, signature, path words) to the query; view a result's lines to read it"
)


@dataclass(frozen=True, slots=True)
class SemanticOutcome:
    answer: dict[str, Any] | None
    """The semantic answer, or None: then `reason` says why and the caller falls back."""
    reason: str | None = None


def semantic_answer(
    graph: Graph,
    query: str,
    repos: list[str],
    top_k: int,
    *,
    keep: Any = None,
    filtered: bool = False,
) -> SemanticOutcome:
    """The `top_k` nearest symbols of `repos`; `keep(match)` filters them (path glob, language),
    and `filtered` says it may drop some, so more are fetched first."""
    reason = model.unavailable_reason()
    if reason is not None:
        return SemanticOutcome(None, reason)
    if not repos:
        return SemanticOutcome(None, "no repo is ingested yet")
    covered = coverage(graph, repos)
    symbols = sum(c["symbols"] for c in covered.values())
    current = sum(c["current"] for c in covered.values())
    with_vectors = sum(c["with_vectors"] for c in covered.values())
    status = {"symbols": symbols, "embedded": current, "stale": with_vectors - current}
    if with_vectors == 0:
        return SemanticOutcome(
            None,
            f"vectors not computed yet: {current} of {symbols} symbols embedded "
            "(run `coderooms embed`, or wait for the background backfill)",
        )
    fetch = min(max(top_k * FILTER_OVERFETCH, FILTER_MIN_FETCH), K_MAX) if filtered else top_k
    matches = nearest_matches(graph, query, k=fetch, repos=repos) or []
    fetched = len(matches)
    if keep is not None:
        matches = [m for m in matches if keep(m)]
    shown = matches[:top_k]
    return SemanticOutcome(
        {
            "index": "vector",
            "embeddings_used": True,
            "model": model.MODEL_NAME,
            "coverage": status,
            "results": [_result(m) for m in shown],
            "returned": len(shown),
            "truncated": len(matches) > top_k,
            **({"filtered_from": fetched} if filtered else {}),
            "note": SEMANTIC_NOTE
            + (
                f"; only {current} of {symbols} symbols have a current vector so far"
                if current < symbols
                else ""
            ),
        }
    )


def _result(match: SymbolMatch) -> dict[str, Any]:
    return {
        "repo": match.repo,
        "file": match.file,
        "start_line": match.start_line,
        "end_line": match.end_line,
        "symbol_id": match.symbol_id,
        "name": match.name,
        "qualname": match.qualname,
        "kind": match.kind,
        "language": match.language,
        "score": match.score,
    }
