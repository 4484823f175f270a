"""Builds the FastMCP app: opens the graph in a lifespan, wires each room's tools. Only that."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastmcp import FastMCP
from fastmcp.server.auth import AuthProvider

from coderooms import __version__, effects
from coderooms.context import AppContext
from coderooms.freshness.tools import freshness_tools
from coderooms.impact.tools import impact_tools
from coderooms.ingest.tools import ingest_tools
from coderooms.perspective.tools import perspective_tools
from coderooms.search.graph_tools import graph_search_tools
from coderooms.search.tools import search_tools
from coderooms.surgical.context_tools import surgical_context_tools
from coderooms.surgical.recovery import recover_writes
from coderooms.surgical.tools import surgical_tools
from coderooms.system.tools import system_tools
from coderooms.tooling import RefuseUnserved, ToolSpec, guarded

INSTRUCTIONS = (
    "coderooms serves a code graph of the repositories it ingested. Every verb takes `agent_id`, "
    "a stable name for you. Call `help` for the list of verbs and `health` to see whether the "
    "graph is ready. Errors are JSON objects with `error`, `message`, and a `hint` on what to do."
)


def room_tools(ctx: AppContext) -> list[ToolSpec]:
    """Every verb of every room; `help` lists the ones this server serves."""
    specs: list[ToolSpec] = []
    specs.extend(system_tools(ctx, lambda: served_tools(ctx, specs)))
    specs.extend(ingest_tools(ctx))
    specs.extend(freshness_tools(ctx))
    specs.extend(search_tools(ctx))
    specs.extend(graph_search_tools(ctx))
    specs.extend(surgical_tools(ctx))
    specs.extend(surgical_context_tools(ctx))
    specs.extend(impact_tools(ctx))
    specs.extend(perspective_tools(ctx))
    return specs


def is_served(ctx: AppContext, spec: ToolSpec) -> bool:
    settings = ctx.settings
    return effects.served(
        spec.effect, read_only=settings.read_only, session_state=settings.allow_session_state
    )


def served_tools(ctx: AppContext, specs: list[ToolSpec]) -> list[ToolSpec]:
    return [spec for spec in specs if is_served(ctx, spec)]


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
        "coderooms", instructions=INSTRUCTIONS, version=__version__, lifespan=lifespan, auth=auth
    )
    refused: dict[str, str] = {}
    for spec in room_tools(ctx):
        if is_served(ctx, spec):
            mcp.tool(guarded(spec), name=spec.name, annotations=spec.annotations())
        else:
            refused[spec.name] = effects.refusal(spec.effect)
    if refused:
        mcp.add_middleware(RefuseUnserved(refused))
    return mcp
