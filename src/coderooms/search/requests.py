"""The arguments of the search room's verbs (`search`, `glob`, `view`, `batch_view`), each
described for the tool listing; the adapter (`tools`) reads them once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import BaseModel, Field

from coderooms.core.clamps import BATCH_VIEW_MAX_ITEMS
from coderooms.search.limits import (
    CONTEXT_LINES_DEFAULT,
    CONTEXT_LINES_MAX,
    GLOB_TOP_K_DEFAULT,
    GLOB_TOP_K_MAX,
    SEARCH_TOP_K_DEFAULT,
    SEARCH_TOP_K_MAX,
    VIEW_MAX_LINES,
)
from coderooms.search.text_search import Mode
from coderooms.verbs.arguments import RepoArg
from coderooms.verbs.budget import MAX_TOKENS_DEFAULT, CursorArg, MaxTokensArg


class ViewItem(BaseModel):
    path: str = Field(description="Repo-relative path, as search and glob return it.")
    repo: str | None = Field(default=None, description="Repo id (needed when several have it).")
    start_line: int = Field(default=1, description="First line, 1-based.")
    end_line: int | None = Field(default=None, description="Last line, inclusive.")


@dataclass(frozen=True, slots=True)
class SearchArguments:
    """The arguments of `search`."""

    query: Annotated[str, Field(description="Text (literal mode) or RE2 regex to find.")]
    mode: Annotated[
        Mode,
        Field(
            description="literal: exact, case-sensitive text; regex: RE2 per line (linear "
            "time; no backreferences or lookarounds; \\w, \\d, \\b are ASCII); "
            "semantic: symbols nearest in meaning to a natural-language query (embeddings); "
            "answered lexically, with the reason, when no embeddings are available."
        ),
    ] = "literal"
    path_glob: Annotated[
        str | None,
        Field(
            description="Only files matching this gitignore-style pattern: `src/**/*.py`, "
            "`*.md` (no `/`: any depth), `/setup.py` (root only), `tests/` (under a dir)."
        ),
    ] = None
    language: Annotated[
        str | None, Field(description="Only files of this language (python, go, ...).")
    ] = None
    repo: RepoArg = None
    top_k: Annotated[
        int, Field(description=f"Most matching lines returned (1..{SEARCH_TOP_K_MAX}).")
    ] = SEARCH_TOP_K_DEFAULT
    context_lines: Annotated[
        int,
        Field(description=f"Lines shown before and after each hit (0..{CONTEXT_LINES_MAX})."),
    ] = CONTEXT_LINES_DEFAULT
    count_only: Annotated[
        bool, Field(description="Only count matching lines and files; return no lines.")
    ] = False
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class GlobArguments:
    """The arguments of `glob`."""

    pattern: Annotated[
        str,
        Field(
            description="gitignore-style path pattern: `src/**/*.py`, `*.toml` (any depth), "
            "`/README.md` (root only), `docs/` (everything under docs)."
        ),
    ]
    repo: RepoArg = None
    top_k: Annotated[int, Field(description=f"Most files returned (1..{GLOB_TOP_K_MAX}).")] = (
        GLOB_TOP_K_DEFAULT
    )
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class ViewArguments:
    """The arguments of `view`."""

    path: Annotated[str, Field(description="Repo-relative path, as search and glob return it.")]
    repo: RepoArg = None
    start_line: Annotated[int, Field(description="First line, 1-based.")] = 1
    end_line: Annotated[
        int | None,
        Field(description=f"Last line, inclusive; at most {VIEW_MAX_LINES} lines a call."),
    ] = None
    symbols: Annotated[bool, Field(description="Also list the symbols overlapping the range.")] = (
        False
    )
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class BatchViewArguments:
    """The arguments of `batch_view`."""

    items: Annotated[
        list[ViewItem],
        Field(description=f"Ranges to read, at most {BATCH_VIEW_MAX_ITEMS}."),
    ]
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
