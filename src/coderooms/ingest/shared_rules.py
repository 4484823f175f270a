"""What several languages' rules (`language_rules`) share: the package a JVM file declares,
C's includes, the JS/TS runtime globals (the two family bases, `InheritingRules` and
`RequiringRules`, are in `resolution.family_rules`)."""

from __future__ import annotations

from coderooms.core.ids import directory_of
from coderooms.core.kinds import SymbolKind
from coderooms.ingest.targets import c_implementations
from coderooms.resolution.extraction import SymbolDef
from coderooms.resolution.targets import ImportRequest, Target

JS_GLOBALS = frozenset(
    {"console", "window", "document", "globalThis", "process", "module", "exports", "require"}
)
"""JS/TS runtime globals: `console.log` is never a symbol of the repo."""


def declared_package(path: str, symbols: list[SymbolDef]) -> Target | None:
    """Java, Kotlin, Scala: every directory ending in the path of the package the module
    signature declares (`package a.b`), on any source root (`src/main/java`, `src/test/java`);
    none when the file's own directory does not end in it."""
    directory = directory_of(path)
    declared = next((s.signature for s in symbols if s.kind is SymbolKind.MODULE), None)
    name = declared.removeprefix("package ").strip() if declared else ""
    relative = name.replace(".", "/")
    if relative and (directory == relative or directory.endswith("/" + relative)):
        return Target("%", relative)
    return None


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
