"""Starting watchdog for a set of roots: one recursive watch per root, one flat watch per git
directory that lives outside its root (a worktree's), and an alarm for lost events."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from watchdog.observers import Observer

from coderooms.freshness.changes import ChangeQueue
from coderooms.freshness.errors import WatcherStartFailed
from coderooms.freshness.events import WATCHED_EVENTS, EventRouter, shorten_move_pairing
from coderooms.freshness.rootsync import RootSync

WATCHDOG_LOGGERS = ("watchdog.observers.inotify_c", "watchdog.observers.inotify")
JOIN_TIMEOUT_S = 30.0


class OverflowAlarm(logging.Handler):
    """watchdog logs a kernel event-queue overflow (events were lost) without reporting it to
    handlers; this turns the log record into a call."""

    def __init__(self, on_overflow: Callable[[], None]) -> None:
        super().__init__(level=logging.WARNING)
        self._on_overflow = on_overflow

    def emit(self, record: logging.LogRecord) -> None:
        if "overflow" in record.getMessage().lower():
            self._on_overflow()


class Watching:
    """A running observer and its alarm; `close` undoes both."""

    def __init__(
        self,
        roots: list[RootSync],
        queue: ChangeQueue,
        *,
        clock: Callable[[], float],
        wake: Callable[[], None],
        on_events_lost: Callable[[], None],
    ) -> None:
        outside: dict[str, str] = {}
        for root in roots:
            if root.layout is not None and not root.layout.git_dir.is_relative_to(root.root):
                outside[str(root.layout.git_dir)] = root.key
        router = EventRouter(
            queue, [root.key for root in roots], git_dirs=outside, clock=clock, wake=wake
        )
        shorten_move_pairing()
        self._observer: Any = Observer()
        try:
            for root in roots:
                self._observer.schedule(
                    router, root.key, recursive=True, event_filter=WATCHED_EVENTS
                )
            for git_dir in outside:
                self._observer.schedule(
                    router, git_dir, recursive=False, event_filter=WATCHED_EVENTS
                )
            self._observer.start()
        except OSError as e:
            raise WatcherStartFailed(
                f"could not watch {roots[0].key if roots else 'the roots'}: {e}",
                hint="raise fs.inotify.max_user_watches (sysctl), or watch a smaller root",
            ) from e
        self._alarm = OverflowAlarm(on_events_lost)
        for name in WATCHDOG_LOGGERS:
            logging.getLogger(name).addHandler(self._alarm)

    def alive(self) -> bool:
        """Whether the observer's thread still runs (it reports the file system's events)."""
        return bool(self._observer.is_alive())

    def close(self) -> None:
        for name in WATCHDOG_LOGGERS:
            logging.getLogger(name).removeHandler(self._alarm)
        self._observer.stop()
        self._observer.join(JOIN_TIMEOUT_S)
