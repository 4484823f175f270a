"""How long work says how far it is and where it may stop, without knowing who asks.

A verb that can run long (ingest) takes a `Steps` and calls `advance` as it goes and `checkpoint`
at its safe points: where stopping leaves nothing half-written. The MCP adapter
(`coderooms.protocol.progress`) turns `advance` into progress notifications and makes `checkpoint`
raise when the client cancelled the request; the CLI and the tests pass the default, which
reports nowhere and never stops. Code that runs on behalf of an MCP call without a parameter
for it (a watcher's catch-up inside `auto_ingest_start`) finds the call's steps with
`current_steps()`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar


class Steps:
    def advance(self, done: float, total: float | None = None, message: str | None = None) -> None:
        """`done` of `total` units of work are done (the units are the caller's; files for
        ingest). A later call may give a larger total; `done` never goes back."""

    def checkpoint(self) -> None:
        """A safe point: raises (the request's cancellation) when the work should stop here."""

    def part(self) -> Steps:
        """The steps of the next part of the same work (the next root of an ingest): its units
        count on from where the previous part got to."""
        return self


QUIET = Steps()
"""Reports nowhere, never stops."""


_current: ContextVar[Steps | None] = ContextVar("coderooms_steps", default=None)


def current_steps() -> Steps:
    """The steps of the MCP call this thread works for (FastMCP copies the call's context into
    the worker thread it runs a verb in), or `QUIET` outside one: the CLI, a watcher's own
    thread, a test calling a verb's function."""
    return _current.get() or QUIET


@contextmanager
def steps_of_call(steps: Steps) -> Iterator[Steps]:
    """`steps` are the current ones inside the block (and in worker threads started from it by
    anyio, which copy the context)."""
    token = _current.set(steps)
    try:
        yield steps
    finally:
        _current.reset(token)
