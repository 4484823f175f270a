"""`seek`: ranked symbols for a natural-language or identifier query, from indexes only.

Candidates come from three index-backed sources, in one statement (`retrieval/seek_candidates`):
the `symbol_text` full-text index (name, qualname, signature; each usable sub-token as a term
and a prefix, each identifier word as a term; at most FULLTEXT_CANDIDATES), the exact
`Symbol(name)` range index for identifier words (at most EXACT_CANDIDATES), and the symbols the
semantic index calls nearest (SEMANTIC_CANDIDATES; none while no vectors exist). While no strong
match is known, two recall fallbacks ask the full-text index again
(`retrieval/seek_fulltext_scoped`): `scoped` when other repos crowded the capped answer, `tails`
for words ending an identifier (`name:*rule`). No statement scans all symbols. Each candidate in
scope is scored by a fixed blend, not renormalised:

    score = 0.4·lexical + 0.3·semantic + (0.2·graph + 0.1·prior)·relevance
    relevance = max(lexical, semantic)   (lexical when semantic is absent)

- lexical ∈ [0, 1]: 1.0 when the one-word query equals the name, the qualname or a dotted tail of
  the qualname; 0.95 for the same case-insensitively; else f·(0.85·recall + 0.15·precision) over
  the query's sub-tokens (`lexical_signal`), f = 0.9 for several words and 0.5 for one word (an
  identifier typed whole that names nothing exactly is a weak match: exact names rank first).
- semantic ∈ [0, 1]: the query-vs-symbol cosine (negative → 0) when the semantic index returned
  the symbol; absent otherwise, and then the term is left out (never renormalised), so scores
  without vectors are exactly the blend with the semantic signal removed.
- graph ∈ [0, 1]: log(1 + CALLS in-degree) / log(1 + FAN_IN_SATURATION), capped at 1.
- prior ∈ [0, 1]: the kind prior (class/function over method over module over variable).
- place: times 0.7 in a test file (unless the query says test), 0.9 in examples/docs (`placed`).

The signals, blend and place live in `seek_signals`. Order: score desc (rounded), then id.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from coderooms.core.clamps import Clamps
from coderooms.errors import InvalidInput
from coderooms.graph.driver import Graph
from coderooms.retrieval.graph_limits import (
    COSINE_DIGITS,
    EXACT_CANDIDATES,
    FULLTEXT_CANDIDATES,
    FULLTEXT_SCAN_MAX,
    FULLTEXT_SCOPED_MIN,
    MAX_KINDS,
    MAX_QUERY_CHARS,
    SEEK_TOP_K_MAX,
    SEEK_TOP_K_MIN,
    SEEK_WEIGHTS,
    SEMANTIC_CANDIDATES,
    SEMANTIC_MIN_COSINE,
    STRONG_LEXICAL,
)
from coderooms.retrieval.seek_signals import Candidate, Signals, lexical_signal, signals_for
from coderooms.retrieval.tokens import QueryTokens, fulltext_query, tokenize_query
from coderooms.search import PathPattern, compile_path_pattern, resolve_repos
from coderooms.semantic import query as semantic

SCORE_FORMULA = (
    "(0.4*lexical + 0.3*semantic + (0.2*graph + 0.1*prior) * max(lexical, semantic)) * place; "
    "no semantic signal adds nothing (not renormalised); place: 0.7 tests, 0.9 examples/docs"
)
KINDS = {
    "module": "Module",
    "class": "Class",
    "function": "Function",
    "method": "Method",
    "interface": "Interface",
    "variable": "Variable",
}


@dataclass(frozen=True, slots=True)
class SeekRequest:
    query: str
    repo: str | None = None
    path_glob: str | None = None
    language: str | None = None
    kinds: tuple[str, ...] | None = None
    top_k: int = 20
    offset: int = 0
    """Ranked symbols skipped before the first one returned: a cursor."""


@dataclass
class Ranking:
    """What a seek computed: the in-scope candidates scored, best first, and how it got them."""

    tokens: QueryTokens
    repos: list[str]
    scored: list[tuple[Candidate, Signals, float]] = field(default_factory=list)
    source_counts: dict[str, int] = field(default_factory=dict)
    capped: dict[str, bool] = field(default_factory=dict)
    semantic_available: bool = False
    fulltext_passes: list[str] = field(default_factory=list)


# --- checks -----------------------------------------------------------------------------------


def checked_query(query: str) -> str:
    if not isinstance(query, str):
        raise InvalidInput("query must be a string", field="query")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidInput(
            f"query is longer than {MAX_QUERY_CHARS} characters",
            field="query",
            hint="ask with a few identifier names or code words",
        )
    if "\x00" in query:
        raise InvalidInput("query contains a NUL character", field="query")
    return query.strip()


def checked_kinds(kinds: tuple[str, ...] | None) -> list[str] | None:
    if kinds is None:
        return None
    if len(kinds) > MAX_KINDS or not kinds:
        raise InvalidInput(
            f"kinds must name 1..{MAX_KINDS} kinds", field="kinds", hint=f"one of {sorted(KINDS)}"
        )
    unknown = [kind for kind in kinds if kind.lower() not in KINDS]
    if unknown:
        raise InvalidInput(
            f"unknown kinds {unknown}", field="kinds", hint=f"use some of {sorted(KINDS)}"
        )
    return sorted({KINDS[kind.lower()] for kind in kinds})


# --- ranking ----------------------------------------------------------------------------------


def rank(
    graph: Graph,
    tokens: QueryTokens,
    query: str,
    *,
    repos: list[str],
    repo: str | None,
    glob: PathPattern | None,
    language: str | None,
    kinds: list[str] | None,
) -> Ranking:
    """Every in-scope candidate of the query, scored and ordered (score desc, then id).

    The query is embedded once; one statement then asks the full-text index, the name index and
    the vector index, and computes every candidate's cosine from its stored vector. Two
    fallbacks follow only when needed: the semantic query's own (wider over-fetch, exact scan)
    when the repo filter left fewer neighbours than asked, and the `scoped` full-text pass when
    other repos crowded the capped Lucene answer and no strong match is known. (Sending the
    lexical part while the query is embedded was tried: on two cores both only slow down.)"""
    ranking = Ranking(tokens=tokens, repos=repos)
    if not tokens.usable or not repos:
        return ranking
    vector = semantic.query_vector(query)
    scope: dict[str, Any] = {
        "text_query": fulltext_query(tokens, repo),
        "fulltext_cap": FULLTEXT_CANDIDATES,
        "repo": repo,
        "repos": repos,
        "prefix": glob.prefix if glob else "",
        "language": language,
        "kinds": kinds,
        "vector": vector,
    }
    rows = graph.read(
        "retrieval/seek_candidates",
        names=list(tokens.identifiers),
        exact_cap=EXACT_CANDIDATES,
        vector_fetch=semantic.index_fetch(SEMANTIC_CANDIDATES, repo),
        semantic_cap=SEMANTIC_CANDIDATES,
        **scope,
    )
    for source, cap in (("fulltext", FULLTEXT_CANDIDATES), ("exact", EXACT_CANDIDATES)):
        ranking.capped[source] = sum(source in row["sources"] for row in rows) >= cap
    ranking.fulltext_passes = ["capped"]
    if vector is not None:
        rows = with_all_neighbours(graph, rows, vector, scope)
    ranking.semantic_available = any(NEIGHBOUR in row["sources"] for row in rows)
    rows = [row for row in (semantic_sourced(row) for row in rows) if row["sources"]]
    in_scope = sum(1 for row in rows if row["in_scope"] and "fulltext" in row["sources"])
    strong = any(strong_match(tokens, row) for row in rows if row["in_scope"])
    if not strong and ranking.capped["fulltext"] and in_scope < FULLTEXT_SCOPED_MIN:
        # a recall fallback: other repos (or filtered-out symbols) crowded the capped Lucene
        # answer, so ask again with the scope applied to Lucene's best FULLTEXT_SCAN_MAX hits
        ranking.fulltext_passes.append("scoped")
        scoped = graph.read("retrieval/seek_fulltext_scoped", scan_cap=FULLTEXT_SCAN_MAX, **scope)
        rows = merged(rows, scoped)
    counts = dict.fromkeys(("fulltext", "exact", "semantic"), 0)
    for row in rows:
        if not row["in_scope"] or (glob is not None and not glob.matches(str(row["path"]))):
            continue
        candidate = Candidate.from_row(row)
        if candidate.repo not in repos:
            continue
        for source in candidate.sources:
            counts[source] = counts.get(source, 0) + 1
        signals, score = signals_for(tokens, candidate, cosine_of(row))
        ranking.scored.append((candidate, signals, score))
    ranking.scored.sort(key=lambda item: (-item[2], item[0].id))
    ranking.source_counts = counts
    return ranking


NEIGHBOUR = "neighbour"
"""The source the statements give a symbol the vector index returned; it becomes `semantic` from
SEMANTIC_MIN_COSINE up (`semantic_sourced`)."""


def with_all_neighbours(
    graph: Graph, rows: list[dict[str, Any]], vector: list[float], scope: dict[str, Any]
) -> list[dict[str, Any]]:
    """The rows, plus the neighbours the semantic query's fallbacks find when the vector index's
    answer, filtered to the repo, held fewer than SEMANTIC_CANDIDATES (a small repo sharing the
    database with large ones, or vectors the index has not caught up with)."""
    repo = scope["repo"]
    if repo is None or sum(NEIGHBOUR in row["sources"] for row in rows) >= SEMANTIC_CANDIDATES:
        return rows
    found = semantic.nearest_to_vector(graph, vector, k=SEMANTIC_CANDIDATES, repo=repo) or []
    ids = {n.symbol_id for n in found}
    marked = [
        dict(row, sources=[*row["sources"], NEIGHBOUR])
        if row["id"] in ids and NEIGHBOUR not in row["sources"]
        else row
        for row in rows
    ]
    extra = sorted(ids - {str(row["id"]) for row in rows})
    if not extra:
        return marked
    return merged(marked, graph.read("retrieval/seek_semantic_rows", ids=extra, **scope))


def semantic_sourced(row: dict[str, Any]) -> dict[str, Any]:
    """The row with `neighbour` read as source `semantic` when its cosine is SEMANTIC_MIN_COSINE
    or more, else dropped (nearest neighbours of nonsense are still somebody's nearest): a row
    left without sources is no candidate."""
    if NEIGHBOUR not in row["sources"]:
        return row
    cosine = cosine_of(row)
    sources = [source for source in row["sources"] if source != NEIGHBOUR]
    if cosine is not None and cosine >= SEMANTIC_MIN_COSINE:
        sources.append("semantic")
    return dict(row, sources=sources)


def cosine_of(row: dict[str, Any]) -> float | None:
    """The query-vs-symbol cosine the statement computed from the symbol's stored vector (None:
    no query vector, or the symbol has none yet), rounded so that scores are reproducible."""
    cosine = row.get("cosine")
    return None if cosine is None else round(float(cosine), COSINE_DIGITS)


def strong_match(tokens: QueryTokens, row: dict[str, Any]) -> bool:
    name, qualname = str(row["name"] or ""), str(row["qualname"] or "")
    return lexical_signal(tokens, name, qualname, str(row["path"] or ""), "") >= STRONG_LEXICAL


def merged(first: list[dict[str, Any]], second: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of both passes, one per symbol id, with the union of their sources."""
    by_id = {str(row["id"]): dict(row) for row in first}
    for row in second:
        known = by_id.get(str(row["id"]))
        if known is None:
            by_id[str(row["id"])] = dict(row)
        else:
            known["sources"] = sorted(set(known["sources"]) | set(row["sources"]))
    return [by_id[key] for key in sorted(by_id)]


def hit_of(candidate: Candidate, signals: Signals, score: float) -> dict[str, Any]:
    return {
        "id": candidate.id,
        "kind": candidate.kind,
        "name": candidate.name,
        "qualname": candidate.qualname,
        "repo": candidate.repo,
        "path": candidate.path,
        "start_line": candidate.start_line,
        "end_line": candidate.end_line,
        "signature": candidate.signature,
        "score": score,
        "signals": signals.as_dict(),
        "fan_in": candidate.fan_in,
        "sources": list(candidate.sources),
    }


def seek(
    graph: Graph, request: SeekRequest, readable: Sequence[str] | None = None
) -> dict[str, Any]:
    """`readable`: the repos this server may read (`resolve_repos`); None: every repo."""
    query = checked_query(request.query)
    clamps = Clamps()
    top_k = clamps.clamp("top_k", request.top_k, SEEK_TOP_K_MIN, SEEK_TOP_K_MAX)
    kinds = checked_kinds(request.kinds)
    glob = (
        compile_path_pattern(request.path_glob, field="path_glob")
        if request.path_glob is not None
        else None
    )
    tokens = tokenize_query(query)
    # a named repo exists once a candidate is found in it; it is looked up (one round trip)
    # only when none is, to tell an unknown repo (not_found) from an empty answer
    if readable is not None or request.repo is None:
        repos = resolve_repos(graph, request.repo, readable)
    else:
        repos = [request.repo]
    ranking = rank(
        graph,
        tokens,
        query,
        repos=repos,
        repo=request.repo,
        glob=glob,
        language=request.language,
        kinds=kinds,
    )
    if not ranking.scored and request.repo is not None and readable is None:
        resolve_repos(graph, request.repo)
    end = request.offset + top_k
    hits = [hit_of(*item) for item in ranking.scored[request.offset : end]]
    embeddings_used = any(hit["signals"]["semantic"] is not None for hit in hits)
    blocked = blocked_reason(graph, ranking, glob, request.language, kinds)
    answer: dict[str, Any] = {
        "query": query,
        "tokens": list(tokens.tokens),
        "identifiers": list(tokens.identifiers),
        "proof_state": proof_state(blocked, ranking),
        "results": hits,
        "total_candidates": len(ranking.scored),
        "truncated": len(ranking.scored) > end,
        "candidate_sources": ranking.source_counts,
        "candidates_capped": ranking.capped,
        "fulltext_passes": ranking.fulltext_passes,
        "weights": dict(SEEK_WEIGHTS),
        "formula": SCORE_FORMULA,
        "embeddings_used": embeddings_used,
        "semantic": semantic_note(ranking, embeddings_used),
        "scope": {
            "repos": repos,
            "path_glob": request.path_glob,
            "language": request.language,
            "kinds": kinds,
        },
        "clamped": clamps.as_dict(),
    }
    if tokens.dropped:
        answer["tokens_dropped"] = tokens.dropped
    if blocked is not None:
        answer["blocked_reason"] = blocked
        answer["recovery_playbook"] = recovery_playbook(blocked)
    return answer


def proof_state(blocked: str | None, ranking: Ranking) -> str:
    """blocked: nothing to rank; ready: the best hit matches by name (lexical ≥ STRONG_LEXICAL);
    triaging: hits, but only partial matches (read them, or refine the query)."""
    if blocked is not None:
        return "blocked"
    best = ranking.scored[0][1]
    return "ready" if best.lexical >= STRONG_LEXICAL else "triaging"


def semantic_note(ranking: Ranking, used: bool) -> str:
    if used:
        return "query-vs-symbol cosine from the semantic index fed the scores it is shown for"
    if ranking.semantic_available:
        return "the semantic index answered, but none of the returned symbols had a cosine"
    return (
        "no symbol vectors are available (model not installed or scope not embedded): the "
        "semantic term is left out, not renormalised; scores are lexical + graph + prior"
    )


def blocked_reason(
    graph: Graph,
    ranking: Ranking,
    glob: PathPattern | None,
    language: str | None,
    kinds: list[str] | None,
) -> str | None:
    """Why seek has nothing to rank, or None when it has candidates."""
    if ranking.scored:
        return None
    if not ranking.repos:
        return "empty_graph"
    has_symbols = graph.read(
        "retrieval/seek_scope_has_symbols",
        repos=ranking.repos,
        prefix=glob.prefix if glob else "",
        language=language,
        kinds=kinds,
    )
    if not has_symbols:
        return "empty_scope"
    if not ranking.tokens.usable:
        return "no_usable_tokens"
    return "no_candidates"


PLAYBOOKS: dict[str, list[dict[str, str]]] = {
    "empty_graph": [
        {"verb": "ingest", "why": "the graph holds no repository: ingest a root (its path)"},
        {"verb": "health", "why": "see which repos the graph holds and whether it is ready"},
    ],
    "empty_scope": [
        {
            "verb": "seek",
            "why": "the scope holds no symbols: drop or widen repo/path_glob/language/kinds",
        },
        {"verb": "glob", "why": "check that the path pattern names ingested files"},
        {"verb": "ingest", "why": "ingest the repository if its code is missing or stale"},
    ],
    "no_usable_tokens": [
        {
            "verb": "seek",
            "why": "rephrase with identifier names or code words, e.g. "
            "`JSONDecoder.decode` or `parse config file` (filler words are ignored)",
        },
        {"verb": "search", "why": "for punctuation or exact text, search literally or by regex"},
    ],
    "no_candidates": [
        {
            "verb": "seek",
            "why": "no symbol name, qualname or signature matches: try another word "
            "or a name prefix (`pars` finds `parse_args`)",
        },
        {"verb": "search", "why": "find the words in file contents (comments, strings)"},
        {"verb": "glob", "why": "browse the files of the scope by path"},
    ],
}


def recovery_playbook(reason: str) -> list[dict[str, str]]:
    return [dict(step) for step in PLAYBOOKS[reason]]
