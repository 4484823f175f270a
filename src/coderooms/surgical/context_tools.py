"""The MCP verbs `surgical_context` and `surgical_context_v2` (both read-only: they never ingest
or change the code graph; v2 records a proof mark in the session store when it proves a file
ready to edit). Their logic and request models are `file_context`'s; each adapter passes the
graph and settings."""

from __future__ import annotations

from typing import Any

from coderooms.graph.driver import Graph
from coderooms.notes import notes_line
from coderooms.surgical.file_context import (
    ContextRequest,
    ProofRequest,
    describe,
    prove,
    said_once,
)
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import READS, Effect, Writes
from coderooms.verbs.spec import ToolSpec


def surgical_context(ctx: AppContext, agent: str, request: ContextRequest) -> dict[str, Any]:
    """One file's neighbours: who uses it, imports both ways, tests, co-changes; `sections`.

    `sections` chooses the lists (default users, tests, co_changes), each
    row one string: `users` (files outside the tests calling or importing it: `path: N calls
    (callers)` or `path: imports`); `imports` (`path:line` of repo files, `external` modules
    outside the repo, `unresolved` ones of the repo) and `importers`; `tests` (test files
    calling or importing it, by path convention, the same rows); `co_changes` (from the file's
    own git history: `path weight` by kind, code / tests / docs, heaviest first, ties at the
    cut kept or counted; `commits` read); `symbols` (`start-end signature`), `callers`
    (`path:line caller -> called`), `callees` (`caller:line -> path::callee`), `ghosts`
    (unresolved call names). `completeness` when callers may be missing (`lower_bound: true`,
    with the search that finds them). `path` only when the call named the file otherwise (a
    symbol id, an absolute path). `disk` only when the file on disk is not the graph's;
    `hash` where edit verbs are served. A list given whole is its rows; a cut one `items`
    with `more` and `next_cursor` (that list alone). Unknown path: not_found; outside every
    ingested root: forbidden.
    """
    graph = ctx.graph()
    answer = describe(graph, ctx.settings, request, hashes=ctx.edits_served)
    return said_once(request, with_notes(graph, answer))  # the notes found by the path


def surgical_context_v2(ctx: AppContext, agent: str, request: ProofRequest) -> dict[str, Any]:
    """Prove a file ready to edit: its context, its most connected files, and a proof state.

    `proof_state` is one of: `blocked` (no graph file answers: see `recovery_playbook`),
    `proving` (the file on disk differs from the graph, or is missing: ingest first),
    `triaging` (parse problems, mostly unresolved calls, or more caller files than
    `max_connected`: view the files listed, then call again with acknowledge_partial=true;
    or unresolved call sites named like its symbols, so its callers are a lower bound:
    search them, then call again with acknowledge_unresolved=true), `ready_to_edit` (fresh
    and complete). `next_suggested_tool` and its arguments say what to do next. Only at
    ready_to_edit is a proof mark recorded, for this file only, at its current hash: with
    the proof gate on, apply/edit_commit on it are then admitted until it changes or the
    mark expires (`proof_mark.expires_at`). `connected_files` ranks
    files by calls both ways, imports, tests and co-changes, each with `why` and its symbols
    most involved with this file. Also returns everything surgical_context returns, in its
    rows, its symbols cut to what max_tokens leaves; a `cursor` call answers that list
    alone (no proof state, no mark).
    """
    graph = ctx.graph()
    return with_notes(graph, prove(graph, ctx.settings, agent, request))


def with_notes(graph: Graph, answer: dict[str, Any]) -> dict[str, Any]:
    """The answer, with the notes anchored to its file or its symbols when there are some."""
    repo, path = answer.get("repo"), answer.get("path")
    if repo and path:
        noted = notes_line(graph, [repo], files=[f"{repo}:{path}"])
        if noted:
            answer["notes"] = noted
    return answer


VERBS = (
    Verb(surgical_context, ContextRequest, READS),
    Verb(surgical_context_v2, ProofRequest, Effect(Writes.SESSION_STATE)),
)


def surgical_context_tools(ctx: AppContext) -> list[ToolSpec]:
    return [verb.spec(ctx) for verb in VERBS]
