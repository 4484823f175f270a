"""What several languages' rules (`language_rules`) share: C's includes, the JS/TS runtime
globals (the two family bases, `InheritingRules` and `RequiringRules`, are in
`resolution.family_rules`)."""

from __future__ import annotations

from coderooms.ingest.targets import c_implementations
from coderooms.resolution.targets import ImportRequest, Target

JS_GLOBALS = frozenset(
    {"console", "window", "document", "globalThis", "process", "module", "exports", "require"}
)
"""JS/TS runtime globals: `console.log` is never a symbol of the repo."""


def c_includes(imports: list[ImportRequest]) -> tuple[tuple[Target, ...], ...]:
    """C and C++: per `#include` (in order), the files a name it declares may be defined in:
    the paired implementations of each header candidate first (`geo.h` -> `geo.c`, `geo.cpp`:
    a prototype is no symbol), then the header itself (macros, inline functions, classes)."""
    found = []
    for request in imports:
        targets = [t for header in request.targets for t in c_implementations(header)]
        targets.extend(request.targets)
        if targets:
            found.append(tuple(targets))
    return tuple(found)
