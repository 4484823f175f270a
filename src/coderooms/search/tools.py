"""The MCP verbs of the search room: `search`, `glob`, `view`, `batch_view` (all read-only)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from coderooms.context import AppContext
from coderooms.effects import READS
from coderooms.freshness.room import freshness_of
from coderooms.search.glob_files import glob_files
from coderooms.search.limits import (
    BATCH_VIEW_MAX_ITEMS,
    CONTEXT_LINES_DEFAULT,
    CONTEXT_LINES_MAX,
    GLOB_TOP_K_DEFAULT,
    GLOB_TOP_K_MAX,
    SEARCH_TOP_K_DEFAULT,
    SEARCH_TOP_K_MAX,
    VIEW_MAX_LINES,
)
from coderooms.search.text_search import Mode, SearchRequest, search
from coderooms.search.view import ViewRequest, batch_view, view
from coderooms.tooling import ToolSpec

RepoArg = Annotated[
    str | None, Field(description="Repo id to cover; omit to cover every repo this server reads.")
]


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
    ) -> dict[str, Any]:
        """Find lines in the ingested code, like `grep -rn`, answered from the graph's text index.

        Every line containing the query (literal) or matching the regex is a hit: `{repo, file,
        line, text, before, after}`, ordered by repo, path and line. Matches are per line; a query
        cannot span lines. Out-of-range top_k/context_lines are clamped and reported in `clamped`;
        `truncated` says more hits exist (narrow with path_glob/language or raise top_k).
        `index` says whether the trigram index found the candidates or the scope was scanned
        (regexes with no literal of 3+ characters, or case-insensitive ones). Empty queries and
        invalid regexes (or what RE2 cannot express) are refused with the field named.

        Semantic mode ("where is the code that retries a failed upload?") answers with symbols,
        best first: `{repo, file, start_line, end_line, symbol_id, name, qualname, kind, score}`
        (score: cosine similarity), `embeddings_used: true` and `coverage` (symbols with a current
        vector of all symbols in scope); path_glob/language filter them, context_lines does not
        apply. Without an embedding model, or before any vector is computed, it gives the literal
        answer with `embeddings_used: false` and `semantic_unavailable` saying why.
        """
        ctx.agent(agent_id)
        request = SearchRequest(
            query=query,
            mode=mode,
            repo=repo,
            path_glob=path_glob,
            language=language,
            top_k=top_k,
            context_lines=context_lines,
            count_only=count_only,
        )
        graph = ctx.graph()
        answer = search(graph, request, ctx.readable(graph))
        answer["freshness"] = freshness_of(graph, answer["scope"]["repos"])
        return answer

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
    ) -> dict[str, Any]:
        """List the ingested files whose repo-relative path matches a pattern.

        Sorted by repo and path, with language, line count and size. Only files (no symbols).
        `total` counts every match; `truncated` says top_k cut the list."""
        ctx.agent(agent_id)
        graph = ctx.graph()
        answer = glob_files(graph, pattern, repo=repo, top_k=top_k, readable=ctx.readable(graph))
        answer["freshness"] = freshness_of(graph, answer["repos"])
        return answer

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
    ) -> dict[str, Any]:
        """Read lines of an ingested file as the shared graph holds them (not the disk).

        Returns the text of the range, the file's content hash, whether the file on disk looks
        changed since ingest (`disk.state`: same/differs/missing, by size and mtime), and the
        symbols whose lines overlap the range. Ranges are clamped to the file and to
        {VIEW_MAX_LINES} lines (`clamped`, `more_below` say so). Unknown repo or path: not_found.
        """
        ctx.agent(agent_id)
        request = ViewRequest(path=path, repo=repo, start_line=start_line, end_line=end_line)
        graph = ctx.graph()
        answer = view(graph, request, ctx.readable(graph))
        answer["freshness"] = freshness_of(graph, [answer["repo"]])
        return answer

    def batch_view_verb(
        agent_id: str,
        items: Annotated[
            list[ViewItem],
            Field(description=f"Ranges to read, at most {BATCH_VIEW_MAX_ITEMS}."),
        ],
    ) -> dict[str, Any]:
        """Read several file ranges in one call, each exactly like `view`. A failing item (unknown
        path, bad range) reports its error in place; the others still answer."""
        ctx.agent(agent_id)
        requests = [
            ViewRequest(
                path=item.path, repo=item.repo, start_line=item.start_line, end_line=item.end_line
            )
            for item in items
        ]
        graph = ctx.graph()
        answer = batch_view(graph, requests, ctx.readable(graph))
        repos = [item["view"]["repo"] for item in answer["items"] if item["ok"]]
        answer["freshness"] = freshness_of(graph, repos)
        return answer

    view_verb.__doc__ = (view_verb.__doc__ or "").replace("{VIEW_MAX_LINES}", str(VIEW_MAX_LINES))
    return [
        ToolSpec(search_verb, READS, verb="search"),
        ToolSpec(glob, READS),
        ToolSpec(view_verb, READS, verb="view"),
        ToolSpec(batch_view_verb, READS, verb="batch_view"),
    ]
