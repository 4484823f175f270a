"""Session-store entities (low volume, shared by every server process): neomodel nodes.

The code graph itself is written in bulk through the driver; the session store holds who is
calling (agents) and, as rooms land, their previews, proof marks, perspectives and alerts.
"""

from __future__ import annotations

from typing import Any

from neomodel import DateTimeProperty, IntegerProperty, StringProperty, StructuredNode, db

from coderooms.graph.driver import Graph


class Agent(StructuredNode):
    """An agent that called the server at least once."""

    agent_id = StringProperty(required=True, unique_index=True)
    first_seen = DateTimeProperty(default_now=True)
    last_seen = DateTimeProperty(default_now=True)
    sessions = IntegerProperty(default=0)


def bind_session_store(graph: Graph) -> None:
    """Point neomodel at the same driver as the rest of the process."""
    db.set_connection(driver=graph.driver)


def record_agent(agent_id: str) -> dict[str, Any]:
    """Create the agent on first sight, bump `sessions` on each new server session."""
    found = Agent.nodes.get_or_none(agent_id=agent_id)
    if found is None:
        found = Agent(agent_id=agent_id, sessions=1).save()
    else:
        found.sessions = int(found.sessions or 0) + 1
        found.last_seen = _now()
        found.save()
    return {"agent_id": found.agent_id, "sessions": found.sessions}


def _now() -> Any:
    from datetime import UTC, datetime

    return datetime.now(UTC)
