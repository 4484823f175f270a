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
    SEARCH_TOP_K_DEFAULT,
    SEMANTIC_TOP_K_DEFAULT,
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

    query: Annotated[str, Field(description="Text, or an RE2 regex.")]
    mode: Annotated[
        Mode,
        Field(description="regex: RE2; semantic: symbols by meaning."),
    ] = "literal"
    path_glob: Annotated[
        str | None,
        Field(description="gitignore-style."),
    ] = None
    language: Annotated[str | None, Field()] = None
    repo: RepoArg = None
    top_k: Annotated[
        int | None,
        Field(
            description=f"Hits a page (default {SEARCH_TOP_K_DEFAULT}, semantic "
            f"{SEMANTIC_TOP_K_DEFAULT})."
        ),
    ] = None
    context_lines: Annotated[
        int,
        Field(description=f"0..{CONTEXT_LINES_MAX}"),
    ] = CONTEXT_LINES_DEFAULT
    count_only: Annotated[bool, Field()] = False
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class GlobArguments:
    """The arguments of `glob`."""

    pattern: Annotated[
        str,
        Field(description="gitignore-style: `src/**/*.py`, `*.toml`, `docs/`."),
    ]
    repo: RepoArg = None
    top_k: Annotated[int, Field()] = GLOB_TOP_K_DEFAULT
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class ViewArguments:
    """The arguments of `view`."""

    path: Annotated[str | None, Field()] = None
    symbol: Annotated[str | None, Field(description="Or a name, qualname or id.")] = None
    repo: RepoArg = None
    start_line: Annotated[int, Field()] = 1
    end_line: Annotated[int | None, Field()] = None
    symbols: Annotated[bool, Field(description="Also the symbols in the range.")] = False
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
