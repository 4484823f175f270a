"""What the server advertises beyond its tools, and only what works: the repo overview resources
(coderooms.protocol.resources) and the before-you-edit prompt (coderooms.protocol.prompts).
Logging is not advertised: coderooms sends clients no log messages (its log goes to stderr,
which a stdio client shows the operator), so a client that set a level would wait for nothing.
FastMCP registers the `logging/setLevel` handler for every server; the capability follows from
the handler, so withdrawing the handler withdraws the capability (a unit test holds it).
"""

from __future__ import annotations

from typing import Any

from fastmcp import FastMCP

from coderooms.protocol.prompts import before_you_edit_prompt
from coderooms.protocol.resources import overview_resources
from coderooms.verbs.context import AppContext


def advertise(mcp: FastMCP[Any], ctx: AppContext, served: frozenset[str]) -> None:
    every, one = overview_resources(ctx)
    mcp.add_resource(every)
    mcp.add_template(one)
    mcp.add_prompt(before_you_edit_prompt(served))
    mcp._mcp_server._request_handlers.pop("logging/setLevel", None)
