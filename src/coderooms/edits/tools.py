"""The MCP verbs of safe edits: `apply`, `apply_batch`, `edit_preview`, `edit_commit`."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from coderooms.arguments import EditRepoArg
from coderooms.context import AppContext
from coderooms.core.hashing import HASH_ALGORITHM
from coderooms.edits import apply as writes
from coderooms.edits.apply import MAX_BATCH_FILES, EditRequest
from coderooms.edits.diffs import line_diff
from coderooms.edits.errors import SourceModified
from coderooms.edits.previews import (
    PREVIEW_TTL_S,
    load_preview,
    restore_preview,
    store_preview,
    take_preview,
)
from coderooms.effects import Effect, Writes
from coderooms.errors import Conflict, InvalidInput
from coderooms.tooling import ToolSpec

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


def surgical_tools(ctx: AppContext) -> list[ToolSpec]:
    def apply(
        agent_id: str,
        path: PathArg,
        repo: EditRepoArg = None,
        content: ContentArg = None,
        old_text: OldTextArg = None,
        new_text: NewTextArg = None,
        expected_hash: ExpectedHashArg = None,
    ) -> dict[str, Any]:
        """Write one file now, atomically, and update the code graph at once.

        Give either `content` (the whole new file) or `old_text` + `new_text` (an exact,
        unique replacement). The path must lie under an ingested repo root; `.git/` and
        coderooms state are refused. Returns the line diff (added/removed counts and a unified
        diff), old and new BLAKE3 hashes, and the file's symbol ids after the write (added and
        removed ones too). With the proof gate on, the file needs a current proof mark.
        """
        agent = ctx.agent(agent_id)
        request = EditRequest(path, repo, content, old_text, new_text, expected_hash)
        return writes.execute(ctx.graph(), ctx.settings, agent, [request])

    def apply_batch(
        agent_id: str,
        edits: Annotated[
            list[FileEdit],
            Field(
                description=f"The files to write (1 to {MAX_BATCH_FILES}, each file once).",
            ),
        ],
    ) -> dict[str, Any]:
        """Write several files all-or-nothing, then update the graph in one transaction.

        Every target and every expected hash is checked before anything is written; then all
        files are written, and a failure restores every file already written. Each entry is
        like `apply`'s arguments. Returns one result per file (diff, hashes, symbol ids).
        """
        agent = ctx.agent(agent_id)
        if not edits:
            raise InvalidInput("edits is empty", field="edits")
        if len(edits) > MAX_BATCH_FILES:
            raise InvalidInput(f"at most {MAX_BATCH_FILES} files per batch", field="edits")
        requests = [
            EditRequest(e.path, e.repo, e.content, e.old_text, e.new_text, e.expected_hash,
                        field_prefix=f"edits[{i}].")
            for i, e in enumerate(edits)
        ]  # fmt: skip
        return writes.execute(ctx.graph(), ctx.settings, agent, requests)

    def edit_preview(
        agent_id: str,
        path: PathArg,
        repo: EditRepoArg = None,
        content: ContentArg = None,
        old_text: OldTextArg = None,
        new_text: NewTextArg = None,
    ) -> dict[str, Any]:
        """Stage an edit without writing: returns a `preview_id` and the diff it would make.

        Same edit forms as `apply`. The preview remembers the file's current BLAKE3 hash and
        lives 5 minutes; commit it with `edit_commit(preview_id, confirm=true)`. Only you can
        commit it, and only while the file is unchanged.
        """
        agent = ctx.agent(agent_id)
        graph = ctx.graph()
        request = EditRequest(path, repo, content, old_text, new_text)
        (target,) = writes.resolve_requests(graph, ctx.settings, [request])
        plan = writes.plan_edit(target, request)
        preview = store_preview(
            graph, agent, target.repo, target.relative, plan.old_hash, plan.new_hash,
            plan.new_text,
        )  # fmt: skip
        return {
            "preview_id": preview.id,
            "repo": target.repo,
            "path": target.relative,
            "source_hash": plan.old_hash,
            "new_hash": plan.new_hash,
            "hash_algorithm": HASH_ALGORITHM,
            "diff": line_diff(plan.old_text, plan.new_text, target.relative).as_dict(),
            "expires_in_s": PREVIEW_TTL_S,
        }

    def edit_commit(
        agent_id: str,
        preview_id: Annotated[str, Field(description="The id edit_preview returned.")],
        confirm: Annotated[bool, Field(description="Must be true: you reviewed the diff.")],
    ) -> dict[str, Any]:
        """Write a staged preview to disk (atomically) and update the graph.

        Refused unless `confirm` is true, you staged the preview, it has not expired, and the
        file still has the hash it had at preview time (else `source_modified`: preview again).
        Returns the same result as `apply`.
        """
        agent = ctx.agent(agent_id)
        graph = ctx.graph()
        if confirm is not True:
            raise InvalidInput(
                "confirm must be true", field="confirm", hint="review the diff, then confirm"
            )
        preview = load_preview(graph, preview_id, agent)
        request = EditRequest(
            preview.path, preview.repo, content=preview.content,
            expected_hash=preview.source_hash,
        )  # fmt: skip
        # taken before the write, so that of two calls committing one preview (two processes
        # of one agent) exactly one writes; given back if the write is refused before it happens
        if not take_preview(graph, preview):
            raise Conflict(
                f"preview {preview.id!r} was committed by another call meanwhile",
                field="preview_id",
                hint="view the file to see the committed edit",
            )
        try:
            result = writes.execute(graph, ctx.settings, agent, [request])
        except SourceModified:
            raise  # it can never apply now: stays consumed
        except Exception:
            restore_preview(graph, preview)
            raise
        return {"preview_id": preview.id, **result}

    return [
        ToolSpec(apply, Effect(Writes.FILES)),
        ToolSpec(apply_batch, Effect(Writes.FILES)),
        ToolSpec(edit_preview, Effect(Writes.SESSION_STATE)),
        ToolSpec(edit_commit, Effect(Writes.FILES)),
    ]
