"""The FastMCP app: the only place a server is built. It serves the specs it is given (the
operator's presets and mode choose among them), turns our errors into the JSON error contract,
reports progress, and advertises the resources and the prompt."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from fastmcp import FastMCP
from fastmcp.server.auth import AuthProvider

from coderooms import __version__
from coderooms.protocol.capabilities import advertise
from coderooms.protocol.listing import listed_tool
from coderooms.protocol.progress import ProgressNotifications
from coderooms.protocol.tool_errors import RefuseUnserved, SchemaErrorsAsJSON
from coderooms.protocol.web_routes import web_routes
from coderooms.verbs.context import AppContext
from coderooms.verbs.serving import refusals, served_tools
from coderooms.verbs.spec import ToolSpec
from coderooms.web import View

App = FastMCP[Any]
"""The server object a transport runs."""
Auth = AuthProvider
"""What guards the HTTP transport (`coderooms.protocol.http_access`)."""


@dataclass(frozen=True, slots=True)
class WebServing:
    """The web view served beside `/mcp` (HTTP only): its data, the address answers link to,
    the operator's token (None: none)."""

    view: View
    base_url: str
    token: str | None


def build_app(
    ctx: AppContext,
    specs: list[ToolSpec],
    *,
    instructions: str,
    on_start: Callable[[], None],
    auth: Auth | None = None,
    web: WebServing | None = None,
) -> App:
    """The app serving `specs`; `on_start` runs in the lifespan before the graph connects;
    `auth` guards the HTTP transport (the operator's bearer token); `web`: the web view under
    `/ui/`, and the `web` link on the answers that have a page."""

    @asynccontextmanager
    async def lifespan(_: App) -> AsyncIterator[dict[str, Any]]:
        on_start()
        ctx.graphs.start()
        try:
            yield {}
        finally:
            ctx.graphs.close()

    mcp: App = FastMCP(
        "coderooms",
        instructions=instructions,
        version=__version__,
        lifespan=lifespan,
        auth=auth,
        strict_input_validation=True,  # "true" is not a boolean, "5" not a number
    )
    mcp.add_middleware(SchemaErrorsAsJSON())
    mcp.add_middleware(ProgressNotifications())
    served = served_tools(ctx, specs)
    for spec in served:
        mcp.add_tool(listed_tool(spec, web_url=web.base_url if web else None))
    if web is not None:
        for route in web_routes(web.view, web.token):
            mcp.custom_route(route.path, methods=["GET"])(route.endpoint)
    advertise(mcp, ctx, frozenset(spec.name for spec in served))
    refused = refusals(ctx, specs)
    if refused:
        mcp.add_middleware(RefuseUnserved(refused))
    return mcp
