"""How long work says how far it is and where it may stop, without knowing who asks.

A verb that can run long (ingest) takes a `Steps` and calls `advance` as it goes and `checkpoint`
at its safe points: where stopping leaves nothing half-written. The MCP adapter
(`coderooms.call_progress`) turns `advance` into progress notifications and makes `checkpoint`
raise when the client cancelled the request; the CLI and the tests pass the default, which
reports nowhere and never stops.
"""

from __future__ import annotations


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
