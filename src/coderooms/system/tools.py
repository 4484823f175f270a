"""MCP tools of the system verbs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from coderooms.core.clamps import Clamps
from coderooms.errors import NotFound
from coderooms.system.health import HealthReport, health
from coderooms.verbs.agents import validate_agent_id
from coderooms.verbs.budget import (
    MAX_TOKENS_DEFAULT,
    CursorArg,
    MaxTokensArg,
    Question,
    clamp_max_tokens,
    page_answer,
)
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import READS
from coderooms.verbs.presets import DESCRIPTIONS, preset_of
from coderooms.verbs.serving import allowed_by_mode, refusals, served_presets, served_tools
from coderooms.verbs.spec import ToolSpec


def presets_answer(ctx: AppContext, every: list[ToolSpec]) -> dict[str, Any]:
    """The presets served, and the verbs the others would add (those this mode allows)."""
    served = {spec.name for spec in served_tools(ctx, every)}
    others: dict[str, list[str]] = {}
    for spec in every:
        if spec.name not in served and allowed_by_mode(ctx, spec):
            others.setdefault(preset_of(spec.name), []).append(spec.name)
    chosen = ",".join(served_presets(ctx))
    return {
        "served": chosen,
        "others": {
            name: {"about": DESCRIPTIONS[name], "verbs": sorted(verbs)}
            for name, verbs in sorted(others.items())
        },
        "how": f"the operator adds presets: `coderooms serve --tools {chosen},NAME` or "
        f"CODEROOMS_TOOLS={chosen},NAME (`all`: every verb)",
    }


@dataclass(frozen=True, slots=True)
class HealthArguments:
    """`health` takes only `agent_id`."""


@dataclass(frozen=True, slots=True)
class HelpArguments:
    """The arguments of `help`."""

    verb: Annotated[str | None, Field()] = None
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class Catalogue:
    """What `help` reads: the app context and every verb of the server, served or not."""

    ctx: AppContext
    every: Callable[[], list[ToolSpec]]


def validated_only(ctx: AppContext, agent_id: str) -> str:
    """The caller's id checked, not recorded: `health` answers while Neo4j is down."""
    return validate_agent_id(agent_id)


def health_tool(ctx: AppContext, agent: str, r: HealthArguments) -> HealthReport:
    """Whether the graph is ready: Neo4j, schema, counts, watchers.

    Never fails: when Neo4j is starting or down, `status` says so with the problem and a hint.
    """
    return health(ctx)


def help_tool(served: Catalogue, agent: str, r: HelpArguments) -> dict[str, Any]:
    """The verbs served, one line each; `verb`: one in full."""
    budget = clamp_max_tokens(Clamps(), r.max_tokens)
    every = served.every()
    specs = {spec.name: spec for spec in served_tools(served.ctx, every)}
    if r.verb is not None:
        spec = specs.get(r.verb)
        if spec is None:
            refused = refusals(served.ctx, every).get(r.verb)
            raise NotFound(
                refused.message if refused else f"this server serves no verb named {r.verb!r}",
                field="verb",
                hint=refused.hint if refused else "call help without `verb` to list them",
            )
        return {
            "verb": spec.name,
            "read_only": spec.read_only,
            "writes": spec.effect.writes.value,
            "description": (spec.fn.__doc__ or "").strip(),
        }
    question = Question.of("help", served=sorted(specs))
    _, offset = question.read(r.cursor)
    answer = {
        "verbs": [
            {
                "verb": name,
                "summary": specs[name].summary,
                "read_only": specs[name].read_only,
                "writes": specs[name].effect.writes.value,
            }
            for name in sorted(specs)
        ],
        "presets": presets_answer(served.ctx, every),
    }
    return page_answer(
        answer, "verbs", question=question, offset=offset, max_tokens=budget, what="verbs"
    )


health_tool.__name__ = "health"
help_tool.__name__ = "help"
HEALTH = Verb(health_tool, HealthArguments, READS, name="health", checks=validated_only)
HELP = Verb(help_tool, HelpArguments, READS, name="help")


def system_tools(ctx: AppContext, catalogue: Callable[[], list[ToolSpec]]) -> list[ToolSpec]:
    """`catalogue` gives every verb of the server, served or not."""
    return [HEALTH.spec(ctx), HELP.spec(ctx, using=Catalogue(ctx, catalogue))]
