"""JavaScript/TypeScript: what a file's scopes say about the bare names it calls (issue 32:
scope first), read from the facts `scopes` writes.

* A name an enclosing scope binds to no symbol and no import (a parameter, a local) is that
  binding: never a symbol of the file, an import or the repo's one definition of that name, a
  ghost (a test's `done` callback is not the repo's `done`).
* A free name of a module (ES or CommonJS) is a global of the runtime: found in the file or
  through its imports, never by a name alone (`new FormData()` is not another file's
  `FormData`). Only a classic script may call another script's top-level function by name.

Calls are merged per (caller, callee), so a name bound at one call site of a definition and
free at another is taken as bound: no edge rather than a wrong one.
"""

from __future__ import annotations

from dataclasses import dataclass

from coderooms.resolution.extraction import Extraction, FactKind


@dataclass(frozen=True, slots=True)
class ScopedNames:
    """`Scope.extension` of a JS/TS file."""

    module: bool
    """The file is a module: its free names are never guessed by name."""
    bound: frozenset[tuple[str, str]]
    """(caller, name): a called name a scope of the caller binds to no symbol, no import."""

    def binds(self, source: str, name: str) -> bool:
        return (source, name) in self.bound


def scoped_names(extraction: Extraction) -> ScopedNames:
    """The file's `ScopedNames`; a caller that is no symbol of the file counts as the module
    (as its references do)."""
    symbols = {s.qualname for s in extraction.symbols}
    bound: set[tuple[str, str]] = set()
    module = False
    for fact in extraction.facts:
        if fact.kind is FactKind.MODULE:
            module = True
        elif fact.kind is FactKind.BIND:
            bound.add((fact.scope if fact.scope in symbols else "", fact.name))
    return ScopedNames(module, frozenset(bound))
