"""The pending-change queue between the watchdog callback and the pump.

The callback only calls `add`, `add_gone_dir`, `request_reconcile` and `signal_git`: dictionary
updates under one lock, no I/O. The pump takes a root's batch with `take_ready` on its own clock.

- one entry per path and root; a later event replaces the kind (last writer wins) and moves the
  entry to the end, so the first entry is always the one that has been quiet the longest;
- a path is ready when no event touched it for `debounce_s`, or when it has been pending for
  MAX_PENDING_AGE_S (a file written without pause is still ingested);
- memory is bounded: at most MAX_PENDING_PATHS_PER_ROOT paths and MAX_GONE_DIRS_PER_ROOT
  directories per root. One more drops the root's entries and asks for a reconciliation of the
  root instead (a walk that finds every change); the overflow is counted.

Times are seconds of a monotonic clock chosen by the caller (the engine injects it).
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from coderooms.ingest import MAX_PATHS_PER_CALL

ChangeKind = Literal["change", "delete"]

MAX_PENDING_PATHS_PER_ROOT = MAX_PATHS_PER_CALL
"""Paths pending per root; one batch then always fits one `ingest_paths` call. With paths of
~100 bytes the queue holds at most ~3 MB per root (entry + key overhead)."""
MAX_GONE_DIRS_PER_ROOT = 256
"""Removed directories remembered per root (their files are looked up in the graph)."""
MAX_PENDING_AGE_S = 2.0
"""A path pending this long is taken even if events keep arriving for it."""
MAX_RECONCILE_WAIT_S = 5.0
"""A reconciliation waits for the root to be quiet for one debounce, but never longer than this."""

OVERFLOW = "queue_overflow"


@dataclass(slots=True)
class Pending:
    kind: ChangeKind
    first_seen: float
    last_seen: float


@dataclass(slots=True)
class RootQueue:
    paths: dict[str, Pending] = field(default_factory=dict)
    gone_dirs: dict[str, float] = field(default_factory=dict)
    reconcile: set[str] = field(default_factory=set)
    """Why the root must be walked whole (empty: it need not)."""
    reconcile_since: float = math.inf
    reconcile_urgent: bool = False
    """Take the reconciliation at the next tick, without waiting for quiet."""
    earliest_first_seen: float = math.inf
    last_event: float = -math.inf
    git_signal: bool = False


@dataclass(frozen=True, slots=True)
class Batch:
    """What one tick takes from one root."""

    root: str
    paths: dict[str, ChangeKind]
    gone_dirs: tuple[str, ...] = ()
    reconcile: tuple[str, ...] = ()
    first_seen: float = math.inf
    """The oldest event behind this batch (for save-to-graph latency)."""
    entries: tuple[tuple[str, Pending], ...] = ()

    @property
    def empty(self) -> bool:
        return not self.paths and not self.gone_dirs and not self.reconcile


class ChangeQueue:
    """Pending changes of every root, keyed by the root's resolved path string."""

    def __init__(
        self,
        roots: Iterable[str],
        *,
        max_paths: int = MAX_PENDING_PATHS_PER_ROOT,
        max_gone_dirs: int = MAX_GONE_DIRS_PER_ROOT,
    ) -> None:
        self._lock = threading.Lock()
        self._roots = {root: RootQueue() for root in roots}
        self._max_paths = max(1, max_paths)
        self._max_gone_dirs = max(1, max_gone_dirs)
        self.counters: Counter[str] = Counter()

    # --- the callback's side: no I/O, one lock ---------------------------------------------------

    def count(self, name: str, amount: int = 1) -> None:
        with self._lock:
            self.counters[name] += amount

    def add(self, root: str, path: str, kind: ChangeKind, now: float) -> None:
        with self._lock:
            queue = self._roots[root]
            queue.last_event = now
            self.counters["events_queued"] += 1
            if OVERFLOW in queue.reconcile:
                return  # the walk will find it
            old = queue.paths.pop(path, None)
            if old is not None:
                self.counters["events_coalesced"] += 1
                queue.paths[path] = Pending(kind, old.first_seen, now)
                return
            if len(queue.paths) >= self._max_paths:
                self._overflow(queue, now)
                return
            queue.paths[path] = Pending(kind, now, now)
            queue.earliest_first_seen = min(queue.earliest_first_seen, now)

    def add_gone_dir(self, root: str, path: str, now: float) -> None:
        with self._lock:
            queue = self._roots[root]
            queue.last_event = now
            if OVERFLOW in queue.reconcile:
                return
            if path not in queue.gone_dirs and len(queue.gone_dirs) >= self._max_gone_dirs:
                self._overflow(queue, now)
                return
            queue.gone_dirs[path] = now
            queue.earliest_first_seen = min(queue.earliest_first_seen, now)

    def request_reconcile(self, root: str, reason: str, now: float, *, urgent: bool) -> None:
        with self._lock:
            queue = self._roots[root]
            queue.reconcile.add(reason)
            queue.reconcile_since = min(queue.reconcile_since, now)
            queue.reconcile_urgent = queue.reconcile_urgent or urgent

    def signal_git(self, root: str) -> None:
        with self._lock:
            self._roots[root].git_signal = True

    def _overflow(self, queue: RootQueue, now: float) -> None:
        self.counters["overflows"] += 1
        queue.paths.clear()
        queue.gone_dirs.clear()
        queue.earliest_first_seen = math.inf
        queue.reconcile.add(OVERFLOW)
        queue.reconcile_since = min(queue.reconcile_since, now)

    # --- the pump's side ------------------------------------------------------------------------

    def take_git_signal(self, root: str) -> bool:
        with self._lock:
            queue = self._roots[root]
            signalled, queue.git_signal = queue.git_signal, False
            return signalled

    def take_ready(self, root: str, now: float, debounce_s: float, *, force: bool = False) -> Batch:
        """Every path of `root` whose debounce elapsed (all of them with `force`); with a due
        reconciliation, everything pending for the root (the walk covers it)."""
        with self._lock:
            queue = self._roots[root]
            if queue.reconcile and (force or self._reconcile_due(queue, now, debounce_s)):
                return self._take_all(root, queue)
            taken: list[tuple[str, Pending]] = []
            for path, pending in queue.paths.items():
                if force or _ready(pending, now, debounce_s):
                    taken.append((path, pending))
            for path, _ in taken:
                del queue.paths[path]
            gone: list[str] = []
            for path, seen in list(queue.gone_dirs.items()):
                if force or now - seen >= debounce_s:
                    gone.append(path)
                    del queue.gone_dirs[path]
            queue.earliest_first_seen = min(
                [p.first_seen for p in queue.paths.values()] + list(queue.gone_dirs.values()),
                default=math.inf,
            )
            first_seen = min((p.first_seen for _, p in taken), default=math.inf)
            return Batch(
                root,
                {path: p.kind for path, p in taken},
                tuple(gone),
                first_seen=first_seen,
                entries=tuple(taken),
            )

    def _take_all(self, root: str, queue: RootQueue) -> Batch:
        entries = tuple(queue.paths.items())
        batch = Batch(
            root,
            {path: p.kind for path, p in entries},
            tuple(queue.gone_dirs),
            tuple(sorted(queue.reconcile)),
            first_seen=min(
                [p.first_seen for _, p in entries] + [queue.reconcile_since], default=math.inf
            ),
            entries=entries,
        )
        queue.paths.clear()
        queue.gone_dirs.clear()
        queue.reconcile.clear()
        queue.reconcile_since = math.inf
        queue.reconcile_urgent = False
        queue.earliest_first_seen = math.inf
        return batch

    def discard_covered(self, root: str, paths: Iterable[str], before: float) -> int:
        """Drop pending entries of `paths` whose last event is older than `before`: a scan that
        started reading at `before` saw their changes already. Returns how many were dropped."""
        dropped = 0
        with self._lock:
            queue = self._roots[root]
            for path in paths:
                pending = queue.paths.get(path)
                if pending is not None and pending.last_seen < before:
                    del queue.paths[path]
                    dropped += 1
            if dropped:
                self.counters["events_covered_by_scan"] += dropped
        return dropped

    def restore(self, batch: Batch, now: float) -> None:
        """Put a batch back after a failed ingest; entries that arrived since win."""
        with self._lock:
            queue = self._roots[batch.root]
            for path, pending in batch.entries:
                if path not in queue.paths and OVERFLOW not in queue.reconcile:
                    queue.paths[path] = pending
                    queue.earliest_first_seen = min(queue.earliest_first_seen, pending.first_seen)
            for path in batch.gone_dirs:
                queue.gone_dirs.setdefault(path, now)
            if batch.reconcile:
                queue.reconcile.update(batch.reconcile)
                queue.reconcile_since = min(queue.reconcile_since, now)

    @staticmethod
    def _reconcile_due(queue: RootQueue, now: float, debounce_s: float) -> bool:
        return (
            queue.reconcile_urgent
            or now - queue.last_event >= debounce_s
            or now - queue.reconcile_since >= MAX_RECONCILE_WAIT_S
        )

    def next_due(self, debounce_s: float) -> float | None:
        """The earliest time some root has something to take; None when nothing is pending."""
        with self._lock:
            due = math.inf
            for queue in self._roots.values():
                if queue.reconcile:
                    if queue.reconcile_urgent:
                        return -math.inf
                    due = min(
                        due,
                        queue.last_event + debounce_s,
                        queue.reconcile_since + MAX_RECONCILE_WAIT_S,
                    )
                if queue.paths:
                    oldest = next(iter(queue.paths.values()))
                    due = min(due, oldest.last_seen + debounce_s)
                if queue.paths or queue.gone_dirs:
                    due = min(due, queue.earliest_first_seen + MAX_PENDING_AGE_S)
                if queue.gone_dirs:
                    due = min(due, next(iter(queue.gone_dirs.values())) + debounce_s)
                if queue.git_signal:
                    return -math.inf
            return None if due == math.inf else due

    # --- reading --------------------------------------------------------------------------------

    def pending_paths(self, root: str | None = None) -> int:
        with self._lock:
            queues = [self._roots[root]] if root is not None else list(self._roots.values())
            return sum(len(q.paths) + len(q.gone_dirs) for q in queues)

    def has_work(self, root: str | None = None) -> bool:
        with self._lock:
            queues = [self._roots[root]] if root is not None else list(self._roots.values())
            return any(q.paths or q.gone_dirs or q.reconcile or q.git_signal for q in queues)

    def counts(self) -> dict[str, int]:
        with self._lock:
            return dict(self.counters)

    def reconcile_reasons(self, root: str) -> list[str]:
        with self._lock:
            return sorted(self._roots[root].reconcile)

    def sample(self, root: str, limit: int) -> list[dict[str, str]]:
        """The first `limit` pending paths of a root (for status), oldest first."""
        with self._lock:
            items = list(self._roots[root].paths.items())[: max(0, limit)]
            return [{"path": path, "kind": pending.kind} for path, pending in items]


def _ready(pending: Pending, now: float, debounce_s: float) -> bool:
    return now - pending.last_seen >= debounce_s or now - pending.first_seen >= MAX_PENDING_AGE_S
