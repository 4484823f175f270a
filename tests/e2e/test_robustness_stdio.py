"""Robustness of the real server over stdio (issue 16, items 1-3): no pattern freezes it, two
server processes never lose an acknowledged write, a SIGKILL mid-batch leaves all or nothing."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.core.hashing import content_hash
from coderooms.edits.atomic import TEMP_SUFFIX
from coderooms.edits.faults import PAUSE_AFTER_ENV, PAUSE_FILE_ENV
from coderooms.edits.locks import ROOT_COORDINATION
from coderooms.graph.driver import Connection
from tests.e2e.stdio_client import server_env, stdio_client

GRAPH_DEADLINE_S = 60.0
HEALTH_DEADLINE_S = 10.0
"""How long `health` may take while a hostile search runs in the same server: a bound on a
freeze (the backtracking these patterns cause in Python's `re` runs for hours), not a speed (a
loaded machine answers `health` in over a second)."""
HOSTILE_DEADLINE_S = 30.0
RACE_ROUNDS = 15
BATCH_FILES = 100
PAUSE_AFTER = 6

Call = Callable[..., Awaitable[Any]]


def caller(client: Client[Any], agent: str) -> Call:
    async def call(verb: str, **arguments: Any) -> Any:
        result = await client.call_tool(verb, {"agent_id": agent, **arguments})
        return result.structured_content

    return call


async def error_of(call: Awaitable[Any]) -> dict[str, Any]:
    try:
        await call
    except ToolError as e:
        return dict(json.loads(str(e)))
    raise AssertionError("the call did not fail")


async def wait_ready(call: Call) -> None:
    deadline = time.monotonic() + GRAPH_DEADLINE_S
    while (await call("health"))["status"] != "ok":
        assert time.monotonic() < deadline, "the graph never became ready"
        await asyncio.sleep(0.2)


async def health_while(call: Call, hostile: Awaitable[Any]) -> tuple[float, Any]:
    """`health`'s latency while `hostile` runs, and what `hostile` answered."""
    task = asyncio.ensure_future(hostile)
    await asyncio.sleep(0.05)  # let the hostile request reach the server first
    started = time.monotonic()
    await asyncio.wait_for(call("health"), timeout=HEALTH_DEADLINE_S * 2)
    latency = time.monotonic() - started
    answer = await asyncio.wait_for(task, timeout=HOSTILE_DEADLINE_S)
    return latency, answer


def test_no_regex_or_glob_freezes_the_server(
    connection: Connection, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "hostile"
    root.mkdir()
    # a line `(a+)+$` and `(\w+\s?)*$` backtrack on for hours in Python's `re`
    (root / "notes.md").write_text("a" * 30 + "!\n" + "word " * 12 + "and" * 10 + "!\n")
    for depth in range(3):
        nested = root.joinpath(*[f"d{i}" for i in range(depth + 1)])
        nested.mkdir(parents=True, exist_ok=True)
        (nested / f"m{depth}.py").write_text(f"X = {depth}\n")

    async def run() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        async with stdio_client(server_env(connection)) as client:
            call = caller(client, "e2e-hostile")
            await wait_ready(call)
            await call("ingest", roots=[str(root)], repo=repo_id)
            for name, query in {"nested": r"(?i)(a+)+$", "words": r"(?i)(\w+\s?)*$"}.items():
                seen[name] = await health_while(
                    call, call("search", query=query, mode="regex", repo=repo_id, count_only=True)
                )
            seen["glob"] = await health_while(
                call, call("glob", pattern="**/" * 300 + "x", repo=repo_id)
            )
            seen["lookaround"] = await error_of(
                call("search", query=r"(?<=a)b", mode="regex", repo=repo_id)
            )
            seen["backreference"] = await error_of(
                call("search", query=r"(\w)\1", mode="regex", repo=repo_id)
            )
        return seen

    seen = asyncio.run(run())
    for name in ("nested", "words", "glob"):
        latency, _answer = seen[name]
        assert latency < HEALTH_DEADLINE_S, (name, latency)
    assert seen["nested"][1]["count"] == 0
    assert seen["words"][1]["count"] >= 2  # `(\w+\s?)*$` matches every line (empty at its end)
    assert "files" not in seen["glob"][1]  # no file: `none` says so, no empty list
    assert seen["glob"][1]["none"].startswith("no ingested file matches")
    for name in ("lookaround", "backreference"):
        assert seen[name]["error"] == "invalid_input"
        assert seen[name]["field"] == "query"
        assert "RE2" in seen[name]["message"]


def test_two_server_processes_never_lose_an_acknowledged_write(
    connection: Connection, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "race"
    root.mkdir()
    shared = root / "shared.py"
    shared.write_text("START = 0\n")
    lines = root / "lines.py"
    env = server_env(connection, CODEROOMS_HOME=str(tmp_path / "state"), CODEROOMS_ROOTS=str(root))

    async def run() -> dict[str, Any]:
        seen: dict[str, Any] = {"winners": [], "lost": [], "refusals": set()}
        async with stdio_client(env) as first, stdio_client(env) as second:
            a, b = caller(first, "e2e-racer-a"), caller(second, "e2e-racer-b")
            await wait_ready(a)
            await wait_ready(b)
            await a("ingest", roots=[str(root)], repo=repo_id)

            async def attempt(call: Call, content: str, expected: str) -> bool:
                try:
                    await call(
                        "apply", path="shared.py", repo=repo_id, content=content,
                        expected_hash=expected,
                    )  # fmt: skip
                except ToolError as e:
                    seen["refusals"].add(json.loads(str(e))["error"])
                    return False
                return True

            for round_ in range(RACE_ROUNDS):
                expected = content_hash(shared.read_bytes())
                texts = (f"A = {round_}\n", f"B = {round_}\n")
                won = await asyncio.gather(
                    attempt(a, texts[0], expected), attempt(b, texts[1], expected)
                )
                seen["winners"].append(sum(won))
                if sum(won) == 1:
                    assert shared.read_text() == texts[won.index(True)]

            for round_ in range(3):
                lines.write_text("".join(f"L{i} = 0\n" for i in range(20)))

                async def edit(call: Call, line: int, round_: int = round_) -> str:
                    new = f"L{line} = {round_ + 1}\n"
                    await call(
                        "apply", path="lines.py", repo=repo_id,
                        old_text=f"L{line} = 0\n", new_text=new,
                    )  # fmt: skip
                    return new

                acknowledged = await asyncio.gather(
                    *(edit(a if i % 2 else b, i) for i in range(20))
                )
                text = lines.read_text()
                seen["lost"].append([new for new in acknowledged if new not in text])
        return seen

    seen = asyncio.run(run())
    assert seen["winners"] == [1] * RACE_ROUNDS
    assert seen["refusals"] == {"source_modified"}
    assert seen["lost"] == [[], [], []]


def temps(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.name.endswith(TEMP_SUFFIX)]


def test_a_sigkill_mid_batch_leaves_every_file_old_or_every_file_new(
    connection: Connection, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "crash"
    (root / "m").mkdir(parents=True)
    for i in range(BATCH_FILES):
        (root / "m" / f"f{i:03d}.py").write_text(f"OLD_{i} = 1\n")
    home = tmp_path / "state"
    marker = tmp_path / "paused.pid"
    faulty = server_env(
        connection,
        CODEROOMS_HOME=str(home),
        CODEROOMS_ROOTS=str(root),
        **{PAUSE_AFTER_ENV: str(PAUSE_AFTER), PAUSE_FILE_ENV: str(marker)},
    )
    restarted = server_env(connection, CODEROOMS_HOME=str(home), CODEROOMS_ROOTS=str(root))
    edits = [
        {"path": f"m/f{i:03d}.py", "repo": repo_id, "content": f"NEW_{i} = 2\n"}
        for i in range(BATCH_FILES)
    ]

    def contents() -> list[str]:
        return [(root / "m" / f"f{i:03d}.py").read_text() for i in range(BATCH_FILES)]

    async def crash() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        async with stdio_client(faulty) as client:
            call = caller(client, "e2e-crash")
            await wait_ready(call)
            await call("ingest", roots=[str(root)], repo=repo_id)
            batch = asyncio.ensure_future(call("apply_batch", edits=edits))
            deadline = time.monotonic() + GRAPH_DEADLINE_S
            while not marker.exists() or not marker.read_text():
                assert time.monotonic() < deadline, "the batch never reached its pause"
                await asyncio.sleep(0.05)
            os.kill(int(marker.read_text()), signal.SIGKILL)
            with pytest.raises(BaseException):  # noqa: B017, PT011 (the server died: any error)
                await asyncio.wait_for(batch, timeout=GRAPH_DEADLINE_S)
        seen["new_at_crash"] = sum(text.startswith("NEW_") for text in contents())
        seen["temps_at_crash"] = len(temps(root))
        return seen

    async def restart() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        async with stdio_client(restarted) as client:
            call = caller(client, "e2e-restart")
            await wait_ready(call)
            seen["temps"] = len(temps(root))
            seen["new"] = sum(text.startswith("NEW_") for text in contents())
            await call("ingest", roots=[str(root)], repo=repo_id)
            seen["temp_files_in_graph"] = await call(
                "glob", pattern="**/*" + TEMP_SUFFIX, repo=repo_id
            )
            seen["hits"] = await call("search", query="NEW_", repo=repo_id, count_only=True)
        return seen

    crashed = asyncio.run(crash())
    # the kill came half way: some files renamed, the rest still staged
    assert crashed["new_at_crash"] == PAUSE_AFTER
    assert crashed["temps_at_crash"] > 0
    after = asyncio.run(restart())
    assert after["new"] in (0, BATCH_FILES)
    assert after["new"] == BATCH_FILES  # every temp was durable: the batch was rolled forward
    assert after["temps"] == 0
    assert list((root / ROOT_COORDINATION / "journal").glob("*.json")) == []  # no git here
    assert "files" not in after["temp_files_in_graph"]  # glob: none, no empty list
    assert after["hits"]["count"] == BATCH_FILES
    assert after["hits"]["files"] == BATCH_FILES
