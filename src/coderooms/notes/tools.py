"""The MCP verbs of notes: `note` (write one), `notes` (list and search), `note_update` (change
one, or confirm it holds for the code as it is now), `note_delete`. Listed in the `memory`
preset. Writing, changing and deleting notes write the session store (`session_state`); `notes`
writes nothing (it computes states, it never records them)."""

from __future__ import annotations

from typing import Any

from coderooms.core.clamps import Clamps
from coderooms.core.clock import now_ms
from coderooms.errors import Conflict, InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.notes import limits, store
from coderooms.notes.anchors import REPO, resolve_anchors
from coderooms.notes.reading import seen
from coderooms.notes.requests import (
    NoteDeleteRequest,
    NoteRequest,
    NotesRequest,
    NoteUpdateRequest,
)
from coderooms.notes.staleness import NOTE_STATES, current_digests
from coderooms.verbs.budget import Question, clamp_max_tokens, fit, room
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import READS, Effect, Writes
from coderooms.verbs.quotas import QuotaFull
from coderooms.verbs.spec import ToolSpec


def note(ctx: AppContext, agent: str, r: NoteRequest) -> dict[str, Any]:
    """Write a note every agent will see on the code it is about: a fact, a decision, a
    warning, or a lease (a claim until it expires).

    Anchors name symbols, files or the repo. `surgical_context`, `impact` and `view` of what
    it is anchored to show it in their `notes` line; when its code changes (an edit, the
    watcher, a checkout) it turns `stale` (or `gone` when its code disappears) and you get a
    `note_stale` alert. A lease on code another agent holds a live lease on is refused
    (`conflict`, naming the holder). Returns the note."""
    graph = ctx.graph()
    readable = ctx.readable(graph)
    kind = _kind(r.kind)
    text = _text(r.text)
    at = now_ms()
    expires = _expiry(r.expires_in_s, required=kind == "lease", at=at)
    anchors = resolve_anchors(graph, r.anchors, r.repo, readable)
    repo = anchors[0].repo
    store.delete_expired(graph, repo, at)
    if kind == "lease":
        held = store.leases_held(graph, [a.target for a in anchors], agent, at)
        if held:
            first = held[0]
            raise Conflict(
                f"{first['author']} holds a lease on {first['label']} until "
                f"{first['expires_ms']} (ms since the epoch; note {first['id']})",
                field="anchors",
                hint="read it with notes, wait for it to expire, or talk to its holder",
            )
    if store.live_count(graph, repo, at) >= limits.MAX_NOTES_PER_REPO:
        raise QuotaFull(
            f"repo {repo} holds {limits.MAX_NOTES_PER_REPO} live notes, the most it keeps",
            hint="delete notes that no longer hold (note_delete); notes never vanish to make room",
        )
    digests = current_digests(graph, [a.key for a in anchors])
    note_id = store.new_note_id()

    def still_held(ids: list[str]) -> set[str]:
        return store.existing_ids(graph, ids)

    with ctx.quotas.notes.admit(note_id, len(text.encode()), still_held):
        store.create_note(
            graph,
            note_id=note_id,
            repo=repo,
            kind=kind,
            text=text,
            author=agent,
            now_ms=at,
            expires_ms=expires,
            anchors=[(a, digests[a.key]) for a in anchors],
        )
    return {"note": _one(graph, note_id, readable, at)}


def notes(ctx: AppContext, agent: str, r: NotesRequest) -> dict[str, Any]:
    """List notes, newest first: on a symbol, a file (with its symbols) or a repo, by kind,
    author, text or state.

    Each note: `id`, `kind`, `author`, `text`, `on` (its anchors; a changed or gone one says
    so, and which change did it when one was recorded), `state` (fresh, stale, gone: computed
    from the code now), `expires_in_s` for one that expires. Expired notes are not listed.
    Cut to limit and max_tokens; `next_cursor` goes on."""
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    page = clamps.clamp("limit", r.limit, 1, limits.LIST_LIMIT_MAX)
    question = Question.of(
        "notes",
        anchor=r.anchor,
        repo=r.repo,
        kind=r.kind,
        author=r.author,
        query=r.query,
        state=r.state,
    )
    _, offset = question.read(r.cursor)
    if r.kind is not None:
        _kind(r.kind)
    if r.state is not None and r.state not in NOTE_STATES:
        raise InvalidInput(f"state must be one of {', '.join(NOTE_STATES)}", field="state")
    if r.query is not None and not 0 < len(r.query) <= limits.MAX_QUERY_CHARS:
        raise InvalidInput(f"query is 1..{limits.MAX_QUERY_CHARS} characters", field="query")
    graph = ctx.graph()
    readable = ctx.readable(graph)
    repos, targets = _scope(graph, r, readable)
    at = now_ms()
    filters = {
        "repos": repos,
        "targets": targets,
        "kind": r.kind,
        "author": r.author,
        "query": r.query.lower() if r.query else None,
        "now": at,
    }
    if r.state is None:
        found, _ = seen(graph, store.list_notes(graph, **filters, offset=offset, limit=page + 1))
    else:
        scanned, _ = seen(
            graph, store.list_notes(graph, **filters, offset=0, limit=limits.MAX_STATE_SCAN)
        )
        found = [s for s in scanned if s.state == r.state][offset : offset + page + 1]
    rows = [s.answer(at) for s in found]
    answer: dict[str, Any] = {"count": 0}
    if clamps.changes:
        answer["clamped"] = clamps.as_dict()
    fitted = fit(rows[:page], room(budget, answer))
    answer["notes"] = rows[: fitted.shown]
    answer["count"] = fitted.shown
    if offset:
        answer["offset"] = offset
    if len(rows) > fitted.shown:
        answer |= question.more(offset + fitted.shown, None, "notes")
    return answer


def note_update(ctx: AppContext, agent: str, r: NoteUpdateRequest) -> dict[str, Any]:
    """Change a note's text, kind or expiry, or confirm it still holds for the code as it is
    now (`confirm=true`: its anchors are fresh again). Returns the note."""
    graph = ctx.graph()
    readable = ctx.readable(graph)
    at = now_ms()
    (held,) = _held(graph, r.note_id, readable)
    props: dict[str, Any] = {"updated_ms": at, "updated_by": agent}
    if r.text is not None:
        props["text"] = _text(r.text)
    kind = _kind(r.kind) if r.kind is not None else held.kind
    props["kind"] = kind
    if r.expires_in_s is not None:
        props["expires_ms"] = _expiry(r.expires_in_s, required=True, at=at)
    elif kind == "lease" and held.expires_ms is None:
        _expiry(None, required=True, at=at)
    store.update_note(graph, held.id, props)
    if r.confirm:
        digests = current_digests(graph, [a.key for a in held.anchors])
        store.confirm_anchors(graph, {a.id: digests[a.key] for a in held.anchors}, at)
    return {"note": _one(graph, held.id, readable, at)}


def note_delete(ctx: AppContext, agent: str, r: NoteDeleteRequest) -> dict[str, Any]:
    """Delete notes (a lease released, a note that no longer holds); any agent may. Returns
    `deleted` and the ids it did not find (`unknown`)."""
    if not r.note_ids:
        raise InvalidInput("note_ids is empty", field="note_ids")
    if len(r.note_ids) > limits.MAX_IDS_PER_CALL:
        raise InvalidInput(f"at most {limits.MAX_IDS_PER_CALL} ids a call", field="note_ids")
    graph = ctx.graph()
    deleted = store.delete_notes(graph, r.note_ids, ctx.readable(graph))
    return {"deleted": deleted, "unknown": sorted(set(r.note_ids) - set(deleted))}


def _scope(
    graph: Graph, r: NotesRequest, readable: list[str]
) -> tuple[list[str], list[str] | None]:
    """The repos and the anchor targets a listing covers."""
    if r.repo is not None and r.repo not in readable:
        raise NotFound(
            f"no repo {r.repo!r} in the graph",
            field="repo",
            hint="a server reads only the repos under its operator's roots",
        )
    repos = [r.repo] if r.repo is not None else readable
    if r.anchor is None:
        return repos, None
    (anchor,) = resolve_anchors(graph, [r.anchor], r.repo, readable)
    if anchor.kind == REPO:
        return [anchor.repo], None
    return [anchor.repo], [anchor.target]


def _held(graph: Graph, note_id: str, readable: list[str]) -> list[store.Note]:
    found = store.notes_by_id(graph, [note_id], readable)
    if not found:
        raise NotFound(
            f"no note {note_id!r}",
            field="note_id",
            hint="notes lists the notes of the repos this server reads",
        )
    return found


def _one(graph: Graph, note_id: str, readable: list[str], at: int) -> dict[str, Any]:
    shown, _ = seen(graph, _held(graph, note_id, readable))
    return shown[0].answer(at)


def _kind(kind: str) -> str:
    if kind not in limits.NOTE_KINDS:
        raise InvalidInput(f"kind must be one of {', '.join(limits.NOTE_KINDS)}", field="kind")
    return kind


def _text(text: str) -> str:
    if not text.strip():
        raise InvalidInput("text is empty", field="text")
    if len(text) > limits.MAX_NOTE_CHARS or "\x00" in text:
        raise InvalidInput(
            f"text is at most {limits.MAX_NOTE_CHARS} characters, no NUL", field="text"
        )
    return text


def _expiry(seconds: int | None, *, required: bool, at: int) -> int | None:
    if seconds is None:
        if required:
            raise InvalidInput(
                "a lease needs expires_in_s",
                field="expires_in_s",
                hint=f"{limits.MIN_EXPIRY_S}..{limits.MAX_EXPIRY_S} seconds",
            )
        return None
    if not limits.MIN_EXPIRY_S <= seconds <= limits.MAX_EXPIRY_S:
        raise InvalidInput(
            f"expires_in_s must be {limits.MIN_EXPIRY_S}..{limits.MAX_EXPIRY_S}",
            field="expires_in_s",
        )
    return at + seconds * 1000


VERBS = (
    Verb(note, NoteRequest, Effect(Writes.SESSION_STATE)),
    Verb(notes, NotesRequest, READS),
    # overwrites a note's text, which any agent may have written: a destructive update
    Verb(
        note_update,
        NoteUpdateRequest,
        Effect(Writes.SESSION_STATE, deletes=True, idempotent=True),
    ),
    Verb(
        note_delete, NoteDeleteRequest, Effect(Writes.SESSION_STATE, deletes=True, idempotent=True)
    ),
)


def notes_tools(ctx: AppContext) -> list[ToolSpec]:
    return [verb.spec(ctx) for verb in VERBS]
