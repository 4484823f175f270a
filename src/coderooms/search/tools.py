"""The MCP verbs of the search room: `search`, `glob`, `view`, `batch_view` (all read-only).
Their arguments are `requests`' models; each answer carries the brief freshness of the repos it
read (`batch_view`: the full one), attached by the tool wrapper."""

from __future__ import annotations

from typing import Any

from coderooms.core.clamps import Clamps
from coderooms.errors import InvalidInput
from coderooms.notes import notes_line
from coderooms.search.answers import glob_answer, search_answer, view_answer
from coderooms.search.glob_files import glob_files
from coderooms.search.limits import (
    GLOB_TOP_K_MAX,
    GLOB_TOP_K_MIN,
    SEARCH_TOP_K_MAX,
    SEARCH_TOP_K_MIN,
    VIEW_MAX_LINES,
)
from coderooms.search.questions import glob_question, search_question, view_question
from coderooms.search.requests import (
    BatchViewArguments,
    GlobArguments,
    SearchArguments,
    ViewArguments,
)
from coderooms.search.text_search import SearchRequest, search
from coderooms.search.view import ViewRequest, batch_view, view
from coderooms.verbs.budget import MAX_TOKENS_MIN, clamp_max_tokens, cursor_parts
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import READS
from coderooms.verbs.spec import Covering, Freshness, ToolSpec


def search_verb(ctx: AppContext, agent: str, r: SearchArguments) -> dict[str, Any]:
    """Find lines in the ingested code, like `grep -rn`, answered from the graph's text index.

    Every line containing the query (literal) or matching the regex is a hit, one string in
    `hits`: `path:line: text` (grep -n), ordered by repo, path and line; with context_lines, the
    lines around it as `path-line- text` (a line shown once). The answer names `repo` once when
    it covers one; with several, each row starts `repo:`. Matches are per line; a query cannot
    span lines. Out-of-range arguments are clamped and reported in `clamped`. When top_k or
    max_tokens leaves hits out, `more` says so and `next_cursor` fetches the next ones (the same
    call with `cursor`). `index: scan` says the scope was read whole (regexes with no literal
    of 3+ characters, or case-insensitive ones).
    Empty queries and invalid regexes (or what RE2 cannot express) are refused with the field
    named.

    Semantic mode ("where is the code that retries a failed upload?") answers with symbols,
    best first: `path:start-end score signature` (score: cosine similarity),
    `embeddings_used: true` and `coverage` (symbols with a current
    vector of all symbols in scope); path_glob/language filter them, context_lines does not
    apply. Without an embedding model, or before any vector is computed, it gives the literal
    answer with `embeddings_used: false` and `semantic_unavailable` saying why.
    """
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    question = search_question(r)
    _, offset = question.read(r.cursor)
    page = clamps.clamp("top_k", r.top_k, SEARCH_TOP_K_MIN, SEARCH_TOP_K_MAX)
    semantic = r.mode == "semantic"
    request = SearchRequest(
        query=r.query,
        mode=r.mode,
        repo=r.repo,
        path_glob=r.path_glob,
        language=r.language,
        top_k=min(offset + page, SEARCH_TOP_K_MAX) if semantic else page,
        context_lines=r.context_lines,
        count_only=r.count_only,
        offset=0 if semantic else offset,
    )
    graph = ctx.graph()
    raw = search(graph, request, ctx.readable(graph))
    if semantic and raw.get("embeddings_used"):
        raw["results"] = raw["results"][offset:]
    raw["clamped"] = {**raw.get("clamped", {}), **clamps.as_dict()}
    answer = search_answer(raw, question=question, offset=offset, max_tokens=budget)
    return Covering(answer, graph, raw["scope"]["repos"])


def glob(ctx: AppContext, agent: str, r: GlobArguments) -> dict[str, Any]:
    """List the ingested files whose repo-relative path matches a pattern.

    Sorted by repo and path, each `path (N lines)`. Only files (no symbols). `total` counts
    every match; when top_k or max_tokens leaves files out, `more` says how many and
    `next_cursor` fetches the next ones (the same call with `cursor`)."""
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    question = glob_question(r)
    _, offset = question.read(r.cursor)
    page = clamps.clamp("top_k", r.top_k, GLOB_TOP_K_MIN, GLOB_TOP_K_MAX)
    graph = ctx.graph()
    raw = glob_files(
        graph, r.pattern, repo=r.repo, top_k=page, offset=offset, readable=ctx.readable(graph)
    )
    raw["clamped"] = {**raw["clamped"], **clamps.as_dict()}
    answer = glob_answer(raw, question=question, offset=offset, max_tokens=budget)
    return Covering(answer, graph, raw["repos"])


def view_verb(ctx: AppContext, agent: str, r: ViewArguments) -> dict[str, Any]:
    """Read lines of an ingested file as the shared graph holds them (not the disk).

    Returns the text of the range, the file's content hash (BLAKE3), whether the file on disk
    looks changed since ingest (`disk`: same/differs/missing, by size and mtime), and with
    `symbols` the symbols whose lines overlap the range (`start-end kind qualname:
    signature`). Ranges are clamped to the file and to {VIEW_MAX_LINES} lines (`clamped`,
    `more_below` say so); text past max_tokens is cut at a line, and `next_cursor` (the
    next line) goes on. Unknown repo or path: not_found.
    """
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    _, next_line = cursor_parts(r.cursor)  # its digest is checked once the file is known
    start_line = r.start_line if r.cursor is None else max(next_line, 1)
    request = ViewRequest(path=r.path, repo=r.repo, start_line=start_line, end_line=r.end_line)
    graph = ctx.graph()
    try:
        raw = view(graph, request, ctx.readable(graph))
    except InvalidInput as refused:
        if r.cursor is None or refused.field != "end_line":
            raise
        # the cursor's line made the range invalid: a cursor of another question says so first
        bare = ViewRequest(path=r.path, repo=r.repo, start_line=r.start_line, end_line=None)
        shown = view(graph, bare, ctx.readable(graph))
        view_question(shown["repo"], shown["path"]).read(r.cursor)
        raise
    question = view_question(raw["repo"], raw["path"])
    question.read(r.cursor)
    raw["clamped"] = {**raw["clamped"], **clamps.as_dict()}
    answer = view_answer(raw, question=question, max_tokens=budget, symbols=r.symbols)
    lines = (raw["start_line"], max(raw["end_line"], raw["start_line"]))
    noted = notes_line(graph, [raw["repo"]], files=[f"{raw['repo']}:{raw['path']}"], lines=lines)
    if noted:
        answer["notes"] = noted
    return Covering(answer, graph, [raw["repo"]])


def batch_view_verb(ctx: AppContext, agent: str, r: BatchViewArguments) -> dict[str, Any]:
    """Read several file ranges in one call, each exactly like `view`. A failing item (unknown
    path, bad range) reports its error in place; the others still answer.

    max_tokens is shared: each range gets an equal part (at least 100 tokens) and its text is
    cut at a line like `view`'s, with its own `next_cursor` (a `view` of that path with
    `cursor` goes on)."""
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    requests = [
        ViewRequest(
            path=item.path, repo=item.repo, start_line=item.start_line, end_line=item.end_line
        )
        for item in r.items
    ]
    graph = ctx.graph()
    answer = batch_view(graph, requests, ctx.readable(graph))
    repos = [item["view"]["repo"] for item in answer["items"] if item["ok"]]
    share = max(budget // max(len(requests), 1), MAX_TOKENS_MIN)
    for item in answer["items"]:
        if item["ok"]:
            raw = item["view"]
            question = view_question(raw["repo"], raw["path"])
            item["view"] = view_answer(raw, question=question, max_tokens=share, symbols=False)
    if clamps.changes:
        answer["clamped"] = clamps.as_dict()
    return Covering(answer, graph, repos)


view_verb.__doc__ = (view_verb.__doc__ or "").replace("{VIEW_MAX_LINES}", str(VIEW_MAX_LINES))
VERBS = (
    Verb(search_verb, SearchArguments, READS, name="search", freshness=Freshness.BRIEF),
    Verb(glob, GlobArguments, READS, freshness=Freshness.BRIEF),
    Verb(view_verb, ViewArguments, READS, name="view", freshness=Freshness.BRIEF),
    Verb(batch_view_verb, BatchViewArguments, READS, name="batch_view", freshness=Freshness.FULL),
)


def search_tools(ctx: AppContext) -> list[ToolSpec]:
    return [verb.spec(ctx) for verb in VERBS]
