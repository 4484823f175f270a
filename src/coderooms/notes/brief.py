"""The `notes` line other verbs' answers carry: the notes anchored to what they read.

`surgical_context` (a file and its symbols), `impact` (its seeds) and `view` (a file's range)
call `notes_line`; it answers nothing when no note is anchored there, so an answer without notes
is unchanged and costs one index lookup. At most MAX_NOTES_IN_ANSWER notes, each one line with
its state computed from the code now; the rest are counted, with the `notes` call that lists
them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from coderooms.core.clock import now_ms
from coderooms.graph.driver import Graph
from coderooms.notes.anchors import SYMBOL
from coderooms.notes.limits import MAX_NOTES_IN_ANSWER, MAX_NOTES_ON_PAGE
from coderooms.notes.reading import seen
from coderooms.notes.store import Note, notes_on


def notes_line(
    graph: Graph,
    readable: Sequence[str],
    *,
    files: Sequence[str] = (),
    symbols: Sequence[str] = (),
    lines: tuple[int, int] | None = None,
) -> list[str]:
    """The notes on `files` (ids: the file or a symbol in it) or on `symbols` (ids), newest
    first, as lines; with `lines`, of a file's symbols only those overlapping them (the file's
    own notes always). Empty when there are none."""
    if not readable or not (files or symbols):
        return []
    found = notes_on(graph, files, symbols, readable, now_ms())
    if not found:
        return []
    shown, code = seen(graph, found)
    if lines is not None:
        shown = [s for s in shown if _overlaps(s.note, code.spans, lines)]
    if not shown:
        return []
    rows = [s.line() for s in shown[:MAX_NOTES_IN_ANSWER]]
    left = len(shown) - MAX_NOTES_IN_ANSWER
    if left > 0:
        where = files[0].split(":", 1)[-1] if files else symbols[0]
        rows.append(f"{left} more: notes anchor={where}")
    return rows


def _overlaps(note: Note, spans: dict[str, tuple[int, int]], lines: tuple[int, int]) -> bool:
    """A note is about the range when it has a file or repo anchor, or a symbol anchor whose
    lines (now) overlap it; a gone symbol's note is shown with its file."""
    first, last = lines
    for anchor in note.anchors:
        if anchor.kind != SYMBOL:
            return True
        span = spans.get(anchor.target)
        if span is None or (span[0] <= last and span[1] >= first):
            return True
    return False


def symbol_notes(graph: Graph, symbol_id: str, readable: Sequence[str]) -> list[dict[str, Any]]:
    """The notes on one symbol as the web view's symbol page shows them (its `NotesReader`):
    the live notes anchored to it, newest first, each with its state now (at most
    MAX_NOTES_ON_PAGE)."""
    if not readable:
        return []
    found = notes_on(graph, (), [symbol_id], readable, now_ms())
    shown, _ = seen(graph, found[:MAX_NOTES_ON_PAGE])
    return [
        {
            "text": s.note.text,
            "agent": s.note.author,
            "kind": s.note.kind,
            "state": s.state,
            "created": datetime.fromtimestamp(s.note.created_ms / 1000, UTC).isoformat(
                timespec="seconds"
            ),
        }
        for s in shown
    ]
