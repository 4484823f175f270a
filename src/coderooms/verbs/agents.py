"""`agent_id`: who is calling. Every verb carries one; ownership, quotas and staleness hang off it.

An agent id is a **name the caller chooses, not a boundary**: nothing proves that a call comes
from the agent it names, so an agent that passes another's id acts as that agent on what is
owned per agent (perspectives, previews, proof marks, watchers). It keeps cooperating agents'
state apart; it does not keep a hostile agent out (docs/security.md, "Identity"). Binding ids
to MCP sessions cannot make it one: a stdio server has one session, and on the current MCP
protocol (2026-07-28) every HTTP request is its own connection, with no session to bind to.

Any Unicode is accepted except what would make two ids look alike or an id look like something
else: control characters, line and paragraph separators, bidi overrides and isolates, and every
other invisible (default-ignorable, format) code point are refused; length is bounded. The first
call of an agent in a server process records it in the session store (once per process, not
once per call), unless the server may not write session state.
"""

from __future__ import annotations

import threading
import unicodedata

from coderooms.errors import InvalidInput
from coderooms.scope.names import is_ignorable
from coderooms.verbs.quotas import MAX_AGENTS_RECORDED_PER_SERVER

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
    for ch in agent_id:
        kind = _refused_kind(ch)
        if kind is not None:
            name = unicodedata.name(ch, "unnamed")
            raise InvalidInput(
                f"agent_id contains U+{ord(ch):04X} ({name}), {kind}",
                field="agent_id",
                hint="use visible characters only, e.g. 'claude-code-1'",
            )
    return unicodedata.normalize("NFC", agent_id)


REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cs": "a lone surrogate",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}


def _refused_kind(ch: str) -> str | None:
    """What `ch` is, when an agent id may not contain it."""
    kind = REFUSED_CATEGORIES.get(unicodedata.category(ch))
    if kind is not None:
        return kind
    if unicodedata.bidirectional(ch) in {"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI",
                                         "PDI"}:  # fmt: skip
        return "a bidi override or isolate"
    if is_ignorable(ch):
        return "an invisible (format or default-ignorable) character"
    return None


class AgentRegistry:
    """Remembers which agents this process has already recorded: at most `limit`, so ids an
    agent invents by the thousand neither grow this process nor the session store past it
    (an id past it is served, not recorded)."""

    def __init__(self, limit: int = MAX_AGENTS_RECORDED_PER_SERVER) -> None:
        self._seen: set[str] = set()
        self._lock = threading.Lock()
        self._limit = limit

    def first_sight(self, agent_id: str) -> bool:
        """Whether to record `agent_id` now: never seen, and room left."""
        with self._lock:
            if agent_id in self._seen or len(self._seen) >= self._limit:
                return False
            self._seen.add(agent_id)
            return True

    def forget(self, agent_id: str) -> None:
        with self._lock:
            self._seen.discard(agent_id)
