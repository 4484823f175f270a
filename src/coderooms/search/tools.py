"""The MCP verbs of the search room: `search`, `glob`, `view`, `batch_view` (all read-only).
Their arguments are `requests`' models; each answer carries the brief freshness of the repos it
read (`batch_view`: the full one), attached by the tool wrapper."""

from __future__ import annotations

from typing import Any

from coderooms.core.clamps import Clamps
from coderooms.errors import InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.notes import notes_line
from coderooms.scope.readable import ingest_roots
from coderooms.scope.served import served_scope
from coderooms.search.answers import glob_answer, search_answer, view_answer
from coderooms.search.glob_files import glob_files
from coderooms.search.limits import (
    GLOB_TOP_K_MAX,
    GLOB_TOP_K_MIN,
    SEARCH_TOP_K_DEFAULT,
    SEARCH_TOP_K_MAX,
    SEARCH_TOP_K_MIN,
    SEMANTIC_TOP_K_DEFAULT,
    VIEW_ALSO_LISTED,
    VIEW_MAX_LINES,
)
from coderooms.search.questions import glob_question, search_question, view_question
from coderooms.search.requests import (
    BatchViewArguments,
    GlobArguments,
    SearchArguments,
    ViewArguments,
)
from coderooms.search.skipped import skipped_files, skipped_rows
from coderooms.search.text_search import SearchRequest, search
from coderooms.search.view import ViewRequest, batch_view, view
from coderooms.verbs.arguments import check_symbol_text
from coderooms.verbs.budget import MAX_TOKENS_MIN, clamp_max_tokens, cursor_parts
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import READS
from coderooms.verbs.spec import Covering, Freshness, ToolSpec
from coderooms.verbs.symbol_lookup import SymbolAt, find_symbols


def search_verb(ctx: AppContext, agent: str, r: SearchArguments) -> dict[str, Any]:
    """grep the ingested files (literal or regex, per line); hits grouped by file.

    Every line containing the query (literal, case-sensitive) or matching the RE2 regex is a
    hit; `hits` holds each file's once, `{path: ["line: text", ...]}` (grep -n without the
    path), in repo, path and line order; with context_lines, the lines around as `line- text`
    (a line shown once). With several repos a path starts `repo:`. Matches are per line. When
    top_k or max_tokens leaves hits out, `more` says so and `next_cursor` goes on. `index:
    scan`: the scope was read whole (no literal of 3+ characters, or case-insensitive). No hit:
    `none` says why (a path_glob no ingested file matches, or no line holds it). Empty queries
    and invalid regexes are refused with the field named.

    Semantic mode answers symbols nearest in meaning to a description, best first,
    `path:start-end score kind qualname` (default 10; seek ranks names and descriptions with
    the graph too); without vectors it answers the literal search and says why
    (`semantic_unavailable`); `coverage` when some symbols have no current vector.
    """
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    question = search_question(r)
    _, offset = question.read(r.cursor)
    semantic = r.mode == "semantic"
    wanted = r.top_k
    if wanted is None:
        wanted = SEMANTIC_TOP_K_DEFAULT if semantic else SEARCH_TOP_K_DEFAULT
    page = clamps.clamp("top_k", wanted, SEARCH_TOP_K_MIN, SEARCH_TOP_K_MAX)
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
    if not answer.get("hits") and "count" not in answer and not offset:
        answer.pop("hits", None)  # an empty list says nothing `none` does not
        answer["none"] = _why_none(graph, r, ctx.readable(graph))
    return Covering(answer, graph, raw["scope"]["repos"])


def _why_none(graph: Graph, r: SearchArguments, readable: list[str]) -> str:
    """Why a search found nothing, in one line: its path_glob names no ingested file, or no line
    of the scope holds the text (case-sensitive, per line). The query itself is not repeated:
    the agent sent it, and its text is the agent's, not the repository's."""
    if r.path_glob is not None:
        files = glob_files(graph, r.path_glob, repo=r.repo, top_k=1, offset=0, readable=readable)
        if not files["total"]:
            return f"no ingested file matches path_glob {r.path_glob!r} (glob lists the files)"
    what = {"regex": "matches the regex", "semantic": "holds the query"}.get(
        r.mode, "holds the text (case-sensitive; mode=regex with (?i) ignores case)"
    )
    where = f" of {r.language} files" if r.language else ""
    return f"no ingested line{where} {what}"


def glob(ctx: AppContext, agent: str, r: GlobArguments) -> dict[str, Any]:
    """The ingested files whose path matches a pattern, and tracked ones it skipped.

    By directory, in path order: `{dir/: ["name"]}` (`./`: the root). Only files
    (no symbols). When top_k or max_tokens leaves files out, `total` counts every match,
    `more` how many are left and `next_cursor` fetches the next ones (the same call with
    `cursor`). `skipped`: files git tracks that match but the graph does not hold, by reason
    (binary, too_large, symlink, excluded_dir, not_ingested...)."""
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
    if not offset:
        _add_skipped(ctx, graph, raw, answer)
    return Covering(answer, graph, raw["repos"])


def _add_skipped(
    ctx: AppContext, graph: Graph, raw: dict[str, Any], answer: dict[str, Any]
) -> None:
    """The tracked files the pattern matches that ingest skipped (`skipped`), and why."""
    several = len(raw["repos"]) > 1
    rows: list[tuple[str, str]] = []
    unchecked: list[str] = []
    for root in ingest_roots(graph, served_scope(ctx.settings), raw["repos"]):
        found = skipped_files(root.root, raw["compiled"], raw["held"].get(root.repo, ()))
        if found.unchecked:
            unchecked.append(f"{root.repo}: {found.unchecked}" if several else found.unchecked)
        rows += [(f"{root.repo}:{p}" if several else p, why) for p, why in found.files]
    if rows:
        answer["skipped"] = skipped_rows(rows)
    if unchecked:
        answer["skipped_unchecked"] = unchecked
    if not answer.get("files"):
        answer.pop("files", None)  # an empty list says nothing `none` does not
        answer["none"] = f"no ingested file matches {raw['pattern']!r}" + (
            " (its files were skipped: see skipped)" if rows else ""
        )


def view_verb(ctx: AppContext, agent: str, r: ViewArguments) -> dict[str, Any]:
    """Lines of a file: a range of `path`, or the body of `symbol`.

    `symbol` (a name, qualname or id) answers the lines of the likeliest symbol so named
    (code before tests and examples), `symbol: path:start-end qualname`, and names the others
    in `also` (view one by its id). The lines come as a text block of their own after the
    JSON, as the file holds them (structured content keeps them as `text`). Ranges are clamped
    to the file and to {VIEW_MAX_LINES} lines; text past max_tokens is cut at a line;
    `next_cursor` (the next line) goes on, and `more_below` counts the lines left when the
    range was not yours (yours answered whole: its lines alone). `disk` appears when the file
    on disk looks changed since ingest (by size and mtime); `hash` (BLAKE3) where edit verbs
    are served; with `symbols`, the symbols overlapping the range. Unknown repo, path or
    symbol: not_found.
    """
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    graph = ctx.graph()
    readable = ctx.readable(graph)
    named = _named_symbol(graph, r, readable) if r.symbol is not None else None
    path: str
    repo: str | None
    end: int | None
    if named is not None:
        best = named[0]
        path, repo, start, end = best.path, best.repo, best.start_line, best.end_line
    elif r.path is None:
        raise InvalidInput(
            "pass path or symbol",
            field="path",
            hint="path: a repo-relative file; symbol: a name, qualname or id",
        )
    else:
        path, repo, start, end = r.path, r.repo, r.start_line, r.end_line
    _, next_line = cursor_parts(r.cursor)  # its digest is checked once the file is known
    start_line = start if r.cursor is None else max(next_line, 1)
    request = ViewRequest(path=path, repo=repo, start_line=start_line, end_line=end)
    try:
        raw = view(graph, request, readable)
    except InvalidInput as refused:
        if r.cursor is None or refused.field != "end_line":
            raise
        # the cursor's line made the range invalid: a cursor of another question says so first
        bare = ViewRequest(path=path, repo=repo, start_line=start, end_line=None)
        shown = view(graph, bare, readable)
        view_question(shown["repo"], shown["path"]).read(r.cursor)
        raise
    question = view_question(raw["repo"], raw["path"])
    question.read(r.cursor)
    raw["clamped"] = {**raw["clamped"], **clamps.as_dict()}
    answer = view_answer(raw, question=question, max_tokens=budget, symbols=r.symbols,
                         hashes=ctx.edits_served, asked_end=end is not None)  # fmt: skip
    # the symbol's row (or the call) says where the whole text is
    if (named is not None or _range_as_sent(r, answer)) and "next_cursor" not in answer:
        for echoed in ("path", "start_line", "end_line"):
            answer.pop(echoed)
    if named is not None:
        answer = {"symbol": named[0].row, **answer}
        if named[1]:
            answer["also"] = named[1]
    lines = (raw["start_line"], max(raw["end_line"], raw["start_line"]))
    noted = notes_line(graph, [raw["repo"]], files=[f"{raw['repo']}:{raw['path']}"], lines=lines)
    if noted:
        answer["notes"] = noted
    return Covering(answer, graph, [raw["repo"]])


def _range_as_sent(r: ViewArguments, answer: dict[str, Any]) -> bool:
    """The lines answered are the range the call sent, as it wrote them, whole: its path, start
    and end need not be said back (a cursor's page, a clamped or cut range still says them)."""
    return (
        r.symbol is None
        and r.cursor is None
        and r.end_line is not None
        and answer.get("path") == r.path
        and answer.get("start_line") == r.start_line
        and answer.get("end_line") == r.end_line
        and "clamped" not in answer
        and "next_cursor" not in answer
    )


def _named_symbol(
    graph: Graph, r: ViewArguments, readable: list[str]
) -> tuple[SymbolAt, list[str]] | None:
    """The likeliest symbol `r.symbol` names, and the others it names (`path:start-end
    qualname`, at most VIEW_ALSO_LISTED, then how many more)."""
    if r.path is not None:
        raise InvalidInput(
            "pass path or symbol, not both",
            field="symbol",
            hint="symbol alone views its lines; path with lines views a range",
        )
    text = check_symbol_text(r.symbol)
    repos = [repo for repo in readable if r.repo is None or repo == r.repo]
    found = find_symbols(graph, text, repos)
    if found.best is None:
        near = ", ".join(s.row for s in found.near[:VIEW_ALSO_LISTED])
        raise NotFound(
            f"no symbol is named {text[:200]!r}" + (f"; other symbols are named like its last "
            f"part: {near}" if near else ""),
            field="symbol",
            hint="pass a qualname (Class.method) or an id; seek finds symbols by words",
        )  # fmt: skip
    others = [s.row for s in found.exact[1 : 1 + VIEW_ALSO_LISTED]]
    left = len(found.exact) - 1 - len(others)
    if left > 0:
        others.append(f"{left} more: pass a qualname or an id")
    return found.exact[0], others


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
    hashes = ctx.edits_served
    repos = [item["view"]["repo"] for item in answer["items"] if item["ok"]]
    share = max(budget // max(len(requests), 1), MAX_TOKENS_MIN)
    for item in answer["items"]:
        if item["ok"]:
            raw = item["view"]
            question = view_question(raw["repo"], raw["path"])
            item["view"] = view_answer(raw, question=question, max_tokens=share, symbols=False,
                                       hashes=hashes)  # fmt: skip
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
