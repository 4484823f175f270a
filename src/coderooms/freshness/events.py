"""The watchdog side: turn file-system events into queue entries, and nothing else.

Runs on watchdog's dispatch thread, so it does no graph work and no reads: each event is routed
to its root, checked by name (the `.git` directory signals git state, default-excluded
directories are dropped, an ignore file asks for a reconciliation) and enqueued. Directories are
never enqueued: a removed directory is remembered so that the pump can look up the files the
graph holds under it; watchdog itself reports the files of a directory moved in or created.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

from watchdog.events import (
    EVENT_TYPE_DELETED,
    EVENT_TYPE_MOVED,
    DirCreatedEvent,
    DirDeletedEvent,
    DirMovedEvent,
    FileClosedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)

from coderooms.core.files import IGNORE_FILES, is_excluded_dir, is_virtualenv
from coderooms.core.paths import is_utf8
from coderooms.freshness.changes import ChangeKind, ChangeQueue
from coderooms.ingest import is_kept_file

log = logging.getLogger(__name__)

WATCHED_EVENTS: list[type[FileSystemEvent]] = [
    FileCreatedEvent,
    FileModifiedEvent,
    FileClosedEvent,
    FileDeletedEvent,
    FileMovedEvent,
    DirCreatedEvent,
    DirDeletedEvent,
    DirMovedEvent,
]
"""Opens and read-only closes are left out at the inotify level: reading a file (as ingest does)
must not wake the watcher."""

MOVE_PAIRING_DELAY_S = 0.02
"""watchdog's inotify backend holds every event queued behind a rename for its move-pairing
delay (0.5 s by default) before delivering any, and its reader sleeps the whole delay even when
the other half arrives at once. The kernel reports both halves of a rename together (one read
of the inotify descriptor), so this shorter delay pairs them just as well; an editor's atomic
save is a rename, so the delay is save-to-graph latency (0.1 s before: atomic saves p95 210 ms
against 155 for plain writes). A half left unpaired reads as a delete and a create, which the
queue turns into the same ingest."""

GIT_DIR_NAME = ".git"
IGNORE_RULES_CHANGED = "ignore_rules_changed"


class EventRouter(FileSystemEventHandler):
    """Routes events of several roots (and of their git directories outside them)."""

    def __init__(
        self,
        queue: ChangeQueue,
        roots: Iterable[str],
        *,
        git_dirs: dict[str, str],
        clock: Callable[[], float],
        wake: Callable[[], None],
    ) -> None:
        super().__init__()
        self._queue = queue
        # longest first, so a path is routed to the innermost root (roots never nest; still)
        self._roots = sorted(roots, key=len, reverse=True)
        self._git_dirs = git_dirs
        """git directory (outside its root) -> root."""
        self._clock = clock
        self._wake = wake

    def on_any_event(self, event: FileSystemEvent) -> None:
        try:
            self.route(event)
        except Exception:  # never let one bad event kill watchdog's thread
            log.exception("could not route file-system event %r", event)

    def route(self, event: FileSystemEvent) -> None:
        now = self._clock()
        source = os.fsdecode(event.src_path)
        target = os.fsdecode(event.dest_path) if event.dest_path else ""
        if event.is_directory:
            if event.event_type in {EVENT_TYPE_DELETED, EVENT_TYPE_MOVED}:
                self._directory_gone(source, now)
            if target:
                self._signal_if_git(target)
            return
        if event.event_type == EVENT_TYPE_MOVED:
            self._file(source, "delete", now)
            if target:
                self._file(target, "change", now)
        elif event.event_type == EVENT_TYPE_DELETED:
            self._file(source, "delete", now)
        else:
            # an event can trail the file's removal: a path that is gone is a delete
            kind: ChangeKind = "change" if os.path.lexists(source) else "delete"
            self._file(source, kind, now)
        self._wake()

    def _locate(self, path: str) -> tuple[str, str] | None:
        for root in self._roots:
            if path.startswith(root + os.sep):
                return root, PurePosixPath(path[len(root) + 1 :]).as_posix()
        return None

    def _git_root(self, path: str) -> str | None:
        for git_dir, root in self._git_dirs.items():
            if path == git_dir or path.startswith(git_dir + os.sep):
                return root
        return None

    def _signal_if_git(self, path: str) -> bool:
        root = self._git_root(path)
        if root is None:
            located = self._locate(path)
            if located is None or GIT_DIR_NAME not in located[1].split("/"):
                return False
            root = located[0]
        self._queue.signal_git(root)
        self._wake()
        return True

    def _file(self, path: str, kind: ChangeKind, now: float) -> None:
        if self._signal_if_git(path):
            return
        located = self._locate(path)
        if located is None:
            return
        root, relative = located
        parts = relative.split("/")
        excluded = any(is_excluded_dir(part) for part in parts[:-1]) and not is_kept_file(relative)
        if excluded or _in_virtualenv(Path(root), parts[:-1]):
            self._queue.count("events_excluded")
            return
        if not is_utf8(relative):
            self._queue.count("events_undecodable")
            return
        if parts[-1] in IGNORE_FILES:
            # which files are ingestible changed: only a walk can tell
            self._queue.request_reconcile(root, IGNORE_RULES_CHANGED, now, urgent=False)
        self._queue.add(root, relative, kind, now)

    def _directory_gone(self, path: str, now: float) -> None:
        if self._signal_if_git(path):
            return
        located = self._locate(path)
        if located is None:
            return
        root, relative = located
        if any(is_excluded_dir(part) for part in relative.split("/")) or not is_utf8(relative):
            return
        self._queue.add_gone_dir(root, relative, now)
        self._wake()


def _in_virtualenv(root: Path, directories: list[str]) -> bool:
    """Whether a directory on the way to a file is a Python environment (core.files.is_virtualenv):
    `pip install` there must not flood the queue."""
    directory = root
    for part in directories:
        directory = directory / part
        if is_virtualenv(directory):
            return True
    return False


def shorten_move_pairing() -> None:
    """Set watchdog's move-pairing delay (a class attribute, read when a watch starts)."""
    try:
        from watchdog.observers.inotify_move_event_grouper import InotifyMoveEventGrouper
    except ImportError:  # not the inotify backend: nothing to shorten
        return
    InotifyMoveEventGrouper.delay = MOVE_PAIRING_DELAY_S
