"""The arguments of the note verbs, each described for the tool listing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from pydantic import Field

from coderooms.notes.limits import (
    LIST_LIMIT_DEFAULT,
    LIST_LIMIT_MAX,
    MAX_ANCHORS_PER_NOTE,
    MAX_EXPIRY_S,
    MAX_IDS_PER_CALL,
    MAX_NOTE_CHARS,
    MIN_EXPIRY_S,
    NOTE_KINDS,
)
from coderooms.notes.staleness import NOTE_STATES
from coderooms.verbs.budget import MAX_TOKENS_DEFAULT, CursorArg, MaxTokensArg

KindArg = Annotated[str, Field(description=f"{', '.join(NOTE_KINDS)}.")]
ExpiryArg = Annotated[
    int | None,
    Field(
        description=f"Seconds until the note expires ({MIN_EXPIRY_S}..{MAX_EXPIRY_S}); "
        "a lease needs one."
    ),
]
RepoArg = Annotated[str | None, Field(description="Repo id (needed when several hold an anchor).")]


@dataclass(frozen=True, slots=True)
class NoteRequest:
    """The arguments of `note`."""

    anchors: Annotated[
        list[str],
        Field(
            description=f"What the note is about (1..{MAX_ANCHORS_PER_NOTE}, one repo): symbol "
            "ids, qualnames, file paths, or the repo id."
        ),
    ]
    text: Annotated[str, Field(description=f"The note (at most {MAX_NOTE_CHARS} characters).")]
    kind: KindArg = "fact"
    repo: RepoArg = None
    expires_in_s: ExpiryArg = None


@dataclass(frozen=True, slots=True)
class NotesRequest:
    """The arguments of `notes`."""

    anchor: Annotated[
        str | None, Field(description="Only notes on this symbol, file (and its symbols) or repo.")
    ] = None
    repo: RepoArg = None
    kind: Annotated[str | None, Field(description=f"{', '.join(NOTE_KINDS)}.")] = None
    author: Annotated[str | None, Field(description="Only notes this agent_id wrote.")] = None
    query: Annotated[str | None, Field(description="Text the note contains (any case).")] = None
    state: Annotated[str | None, Field(description=f"{', '.join(NOTE_STATES)}.")] = None
    limit: Annotated[int, Field(description=f"Most notes returned (1..{LIST_LIMIT_MAX}).")] = (
        LIST_LIMIT_DEFAULT
    )
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class NoteUpdateRequest:
    """The arguments of `note_update`."""

    note_id: Annotated[str, Field(description="The note's id.")]
    text: Annotated[str | None, Field(description="The new text.")] = None
    kind: Annotated[str | None, Field(description=f"{', '.join(NOTE_KINDS)}.")] = None
    expires_in_s: ExpiryArg = None
    confirm: Annotated[
        bool,
        Field(description="The note holds for the code as it is now: its anchors fresh again."),
    ] = False


@dataclass(frozen=True, slots=True)
class NoteDeleteRequest:
    """The arguments of `note_delete`."""

    note_ids: Annotated[list[str], Field(description=f"Note ids (at most {MAX_IDS_PER_CALL}).")] = (
        field(default_factory=list)
    )
