"""The MCP verbs `surgical_context` and `surgical_context_v2` (both read-only: they never ingest
or change the code graph; v2 records a proof mark in the session store when it proves a file
ready to edit)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import Field

from coderooms.budget import (
    MAX_TOKENS_DEFAULT,
    MAX_TOKENS_MIN,
    CursorArg,
    MaxTokensArg,
    clamp_max_tokens,
    cursor_parts,
    tokens_of,
)
from coderooms.context import AppContext
from coderooms.core.clamps import Clamps
from coderooms.core.clock import now_ms
from coderooms.core.hashing import HASH_ALGORITHM
from coderooms.core.paths import Target
from coderooms.effects import READS, Effect, Writes
from coderooms.errors import InvalidInput
from coderooms.surgical import context_limits as limits
from coderooms.surgical.compact import LISTS, compact_context, context_question
from coderooms.surgical.context import (
    FIRST_PAGE,
    Window,
    clamp_text_lines,
    context_answer,
    gather,
    read_disk,
)
from coderooms.surgical.locate import Located, Unlocated, not_in_graph, resolve
from coderooms.surgical.proof import PROOF_TTL_S, mark_proof_ready
from coderooms.surgical.proof_state import READY_TO_EDIT, blocked, decide
from coderooms.tooling import ToolSpec

PathArg = Annotated[
    str | None,
    Field(
        description="The file: repo-relative (as glob and search return it) or absolute under "
        "an ingested root. Give path or symbol_id."
    ),
]
RepoArg = Annotated[
    str | None, Field(description="Repo id (needed when several ingested repos hold the path).")
]
SymbolArg = Annotated[
    str | None,
    Field(description="A symbol id (`repo:path::Qual.name`); its file is the one described."),
]
IncludeTextArg = Annotated[
    bool, Field(description="Also return the file's text as it is on disk (bounded).")
]
TextLinesArg = Annotated[
    int | None,
    Field(
        description=f"Most lines of text returned ({limits.TEXT_LINES_MIN}.."
        f"{limits.TEXT_LINES_MAX}, default {limits.TEXT_LINES_DEFAULT})."
    ),
]


def surgical_context_tools(ctx: AppContext) -> list[ToolSpec]:
    def surgical_context(
        agent_id: str,
        path: PathArg = None,
        repo: RepoArg = None,
        symbol_id: SymbolArg = None,
        include_text: IncludeTextArg = False,
        max_text_lines: TextLinesArg = None,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
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
        ctx.agent(agent_id)
        graph = ctx.graph()
        where = resolve(graph, ctx.settings, path=path, repo=repo, symbol_id=symbol_id)
        if isinstance(where, Unlocated):
            raise where.error()
        clamps = Clamps()
        budget = clamp_max_tokens(clamps, max_tokens)
        window = _window(cursor)
        text_lines = clamp_text_lines(clamps, max_text_lines) if include_text else None
        hood = gather(graph, where, window=window)
        if hood is None:
            raise not_in_graph(where).error()
        located = Located(where, hood.file)
        disk = read_disk(where, hood.file["hash"])
        raw = context_answer(
            located, disk, hood, text_lines=text_lines, clamps=clamps, window=window
        )
        return compact_context(raw, window=_checked(raw, cursor), max_tokens=budget)

    def surgical_context_v2(
        agent_id: str,
        path: PathArg = None,
        repo: RepoArg = None,
        symbol_id: SymbolArg = None,
        max_connected: Annotated[
            int,
            Field(
                description="Most connected files returned, strongest connection first "
                f"({limits.CONNECTED_FILES_MIN}..{limits.CONNECTED_FILES_MAX})."
            ),
        ] = limits.CONNECTED_FILES_DEFAULT,
        acknowledge_partial: Annotated[
            bool,
            Field(
                description="Set after viewing the files a `triaging` answer listed: the partial "
                "signal is accepted and the file can be proved ready_to_edit."
            ),
        ] = False,
        acknowledge_unresolved: Annotated[
            bool,
            Field(
                description="Set after searching the call sites `completeness` names (receivers "
                "the graph could not prove): the callers are accepted as a lower bound."
            ),
        ] = False,
        include_text: IncludeTextArg = False,
        max_text_lines: TextLinesArg = None,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
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
        agent = ctx.agent(agent_id)
        graph = ctx.graph()
        clamps = Clamps()
        budget = clamp_max_tokens(clamps, max_tokens)
        window = _window(cursor)
        cap = clamps.clamp(
            "max_connected", max_connected, limits.CONNECTED_FILES_MIN, limits.CONNECTED_FILES_MAX
        )
        text_lines = clamp_text_lines(clamps, max_text_lines) if include_text else None
        where = resolve(graph, ctx.settings, path=path, repo=repo, symbol_id=symbol_id)
        hood = (
            gather(graph, where, connected_cap=cap, window=window)
            if isinstance(where, Target)
            else None
        )
        if hood is None or isinstance(where, Unlocated):
            unlocated = where if isinstance(where, Unlocated) else not_in_graph(where)
            return {
                "repo": unlocated.repo,
                "path": unlocated.path,
                **blocked(unlocated).as_dict(),
                "proof_mark": {"recorded": False, "reason": "the proof state is blocked"},
                "clamped": clamps.as_dict(),
            }
        located = Located(where, hood.file)
        disk = read_disk(where, hood.file["hash"])
        if window.part:  # a page of one list: no proof decided, no mark recorded
            raw = context_answer(located, disk, hood, text_lines=None, clamps=clamps, window=window)
            return compact_context(raw, window=_checked(raw, cursor), max_tokens=budget)
        decision = decide(
            located, disk, hood, connected_cap=cap, acknowledge_partial=acknowledge_partial,
            acknowledge_unresolved=acknowledge_unresolved,
        )  # fmt: skip
        raw = context_answer(located, disk, hood, text_lines=text_lines, clamps=clamps)
        answer: dict[str, Any] = decision.as_dict()
        answer["connected_files"] = {
            "items": [c.as_dict(hood.relevant.get(c.id, [])) for c in hood.connected],
            "total": hood.connected_total,
            "truncated": hood.connected_total > len(hood.connected),
            "cap": cap,
        }
        if decision.state != READY_TO_EDIT:
            answer["proof_mark"] = {
                "recorded": False,
                "reason": f"the proof state is {decision.state}",
            }
        elif ctx.settings.read_only:
            answer["proof_mark"] = {
                "recorded": False,
                "reason": "this server is read-only: no edit can follow, so no mark is recorded",
            }
        else:
            answer["proof_mark"] = _mark(ctx, agent, where, str(disk.hash))
        left = max(budget - tokens_of(answer), MAX_TOKENS_MIN)
        _checked(raw, cursor)
        return {**compact_context(raw, max_tokens=left), **answer}

    def _window(cursor: str | None) -> Window:
        """The list and offset a cursor names, read before the graph is (its digest is
        checked once the file's hash is known: `_checked`)."""
        if cursor is None:
            return FIRST_PAGE
        part, offset = cursor_parts(cursor)
        if part not in LISTS:
            raise InvalidInput(
                f"cursor {str(cursor)[:80]!r} is not a next_cursor of surgical_context",
                field="cursor",
                hint="pass the next_cursor of one of this file's lists, or no cursor",
            )
        return Window(part, offset)

    def _checked(raw: dict[str, Any], cursor: str | None) -> Window:
        part, offset = context_question(raw).read(cursor, ("", *LISTS))
        return Window(part, offset)

    def _mark(ctx: AppContext, agent: str, target: Target, digest: str) -> dict[str, Any]:
        # read before marking: the mark's own expiry is at or just after this one
        expires_ms = now_ms() + PROOF_TTL_S * 1000
        mark = mark_proof_ready(ctx.graph(), agent, target.repo, target.relative, digest)
        return {
            "recorded": True,
            "id": mark,
            "path": target.relative,
            "repo": target.repo,
            "content_hash": digest,
            "hash_algorithm": HASH_ALGORITHM,
            "expires_at": datetime.fromtimestamp(expires_ms / 1000, UTC).isoformat(),
            "ttl_s": PROOF_TTL_S,
            "gate_on": ctx.settings.proof_gate,
        }

    return [
        ToolSpec(surgical_context, READS),
        ToolSpec(surgical_context_v2, Effect(Writes.SESSION_STATE)),
    ]
