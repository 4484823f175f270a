"""Ids of the perspective room. An agent id may be any Unicode text: it is hashed (its UTF-8
bytes, whole), never sliced, so no id depends on where a character boundary falls."""

from __future__ import annotations

import uuid

import blake3

from coderooms.core.clock import now_ms

PERSPECTIVE_PREFIX = "P_"
AGENT_KEY_HEX = 12
"""Hex digits of the agent's hash inside a perspective id (readable grouping, not security)."""


def agent_key(agent_id: str) -> str:
    """A fixed-length ASCII key for any agent id (surrogates escaped, never an exception)."""
    return blake3.blake3(agent_id.encode("utf-8", "surrogatepass")).hexdigest()


def new_perspective_id(agent_id: str) -> str:
    """`P_<agent hash>_<random>`: unique across processes and restarts, ASCII only."""
    return f"{PERSPECTIVE_PREFIX}{agent_key(agent_id)[:AGENT_KEY_HEX]}_{uuid.uuid4().hex[:16]}"


def next_version(previous: int | None, *, now: int | None = None) -> int:
    """A `route_set_version`: wall-clock ms, and always past the previous one, so it keeps
    rising across restarts, processes, and clock steps backwards."""
    current = now_ms() if now is None else now
    return max(current, (previous or 0) + 1)
