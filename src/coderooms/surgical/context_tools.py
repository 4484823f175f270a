"""The MCP verbs `surgical_context` and `surgical_context_v2` (both read-only: they never ingest
or change the code graph; v2 records a proof mark in the session store when it proves a file
ready to edit). Their logic and request models are `file_context`'s; each adapter passes the
graph and settings."""

from __future__ import annotations

from typing import Any

from coderooms.graph.driver import Graph
from coderooms.notes import notes_line
from coderooms.surgical.file_context import ContextRequest, ProofRequest, describe, prove
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import READS, Effect, Writes
from coderooms.verbs.spec import ToolSpec


def surgical_context(ctx: AppContext, agent: str, request: ContextRequest) -> dict[str, Any]:
    """Everything around one file before you edit it: its symbols and its graph neighbours.

    Returns, each row one string: the file's `symbols` (`start-end kind qualname:
    signature`); `callers` (`path:line caller -> called`: symbols in other files calling
    its symbols); `callees` (`caller:line -> path::callee`: what its symbols call in other
    files) and `ghosts` (`name calls`: calls that resolve to nothing in the
    repo, the language's builtins left out and counted in `builtin_edges`); `imports`
    (`path:line`, and the unresolved modules) and `importers`; `tests` (test files calling
    it or importing it, by path convention: docs/surgical-context.md); `co_changes` (`path
    weight`: files changed in the same commits, code before docs and changelogs).
    `completeness`: call sites named like its symbols whose receivers the graph could not
    prove (`lower_bound: true`: callers and tests may be missing; its hint says how to find
    them). `disk` says whether the file on disk still has the graph's BLAKE3 `hash`
    (same/differs/missing). Every list has `total`; a cut one (at its page, the symbols
    also at max_tokens) has `more` and `next_cursor`: that call answers that list alone.
    Unknown path or symbol: not_found; outside every ingested root: forbidden. To prove the
    file ready for a gated edit use surgical_context_v2.
    """
    graph = ctx.graph()
    return with_notes(graph, describe(graph, ctx.settings, request))


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
