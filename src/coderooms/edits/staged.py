"""Staged edits: `edit_preview` plans an edit and keeps it in the session store (`previews`)
without writing; `edit_commit` writes a kept one through the one write path, once."""

from __future__ import annotations

from typing import Any

from coderooms.config import Settings
from coderooms.core.hashing import HASH_ALGORITHM
from coderooms.edits import apply as writes
from coderooms.edits.apply import EditRequest
from coderooms.edits.diffs import line_diff
from coderooms.edits.errors import SourceModified
from coderooms.edits.previews import (
    PREVIEW_TTL_S,
    load_preview,
    restore_preview,
    store_preview,
    take_preview,
)
from coderooms.edits.requests import CommitRequest, PreviewRequest
from coderooms.errors import Conflict, InvalidInput
from coderooms.graph.driver import Graph
from coderooms.verbs.quotas import ServerQuota


def preview_edit(
    graph: Graph,
    settings: Settings,
    agent: str,
    request: PreviewRequest,
    *,
    quota: ServerQuota | None = None,
) -> dict[str, Any]:
    """Stage the edit as a preview (`quota`: the server's cap over every agent)."""
    edit = request.edit()
    (target,) = writes.resolve_requests(graph, settings, [edit])
    plan = writes.plan_edit(target, edit)
    preview = store_preview(
        graph,
        agent,
        target.repo,
        target.relative,
        plan.old_hash,
        plan.new_hash,
        plan.new_text,
        quota=quota,
    )
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


def commit_preview(
    graph: Graph, settings: Settings, agent: str, request: CommitRequest
) -> dict[str, Any]:
    if request.confirm is not True:
        raise InvalidInput(
            "confirm must be true", field="confirm", hint="review the diff, then confirm"
        )
    preview = load_preview(graph, request.preview_id, agent)
    edit = EditRequest(
        preview.path, preview.repo, content=preview.content, expected_hash=preview.source_hash
    )
    # taken before the write, so that of two calls committing one preview (two processes of
    # one agent) exactly one writes; given back if the write is refused before it happens
    if not take_preview(graph, preview):
        raise Conflict(
            f"preview {preview.id!r} was committed by another call meanwhile",
            field="preview_id",
            hint="view the file to see the committed edit",
        )
    try:
        result = writes.execute(graph, settings, agent, [edit])
    except SourceModified:
        raise  # it can never apply now: stays consumed
    except Exception:
        restore_preview(graph, preview)
        raise
    return {"preview_id": preview.id, **result}
