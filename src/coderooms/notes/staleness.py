"""Whether the code under a note is still the code it was written on.

Each anchor keeps a digest of its code when the note is written (or confirmed): a symbol's,
BLAKE3 of the text of its lines (each line's trailing blanks dropped), so an edit elsewhere in
the file that only moves it keeps it fresh; a file's, its content hash; a repo's, only that
it exists. An anchor is `fresh` while its digest is the same, `changed` once it differs, `gone`
when the graph no longer holds it (a symbol deleted or renamed, a file removed by a checkout).
A note is `stale` when an anchor changed, `gone` when one is gone (a gone anchor says so: the
note stays, with the label of what it was on).

Every read computes the state from the graph as it is (`current_digests`: one statement for
the symbols' text, one for the files, one for the repos), so an answer is never staler than the
graph, whoever changed the code and whether or not anything recorded it. What a read cannot do
is write (a read verb never changes the graph) or tell the author: `settle.py` does, after a
change.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from coderooms.core.hashing import content_hash
from coderooms.graph.driver import Graph
from coderooms.notes.anchors import FILE, REPO, SYMBOL, AnchorKey

FRESH, CHANGED, GONE = "fresh", "changed", "gone"
NOTE_FRESH, NOTE_STALE, NOTE_GONE = "fresh", "stale", "gone"
NOTE_STATES = (NOTE_FRESH, NOTE_STALE, NOTE_GONE)
REPO_DIGEST = "repo"
"""A repo anchor's digest: it changes only by disappearing."""


@dataclass(frozen=True, slots=True)
class Current:
    """The anchors' code as the graph holds it now."""

    digests: dict[AnchorKey, str | None]
    """Each anchor's digest (None: the graph no longer holds it)."""
    spans: dict[str, tuple[int, int]]
    """Each symbol anchor's lines now."""


def current_digests(graph: Graph, anchors: Iterable[AnchorKey]) -> dict[AnchorKey, str | None]:
    """The digest of each anchor's code now (None: the graph no longer holds it)."""
    return current(graph, anchors).digests


def current(graph: Graph, anchors: Iterable[AnchorKey]) -> Current:
    wanted = set(anchors)
    found: dict[AnchorKey, str | None] = dict.fromkeys(wanted)
    spans: dict[str, tuple[int, int]] = {}
    by_kind = {
        kind: sorted(a.target for a in wanted if a.kind == kind) for kind in (SYMBOL, FILE, REPO)
    }
    if by_kind[SYMBOL]:
        for row in graph.read("notes/symbol_texts", ids=by_kind[SYMBOL]):
            found[AnchorKey(SYMBOL, row["id"])] = span_digest(row)
            spans[row["id"]] = (int(row["first"]), int(row["last"]))
    if by_kind[FILE]:
        for row in graph.read("notes/file_hashes", ids=by_kind[FILE]):
            found[AnchorKey(FILE, row["id"])] = str(row["hash"] or "")
    if by_kind[REPO]:
        for row in graph.read("notes/repos_present", ids=by_kind[REPO]):
            found[AnchorKey(REPO, row["id"])] = REPO_DIGEST
    return Current(found, spans)


def span_digest(row: dict[str, Any]) -> str:
    """BLAKE3 of a symbol's lines (`first`..`last`) out of its file's chunks (in order), each
    line's trailing blanks dropped."""
    first, last = int(row["first"]), int(row["last"])
    lines: list[str] = []
    for chunk in row["chunks"]:
        if chunk.get("text") is None:
            continue
        start = int(chunk["start"])
        for offset, line in enumerate(str(chunk["text"]).split("\n")):
            if first <= start + offset <= last:
                lines.append(line.rstrip())
    return content_hash("\n".join(lines).encode("utf-8", "surrogatepass"))


def anchor_state(held: str | None, now: str | None) -> str:
    """`fresh`, `changed` or `gone`, from the digest kept and the digest now."""
    if now is None:
        return GONE
    return FRESH if now == held else CHANGED


def note_state(anchor_states: Iterable[str]) -> str:
    """`gone` if an anchor is gone, else `stale` if one changed, else `fresh`."""
    states = set(anchor_states)
    if GONE in states:
        return NOTE_GONE
    return NOTE_STALE if CHANGED in states else NOTE_FRESH
