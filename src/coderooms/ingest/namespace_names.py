"""Where a name of a namespaced language (C#) may be defined, by the language's own lookup rules.

A C# qualname is the fully qualified name (`A.B.C.M`: namespace `A.B`, class `C`), so a
candidate is an `Alternative` whose qual is a fully qualified name: whichever file defines that
very name is the answer, never a file that merely defines something of the same short name.
What files to look in is the convention that a type lives in a file named after it
(`~Foo.cs`), and the importing file's own directory (several types per file, partial parts next
to each other: `Form1.cs`, `Form1.Designer.cs`).

Candidates, in C#'s order:
1. a member the enclosing partial type does not define in this file (`M()`, `this.M()`): the
   same type's other parts, innermost type first;
2. a type reference (`new Foo()`, `Foo.Bar()`, `: Base`): under each enclosing namespace,
   innermost first, then the global namespace, then under each `using` namespace; a `using X =
   A.B.C;` alias head is replaced by what it names; a bare name also as a static member of each
   `using static` class.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from coderooms.ingest.identity import directory_of
from coderooms.ingest.model import ImportRef, SymbolDef, SymbolKind
from coderooms.ingest.targets import Target

CSHARP_VALUES = frozenset({"base"})
"""Heads whose members no rule here finds (a base class's member: a ghost)."""


@dataclass(slots=True)
class Usings:
    """What a C# file's `using` directives bring into scope."""

    namespaces: tuple[str, ...] = ()
    statics: tuple[str, ...] = ()
    aliases: dict[str, str] = field(default_factory=dict)
    partials: frozenset[str] = frozenset()
    """Qualnames of the file's `partial` types."""


def csharp_usings(imports: list[ImportRef], symbols: list[SymbolDef]) -> Usings:
    namespaces: list[str] = []
    statics: list[str] = []
    aliases: dict[str, str] = {}
    for ref in imports:
        if ref.alias:
            aliases.setdefault(ref.alias, ref.module)
        elif ref.names:
            statics.append(ref.module)
        else:
            namespaces.append(ref.module)
    partials = frozenset(
        s.qualname
        for s in symbols
        if s.kind in (SymbolKind.CLASS, SymbolKind.INTERFACE) and " partial " in f" {s.signature} "
    )
    return Usings(
        tuple(dict.fromkeys(namespaces)), tuple(dict.fromkeys(statics)), aliases, partials
    )


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


def csharp_candidates(
    path: str,
    source: str,
    parts: list[str],
    kinds: dict[str, SymbolKind],
    usings: Usings,
) -> list[tuple[tuple[Target, ...], str]]:
    """(targets, fully qualified name) pairs to look for, in order (see the module docstring)."""
    own_dir = Target("@", directory_of(path))
    found: list[tuple[tuple[Target, ...], str]] = []

    def add(type_parts: list[str], prefix: list[str]) -> None:
        qual = ".".join([*prefix, *type_parts])
        files = [Target("~", f"{p}.cs") for p in type_parts[:-1] if p[:1].isupper()]
        files.append(Target("~", f"{type_parts[-1]}.cs"))
        targets = (*dict.fromkeys(files), own_dir)
        if all(qual != known for _, known in found):
            found.append((targets, qual))

    receiver = parts[0] == "this"
    if receiver or len(parts) == 1:
        member = parts[1:] if receiver else parts
        for owner in enclosing_types(source, kinds):
            if owner in usings.partials and member:
                name = owner.rsplit(".", 1)[-1]
                found.append(((Target("~", f"{name}.cs"), own_dir), f"{owner}.{'.'.join(member)}"))
        if receiver:
            return found
    head = usings.aliases.get(parts[0])
    if head is not None:
        named = head.split(".")
        add([named[-1], *parts[1:]], named[:-1])
        return found
    namespace = enclosing_namespace(source, kinds)
    for i in range(len(namespace), -1, -1):
        add(parts, namespace[:i])
    for used in usings.namespaces:
        add(parts, used.split("."))
    if len(parts) == 1:
        for static in usings.statics:
            segments = static.split(".")
            add([segments[-1], *parts], segments[:-1])
    return found
