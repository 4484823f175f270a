"""Staged edits: an edit preview lives in Neo4j (so any server process can commit it) with its
owner, the source hash it was made against, the full new content, and a 5-minute TTL."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from coderooms.core.clock import now_ms
from coderooms.core.hashing import HASH_ALGORITHM
from coderooms.edits.errors import PreviewExpired
from coderooms.errors import Forbidden, InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.surgical import GC_BATCH
from coderooms.verbs.quotas import ServerQuota

PREVIEW_TTL_S = 5 * 60
"""A preview not committed within this long is refused and collected."""

MAX_LIVE_PREVIEWS_PER_AGENT = 64
"""Live (unexpired) previews one agent may hold at once."""


@dataclass(frozen=True, slots=True)
class Preview:
    id: str
    agent_id: str
    repo: str
    path: str
    source_hash: str
    new_hash: str
    content: str
    created_ms: int
    expires_ms: int


def collect_expired(graph: Graph) -> int:
    rows = graph.write("edits/delete_expired_previews", now_ms=now_ms(), limit=GC_BATCH)
    return int(rows[0]["deleted"]) if rows else 0


def live_previews(graph: Graph, ids: list[str]) -> set[str]:
    """Of the previews `ids`, those still live (a server's cap, quotas.py)."""
    rows = graph.read("edits/live_previews_of", ids=ids, now_ms=now_ms())
    return set(rows[0]["ids"]) if rows else set()


def store_preview(
    graph: Graph,
    agent_id: str,
    repo: str,
    path: str,
    source_hash: str,
    new_hash: str,
    content: str,
    *,
    quota: ServerQuota | None = None,
) -> Preview:
    """Keep a new preview: refused past the agent's cap, and past `quota`, the server's cap
    over every agent (which holds whatever ids an agent invents)."""
    collect_expired(graph)
    now = now_ms()
    live = graph.read("edits/count_agent_previews", agent_id=agent_id, now_ms=now)
    if live and int(live[0]["live"]) >= MAX_LIVE_PREVIEWS_PER_AGENT:
        raise Forbidden(
            f"agent {agent_id!r} already holds {MAX_LIVE_PREVIEWS_PER_AGENT} live previews",
            hint="commit some, or wait for them to expire",
        )
    preview = Preview(
        id=f"preview-{uuid.uuid4().hex}",
        agent_id=agent_id,
        repo=repo,
        path=path,
        source_hash=source_hash,
        new_hash=new_hash,
        content=content,
        created_ms=now,
        expires_ms=now + PREVIEW_TTL_S * 1000,
    )
    if quota is None:
        restore_preview(graph, preview)
        return preview
    size = len(content.encode("utf-8", errors="surrogatepass"))
    with quota.admit(preview.id, size, lambda ids: live_previews(graph, ids)):
        restore_preview(graph, preview)
    return preview


def restore_preview(graph: Graph, preview: Preview) -> None:
    """Write the preview node (a new one, or one taken by a commit whose write was refused)."""
    graph.write(
        "edits/create_preview",
        id=preview.id,
        agent_id=preview.agent_id,
        repo=preview.repo,
        path=preview.path,
        source_hash=preview.source_hash,
        new_hash=preview.new_hash,
        hash_algorithm=HASH_ALGORITHM,
        content=preview.content,
        now_ms=preview.created_ms,
        expires_ms=preview.expires_ms,
    )


def load_preview(graph: Graph, preview_id: object, agent_id: str) -> Preview:
    """The caller's live preview, or a clear refusal (unknown, someone else's, expired)."""
    if not isinstance(preview_id, str) or not preview_id.strip():
        raise InvalidInput("preview_id must be a non-empty string", field="preview_id")
    rows = graph.read("edits/preview_by_id", id=preview_id)
    collect_expired(graph)
    if not rows:
        raise NotFound(
            f"no preview {preview_id!r} (never made, already committed, or expired and collected)",
            field="preview_id",
            hint="stage the edit again with edit_preview",
        )
    row: dict[str, Any] = rows[0]
    if row["agent_id"] != agent_id:
        raise Forbidden(
            f"preview {preview_id!r} belongs to another agent",
            field="preview_id",
            hint="commit only previews you staged yourself",
        )
    if int(row["expires_ms"]) <= now_ms():
        raise PreviewExpired(
            f"preview {preview_id!r} expired (TTL {PREVIEW_TTL_S} s)",
            field="preview_id",
            hint="stage the edit again with edit_preview",
        )
    return Preview(**row)


def take_preview(graph: Graph, preview: Preview) -> bool:
    """Consume the preview; false when another commit consumed it first."""
    return bool(graph.write("edits/take_preview", id=preview.id, agent_id=preview.agent_id))
