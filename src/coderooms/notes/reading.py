"""Notes as answers show them: each anchor's state computed from the code now
(`staleness.current`), the note's state, and what change it is owed to when one was recorded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from coderooms.graph.driver import Graph
from coderooms.notes.limits import NOTE_LINE_CHARS
from coderooms.notes.settle import preview_of
from coderooms.notes.staleness import FRESH, GONE, Current, anchor_state, current, note_state
from coderooms.notes.store import HeldAnchor, Note

UNRECORDED = "not recorded yet: the graph changed since the last change this server saw"


@dataclass(frozen=True, slots=True)
class Seen:
    """A note with the state of its anchors now."""

    note: Note
    states: list[str]
    """Each anchor's state now, in the note's anchor order."""

    @property
    def state(self) -> str:
        return note_state(self.states)

    def answer(self, now: int) -> dict[str, Any]:
        """The note as the `note*` verbs answer it."""
        n = self.note
        row: dict[str, Any] = {
            "id": n.id,
            "kind": n.kind,
            "author": n.author,
            "text": n.text,
            "on": [_anchor_text(a, s) for a, s in self._pairs()],
            "state": self.state,
            "repo": n.repo,
        }
        if n.expires_ms is not None:
            row["expires_in_s"] = max((n.expires_ms - now) // 1000, 0)
        row["updated_ms"] = n.updated_ms
        return row

    def line(self) -> str:
        """The note on one line, for another verb's `notes`: `kind by author on anchors: text`
        and, when not fresh, `[stale: ...]`."""
        n = self.note
        on = ", ".join(a.label for a in n.anchors)
        head = f"{n.kind} by {n.author} on {on}: {preview_of(n.text)}"
        if self.state != FRESH:
            what = "; ".join(
                f"{a.label} {'is gone' if s == GONE else 'changed'}"
                for a, s in self._pairs()
                if s != FRESH
            )
            head = f"[{self.state}: {what}] {head}"
        return head if len(head) <= NOTE_LINE_CHARS else head[: NOTE_LINE_CHARS - 1] + "…"

    def _pairs(self) -> list[tuple[HeldAnchor, str]]:
        return list(zip(self.note.anchors, self.states, strict=True))


def _anchor_text(anchor: HeldAnchor, state: str) -> str:
    if state == FRESH:
        return anchor.label
    why = UNRECORDED
    if anchor.recorded == state and anchor.by:
        why = f"{anchor.by.get('by')}: {anchor.by.get('what')}"
    return f"{anchor.label} ({'gone' if state == GONE else 'changed'}; {why})"


def seen(graph: Graph, notes: Sequence[Note]) -> tuple[list[Seen], Current]:
    """The notes with their anchors' states now (one read of the anchors' code)."""
    now_code = current(graph, [a.key for n in notes for a in n.anchors])
    found = [
        Seen(n, [anchor_state(a.digest, now_code.digests.get(a.key)) for a in n.anchors])
        for n in notes
    ]
    return found, now_code
