"""The MCP verbs of safe edits: `apply`, `apply_batch`, `edit_preview`, `edit_commit`. Their
arguments are `requests`' models; a write goes through `apply.execute`, a staged one through
`staged`."""

from __future__ import annotations

from typing import Any

from coderooms.edits import apply as writes
from coderooms.edits.apply import MAX_BATCH_FILES
from coderooms.edits.requests import ApplyRequest, BatchRequest, CommitRequest, PreviewRequest
from coderooms.edits.staged import commit_preview, preview_edit
from coderooms.errors import InvalidInput
from coderooms.verbs.changes import GraphChange
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import Effect, Writes
from coderooms.verbs.spec import ToolSpec


def apply(ctx: AppContext, agent: str, request: ApplyRequest) -> dict[str, Any]:
    """Write one file now, atomically, and update the code graph at once.

    Give either `content` (the whole new file) or `old_text` + `new_text` (an exact,
    unique replacement). The path must lie under an ingested repo root; `.git/` and
    coderooms state are refused. Returns the line diff (added/removed counts and a unified
    diff), old and new BLAKE3 hashes, and the file's symbol ids after the write (added and
    removed ones too). With the proof gate on, the file needs a current proof mark.
    """
    return told(ctx, "apply", agent, writes.execute(ctx.graph(), ctx.settings, agent,
                                                   [request.edit()]))  # fmt: skip


def apply_batch(ctx: AppContext, agent: str, request: BatchRequest) -> dict[str, Any]:
    """Write several files all-or-nothing, then update the graph in one transaction.

    Every target and every expected hash is checked before anything is written; then all
    files are written, and a failure restores every file already written. Each entry is
    like `apply`'s arguments. Returns one result per file (diff, hashes, symbol ids).
    """
    if not request.edits:
        raise InvalidInput("edits is empty", field="edits")
    if len(request.edits) > MAX_BATCH_FILES:
        raise InvalidInput(f"at most {MAX_BATCH_FILES} files per batch", field="edits")
    edits = [e.edit(field_prefix=f"edits[{i}].") for i, e in enumerate(request.edits)]
    return told(ctx, "apply_batch", agent, writes.execute(ctx.graph(), ctx.settings, agent, edits))


def edit_preview(ctx: AppContext, agent: str, request: PreviewRequest) -> dict[str, Any]:
    """Stage an edit without writing: returns a `preview_id` and the diff it would make.

    Same edit forms as `apply`. The preview remembers the file's current BLAKE3 hash and
    lives 5 minutes; commit it with `edit_commit(preview_id, confirm=true)`. Only you can
    commit it, and only while the file is unchanged.
    """
    return preview_edit(ctx.graph(), ctx.settings, agent, request, quota=ctx.quotas.previews)


def edit_commit(ctx: AppContext, agent: str, request: CommitRequest) -> dict[str, Any]:
    """Write a staged preview to disk (atomically) and update the graph.

    Refused unless `confirm` is true, you staged the preview, it has not expired, and the
    file still has the hash it had at preview time (else `source_modified`: preview again).
    Returns the same result as `apply`.
    """
    return told(ctx, "edit_commit", agent,
                commit_preview(ctx.graph(), ctx.settings, agent, request))  # fmt: skip


def told(ctx: AppContext, verb: str, agent: str, answer: dict[str, Any]) -> dict[str, Any]:
    """`answer`, once the server is told which files of which repos it wrote (the notes
    anchored there turn stale: `server.py` wires the observers)."""
    if answer.get("graph", {}).get("updated"):
        written: dict[str, list[str]] = {}
        for file in answer.get("files", []):
            if file.get("changed"):
                written.setdefault(file["repo"], []).append(file["path"])
        for repo, paths in sorted(written.items()):
            change = GraphChange(repo, tuple(paths), "edit", f"{verb} by {agent}")
            ctx.graph_changed(ctx.graph(), change)
    return answer


VERBS = (
    Verb(apply, ApplyRequest, Effect(Writes.FILES)),
    Verb(apply_batch, BatchRequest, Effect(Writes.FILES)),
    Verb(edit_preview, PreviewRequest, Effect(Writes.SESSION_STATE)),
    Verb(edit_commit, CommitRequest, Effect(Writes.FILES)),
)


def surgical_tools(ctx: AppContext) -> list[ToolSpec]:
    return [verb.spec(ctx) for verb in VERBS]
