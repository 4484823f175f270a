"""The MCP verbs of the search room: `search`, `glob`, `view`, `batch_view` (all read-only)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from coderooms.arguments import RepoArg
from coderooms.budget import (
    MAX_TOKENS_DEFAULT,
    MAX_TOKENS_MIN,
    CursorArg,
    MaxTokensArg,
    clamp_max_tokens,
    parse_cursor,
)
from coderooms.context import AppContext
from coderooms.core.clamps import BATCH_VIEW_MAX_ITEMS, Clamps
from coderooms.effects import READS
from coderooms.search.answers import glob_answer, search_answer, view_answer
from coderooms.search.glob_files import glob_files
from coderooms.search.limits import (
    CONTEXT_LINES_DEFAULT,
    CONTEXT_LINES_MAX,
    GLOB_TOP_K_DEFAULT,
    GLOB_TOP_K_MAX,
    GLOB_TOP_K_MIN,
    SEARCH_TOP_K_DEFAULT,
    SEARCH_TOP_K_MAX,
    SEARCH_TOP_K_MIN,
    VIEW_MAX_LINES,
)
from coderooms.search.text_search import Mode, SearchRequest, search
from coderooms.search.view import ViewRequest, batch_view, view
from coderooms.tooling import Covering, Freshness, ToolSpec


class ViewItem(BaseModel):
    path: str = Field(description="Repo-relative path, as search and glob return it.")
    repo: str | None = Field(default=None, description="Repo id (needed when several have it).")
    start_line: int = Field(default=1, description="First line, 1-based.")
    end_line: int | None = Field(default=None, description="Last line, inclusive.")


def search_tools(ctx: AppContext) -> list[ToolSpec]:
    def search_verb(
        agent_id: str,
        query: Annotated[str, Field(description="Text (literal mode) or RE2 regex to find.")],
        mode: Annotated[
            Mode,
            Field(
                description="literal: exact, case-sensitive text; regex: RE2 per line (linear "
                "time; no backreferences or lookarounds; \\w, \\d, \\b are ASCII); "
                "semantic: symbols nearest in meaning to a natural-language query (embeddings); "
                "answered lexically, with the reason, when no embeddings are available."
            ),
        ] = "literal",
        path_glob: Annotated[
            str | None,
            Field(
                description="Only files matching this gitignore-style pattern: `src/**/*.py`, "
                "`*.md` (no `/`: any depth), `/setup.py` (root only), `tests/` (under a dir)."
            ),
        ] = None,
        language: Annotated[
            str | None, Field(description="Only files of this language (python, go, ...).")
        ] = None,
        repo: RepoArg = None,
        top_k: Annotated[
            int, Field(description=f"Most matching lines returned (1..{SEARCH_TOP_K_MAX}).")
        ] = SEARCH_TOP_K_DEFAULT,
        context_lines: Annotated[
            int,
            Field(description=f"Lines shown before and after each hit (0..{CONTEXT_LINES_MAX})."),
        ] = CONTEXT_LINES_DEFAULT,
        count_only: Annotated[
            bool, Field(description="Only count matching lines and files; return no lines.")
        ] = False,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
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
        ctx.agent(agent_id)
        clamps = Clamps()
        budget = clamp_max_tokens(clamps, max_tokens)
        offset = parse_cursor(cursor)
        page = clamps.clamp("top_k", top_k, SEARCH_TOP_K_MIN, SEARCH_TOP_K_MAX)
        semantic = mode == "semantic"
        request = SearchRequest(
            query=query,
            mode=mode,
            repo=repo,
            path_glob=path_glob,
            language=language,
            top_k=min(offset + page, SEARCH_TOP_K_MAX) if semantic else page,
            context_lines=context_lines,
            count_only=count_only,
            offset=0 if semantic else offset,
        )
        graph = ctx.graph()
        raw = search(graph, request, ctx.readable(graph))
        if semantic and raw.get("embeddings_used"):
            raw["results"] = raw["results"][offset:]
        raw["clamped"] = {**raw.get("clamped", {}), **clamps.as_dict()}
        answer = search_answer(raw, offset=offset, max_tokens=budget)
        return Covering(answer, graph, raw["scope"]["repos"])

    def glob(
        agent_id: str,
        pattern: Annotated[
            str,
            Field(
                description="gitignore-style path pattern: `src/**/*.py`, `*.toml` (any depth), "
                "`/README.md` (root only), `docs/` (everything under docs)."
            ),
        ],
        repo: RepoArg = None,
        top_k: Annotated[
            int, Field(description=f"Most files returned (1..{GLOB_TOP_K_MAX}).")
        ] = GLOB_TOP_K_DEFAULT,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
        """List the ingested files whose repo-relative path matches a pattern.

        Sorted by repo and path, each `path (N lines)`. Only files (no symbols). `total` counts
        every match; when top_k or max_tokens leaves files out, `more` says how many and
        `next_cursor` fetches the next ones (the same call with `cursor`)."""
        ctx.agent(agent_id)
        clamps = Clamps()
        budget = clamp_max_tokens(clamps, max_tokens)
        offset = parse_cursor(cursor)
        page = clamps.clamp("top_k", top_k, GLOB_TOP_K_MIN, GLOB_TOP_K_MAX)
        graph = ctx.graph()
        raw = glob_files(
            graph, pattern, repo=repo, top_k=page, offset=offset, readable=ctx.readable(graph)
        )
        raw["clamped"] = {**raw["clamped"], **clamps.as_dict()}
        return Covering(glob_answer(raw, offset=offset, max_tokens=budget), graph, raw["repos"])

    def view_verb(
        agent_id: str,
        path: Annotated[
            str, Field(description="Repo-relative path, as search and glob return it.")
        ],
        repo: RepoArg = None,
        start_line: Annotated[int, Field(description="First line, 1-based.")] = 1,
        end_line: Annotated[
            int | None,
            Field(description=f"Last line, inclusive; at most {VIEW_MAX_LINES} lines a call."),
        ] = None,
        symbols: Annotated[
            bool, Field(description="Also list the symbols overlapping the range.")
        ] = False,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
        """Read lines of an ingested file as the shared graph holds them (not the disk).

        Returns the text of the range, the file's content hash (BLAKE3), whether the file on disk
        looks changed since ingest (`disk`: same/differs/missing, by size and mtime), and with
        `symbols` the symbols whose lines overlap the range (`start-end kind qualname:
        signature`). Ranges are clamped to the file and to {VIEW_MAX_LINES} lines (`clamped`,
        `more_below` say so); text past max_tokens is cut at a line, and `next_cursor` (the
        next line) goes on. Unknown repo or path: not_found.
        """
        ctx.agent(agent_id)
        clamps = Clamps()
        budget = clamp_max_tokens(clamps, max_tokens)
        if cursor is not None:
            start_line = max(parse_cursor(cursor), 1)
        request = ViewRequest(path=path, repo=repo, start_line=start_line, end_line=end_line)
        graph = ctx.graph()
        raw = view(graph, request, ctx.readable(graph))
        raw["clamped"] = {**raw["clamped"], **clamps.as_dict()}
        return Covering(view_answer(raw, max_tokens=budget, symbols=symbols), graph, [raw["repo"]])

    def batch_view_verb(
        agent_id: str,
        items: Annotated[
            list[ViewItem],
            Field(description=f"Ranges to read, at most {BATCH_VIEW_MAX_ITEMS}."),
        ],
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
    ) -> dict[str, Any]:
        """Read several file ranges in one call, each exactly like `view`. A failing item (unknown
        path, bad range) reports its error in place; the others still answer.

        max_tokens is shared: each range gets an equal part (at least 100 tokens) and its text is
        cut at a line like `view`'s, with its own `next_cursor` (a `view` of that path with
        `cursor` goes on)."""
        ctx.agent(agent_id)
        clamps = Clamps()
        budget = clamp_max_tokens(clamps, max_tokens)
        requests = [
            ViewRequest(
                path=item.path, repo=item.repo, start_line=item.start_line, end_line=item.end_line
            )
            for item in items
        ]
        graph = ctx.graph()
        answer = batch_view(graph, requests, ctx.readable(graph))
        repos = [item["view"]["repo"] for item in answer["items"] if item["ok"]]
        share = max(budget // max(len(requests), 1), MAX_TOKENS_MIN)
        for item in answer["items"]:
            if item["ok"]:
                item["view"] = view_answer(item["view"], max_tokens=share, symbols=False)
        if clamps.changes:
            answer["clamped"] = clamps.as_dict()
        return Covering(answer, graph, repos)

    view_verb.__doc__ = (view_verb.__doc__ or "").replace("{VIEW_MAX_LINES}", str(VIEW_MAX_LINES))
    return [
        ToolSpec(search_verb, READS, verb="search", freshness=Freshness.BRIEF),
        ToolSpec(glob, READS, freshness=Freshness.BRIEF),
        ToolSpec(view_verb, READS, verb="view", freshness=Freshness.BRIEF),
        ToolSpec(batch_view_verb, READS, verb="batch_view", freshness=Freshness.FULL),
    ]
