"""What encloses a definition, read from its qualname and the file's kinds: the namespace
parts around it and the types around it (C#'s and PHP's name lookups, their
`namespaces`)."""

from __future__ import annotations

from coderooms.core.kinds import SymbolKind


def enclosing_namespace(source: str, kinds: dict[str, SymbolKind]) -> list[str]:
    """The namespace parts around definition `source`: the leading parts of its qualname that
    are no symbol (`A.B.C.M` with class `A.B.C` -> [A, B])."""
    parts = source.split(".") if source else []
    found: list[str] = []
    for i in range(1, len(parts) + 1):
        if ".".join(parts[:i]) in kinds:
            break
        found = parts[:i]
    return found


def enclosing_types(source: str, kinds: dict[str, SymbolKind]) -> list[str]:
    """The type qualnames around `source`, innermost first."""
    parts = source.split(".") if source else []
    return [
        ".".join(parts[:i])
        for i in range(len(parts), 0, -1)
        if kinds.get(".".join(parts[:i])) in (SymbolKind.CLASS, SymbolKind.INTERFACE)
    ]
