"""A watcher's state in Neo4j: one `(:Watcher {id})` node in the session store.

It says which roots (and repo ids) the watcher keeps fresh, the git commit each root was last
scanned at (`since_refs`), who runs it (`host`, `pid`, a per-run `owner` token), when it last
beat (`heartbeat_ms`) and ticked, how long its queue is, and its counters. Status verbs of any
process read it; a watcher started again on the same roots picks up `since_refs` and its
counters. Two live watchers of the same roots are refused: a claim succeeds only when the node
is stopped, or its heartbeat is older than HEARTBEAT_STALE_S (its process is gone).

Timestamps are integer milliseconds of the wall clock (the engine injects the clock).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Literal

from coderooms.freshness.errors import WatcherConflict
from coderooms.graph.driver import Graph

HEARTBEAT_INTERVAL_S = 5.0
"""A running watcher writes its state at least this often (and after every batch)."""
HEARTBEAT_STALE_S = 30.0
"""A running watcher whose heartbeat is older than this is taken for dead (three missed idle
polls at the longest backoff)."""
WATCHER_RETENTION_S = 30 * 24 * 3600.0
"""Stopped watchers not seen for this long are deleted when a watcher starts."""
MAX_WATCHERS_LISTED = 100
PRUNE_BATCH = 1_000

Status = Literal["running", "stopped"]
Kind = Literal["cli", "server"]


@dataclass(slots=True)
class RootRecord:
    root: str
    repo: str
    since_ref: str | None = None


@dataclass(slots=True)
class WatcherRecord:
    watcher_id: str
    kind: Kind
    roots: list[RootRecord]
    owner: str = ""
    host: str = ""
    pid: int = 0
    status: Status = "stopped"
    debounce_ms: int = 0
    started_ms: int = 0
    heartbeat_ms: int = 0
    last_tick_ms: int | None = None
    queue_length: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    last_error: str | None = None

    def since_ref(self, root: str) -> str | None:
        for record in self.roots:
            if record.root == root:
                return record.since_ref
        return None

    def to_props(self) -> dict[str, Any]:
        return {
            "id": self.watcher_id,
            "kind": self.kind,
            "roots": [r.root for r in self.roots],
            "repos": [r.repo for r in self.roots],
            "since_refs": [r.since_ref or "" for r in self.roots],
            "owner": self.owner,
            "host": self.host,
            "pid": self.pid,
            "status": self.status,
            "debounce_ms": self.debounce_ms,
            "started_ms": self.started_ms,
            "heartbeat_ms": self.heartbeat_ms,
            "last_tick_ms": self.last_tick_ms,
            "queue_length": self.queue_length,
            "counters_json": json.dumps(self.counters, sort_keys=True),
            "last_error": self.last_error,
        }

    @classmethod
    def from_props(cls, props: dict[str, Any]) -> WatcherRecord:
        roots = [
            RootRecord(root, repo, ref or None)
            for root, repo, ref in zip(
                props.get("roots") or [],
                props.get("repos") or [],
                props.get("since_refs") or [],
                strict=False,
            )
        ]
        try:
            counters = {
                str(k): int(v) for k, v in json.loads(props.get("counters_json") or "{}").items()
            }
        except (ValueError, TypeError, AttributeError):
            counters = {}
        return cls(
            watcher_id=str(props["id"]),
            kind="server" if props.get("kind") == "server" else "cli",
            roots=roots,
            owner=str(props.get("owner") or ""),
            host=str(props.get("host") or ""),
            pid=int(props.get("pid") or 0),
            status="running" if props.get("status") == "running" else "stopped",
            debounce_ms=int(props.get("debounce_ms") or 0),
            started_ms=int(props.get("started_ms") or 0),
            heartbeat_ms=int(props.get("heartbeat_ms") or 0),
            last_tick_ms=props.get("last_tick_ms"),
            queue_length=int(props.get("queue_length") or 0),
            counters=counters,
            last_error=props.get("last_error"),
        )

    def describe(self, now_ms: int) -> dict[str, Any]:
        """For status verbs: the record plus whether its heartbeat is fresh."""
        alive = self.status == "running" and now_ms - self.heartbeat_ms <= HEARTBEAT_STALE_S * 1000
        return {
            "watcher_id": self.watcher_id,
            "kind": self.kind,
            "status": self.status,
            "alive": alive,
            "host": self.host,
            "pid": self.pid,
            "roots": [
                {"root": r.root, "repo": r.repo, "since_ref": r.since_ref} for r in self.roots
            ],
            "debounce_ms": self.debounce_ms,
            "started_ms": self.started_ms,
            "heartbeat_ms": self.heartbeat_ms,
            "heartbeat_age_ms": max(0, now_ms - self.heartbeat_ms),
            "last_tick_ms": self.last_tick_ms,
            "queue_length": self.queue_length,
            "counters": dict(sorted(self.counters.items())),
            "last_error": self.last_error,
        }


def watcher_id_for(roots: list[str]) -> str:
    """The same roots give the same id, whoever watches them (CLI or server)."""
    digest = hashlib.sha256("\0".join(sorted(roots)).encode("utf-8")).hexdigest()
    return f"watch-{digest[:16]}"


class WatcherStore:
    """Reads and writes `:Watcher` nodes. With `read_only`, every write is a no-op."""

    def __init__(self, graph: Graph, *, read_only: bool = False) -> None:
        self.graph = graph
        self.read_only = read_only

    def load(self, watcher_id: str) -> WatcherRecord | None:
        rows = self.graph.read("freshness/watcher_by_id", id=watcher_id)
        return WatcherRecord.from_props(rows[0]["watcher"]) if rows else None

    def list(
        self, *, host: str | None = None, kind: str | None = None, limit: int = MAX_WATCHERS_LISTED
    ) -> list[WatcherRecord]:
        limit = min(max(limit, 1), MAX_WATCHERS_LISTED)
        rows = self.graph.read("freshness/watchers", host=host, kind=kind, limit=limit)
        return [WatcherRecord.from_props(row["watcher"]) for row in rows]

    def claim(
        self, record: WatcherRecord, now_ms: int, *, previous_owner_dead: bool = False
    ) -> None:
        """Mark the watcher running under `record.owner`; refused while another owner beats,
        unless the caller knows that owner's process is gone (same host, pid not alive)."""
        if self.read_only:
            return
        self.graph.write(
            "freshness/prune_watchers",
            before_ms=now_ms - int(WATCHER_RETENTION_S * 1000),
            limit=PRUNE_BATCH,
        )
        rows = self.graph.write(
            "freshness/claim_watcher",
            id=record.watcher_id,
            owner=record.owner,
            stale_before_ms=(
                now_ms + 1 if previous_owner_dead else now_ms - int(HEARTBEAT_STALE_S * 1000)
            ),
            props=record.to_props(),
        )
        if rows and rows[0]["held"]:
            other = WatcherRecord.from_props(rows[0]["previous"])
            raise WatcherConflict(
                f"watcher {record.watcher_id} of these roots is already running: pid "
                f"{other.pid} on {other.host} ({other.kind}), last heartbeat "
                f"{(now_ms - other.heartbeat_ms) / 1000:.1f} s ago",
                hint="stop that watcher first (Ctrl-C, or daemon_stop), or wait "
                f"{HEARTBEAT_STALE_S:.0f} s after it died",
            )

    def update(self, record: WatcherRecord) -> bool:
        """Write the record if this run still owns it; False when another run took it over."""
        if self.read_only:
            return True
        rows = self.graph.write(
            "freshness/update_watcher",
            id=record.watcher_id,
            owner=record.owner,
            props=record.to_props(),
        )
        return bool(rows)
