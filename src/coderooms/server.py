"""Builds the FastMCP app: opens the graph in a lifespan, wires each room's tools. Only that."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastmcp import FastMCP

from coderooms import __version__
from coderooms.context import AppContext
from coderooms.freshness.tools import freshness_tools
from coderooms.ingest.tools import ingest_tools
from coderooms.perspective.tools import perspective_tools
from coderooms.search.graph_tools import graph_search_tools
from coderooms.search.tools import search_tools
from coderooms.surgical.context_tools import surgical_context_tools
from coderooms.surgical.tools import surgical_tools
from coderooms.system.tools import system_tools
from coderooms.tooling import ToolSpec, guarded

INSTRUCTIONS = (
    "coderooms serves a code graph of the repositories it ingested. Every verb takes `agent_id`, "
    "a stable name for you. Call `help` for the list of verbs and `health` to see whether the "
    "graph is ready. Errors are JSON objects with `error`, `message`, and a `hint` on what to do."
)


def room_tools(ctx: AppContext) -> list[ToolSpec]:
    specs: list[ToolSpec] = []
    specs.extend(system_tools(ctx, lambda: specs))
    specs.extend(ingest_tools(ctx))
    specs.extend(freshness_tools(ctx))
    specs.extend(search_tools(ctx))
    specs.extend(graph_search_tools(ctx))
    specs.extend(surgical_tools(ctx))
    specs.extend(surgical_context_tools(ctx))
    specs.extend(perspective_tools(ctx))
    return specs


def create_server(ctx: AppContext) -> FastMCP[Any]:
    @asynccontextmanager
    async def lifespan(_: FastMCP[Any]) -> AsyncIterator[dict[str, Any]]:
        ctx.graphs.start()
        try:
            yield {}
        finally:
            ctx.graphs.close()

    mcp: FastMCP[Any] = FastMCP(
        "coderooms", instructions=INSTRUCTIONS, version=__version__, lifespan=lifespan
    )
    for spec in room_tools(ctx):
        mcp.tool(
            guarded(spec, read_only_mode=ctx.settings.read_only),
            name=spec.name,
            annotations=spec.annotations(),
        )
    return mcp
