"""Caps on the session state one server process lets agents keep, whatever ids they invent.

The per-agent caps (`MAX_LIVE_PREVIEWS_PER_AGENT`, `MAX_OPEN_PERSPECTIVES`...) are keyed on
`agent_id`, a name the caller chooses: 12 rotating ids stored 60 previews of 1.9 MiB in 7 s.
These hold per server process, over every id: a ledger of what this process made that is still
held (not committed, closed, expired or collected). It is asked of the graph only when a cap
would be passed, so a server under its caps pays nothing; then the ids it made are looked up
(by their unique index, at most the cap's count) and those gone are forgotten.

A per-session cap would be no tighter: a stdio server serves one MCP session, and on the
current protocol revision every HTTP request is a session of its own (docs/security.md,
"Identity"), so a session id is as easy to rotate as an agent id. The operator's scope and the
HTTP token bound who may call at all.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from coderooms.errors import Forbidden

MAX_LIVE_PREVIEWS_PER_SERVER = 256
"""Live edit previews one server process keeps, all agents together (64 per agent)."""

MAX_LIVE_PREVIEW_BYTES_PER_SERVER = 32 * 1024 * 1024
"""Bytes of new content those previews hold together (a preview holds up to 2 MiB)."""

MAX_OPEN_PERSPECTIVES_PER_SERVER = 150
"""Open perspectives (started and branched) one server process keeps, all agents together
(5 + 10 per agent: ten agents at their caps)."""

MAX_NOTES_PER_SERVER = 2_000
"""Notes (shared memory anchored to code) one server process has written and that still exist,
all agents together. Notes outlive the process, so the graph also caps them per repo
(`notes.limits.MAX_NOTES_PER_REPO`)."""

MAX_NOTE_BYTES_PER_SERVER = 8 * 1024 * 1024
"""Bytes of text those notes hold together (a note holds at most 2,000 characters)."""

MAX_AGENTS_RECORDED_PER_SERVER = 1_000
"""Agent ids one server process records in the session store (`:Agent`) and remembers; an id
past it is served, not recorded."""


class QuotaFull(Forbidden):
    """A cap of this server process over every agent is reached."""

    code = "server_quota"


StillHeld = Callable[[list[str]], set[str]]
"""Of the ids given, those the session store still holds (live)."""


@dataclass
class ServerQuota:
    """What this process holds of one kind of session state: id -> bytes."""

    what: str
    max_items: int
    max_bytes: int | None = None
    held: dict[str, int] = field(default_factory=dict)
    """Made by this process, last seen in the session store."""
    making: dict[str, int] = field(default_factory=dict)
    """Being made now (not in the session store yet: never forgotten by a look-up)."""
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @contextmanager
    def admit(self, item_id: str, size: int, still_held: StillHeld) -> Iterator[None]:
        """Count `item_id` (`size` bytes) while the caller makes it, and after it did; refuse
        with QuotaFull when it would pass a cap. A failed making is not counted."""
        with self._lock:
            if self._full(size):
                kept = still_held(sorted(self.held))
                self.held = {i: n for i, n in self.held.items() if i in kept}
            if self._full(size):
                counted = {**self.held, **self.making}
                raise QuotaFull(
                    f"this server holds {len(counted)} {self.what} "
                    f"({sum(counted.values())} bytes) for its agents together; "
                    f"at most {self.max_items}"
                    + (f" and {self.max_bytes} bytes" if self.max_bytes is not None else ""),
                    hint=f"commit, close, delete or let expire some {self.what} (whichever agent "
                    "made them); the cap holds whatever agent_id a call names",
                )
            self.making[item_id] = size
        try:
            yield
        except BaseException:
            with self._lock:
                self.making.pop(item_id, None)
            raise
        with self._lock:  # made: counted until the session store no longer holds it
            self.making.pop(item_id, None)
            self.held[item_id] = size

    def _full(self, size: int) -> bool:
        counted = [*self.held.values(), *self.making.values()]
        if len(counted) + 1 > self.max_items:
            return True
        return self.max_bytes is not None and sum(counted) + size > self.max_bytes


@dataclass
class ServerQuotas:
    """The caps of one server process (AppContext.quotas)."""

    previews: ServerQuota = field(
        default_factory=lambda: ServerQuota(
            "edit previews", MAX_LIVE_PREVIEWS_PER_SERVER, MAX_LIVE_PREVIEW_BYTES_PER_SERVER
        )
    )
    perspectives: ServerQuota = field(
        default_factory=lambda: ServerQuota("open perspectives", MAX_OPEN_PERSPECTIVES_PER_SERVER)
    )
    notes: ServerQuota = field(
        default_factory=lambda: ServerQuota(
            "notes", MAX_NOTES_PER_SERVER, MAX_NOTE_BYTES_PER_SERVER
        )
    )
