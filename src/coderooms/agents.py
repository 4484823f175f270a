"""`agent_id`: who is calling. Every verb carries one; ownership, quotas and staleness hang off it.

Any Unicode is accepted except control characters; length is bounded. The first call of an agent
in a server process records it in the session store (once per process, not once per call).
"""

from __future__ import annotations

import threading
import unicodedata

from coderooms.errors import InvalidInput

MAX_AGENT_ID_CHARS = 128


def validate_agent_id(agent_id: object) -> str:
    if not isinstance(agent_id, str) or not agent_id.strip():
        raise InvalidInput(
            "agent_id must be a non-empty string",
            field="agent_id",
            hint="pass a stable name for the calling agent, e.g. 'claude-code-1'",
        )
    if len(agent_id) > MAX_AGENT_ID_CHARS:
        raise InvalidInput(
            f"agent_id is {len(agent_id)} characters; at most {MAX_AGENT_ID_CHARS} are allowed",
            field="agent_id",
        )
    if any(unicodedata.category(ch) in {"Cc", "Cs"} for ch in agent_id):
        raise InvalidInput("agent_id contains control characters", field="agent_id")
    return unicodedata.normalize("NFC", agent_id)


class AgentRegistry:
    """Remembers which agents this process has already recorded."""

    def __init__(self) -> None:
        self._seen: set[str] = set()
        self._lock = threading.Lock()

    def first_sight(self, agent_id: str) -> bool:
        with self._lock:
            if agent_id in self._seen:
                return False
            self._seen.add(agent_id)
            return True

    def forget(self, agent_id: str) -> None:
        with self._lock:
            self._seen.discard(agent_id)
