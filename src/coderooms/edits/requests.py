"""The arguments of the edit verbs, each described for the tool listing: one file's edit
(`apply`, and each file of `apply_batch` as `FileEdit`), a staged one (`edit_preview`) and its
commit (`edit_commit`). Each gives the one `EditRequest` the write path takes (`edit`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from coderooms.edits.apply import MAX_BATCH_FILES, EditRequest
from coderooms.verbs.arguments import EditRepoArg

PathArg = Annotated[
    str,
    Field(
        description="File to write: relative to the repo root, or absolute under an ingested root."
    ),
]
ContentArg = Annotated[
    str | None, Field(description="The whole new file content (creates the file when missing).")
]
OldTextArg = Annotated[
    str | None,
    Field(description="Exact current text to replace; must occur exactly once in the file."),
]
NewTextArg = Annotated[str | None, Field(description="Text that replaces old_text.")]
ExpectedHashArg = Annotated[
    str | None,
    Field(
        description="BLAKE3 hex hash the file must still have (or 'absent'); "
        "the write is refused with source_modified otherwise."
    ),
]


class FileEdit(BaseModel):
    """One file of a batch: `content`, or `old_text` with `new_text`."""

    model_config = ConfigDict(extra="forbid")

    path: PathArg
    repo: EditRepoArg = None
    content: ContentArg = None
    old_text: OldTextArg = None
    new_text: NewTextArg = None
    expected_hash: ExpectedHashArg = None

    def edit(self, field_prefix: str = "") -> EditRequest:
        return EditRequest(
            self.path,
            self.repo,
            self.content,
            self.old_text,
            self.new_text,
            self.expected_hash,
            field_prefix=field_prefix,
        )


@dataclass(frozen=True, slots=True)
class ApplyRequest:
    """The arguments of `apply`."""

    path: PathArg
    repo: EditRepoArg = None
    content: ContentArg = None
    old_text: OldTextArg = None
    new_text: NewTextArg = None
    expected_hash: ExpectedHashArg = None

    def edit(self) -> EditRequest:
        return EditRequest(
            self.path, self.repo, self.content, self.old_text, self.new_text, self.expected_hash
        )


@dataclass(frozen=True, slots=True)
class BatchRequest:
    """The arguments of `apply_batch`."""

    edits: Annotated[
        list[FileEdit],
        Field(
            description=f"The files to write (1 to {MAX_BATCH_FILES}, each file once).",
        ),
    ]


@dataclass(frozen=True, slots=True)
class PreviewRequest:
    """The arguments of `edit_preview`: `apply`'s, but the expected hash (a preview records the
    file's hash itself)."""

    path: PathArg
    repo: EditRepoArg = None
    content: ContentArg = None
    old_text: OldTextArg = None
    new_text: NewTextArg = None

    def edit(self) -> EditRequest:
        return EditRequest(self.path, self.repo, self.content, self.old_text, self.new_text)


@dataclass(frozen=True, slots=True)
class CommitRequest:
    """The arguments of `edit_commit`."""

    preview_id: Annotated[str, Field(description="The id edit_preview returned.")]
    confirm: Annotated[bool, Field(description="Must be true: you reviewed the diff.")]
