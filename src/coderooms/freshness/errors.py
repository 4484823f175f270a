"""Typed errors of the freshness room, each a kind the MCP layer already knows how to report."""

from __future__ import annotations

from coderooms.errors import CoderoomsError, Conflict, NotFound


class WatcherConflict(Conflict):
    """Another live watcher (fresh heartbeat) already watches these roots."""


class WatcherNotRunning(NotFound):
    """A verb needs a running watcher in this process and there is none."""


class WatcherStartFailed(CoderoomsError):
    """The watcher could not start: a root could not be watched (a failed catch-up is retried
    by the running watcher, not an error of its start)."""

    code = "watcher_start_failed"
