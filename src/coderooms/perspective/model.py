"""The shared vocabulary of the perspective room: route families, the lens, a route, a focus.

Route synthesis (`routes.py`, `focus.py`, `lens.py`) produces these; the stateful verbs
(`state`, `verbs`, `tools`) store and page them. Neither side depends on the other's internals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Family = Literal["structural", "causal", "semantic", "temporal", "ghost", "hole", "resonant"]

FAMILIES: tuple[Family, ...] = (
    "structural",
    "causal",
    "semantic",
    "temporal",
    "ghost",
    "hole",
    "resonant",
)
"""Every route family, in the ordinal order used as the last tie-breaker of the route order."""

FocusStatus = Literal["bound", "ambiguous", "not_found"]


@dataclass(frozen=True, slots=True)
class Route:
    """One scored way to move from the focus to another node."""

    route_id: str
    """Content-addressed (`R_` + hex of focus-independent target id and family): stable across
    rebuilds and server processes."""
    family: Family
    target_id: str
    target_label: str
    """The target's kind: file, module, class, function, method, interface, variable, ghost."""
    target_name: str
    target_path: str | None
    """Repo-relative path of the file that holds the target (None for ghosts)."""
    relation: str
    """What links focus and target, readable: `calls`, `called by`, `defines`, `co-changes`..."""
    direction: Literal["out", "in", "none"]
    score: float
    """In [0, 1] after the lens's ranking weight for the family is applied."""
    evidence: dict[str, Any] = field(default_factory=dict)
    """The raw numbers behind the score (edge count, weight, similarity, `lexical: true`...)."""
    peek_available: bool = False
    """The target lies in a file under an ingest root that peek may read."""
    tags: tuple[str, ...] = ()
    """The target's tags from the lens vocabulary (`lens.TAGS`: test, private, entrypoint,
    ghost, hub), sorted."""

    def order_key(self) -> tuple[float, str, str, int]:
        """The total order: score desc, route_id, target, family ordinal."""
        return (-self.score, self.route_id, self.target_id, FAMILIES.index(self.family))


@dataclass(frozen=True, slots=True)
class FocusNode:
    node_id: str
    label: str
    name: str
    path: str | None
    repo: str
    qualname: str | None = None
    """The symbol's dotted qualname within its file (None for files and ghosts)."""


@dataclass(frozen=True, slots=True)
class FocusCandidate:
    node: FocusNode
    match: Literal["id", "name", "qualified_name", "prefix", "substring"]
    score: float


@dataclass(frozen=True, slots=True)
class FocusResolution:
    status: FocusStatus
    node: FocusNode | None
    """The bound focus when status is `bound`."""
    candidates: list[FocusCandidate]
    """Ranked candidates (the ambiguous ones when status is `ambiguous`)."""
    candidates_truncated: bool = False
    """More candidates matched than `focus.MAX_FOCUS_CANDIDATES`; the first ones are listed."""
