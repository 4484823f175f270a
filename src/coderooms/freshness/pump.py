"""The watcher's own clock: a pump thread that ticks when work is due, and a guard so that ticks
never overlap.

The pump sleeps until the earliest of: the queue's next due time (a debounce elapsing), a git
signal, an explicit request, or the idle poll. The idle poll backs off exponentially while
nothing happens (`idle_poll · 2^streak`, clamped to MIN_WAIT_S … MAX_WAIT_S) and so does the
retry after failed ticks, so a Neo4j that is down is not hammered. Between two ticks there are
always at least MIN_WAIT_S. Wake-ups (from the watchdog callback) only make it work out its
deadline again.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

MIN_WAIT_S = 0.025
MAX_WAIT_S = 10.0
"""The pump sleeps at least this little between ticks and at most this long while idle."""
MAX_BACKOFF_DOUBLINGS = 9
STOP_JOIN_TIMEOUT_S = 30.0

R = TypeVar("R")


def backoff_wait(base_s: float, streak: int) -> float:
    """`base · 2^streak`, the exponent capped, clamped to MIN_WAIT_S … MAX_WAIT_S."""
    doubled = base_s * float(2 ** min(max(streak, 0), MAX_BACKOFF_DOUBLINGS))
    return min(max(doubled, MIN_WAIT_S), MAX_WAIT_S)


class TickGuard(Generic[R]):
    """Runs one tick at a time. A tick asked for while one runs is not run alongside: the caller
    gets `coalesced()` at once, and exactly one more tick runs right after the current one
    (forced if any of the requests was)."""

    def __init__(self, run: Callable[[bool], R], coalesced: Callable[[], R]) -> None:
        self._run = run
        self._coalesced = coalesced
        self._lock = threading.Lock()
        self._in_flight = False
        self._rerun = False
        self._rerun_force = False
        self.coalesced_count = 0

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._in_flight or self._rerun

    def __call__(self, force: bool) -> R:
        with self._lock:
            if self._in_flight:
                self._rerun = True
                self._rerun_force = self._rerun_force or force
                self.coalesced_count += 1
                return self._coalesced()
            self._in_flight = True
        try:
            result = self._run(force)
            while True:
                with self._lock:
                    if not self._rerun:
                        self._in_flight = False
                        return result
                    self._rerun, force, self._rerun_force = False, self._rerun_force, False
                result = self._run(force)
        except BaseException:
            with self._lock:
                self._in_flight = self._rerun = False
            raise


class Pump:
    """The thread that calls `tick` when `next_due` (or the idle poll) says so."""

    def __init__(
        self,
        tick: Callable[[], object],
        next_due: Callable[[], float | None],
        *,
        clock: Callable[[], float],
        idle_poll_s: float,
        name: str,
    ) -> None:
        self._tick = tick
        self._next_due = next_due
        self._clock = clock
        self._idle_poll_s = idle_poll_s
        self._name = name
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._requested = False
        self._thread: threading.Thread | None = None
        self.idle_streak = 0
        self.failure_streak = 0
        self.last_tick_end = -float("inf")

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(STOP_JOIN_TIMEOUT_S)

    def alive(self) -> bool:
        """Whether the pump's thread runs (not started, stopped or died: not)."""
        return self._thread is not None and self._thread.is_alive()

    def wake(self) -> None:
        self._wake.set()

    def request_tick(self) -> None:
        self._requested = True
        self._wake.set()

    def record(self, *, worked: bool, failed: bool) -> None:
        """Called after every tick (whoever ran it): moves the backoff streaks."""
        self.last_tick_end = self._clock()
        self.idle_streak = 0 if worked else self.idle_streak + 1
        self.failure_streak = self.failure_streak + 1 if failed else 0

    def next_deadline(self) -> float:
        earliest = self.last_tick_end + MIN_WAIT_S
        if self._requested:
            return earliest
        if self.failure_streak:
            return self.last_tick_end + backoff_wait(self._idle_poll_s, self.failure_streak)
        idle = self.last_tick_end + backoff_wait(self._idle_poll_s, self.idle_streak)
        due = self._next_due()
        if due is None:
            return idle
        return min(max(due, earliest), idle)

    def _run(self) -> None:
        while not self._stopping.is_set():
            timeout = self.next_deadline() - self._clock()
            if timeout > 0:
                self._wake.wait(min(timeout, MAX_WAIT_S))
                self._wake.clear()
                continue  # woken or timed out: work the deadline out again
            self._requested = False
            try:
                self._tick()
            except Exception:  # the pump must outlive any bug in a tick
                log.exception("%s: tick failed", self._name)
                self.record(worked=False, failed=True)
