"""Drive `coderooms serve` over stdio with fastmcp's real MCP client."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastmcp import Client
from fastmcp.client.transports import StdioTransport

from coderooms.graph.driver import Connection


def server_env(connection: Connection | None, **extra: str) -> dict[str, str]:
    """The environment of a server a test starts: this one without NEO4J_*, every verb served
    (`CODEROOMS_TOOLS=all`; `--tools` wins, the tests of presets drop it for the default)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("NEO4J_")}
    env["CODEROOMS_TOOLS"] = "all"
    if connection is not None:
        env |= {
            "NEO4J_URI": connection.uri,
            "NEO4J_USER": connection.user,
            "NEO4J_PASSWORD": connection.password,
            "NEO4J_DATABASE": connection.database,
        }
    return env | extra


@asynccontextmanager
async def stdio_client(
    env: dict[str, str], *args: str, cwd: Path | None = None
) -> AsyncIterator[Client[StdioTransport]]:
    transport = StdioTransport(
        command=sys.executable,
        args=["-m", "coderooms", "serve", *args],
        env=env,
        cwd=str(cwd) if cwd else None,
        keep_alive=False,
    )
    async with Client(transport) as client:
        yield client


def hit_paths(answer: dict[str, Any]) -> set[str]:
    """The files of a search answer's hits (`path:line: text`, or `repo:path:line: text` when
    it covers several repos)."""
    repos = answer.get("repos")
    paths = set()
    for row in answer.get("hits", []):
        rest = next((row[len(r) + 1 :] for r in repos or [] if row.startswith(f"{r}:")), row)
        paths.add(rest.split(":", 1)[0] if ":" in rest else rest.split("-", 1)[0])
    return paths
