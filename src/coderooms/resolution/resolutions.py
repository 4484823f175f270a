"""What resolving a reference or an import gives: the target, how and how sure (`resolve`,
`reference_resolution`, a `ModuleResolver`'s session)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Resolution:
    target: str
    label: str
    via: str
    confidence: float
    ghost_name: str | None = None
    keys: tuple[str, ...] = ()
    """What else than its own file and name the answer depends on (a resolver's, see
    `languages.python.resolver`): names looked up elsewhere, `@stem`s of the modules resolved."""
