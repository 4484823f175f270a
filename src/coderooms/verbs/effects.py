"""What a verb writes, declared once next to it; everything else follows from that here.

Each verb declares the farthest thing it writes: nothing, session state (the session store:
previews, proof marks, perspectives, alert acknowledgements), the code graph (ingest, watcher
records), or the user's files (and the graph after them). Whether a read-only server serves it
is derived in this module, and its MCP annotations in `coderooms.protocol.annotations`, nowhere
else, so they cannot drift from what the verb does. Clients auto-approve tools marked
read-only: a verb that writes anything, even a soft bookkeeping write, is not.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Writes(StrEnum):
    """From nothing to the user's files; a verb declares the farthest it reaches."""

    NOTHING = "nothing"
    SESSION_STATE = "session_state"
    GRAPH = "graph"
    FILES = "files"


@dataclass(frozen=True, slots=True)
class Effect:
    writes: Writes
    deletes: bool = False
    """It removes or overwrites something an agent or a person made (a perspective, a file)."""
    idempotent: bool = False
    """Repeating the call with the same arguments changes nothing more than the first did."""

    def __post_init__(self) -> None:
        if self.writes is Writes.NOTHING and (self.deletes or self.idempotent):
            raise ValueError("a verb that writes nothing neither deletes nor needs `idempotent`")

    @property
    def read_only(self) -> bool:
        return self.writes is Writes.NOTHING

    @property
    def destructive(self) -> bool:
        """Writing files may overwrite a person's work; other writes only when they delete."""
        return self.writes is Writes.FILES or self.deletes


READS = Effect(Writes.NOTHING)


def served(effect: Effect, *, read_only: bool, session_state: bool) -> bool:
    """Whether a server serves (and lists) a verb: a read-only server serves readers, and
    session-state writers only when the operator allowed session state."""
    if not read_only or effect.writes is Writes.NOTHING:
        return True
    return effect.writes is Writes.SESSION_STATE and session_state


def refusal(effect: Effect) -> str:
    """Why a read-only server does not serve a verb with this effect."""
    if effect.writes is Writes.SESSION_STATE:
        return "it writes session state, which the operator did not allow (--allow-session-state)"
    return f"it writes {'files' if effect.writes is Writes.FILES else 'the code graph'}"
