"""The `repo` arguments several rooms' verbs share, defined once: which repos a call covers
(search and retrieval), and which repo a path argument is relative to (the context proof, the
edits). Their descriptions are what the calling model reads in the tool listing; the two
wordings are said once, in the server's instructions (`REPO_DOC`), not in every tool's schema."""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import Field

from coderooms.core.paths import BIDI_CONTROLS
from coderooms.errors import InvalidInput

REPO_DOC = "`repo` (a repo id) is needed only when several repos are ingested"
"""What every `repo` argument is, said once in the server's instructions."""
MAX_SYMBOL_CHARS = 4_096
"""Longest `symbol` argument accepted (impact, view)."""

RepoArg = Annotated[str | None, Field()]
"""The `repo` argument of the search and retrieval verbs: the repos a call covers."""

PathRepoArg = Annotated[str | None, Field()]
"""The `repo` argument of `surgical_context` and `surgical_context_v2`: the repo of `path`."""

EditRepoArg = Annotated[
    str | None,
    Field(description="Repo id the path is relative to (needed when several repos are ingested)."),
]
"""The `repo` argument of the edit verbs (and of each file of `apply_batch`): the repo of
`path`."""


def check_symbol_text(value: object) -> str:
    """A `symbol` argument (impact, view): a non-empty string, bounded, with no control,
    surrogate or bidirectional-override character; stripped."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput("symbol must be a non-empty string", field="symbol")
    if len(value) > MAX_SYMBOL_CHARS:
        raise InvalidInput(f"symbol is longer than {MAX_SYMBOL_CHARS} characters", field="symbol")
    if any(unicodedata.category(ch) in {"Cc", "Cs"} or ch in BIDI_CONTROLS for ch in value):
        raise InvalidInput(
            "symbol contains a control, surrogate or bidirectional-override character",
            field="symbol",
        )
    return value.strip()
