"""Progress notifications and cancellation for the verbs, which FastMCP runs in worker threads.

A client that sends `_meta.progressToken` with a `tools/call` gets `notifications/progress` while
the verb works: what the verb reports through its `Steps` (ingest: files read and written of
the total, then each phase), at most `1 / PUMP_INTERVAL_S` a second, and, from any verb that
reports nothing for `HEARTBEAT_S`, a heartbeat whose progress rises by `HEARTBEAT_NUDGE`. A client
that resets its request timeout on progress (the TypeScript SDK's `resetTimeoutOnProgress`, 60 s
by default) then never times out a verb that is still working.

The middleware makes a call's `CallSteps` the current ones (`coderooms.steps.current_steps`);
the worker thread never waits on the event loop to report: `CallSteps.advance` records the latest
state under a lock and a task on the loop (`ProgressNotifications`) sends it. A cancelled request
(`notifications/cancelled`) cancels the task that waits for the worker; the worker sees it at its
next `checkpoint` (`anyio.from_thread.check_cancelled`), raises, and the server answers nothing
more for that request (the protocol drops the handler's outcome).
"""

from __future__ import annotations

import logging
import threading

import anyio
import anyio.from_thread
from fastmcp.server.context import Context
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools import ToolResult
from mcp.types import CallToolRequestParams

from coderooms.steps import Steps, steps_of_call

log = logging.getLogger(__name__)

PUMP_INTERVAL_S = 0.1
"""How often the latest progress is looked at: at most ten notifications a second."""
HEARTBEAT_S = 5.0
"""A verb that reports nothing for this long still gets a notification (a client's request
timeout, 60 s in the TypeScript SDK, is reset by each)."""
HEARTBEAT_NUDGE = 0.001
"""How much a heartbeat raises the progress: notifications must rise strictly (MCP)."""


class CallSteps(Steps):
    """The latest progress of one call, written by the worker thread, read by the loop."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._base = 0.0
        self._done = 0.0
        self._total: float | None = None
        self._message: str | None = None
        self._version = 0

    def advance(self, done: float, total: float | None = None, message: str | None = None) -> None:
        with self._lock:
            self._done = max(self._done, self._base + done)
            self._total = None if total is None else max(self._base + total, self._done)
            self._message = message
            self._version += 1

    def part(self) -> Steps:
        with self._lock:
            self._base = self._done
        return self

    def checkpoint(self) -> None:
        try:
            anyio.from_thread.check_cancelled()
        except anyio.NoEventLoopError:
            return  # a thread the verb started itself: its caller checks

    def latest(self) -> tuple[int, float, float | None, str | None]:
        with self._lock:
            return self._version, self._done, self._total, self._message


class ProgressNotifications(Middleware):
    """Gives each `tools/call` its `CallSteps` and, when the client asked for progress, sends
    them as notifications while the call runs."""

    async def on_call_tool(
        self,
        context: MiddlewareContext[CallToolRequestParams],
        call_next: CallNext[CallToolRequestParams, ToolResult],
    ) -> ToolResult:
        steps = CallSteps()
        with steps_of_call(steps):
            fastmcp_context = context.fastmcp_context
            if fastmcp_context is None or not _asks_progress(fastmcp_context):
                return await call_next(context)
            pump = _Pump(steps, fastmcp_context)
            failure: Exception | None = None
            async with anyio.create_task_group() as group:
                group.start_soon(pump.run)
                try:
                    result = await call_next(context)
                except Exception as e:  # raised past the group, not wrapped in an ExceptionGroup
                    failure = e
                finally:
                    group.cancel_scope.cancel()
            if failure is not None:
                raise failure
            await pump.flush()  # where the verb got to (its total): before the answer
            return result


def _asks_progress(context: Context) -> bool:
    """Whether the request carries `_meta.progressToken` (the raw `_meta` of the request)."""
    request = context.request_context
    meta = request.meta if request is not None else None
    return meta is not None and meta.get("progressToken") is not None


class _Pump:
    """Sends the call's latest progress: when it changed, at most every `PUMP_INTERVAL_S`, and
    a heartbeat after `HEARTBEAT_S` without news."""

    def __init__(self, steps: CallSteps, context: Context) -> None:
        self.steps = steps
        self.context = context
        self.seen = 0
        """The version of the steps last sent."""
        self.sent = 0.0
        self.quiet_since = anyio.current_time()
        self.broken = False

    async def run(self) -> None:
        while not self.broken:
            await anyio.sleep(PUMP_INTERVAL_S)
            quiet = anyio.current_time() - self.quiet_since >= HEARTBEAT_S
            await self.send(heartbeat=quiet)

    async def flush(self) -> None:
        await self.send(heartbeat=False)

    async def send(self, *, heartbeat: bool) -> None:
        version, done, total, message = self.steps.latest()
        if self.broken or (version == self.seen and not heartbeat):
            return
        progress = max(done, self.sent + HEARTBEAT_NUDGE)
        if total is not None and progress > total:
            total = None  # a heartbeat past the verb's total: the total is not known after all
        try:
            await self.context.report_progress(progress, total, message)
        except Exception:  # the client went away; the verb's own answer will fail to send too
            log.debug("progress notification not sent", exc_info=True)
            self.broken = True
            return
        self.seen, self.sent, self.quiet_since = version, progress, anyio.current_time()
