"""Clamping that reports what it changed (every verb's numeric arguments go through one), and
the limits more than one room names."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

BATCH_VIEW_MAX_ITEMS = 20
"""Most ranges one `batch_view` takes (the search room's verb; the surgical room's recovery
playbook proposes a `batch_view` of at most this many)."""


@dataclass
class Clamps:
    """What clamping changed, reported to the caller as `clamped`."""

    changes: dict[str, dict[str, int]] = field(default_factory=dict)

    def clamp(self, name: str, value: int, low: int, high: int) -> int:
        used = min(max(value, low), high)
        if used != value:
            self.changes[name] = {"requested": value, "used": used, "min": low, "max": high}
        return used

    def as_dict(self) -> dict[str, Any]:
        return dict(self.changes)
