"""Verbs declared at module level, next to their logic: a `Verb` names its request model (a
dataclass whose fields, each with its `Annotated` description, are the verb's arguments), the
function that answers it, its effect and its freshness. `Verb.spec(ctx)` makes the `ToolSpec`
the server lists: a function whose signature is `agent_id` then the request's fields, flat at
the top of the input schema as a hand-written signature would be, which checks the caller,
builds the request once and calls the verb with `(ctx, agent, request)`; a read verb's answer
then leaves out the `repo` its reader knows (`answer_repo`). The verb's docstring is the tool's
description.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from coderooms.verbs.answer_repo import drop_known_repo
from coderooms.verbs.context import AppContext
from coderooms.verbs.effects import Effect
from coderooms.verbs.spec import Freshness, ToolSpec

Request = TypeVar("Request")

Answerer = Callable[[Any, str, Request], Any]
"""A verb: the app context (or what its room's `spec` call gives `using`), the checked caller,
its request; returns the answer."""


@dataclass(frozen=True, slots=True)
class Verb(Generic[Request]):
    answer: Answerer[Request]
    request: type[Request]
    """A dataclass: its fields, in order, are the arguments after `agent_id`."""
    effect: Effect
    name: str | None = None
    """The MCP name when it differs from the function's."""
    freshness: Freshness = Freshness.NONE
    checks: Callable[[AppContext, str], str] | None = None
    """How the caller's id is checked; by default `ctx.agent` (which records a new caller in
    the session store). `health` only validates it: it answers while Neo4j is down."""

    def spec(self, ctx: AppContext, using: Any = None) -> ToolSpec:
        """`using`: what the verb receives instead of the app context (the freshness verbs get
        the room that runs this server's watchers); the caller is checked by `ctx` either way."""
        signature = flat_signature(self.request, self.answer)
        answer, request = self.answer, self.request
        given = ctx if using is None else using
        checks = self.checks or recorded
        reads = self.effect.read_only

        def call(*args: Any, **kwargs: Any) -> Any:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            arguments = dict(bound.arguments)
            agent = checks(ctx, arguments.pop("agent_id"))
            asked = request(**arguments)
            answered = answer(given, agent, asked)
            if reads:
                drop_known_repo(ctx, asked, answered)
            return answered

        call.__name__ = call.__qualname__ = self.answer.__name__
        call.__doc__ = as_written_in_a_factory(self.answer.__doc__ or "")
        call.__module__ = self.answer.__module__
        call.__signature__ = signature  # type: ignore[attr-defined]
        call.__annotations__ = {
            **{p.name: p.annotation for p in signature.parameters.values()},
            "return": signature.return_annotation,
        }
        return ToolSpec(call, self.effect, verb=self.name, freshness=self.freshness)


def recorded(ctx: AppContext, agent_id: str) -> str:
    """The caller's id checked, and recorded on first sight (`AppContext.agent`)."""
    return ctx.agent(agent_id)


def flat_signature(request: type[Any], answer: Callable[..., Any]) -> inspect.Signature:
    """`agent_id: str`, then each field of the request with its (resolved) annotation and
    default; the answer's return annotation."""
    hints = typing.get_type_hints(request, include_extras=True)
    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD
    parameters = [inspect.Parameter("agent_id", keyword, annotation=str)]
    for field in dataclasses.fields(request):
        default: Any = inspect.Parameter.empty
        if field.default is not dataclasses.MISSING:
            default = field.default
        elif field.default_factory is not dataclasses.MISSING:
            default = field.default_factory()
        parameters.append(
            inspect.Parameter(
                field.name,
                keyword,
                annotation=hints[field.name],
                default=default,
            )
        )
    returns = typing.get_type_hints(answer, include_extras=True).get("return", Any)
    return inspect.Signature(parameters, return_annotation=returns)


FACTORY_INDENT = " " * 8
"""How far a verb's docstring lines after the first were indented when every verb was a closure
inside its room's factory: `help` answers the docstring as written (stripped), and a verb
declared at module level keeps answering it the same."""


def as_written_in_a_factory(doc: str) -> str:
    first, *rest = inspect.cleandoc(doc).split("\n")
    return "\n".join([first, *(FACTORY_INDENT + line if line else line for line in rest)])
