"""Progress notifications and cancellation of verbs run in worker threads
(coderooms.protocol.progress), on a small FastMCP app in memory with the real middleware and
the real client."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import anyio
import pytest
from fastmcp import Client, FastMCP
from fastmcp.exceptions import ToolError

from coderooms.protocol import progress as call_progress
from coderooms.protocol.progress import ProgressNotifications
from coderooms.steps import QUIET, current_steps

Seen = list[tuple[float, float | None, str | None]]


def app(stopped: threading.Event) -> FastMCP[Any]:
    mcp: FastMCP[Any] = FastMCP("steps")
    mcp.add_middleware(ProgressNotifications())

    @mcp.tool(output_schema=None)
    def count(n: int, pause_s: float = 0.0) -> dict[str, Any]:
        steps = current_steps()
        try:
            for i in range(n):
                time.sleep(pause_s)
                steps.advance(i + 1, n, f"{i + 1} of {n}")
                steps.checkpoint()
        except BaseException:
            stopped.set()
            raise
        return {"n": n}

    @mcp.tool(output_schema=None)
    def quiet(seconds: float) -> dict[str, Any]:
        time.sleep(seconds)
        return {"slept": seconds}

    @mcp.tool(output_schema=None)
    def fails() -> dict[str, Any]:
        current_steps().advance(1, 2)
        raise ToolError('{"error": "invalid_input"}')

    return mcp


def collector(seen: Seen) -> Any:
    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    return on_progress


def test_progress_rises_strictly_within_its_total_at_most_ten_a_second() -> None:
    seen: Seen = []

    async def run() -> float:
        async with Client(app(threading.Event()), progress_handler=collector(seen)) as client:
            started = time.monotonic()
            await client.call_tool("count", {"n": 40, "pause_s": 0.02})
            return time.monotonic() - started

    elapsed = asyncio.run(run())
    assert seen, "no progress notification"
    values = [progress for progress, _, _ in seen]
    assert values == sorted(set(values))
    assert all(total == 40 and progress <= 40 for progress, total, _ in seen)
    assert len(seen) <= elapsed * 10 + 1


def test_a_quiet_verb_still_sends_heartbeats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(call_progress, "HEARTBEAT_S", 0.2)
    seen: Seen = []

    async def run() -> None:
        async with Client(app(threading.Event()), progress_handler=collector(seen)) as client:
            await client.call_tool("quiet", {"seconds": 1.0})

    asyncio.run(run())
    assert len(seen) >= 3
    values = [progress for progress, _, _ in seen]
    assert values == sorted(set(values))


def test_an_error_keeps_its_payload_when_progress_was_asked() -> None:
    async def run() -> None:
        async with Client(app(threading.Event()), progress_handler=collector([])) as client:
            await client.call_tool("fails", {})

    with pytest.raises(ToolError) as raised:
        asyncio.run(run())
    assert "invalid_input" in str(raised.value)


@pytest.mark.parametrize("with_progress", [True, False])
def test_a_cancelled_call_stops_at_its_next_checkpoint_and_the_server_answers(
    with_progress: bool,
) -> None:
    stopped = threading.Event()
    seen: Seen = []

    async def run() -> dict[str, Any]:
        handler = collector(seen) if with_progress else None
        async with Client(app(stopped), progress_handler=handler) as client:
            with anyio.move_on_after(0.5):  # the client cancels: notifications/cancelled
                await client.call_tool("count", {"n": 10_000, "pause_s": 0.01})
            deadline = time.monotonic() + 5
            while not stopped.is_set() and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            after = await client.call_tool("count", {"n": 2})
            return after.structured_content or {}

    assert asyncio.run(run()) == {"n": 2}
    assert stopped.is_set(), "the cancelled verb ran on"
    assert not with_progress or seen


def test_outside_a_call_the_steps_are_quiet() -> None:
    assert current_steps() is QUIET
    QUIET.checkpoint()
