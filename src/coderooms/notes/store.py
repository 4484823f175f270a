"""Notes in the session store: `(:Note)-[:ANCHORED_AT]->(:NoteAnchor)`, read and written by
the statements of `cypher/notes/`.

A note (`id`, `repo_id`, `kind`, `text`, `author`, `created_ms`, `updated_ms`, `updated_by`,
`expires_ms`) has one `:NoteAnchor` per anchor (`id`, `note`, `repo_id`, `seq`, `kind`,
`target`: the node id, `file`: the file id, `label`, `digest` of its code when written or
confirmed, and the state last recorded after a change: `state`, `by_json`, `state_ms`). Both
carry `repo_id`, not `repo`, and no `claim`: they are not part of the code graph, so no ingest
and no repo-wide delete of code touches them.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from coderooms.graph.driver import Graph
from coderooms.notes.anchors import Anchor, AnchorKey
from coderooms.notes.limits import EXPIRED_BATCH
from coderooms.notes.staleness import FRESH


@dataclass(frozen=True, slots=True)
class HeldAnchor:
    id: str
    kind: str
    target: str
    file: str | None
    label: str
    digest: str | None
    recorded: str
    """The state last recorded (`fresh`, `changed`, `gone`)."""
    by: dict[str, Any] | None
    """What change the recorded state is owed to."""

    @property
    def key(self) -> AnchorKey:
        return AnchorKey(self.kind, self.target)

    @classmethod
    def of(cls, row: dict[str, Any]) -> HeldAnchor:
        by = row.get("by_json")
        return cls(
            row["id"],
            row["kind"],
            row["target"],
            row.get("file"),
            row["label"],
            row.get("digest"),
            row.get("state") or FRESH,
            json.loads(by) if by else None,
        )


@dataclass(frozen=True, slots=True)
class Note:
    id: str
    repo: str
    kind: str
    text: str
    author: str
    created_ms: int
    updated_ms: int
    expires_ms: int | None
    anchors: list[HeldAnchor] = field(default_factory=list)

    @classmethod
    def of(cls, row: dict[str, Any]) -> Note:
        n = row["note"]
        anchors = sorted(row.get("anchors") or [], key=lambda a: (a.get("seq", 0), a["id"]))
        return cls(
            n["id"],
            n["repo_id"],
            n["kind"],
            n["text"],
            n["author"],
            int(n["created_ms"]),
            int(n["updated_ms"]),
            n.get("expires_ms"),
            [HeldAnchor.of(a) for a in anchors],
        )


def new_note_id() -> str:
    return f"note-{uuid.uuid4().hex[:16]}"


def create_note(
    graph: Graph,
    *,
    note_id: str,
    repo: str,
    kind: str,
    text: str,
    author: str,
    now_ms: int,
    expires_ms: int | None,
    anchors: Sequence[tuple[Anchor, str | None]],
) -> None:
    """One note and its anchors, each with the digest of its code now."""
    props = {
        "id": note_id,
        "repo_id": repo,
        "kind": kind,
        "text": text,
        "author": author,
        "created_ms": now_ms,
        "updated_ms": now_ms,
        "updated_by": author,
        "expires_ms": expires_ms,
    }
    rows = [
        {
            **anchor.row(),
            "id": f"{note_id}#{seq}",
            "note": note_id,
            "seq": seq,
            "digest": digest,
            "state": FRESH,
            "state_ms": now_ms,
        }
        for seq, (anchor, digest) in enumerate(anchors)
    ]
    graph.write("notes/create_note", note=props, anchors=rows)


def notes_by_id(graph: Graph, ids: Sequence[str], repos: Sequence[str]) -> list[Note]:
    rows = graph.read("notes/notes_by_id", ids=list(ids), repos=list(repos))
    return [Note.of(row) for row in rows]


def notes_on(
    graph: Graph, files: Sequence[str], targets: Sequence[str], repos: Sequence[str], now_ms: int
) -> list[Note]:
    """Live notes with an anchor on one of `files` (a file or a symbol in it) or `targets`,
    newest first."""
    rows = graph.read(
        "notes/notes_on", files=list(files), targets=list(targets), repos=list(repos), now=now_ms
    )
    return [Note.of(row) for row in rows]


def list_notes(graph: Graph, **filters: Any) -> list[Note]:
    """Live notes of `repos` matching the filters, newest first (`notes/list_notes`)."""
    return [Note.of(row) for row in graph.read("notes/list_notes", **filters)]


def live_count(graph: Graph, repo: str, now_ms: int) -> int:
    rows = graph.read("notes/count_live", repo=repo, now=now_ms)
    return int(rows[0]["notes"]) if rows else 0


def leases_held(
    graph: Graph, targets: Sequence[str], author: str, now_ms: int
) -> list[dict[str, Any]]:
    """Live leases of other authors on any of `targets`."""
    return graph.read("notes/leases_on", targets=list(targets), author=author, now=now_ms)


def delete_expired(graph: Graph, repo: str, now_ms: int) -> int:
    rows = graph.write("notes/delete_expired", repo=repo, now=now_ms, batch=EXPIRED_BATCH)
    return int(rows[0]["deleted"]) if rows else 0


def update_note(graph: Graph, note_id: str, props: dict[str, Any]) -> None:
    graph.write("notes/update_note", id=note_id, props=props)


def confirm_anchors(graph: Graph, digests: dict[str, str | None], now_ms: int) -> None:
    """Anchor id -> digest of its code now: kept, and the anchor fresh again."""
    rows = [{"id": anchor_id, "digest": digest} for anchor_id, digest in digests.items()]
    graph.write("notes/confirm_anchors", rows=rows, now=now_ms)


def delete_notes(graph: Graph, ids: Sequence[str], repos: Sequence[str]) -> list[str]:
    rows = graph.write("notes/delete_notes", ids=list(ids), repos=list(repos))
    return sorted(str(row["id"]) for row in rows)


def existing_ids(graph: Graph, ids: list[str]) -> set[str]:
    """Of `ids`, those the session store still holds (the per-server quota asks)."""
    return {str(row["id"]) for row in graph.read("notes/existing_ids", ids=ids)}
