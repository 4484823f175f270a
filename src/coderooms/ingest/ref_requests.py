"""Two languages' own reference rules, left here until their languages get their packages
(issue 35, phase D): Rust's smart-pointer methods (`POINTER_OWN`, read by `file_scope`) and
Java's fully qualified names (`java_qualified`, by `reference_requests`)."""

from __future__ import annotations

from coderooms.resolution.ref_requests import Alternative
from coderooms.resolution.targets import Target

POINTER_OWN = frozenset({"clone", "as_ref", "as_mut", "borrow", "borrow_mut", "deref", "deref_mut"})
"""Methods a Rust smart pointer has itself: `shared.clone()` with `shared: Arc<T>` is
`Arc::clone`, not `T::clone` (a declared `Box<T>`/`Rc<T>`/`Arc<T>` is recorded as `T`), so a
typed receiver does not answer them: a ghost, never `T`'s."""


def java_qualified(parts: list[str]) -> Alternative | None:
    """`com.example.shapes.Circle` (or `...Circle.area`) written out in full."""
    for i, part in enumerate(parts):
        if part[:1].isupper():
            if i == 0:
                return None
            path = "/".join(parts[:i]) + f"/{part}.java"
            return Alternative((Target("~", path),), ".".join(parts[i:]))
    return None
