"""After a change of a repo's code: record which notes' anchors changed or went, with the
change that did it, and tell each note's author (a `note_stale` alert, the freshness room's).

Called by the wiring for every `GraphChange` a watcher's batch, an edit or an `ingest` call of
this server makes (`server.py`), and by `coderooms watch` and `coderooms ingest`; a note write
settles its repo too. Only the anchors in the changed files are compared (all of the repo's
when the change does not say which files). The states are recorded under a write lock taken
before they are read (`notes/record_anchor_states`), so of two servers settling the same change
one records it and raises the alert.

Why here and not inside the ingest: the ingest's write path is the ingest room's own (being
reorganised as this is written), and what matters for an answer is computed on every read
anyway (`staleness.py`); what this adds is the record of the change and the alert, which a
change's writer can trigger after its write landed without the ingest knowing notes exist.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from coderooms.core.clock import now_ms
from coderooms.core.ids import file_id
from coderooms.freshness import Alert, write_alerts
from coderooms.graph.driver import Graph
from coderooms.notes.limits import MAX_SETTLE_ANCHORS, NOTE_PREVIEW_CHARS
from coderooms.notes.staleness import FRESH, GONE, anchor_state, current_digests
from coderooms.notes.store import HeldAnchor
from coderooms.verbs.changes import GraphChange


@dataclass(frozen=True, slots=True)
class Turned:
    """One note whose anchors' recorded state changed in a settle."""

    note: str
    repo: str
    author: str
    kind: str
    text: str
    anchors: list[tuple[str, str, str]]
    """(label, path, new state) of each anchor that turned."""
    by: dict[str, Any]


def settle_change(graph: Graph, change: GraphChange) -> int:
    """Record the states `change` made and alert each note's author; the alerts raised."""
    at = now_ms()
    turned = settle(
        graph, change.repo, change.paths, {"by": change.by, "what": change.what, "at_ms": at}, at
    )
    alerts = [stale_alert(t) for t in turned if any(s != FRESH for *_, s in t.anchors)]
    return write_alerts(graph, alerts, at) if alerts else 0


def settle(
    graph: Graph, repo: str, paths: Sequence[str] | None, by: dict[str, Any], at_ms: int
) -> list[Turned]:
    """Compare the anchors of `paths` (None: every anchor of the repo) with the code now and
    record the states that turned; the notes that turned, in id order."""
    files = None if paths is None else sorted({file_id(repo, p) for p in paths})
    rows = graph.read(
        "notes/anchors_to_settle", repo=repo, files=files, now=at_ms, limit=MAX_SETTLE_ANCHORS
    )
    if not rows:
        return []
    held = [HeldAnchor.of(row["anchor"]) for row in rows]
    digests = current_digests(graph, [a.key for a in held])
    updates = []
    for anchor in held:
        state = anchor_state(anchor.digest, digests[anchor.key])
        if state != anchor.recorded:
            cause = json.dumps(by, sort_keys=True) if state != FRESH else None
            updates.append(
                {"id": anchor.id, "expected": anchor.recorded, "state": state, "by_json": cause}
            )
    if not updates:
        return []
    written = graph.write("notes/record_anchor_states", rows=updates, now=at_ms)
    notes: dict[str, Turned] = {}
    for row in written:
        note = row["note"]
        if note["id"] not in notes:
            notes[note["id"]] = Turned(
                note["id"], repo, note["author"], note["kind"], note["text"], [], by
            )
        found = notes[note["id"]]
        path = str(row["file"] or "").removeprefix(f"{repo}:")
        found.anchors.append((row["label"], path, row["state"]))
    return [notes[key] for key in sorted(notes)]


def stale_alert(turned: Turned) -> Alert:
    """The alert that tells a note's author its code changed or is gone."""
    changed = [(label, path, state) for label, path, state in turned.anchors if state != FRESH]
    words = ", ".join(
        f"{label} {'is gone' if state == GONE else 'changed'}" for label, _, state in changed
    )
    preview = preview_of(turned.text)
    state = "gone" if any(s == GONE for *_, s in changed) else "stale"
    return Alert(
        turned.repo,
        "note_stale",
        "medium",
        changed[0][1],
        turned.note,
        f"for {turned.author}: your {turned.kind} note {turned.note} ({preview!r}) is {state}: "
        f"{words} ({turned.by['by']}: {turned.by['what']}); read it again with notes, then "
        "note_update confirm=true or note_delete",
        {"note": turned.note, "author": turned.author, "kind": turned.kind, "state": state,
         "anchors": [label for label, _, _ in changed], "by": turned.by},
    )  # fmt: skip


def preview_of(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= NOTE_PREVIEW_CHARS else flat[: NOTE_PREVIEW_CHARS - 1] + "…"
