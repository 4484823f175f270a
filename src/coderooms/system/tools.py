"""MCP tools of the system verbs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from coderooms.agents import validate_agent_id
from coderooms.context import AppContext
from coderooms.effects import READS
from coderooms.errors import NotFound
from coderooms.system.health import HealthReport, health
from coderooms.tooling import ToolSpec


def system_tools(ctx: AppContext, catalogue: Callable[[], list[ToolSpec]]) -> list[ToolSpec]:
    def health_tool(agent_id: str) -> HealthReport:
        """Report whether the code graph is reachable: Neo4j version, schema version, counts.

        Never fails: when Neo4j is starting or down, `status` says so with the problem and a hint.
        """
        validate_agent_id(agent_id)
        return health(ctx)

    def help_tool(agent_id: str, verb: str | None = None) -> dict[str, Any]:
        """List every verb of this server with one line each, or describe one verb in full.

        Args:
            agent_id: the calling agent's stable id.
            verb: a verb name for its full description; omit to list all verbs.
        """
        ctx.agent(agent_id)
        specs = {spec.name: spec for spec in catalogue()}
        if verb is not None:
            spec = specs.get(verb)
            if spec is None:
                raise NotFound(
                    f"this server serves no verb named {verb!r}",
                    field="verb",
                    hint="call help without `verb` to list them"
                    + (" (this server runs read-only)" if ctx.settings.read_only else ""),
                )
            return {
                "verb": spec.name,
                "read_only": spec.read_only,
                "writes": spec.effect.writes.value,
                "description": (spec.fn.__doc__ or "").strip(),
            }
        return {
            "verbs": [
                {
                    "verb": name,
                    "summary": specs[name].summary,
                    "read_only": specs[name].read_only,
                    "writes": specs[name].effect.writes.value,
                }
                for name in sorted(specs)
            ]
        }

    health_tool.__name__ = "health"
    help_tool.__name__ = "help"
    return [
        ToolSpec(health_tool, READS, verb="health"),
        ToolSpec(help_tool, READS, verb="help"),
    ]
