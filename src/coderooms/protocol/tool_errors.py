"""How the protocol meets a verb's failure: one wrapper that turns our errors into one clear MCP
error payload (`error_text`), schema refusals in the same contract, and the middleware that
answers a call of a verb this server does not serve (presets, read-only mode) with that
payload."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from fastmcp.exceptions import ToolError
from fastmcp.exceptions import ValidationError as ArgumentsRefused
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools import ToolResult
from mcp.types import CallToolRequestParams
from pydantic import ValidationError

from coderooms.errors import CoderoomsError, InvalidInput
from coderooms.verbs.spec import Finish, ToolSpec, error_text

log = logging.getLogger(__name__)


def guarded(spec: ToolSpec, finish: Finish | None = None) -> Callable[..., Any]:
    """The spec's function, its answer finished by `finish` (the freshness its spec declares),
    with errors mapped (those of `finish` too)."""
    fn = spec.fn

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            answer = fn(*args, **kwargs)
            return answer if finish is None else finish(spec, answer)
        except CoderoomsError as e:
            raise ToolError(error_text(e)) from e
        except Exception as e:
            log.exception("verb %s failed", spec.name)
            internal = CoderoomsError(
                f"{spec.name} failed unexpectedly: {type(e).__name__}: {e}",
                hint="this is a bug in coderooms; the server keeps running",
            )
            raise ToolError(error_text(internal)) from e

    return call


SCHEMA_PROBLEMS_SHOWN = 3
"""How many of a call's schema problems one error names (the first one is its `field`)."""


def schema_error(verb: str, error: ValidationError) -> InvalidInput:
    """The JSON error contract for arguments the verb's input schema refuses: the argument's
    name as `field`, what is wrong with it, never the value itself (it may be huge) nor the
    names of our functions."""
    problems = error.errors(include_url=False, include_input=False, include_context=False)
    fields = [".".join(str(part) for part in problem["loc"]) or "arguments" for problem in problems]
    said = "; ".join(
        f"{field}: {_problem_text(problem)}"
        for field, problem in zip(fields, problems[:SCHEMA_PROBLEMS_SHOWN], strict=False)
    )
    more = len(problems) - SCHEMA_PROBLEMS_SHOWN
    if more > 0:
        said += f"; and {more} more"
    return InvalidInput(
        f"{verb} was called with arguments its input schema refuses: {said}",
        hint='fix the named argument; types are strict (true, not "true"; 5, not "5"); the '
        "tool's input schema gives each argument's type and range",
        field=fields[0] if fields else None,
    )


def _problem_text(problem: Any) -> str:
    kind = problem.get("type", "")
    if kind in {"missing_argument", "missing"}:
        return "required, missing"
    if kind in {"unexpected_keyword_argument", "extra_forbidden"}:
        return "not an argument of this verb"
    return str(problem.get("msg", "invalid")).lower()


class SchemaErrorsAsJSON(Middleware):
    """Arguments refused by a verb's input schema (a wrong type, a missing or unknown
    argument, a number out of range) get the same JSON error as the verbs' own checks."""

    async def on_call_tool(
        self,
        context: MiddlewareContext[CallToolRequestParams],
        call_next: CallNext[CallToolRequestParams, ToolResult],
    ) -> ToolResult:
        try:
            return await call_next(context)
        except ArgumentsRefused as e:
            cause = e.__cause__
            if not isinstance(cause, ValidationError):
                raise
            raise ToolError(error_text(schema_error(context.message.name, cause))) from e


class RefuseUnserved(Middleware):
    """A call of a verb this server does not serve (and does not list) gets the JSON error
    contract, with the reason and how to get it served (coderooms.verbs.serving), instead of the
    protocol's bare "unknown tool"."""

    def __init__(self, refused: dict[str, CoderoomsError]) -> None:
        self.refused = refused
        """Verb name -> the error its call gets."""

    async def on_call_tool(
        self,
        context: MiddlewareContext[CallToolRequestParams],
        call_next: CallNext[CallToolRequestParams, ToolResult],
    ) -> ToolResult:
        name = context.message.name
        refused = self.refused.get(name)
        if refused is not None:
            raise ToolError(error_text(refused))
        return await call_next(context)
