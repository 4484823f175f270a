"""The watcher's options, its tick report, and the checks on what it is asked to watch."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from coderooms.errors import InvalidInput
from coderooms.freshness.changes import MAX_PENDING_PATHS_PER_ROOT
from coderooms.freshness.rootsync import RootTickReport
from coderooms.freshness.state import Kind
from coderooms.ingest import resolve_root

DEFAULT_DEBOUNCE_MS = 100
"""Long enough for an editor's save (write, rename-over: milliseconds apart) to be one batch;
at 200 the debounce alone was most of a save-to-graph p95 of ~290 ms (docs/freshness.md)."""
MAX_DEBOUNCE_MS = 10_000
"""`debounce_ms` is clamped to 0 … MAX_DEBOUNCE_MS."""
DEFAULT_IDLE_POLL_MS = 250
MIN_IDLE_POLL_MS = 10
MAX_IDLE_POLL_MS = 10_000
MAX_ROOTS = 16
MAX_RECENT_TICKS = 40
"""Tick reports with work in them kept in memory for status (the newest ones)."""
PENDING_SAMPLE = 20

TickStatus = Literal["idle", "worked", "deferred", "failed", "read_only", "coalesced"]


def clamp_debounce_ms(value: int) -> int:
    return min(max(int(value), 0), MAX_DEBOUNCE_MS)


@dataclass(frozen=True, slots=True)
class WatchOptions:
    debounce_ms: int = DEFAULT_DEBOUNCE_MS
    idle_poll_ms: int = DEFAULT_IDLE_POLL_MS
    read_only: bool = False
    kind: Kind = "cli"
    observe: bool = True
    """Watch with watchdog; off, only `notify` and git state are seen (tests)."""
    pump: bool = True
    """Run the pump thread; off, the caller drives `tick()` (tests with an injected clock)."""
    persist: bool = True
    alerts: bool = True
    """Write drift and proactive alerts after each batch (alerts.py)."""
    max_pending_paths: int = MAX_PENDING_PATHS_PER_ROOT
    """Queue bound per root (changes.py); past it the root is reconciled instead."""


@dataclass(slots=True)
class TickReport:
    number: int
    status: TickStatus
    started_ms: int = 0
    duration_ms: float = 0.0
    roots: list[RootTickReport] = field(default_factory=list)

    @property
    def batches(self) -> list[RootTickReport]:
        return [r for r in self.roots if r.status != "idle"]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, under another user
    return True


def resolve_roots(roots: Sequence[str | Path]) -> list[Path]:
    if not roots:
        raise InvalidInput("no root to watch", field="roots", hint="pass at least one directory")
    if len(roots) > MAX_ROOTS:
        raise InvalidInput(f"at most {MAX_ROOTS} roots per watcher", field="roots")
    resolved = [resolve_root(Path(root)) for root in roots]
    for i, a in enumerate(resolved):
        for b in resolved[i + 1 :]:
            if a == b or a.is_relative_to(b) or b.is_relative_to(a):
                raise InvalidInput(
                    f"roots {a} and {b} overlap", field="roots", hint="watch the outer one only"
                )
    return resolved
