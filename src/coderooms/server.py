"""Builds the FastMCP app: opens the graph in a lifespan, wires each room's tools. Only that."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastmcp import FastMCP
from fastmcp.server.auth import AuthProvider

from coderooms import __version__
from coderooms.call_progress import ProgressNotifications
from coderooms.capabilities import advertise
from coderooms.context import AppContext
from coderooms.edits import recover_writes
from coderooms.edits.tools import surgical_tools
from coderooms.freshness.tools import freshness_tools
from coderooms.impact.tools import impact_tools
from coderooms.ingest.tools import ingest_tools
from coderooms.listing import listed_tool
from coderooms.perspective.tools import perspective_tools
from coderooms.retrieval.graph_tools import graph_search_tools
from coderooms.search.tools import search_tools
from coderooms.serving import refusals, served_tools
from coderooms.surgical.context_tools import surgical_context_tools
from coderooms.system.tools import system_tools
from coderooms.tooling import RefuseUnserved, SchemaErrorsAsJSON, ToolSpec

INSTRUCTIONS = (
    "coderooms serves a code graph of the repositories it ingested. Every verb takes `agent_id`: "
    "a stable name you choose for yourself and keep in every call (your previews, perspectives "
    "and quotas are kept under it). A tool's description is its first paragraph; `help` lists "
    "the verbs served and the presets that add others, `help` with `verb` describes one in full. "
    "`health` says whether the graph is ready. Errors are JSON objects with `error`, `message`, "
    "and a `hint` on what to do."
)


def room_tools(ctx: AppContext) -> list[ToolSpec]:
    """Every verb of every room; the operator's presets and mode choose those served."""
    specs: list[ToolSpec] = []
    specs.extend(system_tools(ctx, lambda: specs))
    specs.extend(ingest_tools(ctx))
    specs.extend(freshness_tools(ctx))
    specs.extend(search_tools(ctx))
    specs.extend(graph_search_tools(ctx))
    specs.extend(surgical_tools(ctx))
    specs.extend(surgical_context_tools(ctx))
    specs.extend(impact_tools(ctx))
    specs.extend(perspective_tools(ctx))
    return specs


def create_server(ctx: AppContext, *, auth: AuthProvider | None = None) -> FastMCP[Any]:
    """The app; `auth` guards the HTTP transport (the operator's bearer token)."""

    @asynccontextmanager
    async def lifespan(_: FastMCP[Any]) -> AsyncIterator[dict[str, Any]]:
        if not ctx.settings.read_only:  # a read-only server writes nothing, recovery included
            recover_writes(ctx.settings)
        ctx.graphs.start()
        try:
            yield {}
        finally:
            ctx.graphs.close()

    mcp: FastMCP[Any] = FastMCP(
        "coderooms",
        instructions=INSTRUCTIONS,
        version=__version__,
        lifespan=lifespan,
        auth=auth,
        strict_input_validation=True,  # "true" is not a boolean, "5" not a number
    )
    mcp.add_middleware(SchemaErrorsAsJSON())
    mcp.add_middleware(ProgressNotifications())
    specs = room_tools(ctx)
    served = served_tools(ctx, specs)
    for spec in served:
        mcp.add_tool(listed_tool(spec))
    advertise(mcp, ctx, frozenset(spec.name for spec in served))
    refused = refusals(ctx, specs)
    if refused:
        mcp.add_middleware(RefuseUnserved(refused))
    return mcp
