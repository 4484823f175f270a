"""Literal and regex search over the graph's `:Chunk` text, with grep's per-line semantics.

1. Candidates: literal mode asks the trigram TEXT index for chunks whose text CONTAINS the query;
   regex mode asks it for the longest literal the regex requires (see regex_literals), or, when
   the regex requires none of at least MIN_INDEX_LITERAL characters, takes every chunk of the
   scope (`index: "scan"`). Repo, language and the path prefix narrow candidates in Cypher, the
   path glob in Python.
2. Verification: candidates are read in (repo, path, line) order, a batch at a time, and every
   line checked exactly (`query in line`, or the RE2 regex over the line alone), so the hits are
   those of `grep -n` on the same text. Reading stops once top_k + 1 hits are known unless
   count_only.
3. Context lines come from the same chunks, or the neighbouring ones at a chunk boundary.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from coderooms.core.clamps import Clamps
from coderooms.core.ids import chunk_id, file_id
from coderooms.errors import InvalidInput
from coderooms.graph.driver import Graph
from coderooms.search.limits import (
    CONTEXT_LINES_MAX,
    CONTEXT_LINES_MIN,
    MAX_LINE_CHARS,
    MAX_QUERY_CHARS,
    PATH_ORDER_MAX_CHUNKS,
    PATH_ORDER_PROBE_CHUNKS,
    PATH_ORDER_REGEX_CHUNKS,
    PATH_ORDER_SCAN_PAGE,
    PATH_ORDER_SCAN_PAGE_MAX,
    SEARCH_DEADLINE_S,
    SEARCH_TOP_K_MAX,
    SEARCH_TOP_K_MIN,
    TEXT_BATCH_CHUNKS,
    TEXT_FIRST_BATCH_CHUNKS,
)
from coderooms.search.line_match import LineMatcher
from coderooms.search.lines import ChunkText, FileLines, fetch_line_ranges
from coderooms.search.literal_candidates import literal_candidates
from coderooms.search.path_glob import PathPattern, compile_path_pattern
from coderooms.search.regex_dialect import compile_re2
from coderooms.search.regex_literals import best_literal
from coderooms.search.scope import resolve_repos
from coderooms.search.text_cache import CHUNK_TEXTS
from coderooms.semantic import SemanticOutcome, SymbolMatch, semantic_answer
from coderooms.steps import current_steps

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
    offset: int = 0
    """Hits (in path and line order) skipped before the first one returned: a cursor."""
    deadline_s: float = SEARCH_DEADLINE_S
    """The operator's bound on one search (not an argument agents pass)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A chunk that may hold hits, as the path-order and candidate statements give it: what the
    index `Chunk(repo, file, seq, digest)` holds; its lines and text come from the text cache."""

    repo: str
    path: str
    seq: int
    digest: str | None
    claim: str
    id: str

    @classmethod
    def of(cls, repo: str, path: str, seq: int, digest: str | None) -> Candidate:
        return cls(repo, path, seq, digest, file_id(repo, path), chunk_id(repo, path, seq))


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
    seen: set[tuple[str, int]] = field(default_factory=set)
    """(file id, line) of every line checked."""
    deadline: float = math.inf
    """time.monotonic() past which no more chunks are checked (SEARCH_DEADLINE_S)."""
    stopped: bool = False
    """The deadline passed before every candidate was checked: the hits are a lower bound."""


def search(
    graph: Graph, request: SearchRequest, readable: Sequence[str] | None = None
) -> dict[str, Any]:
    """`readable`: the repos this server may read (`resolve_repos`); None: every repo."""
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
    if request.mode == "semantic" or request.repo is None or readable is not None:
        repos = resolve_repos(graph, request.repo, readable)
    else:
        # a named repo exists once a hit is found in it; it is looked up (one round trip) only
        # when none is, to tell an unknown repo (not_found) from an empty answer
        repos = [request.repo]
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
    limit = None if request.count_only else request.offset + top_k + 1
    deadline = time.monotonic() + request.deadline_s
    found = None
    held: dict[str, str | None] = {}
    if needle is not None and limit is not None and len(repos) == 1:
        found = in_path_order(graph, repos[0], needle, params, scope_glob, matcher, limit,
                              deadline, held)  # fmt: skip
    elif needle is None and limit is not None and len(repos) == 1:
        found = scan_in_path_order(graph, repos[0], params, scope_glob, matcher, limit, deadline)
    if found is not None:
        index, (candidates, verified) = ("path order" if needle else "scan"), found
    else:
        if needle is None:
            index, rows = "scan", graph.read("search/scope_chunks", **params)
        else:
            index = "trigram"
            rows = literal_candidates(graph, needle, params, held or None)
        candidates = _in_scope(rows, scope_glob)
        verified = verify(graph, candidates, matcher, limit, deadline=deadline)
    if not verified.hits and request.repo is not None and readable is None:
        resolve_repos(graph, request.repo)
    answer: dict[str, Any] = {
        "mode": request.mode,
        "query": query,
        "index": index,
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
    if verified.stopped:
        answer["stopped"] = {
            "after_s": request.deadline_s,
            "why": "the search ran out of time: the hits (and count) are a lower bound, the "
            "first ones found",
            "hint": "narrow it: repo, path_glob, language, or a regex with a literal part",
        }
    if request.count_only:
        answer["count"] = len(verified.hits)
        answer["files"] = len({(hit.repo, hit.path) for hit in verified.hits})
        return answer
    shown = verified.hits[request.offset : request.offset + top_k]
    answer["results"] = _with_context(graph, shown, verified.files, context)
    answer["returned"] = len(shown)
    answer["truncated"] = len(verified.hits) > request.offset + top_k
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


def _matcher(query: str, mode: Mode) -> tuple[LineMatcher, str | None]:
    if mode != "regex":
        return LineMatcher.for_literal(query), query
    compiled = compile_re2(query, field="query")
    try:
        needle = best_literal(query)
    except (re.error, RecursionError, OverflowError):
        needle = None
    return LineMatcher.for_regex(compiled), needle


def _in_scope(rows: list[Any], scope_glob: PathPattern | None) -> list[Candidate]:
    """Candidates from [repo, path, seq, digest] rows, in (repo, path, seq) order."""
    candidates = [
        Candidate.of(repo, path, seq, digest)
        for repo, path, seq, digest in rows
        if scope_glob is None or scope_glob.matches(path)
    ]
    candidates.sort(key=lambda c: (c.repo, c.path, c.seq))
    return candidates


def in_path_order(
    graph: Graph,
    repo: str,
    needle: str,
    params: dict[str, Any],
    scope_glob: PathPattern | None,
    matcher: LineMatcher,
    limit: int,
    deadline: float = math.inf,
    held: dict[str, str | None] | None = None,
) -> tuple[list[Candidate], Verification] | None:
    """The first `limit` hits from the scope's first chunks in path order (composite index
    chunk_repo_file_seq_digest), or None when they are not all there: a probe of
    PATH_ORDER_PROBE_CHUNKS chunks, then, if its hit rate promises the rest within
    PATH_ORDER_MAX_CHUNKS, one longer read. The hits are the scope's first ones: every chunk
    before the last one read was read, and every hit after it comes later in (path, line) order.
    The texts read stay in the process's cache, where the trigram route finds them. `held`, when
    given, gets the repo's chunk part (for the trigram route's statement)."""
    budget = PATH_ORDER_PROBE_CHUNKS
    # a chunk holding a literal query holds a hit; one holding a regex's literal may not
    wanted = limit if matcher.literal is not None else PATH_ORDER_REGEX_CHUNKS * limit
    while True:
        row = graph.read(
            "search/ordered_candidates",
            repo=repo,
            needle=needle,
            budget=budget,
            wanted=wanted,
            prefix=params["prefix"],
            language=params["language"],
        )[0]
        if held is not None:
            held[repo] = row["part"]
        candidates = _in_scope(row["rows"], scope_glob)
        verified = verify(graph, candidates, matcher, limit, deadline=deadline)
        # the whole scope was read, and every chunk of it holding the needle returned
        complete = row["scanned"] < budget and len(row["rows"]) < wanted
        if complete or len(verified.hits) >= limit or verified.stopped:
            return candidates, verified
        if budget > PATH_ORDER_PROBE_CHUNKS or not verified.hits:
            return None
        # hits come in clusters (a file using a name uses it often): count at most two per
        # file, or a few clustered hits promise far more than the rest of the scope holds
        spread = min(len(verified.hits), 2 * len({hit.claim for hit in verified.hits}))
        needed = math.ceil(budget * limit / spread * 1.5)
        if needed > PATH_ORDER_MAX_CHUNKS:
            return None
        budget = needed


def scan_in_path_order(
    graph: Graph,
    repo: str,
    params: dict[str, Any],
    scope_glob: PathPattern | None,
    matcher: LineMatcher,
    limit: int,
    deadline: float = math.inf,
) -> tuple[list[Candidate], Verification]:
    """A regex without a literal, top-k over one repo: every chunk of the scope is a candidate,
    read in path order a page at a time until `limit` hits are known or the scope ends; a search
    whose first hits come early reads little of it. The first page is PATH_ORDER_SCAN_PAGE
    chunks; each next one is what the hit rate so far promises the rest within (times 1.25), or
    twice the last while there is no hit, at most PATH_ORDER_SCAN_PAGE_MAX."""
    candidates: list[Candidate] = []
    verified = Verification(deadline=deadline)
    page = PATH_ORDER_SCAN_PAGE
    skip = 0
    while True:
        rows = graph.read(
            "search/ordered_chunks",
            repo=repo,
            skip=skip,
            page=page,
            prefix=params["prefix"],
            language=params["language"],
        )
        skip += len(rows)
        read = _in_scope(rows, scope_glob)
        candidates += read
        verify(graph, read, matcher, limit, verified)
        found = len(verified.hits)
        if len(rows) < page or found >= limit or verified.stopped:
            return candidates, verified
        promised = math.ceil(skip * (limit - found) / found * 1.25) if found else page * 2
        page = min(max(promised, PATH_ORDER_SCAN_PAGE), PATH_ORDER_SCAN_PAGE_MAX)


def verify(
    graph: Graph,
    candidates: list[Candidate],
    matcher: LineMatcher,
    limit: int | None,
    result: Verification | None = None,
    deadline: float = math.inf,
) -> Verification:
    """Check every line of the candidates in order; stop after `limit` hits when given, or at
    `deadline` (`stopped`). Texts come from the process's cache (text_cache) where it holds the
    candidate's digest. Given `result` (of the candidates before these), the check continues
    it, under its own deadline."""
    result = result or Verification(deadline=deadline)
    seen, steps = result.seen, current_steps()
    start, size = 0, TEXT_FIRST_BATCH_CHUNKS if limit is not None else TEXT_BATCH_CHUNKS
    while start < len(candidates):
        if time.monotonic() > result.deadline:
            result.stopped = True
            result.complete = False
            return result
        steps.checkpoint()  # a cancelled call stops here (a read: any point is safe)
        batch = candidates[start : start + size]
        start += len(batch)
        size = min(size * 2, TEXT_BATCH_CHUNKS)
        chunks = CHUNK_TEXTS.chunks(graph, ((c.id, c.digest) for c in batch))
        result.chunks_read += len(batch)
        lines_to_check: dict[str, range | list[int]] = {}
        single: set[tuple[str, int, int]] = set()
        for candidate in batch:
            chunk = chunks.get(candidate.id)
            if chunk is None:
                continue
            first, last = chunk.start_line, chunk.end_line
            if last == first:  # maybe a piece of an over-long line: the whole line is fetched
                if (candidate.claim, first) in seen:
                    continue  # the line was fetched whole and checked (from another piece)
                if matcher.piece_safe and not matcher.candidate_lines(chunk.text):
                    continue  # any match lies within one piece, and none starts in this one
                lines_to_check[candidate.id] = range(first, first + 1)
                single.add((candidate.claim, first, first))
            else:
                offsets = matcher.candidate_lines(chunk.text)
                if offsets is not None:
                    lines_to_check[candidate.id] = [first + offset for offset in offsets]
                    if not offsets:
                        continue  # nothing can match here; its lines are not needed
                else:
                    lines_to_check[candidate.id] = range(first, last + 1)
            lines = result.files.setdefault(candidate.claim, FileLines())
            lines.add(ChunkText(candidate.claim, candidate.seq, first, last, chunk.text))
        fetch_line_ranges(graph, sorted(single), result.files)
        for candidate in batch:
            known = result.files.get(candidate.claim)
            if known is None:
                continue
            for number in lines_to_check.get(candidate.id, ()):
                key = (candidate.claim, number)
                if key in seen:
                    continue
                seen.add(key)
                line = known.get(number)
                if line is not None and matcher.matches(line):
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
