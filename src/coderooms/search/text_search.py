"""Literal and regex search over the graph's `:Chunk` text, with grep's per-line semantics.

1. Candidates: literal mode asks the trigram TEXT index for chunks whose text CONTAINS the query;
   regex mode asks it for the longest literal the regex requires (see regex_literals), or, when
   the regex requires none of at least MIN_INDEX_LITERAL characters, takes every chunk of the
   scope (`index: "scan"`). Repo, language and the path prefix narrow candidates in Cypher, the
   path glob in Python.
2. Verification: candidates are read in (repo, path, line) order, a batch at a time, and every
   line checked exactly (`query in line`, or `regex.search(line)`), so the hits are those of
   `grep -n` on the same text. Reading stops once top_k + 1 hits are known unless count_only.
3. Context lines come from the same chunks, or the neighbouring ones at a chunk boundary.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from coderooms.errors import InvalidInput
from coderooms.graph.driver import Graph
from coderooms.search.limits import (
    CONTEXT_LINES_MAX,
    CONTEXT_LINES_MIN,
    MAX_LINE_CHARS,
    MAX_QUERY_CHARS,
    SEARCH_TOP_K_MAX,
    SEARCH_TOP_K_MIN,
    TEXT_BATCH_CHUNKS,
    TEXT_FIRST_BATCH_CHUNKS,
    Clamps,
)
from coderooms.search.lines import ChunkText, FileLines, fetch_line_ranges
from coderooms.search.path_glob import PathPattern, compile_path_pattern
from coderooms.search.regex_literals import best_literal
from coderooms.search.scope import resolve_repos
from coderooms.semantic.query import SymbolMatch
from coderooms.semantic.search_mode import SemanticOutcome, semantic_answer

Mode = Literal["literal", "regex", "semantic"]
SEMANTIC_NOTE = (
    "semantic mode could not use embeddings (see semantic_unavailable), so it answered with a "
    "lexical (literal) search for the query; embeddings_used is false"
)
LINE_NOTE = "matches are per line (grep semantics); a query cannot span lines"


@dataclass(frozen=True, slots=True)
class SearchRequest:
    query: str
    mode: Mode = "literal"
    repo: str | None = None
    path_glob: str | None = None
    language: str | None = None
    top_k: int = 50
    context_lines: int = 0
    count_only: bool = False


@dataclass(frozen=True, slots=True)
class Candidate:
    id: str
    repo: str
    path: str
    claim: str
    seq: int
    start_line: int
    end_line: int


@dataclass(frozen=True, slots=True)
class Hit:
    repo: str
    path: str
    claim: str
    line: int
    text: str


@dataclass
class Verification:
    hits: list[Hit] = field(default_factory=list)
    files: dict[str, FileLines] = field(default_factory=dict)
    chunks_read: int = 0
    complete: bool = True


def search(graph: Graph, request: SearchRequest) -> dict[str, Any]:
    query = _checked_query(request)
    clamps = Clamps()
    top_k = clamps.clamp("top_k", request.top_k, SEARCH_TOP_K_MIN, SEARCH_TOP_K_MAX)
    context = clamps.clamp(
        "context_lines", request.context_lines, CONTEXT_LINES_MIN, CONTEXT_LINES_MAX
    )
    scope_glob = (
        compile_path_pattern(request.path_glob, field="path_glob")
        if request.path_glob is not None
        else None
    )
    matcher, needle = _matcher(query, request.mode)
    repos = resolve_repos(graph, request.repo)
    unavailable = None
    if request.mode == "semantic":
        outcome = _semantic(graph, request, query, repos, top_k, scope_glob)
        if outcome.answer is not None:
            return {
                "mode": request.mode,
                "query": query,
                "scope": {
                    "repos": repos,
                    "path_glob": request.path_glob,
                    "language": request.language,
                },
                "clamped": clamps.as_dict(),
                **outcome.answer,
            }
        unavailable = outcome.reason
    params: dict[str, Any] = {
        "repos": repos,
        "prefix": scope_glob.prefix if scope_glob else "",
        "language": request.language,
    }
    if needle is None:
        rows = graph.read("search/scope_chunks", **params)
    else:
        rows = graph.read("search/literal_candidates", needle=needle, **params)
    candidates = _in_scope(rows, scope_glob)
    limit = None if request.count_only else top_k + 1
    verified = verify(graph, candidates, matcher, limit)
    answer: dict[str, Any] = {
        "mode": request.mode,
        "query": query,
        "index": "scan" if needle is None else "trigram",
        "index_literal": needle,
        "scope": {"repos": repos, "path_glob": request.path_glob, "language": request.language},
        "candidate_chunks": len(candidates),
        "chunks_read": verified.chunks_read,
        "clamped": clamps.as_dict(),
        "note": LINE_NOTE,
    }
    if request.mode == "semantic":
        answer |= {
            "semantic_fallback": "lexical",
            "embeddings_used": False,
            "semantic_unavailable": unavailable,
        }
        answer["note"] = f"{SEMANTIC_NOTE}; {LINE_NOTE}"
    if request.count_only:
        answer["count"] = len(verified.hits)
        answer["files"] = len({(hit.repo, hit.path) for hit in verified.hits})
        return answer
    shown = verified.hits[:top_k]
    answer["results"] = _with_context(graph, shown, verified.files, context)
    answer["returned"] = len(shown)
    answer["truncated"] = len(verified.hits) > top_k
    return answer


def _semantic(
    graph: Graph,
    request: SearchRequest,
    query: str,
    repos: list[str],
    top_k: int,
    scope_glob: PathPattern | None,
) -> SemanticOutcome:
    if request.count_only:
        return SemanticOutcome(None, "count_only counts matching lines, which is lexical")
    language = request.language

    def keep(match: SymbolMatch) -> bool:
        if language is not None and match.language != language:
            return False
        return scope_glob is None or scope_glob.matches(match.file)

    filtered = language is not None or scope_glob is not None
    return semantic_answer(graph, query, repos, top_k, keep=keep, filtered=filtered)


def _checked_query(request: SearchRequest) -> str:
    query = request.query
    if not query or not query.strip():
        raise InvalidInput(
            "query is empty", field="query", hint="pass the text or regex to search for"
        )
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidInput(f"query is longer than {MAX_QUERY_CHARS} characters", field="query")
    if request.mode != "regex" and "\n" in query:
        raise InvalidInput(
            "query contains a line break; search matches within one line (grep semantics)",
            field="query",
            hint="search for one line of the text at a time",
        )
    return query


def _matcher(query: str, mode: Mode) -> tuple[Callable[[str], bool], str | None]:
    if mode != "regex":
        return (lambda line: query in line), query
    try:
        compiled = re.compile(query)
    except re.error as e:
        raise InvalidInput(
            f"query is not a valid regular expression: {e}",
            field="query",
            hint="use Python `re` syntax, or mode=literal to search for the text as is",
        ) from e
    try:
        needle = best_literal(query)
    except (re.error, RecursionError, OverflowError):
        needle = None
    return (lambda line: compiled.search(line) is not None), needle


def _in_scope(rows: list[dict[str, Any]], scope_glob: PathPattern | None) -> list[Candidate]:
    candidates = [
        Candidate(
            row["id"],
            row["repo"],
            row["path"],
            row["claim"],
            row["seq"],
            row["start_line"],
            row["end_line"],
        )
        for row in rows
        if scope_glob is None or scope_glob.matches(row["path"])
    ]
    candidates.sort(key=lambda c: (c.repo, c.path, c.seq))
    return candidates


def verify(
    graph: Graph,
    candidates: list[Candidate],
    matcher: Callable[[str], bool],
    limit: int | None,
) -> Verification:
    """Check every line of the candidates in order; stop after `limit` hits when given."""
    result = Verification()
    seen: set[tuple[str, int]] = set()
    start, size = 0, TEXT_FIRST_BATCH_CHUNKS if limit is not None else TEXT_BATCH_CHUNKS
    while start < len(candidates):
        batch = candidates[start : start + size]
        start += len(batch)
        size = min(size * 2, TEXT_BATCH_CHUNKS)
        texts = {
            row["id"]: row["text"]
            for row in graph.read("search/chunk_texts", ids=[c.id for c in batch])
        }
        result.chunks_read += len(batch)
        for candidate in batch:
            text = texts.get(candidate.id)
            if text is not None:
                lines = result.files.setdefault(candidate.claim, FileLines())
                lines.add(
                    ChunkText(
                        candidate.claim,
                        candidate.seq,
                        candidate.start_line,
                        candidate.end_line,
                        text,
                    )
                )
        single = {
            (c.claim, c.start_line, c.start_line) for c in batch if c.start_line == c.end_line
        }
        fetch_line_ranges(graph, sorted(single), result.files)
        for candidate in batch:
            known = result.files.get(candidate.claim)
            if known is None:
                continue
            for number in range(candidate.start_line, candidate.end_line + 1):
                key = (candidate.claim, number)
                if key in seen:
                    continue
                seen.add(key)
                line = known.get(number)
                if line is not None and matcher(line):
                    hit = Hit(candidate.repo, candidate.path, candidate.claim, number, line)
                    result.hits.append(hit)
                    if limit is not None and len(result.hits) >= limit:
                        result.complete = False
                        return result
    return result


def _with_context(
    graph: Graph, hits: list[Hit], files: dict[str, FileLines], context: int
) -> list[dict[str, Any]]:
    if context:
        missing = sorted(
            {
                (hit.claim, max(1, hit.line - context), hit.line + context)
                for hit in hits
                if any(
                    not files.setdefault(hit.claim, FileLines()).has(number)
                    for number in range(max(1, hit.line - context), hit.line + context + 1)
                )
            }
        )
        fetch_line_ranges(graph, missing, files)
    results = []
    for hit in hits:
        lines = files[hit.claim]
        before = [lines.get(n) for n in range(max(1, hit.line - context), hit.line)]
        after = [lines.get(n) for n in range(hit.line + 1, hit.line + context + 1)]
        text, cut = _capped(hit.text)
        entry: dict[str, Any] = {
            "repo": hit.repo,
            "file": hit.path,
            "line": hit.line,
            "text": text,
            "before": [_capped(line)[0] for line in before if line is not None],
            "after": [_capped(line)[0] for line in after if line is not None],
        }
        if cut:
            entry["cut"] = True
        results.append(entry)
    return results


def _capped(line: str) -> tuple[str, bool]:
    if len(line) <= MAX_LINE_CHARS:
        return line, False
    return line[:MAX_LINE_CHARS], True
