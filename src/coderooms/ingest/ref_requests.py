"""Java's own reference rule, left here until Java gets its package (issue 35, phase D): its
fully qualified names (`java_qualified`, read by `reference_requests`)."""

from __future__ import annotations

from coderooms.resolution.ref_requests import Alternative
from coderooms.resolution.targets import Target


def java_qualified(parts: list[str]) -> Alternative | None:
    """`com.example.shapes.Circle` (or `...Circle.area`) written out in full."""
    for i, part in enumerate(parts):
        if part[:1].isupper():
            if i == 0:
                return None
            path = "/".join(parts[:i]) + f"/{part}.java"
            return Alternative((Target("~", path),), ".".join(parts[i:]))
    return None
