"""A verb's MCP annotations (read-only, destructive, idempotent hints), derived from the effect
it declares (`coderooms.verbs.effects`) in this one place: clients act on them, so they follow
from what the verb writes and cannot drift from it."""

from __future__ import annotations

from mcp.types import ToolAnnotations

from coderooms.verbs.effects import Effect


def hints_of(effect: Effect) -> ToolAnnotations:
    """The MCP hints of a verb, from its declared effect (the one place they are decided)."""
    return ToolAnnotations(
        read_only_hint=effect.read_only,
        destructive_hint=effect.destructive,
        idempotent_hint=effect.read_only or effect.idempotent,
        open_world_hint=False,
    )
