"""Where a C# name may be defined, by the language's own lookup rules (PHP's, the other
namespaced language, are PHP's own: `coderooms.languages.php.namespaces`).

A C# qualname is the fully qualified name (`A.B.C.M`: namespace `A.B`, class `C`), so a
candidate is an `Alternative` whose qual is a fully qualified name: whichever file defines that
very name is the answer, never a file that merely defines something of the same short name.
What files to look in is the convention that a type lives in a file named after it
(`~Foo.cs`), and the importing file's own directory (several types per file, partial parts next
to each other: `Form1.cs`, `Form1.Designer.cs`).

Candidates, in C#'s order:
1. a member the enclosing partial type does not define in this file (`M()`, `this.M()`): the
   same type's other parts, innermost type first;
2. then a member of the innermost type's bases, one level up (`base.M()`: the first base only),
   each base name looked up as a type (3.);
3. a type reference (`new Foo()`, `Foo.Bar()`, `: Base`): under each enclosing namespace,
   innermost first, then the global namespace, then under each `using` namespace; a `using X =
   A.B.C;` alias head is replaced by what it names; a bare name also as a static member of each
   `using static` class.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from coderooms.core.ids import directory_of
from coderooms.core.kinds import SymbolKind
from coderooms.resolution.enclosing import enclosing_namespace, enclosing_types
from coderooms.resolution.extraction import ImportRef, InheritRef, SymbolDef
from coderooms.resolution.targets import Target


@dataclass(slots=True)
class Usings:
    """What a C# file's `using` directives bring into scope."""

    namespaces: tuple[str, ...] = ()
    statics: tuple[str, ...] = ()
    aliases: dict[str, str] = field(default_factory=dict)
    partials: frozenset[str] = frozenset()
    """Qualnames of the file's `partial` types."""
    bases: dict[str, list[str]] = field(default_factory=dict)
    """Type qualname -> the names of its base list, in order."""


def csharp_usings(
    imports: list[ImportRef], symbols: list[SymbolDef], inherits: list[InheritRef]
) -> Usings:
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
    bases: dict[str, list[str]] = {}
    for inherit in inherits:
        bases.setdefault(inherit.child, []).append(inherit.base)
    return Usings(
        tuple(dict.fromkeys(namespaces)), tuple(dict.fromkeys(statics)), aliases, partials, bases
    )


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

    def add(targets: tuple[Target, ...], qual: str) -> None:
        if all(qual != known for _, known in found):
            found.append((targets, qual))

    receiver = parts[0] in ("this", "base")
    if receiver or len(parts) == 1:
        member = ".".join(parts[1:] if receiver else parts)
        owners = enclosing_types(source, kinds)
        for owner in owners if parts[0] != "base" else ():
            if owner in usings.partials and member:
                name = owner.rsplit(".", 1)[-1]
                add((Target("~", f"{name}.cs"), own_dir), f"{owner}.{member}")
        bases = usings.bases.get(owners[0], []) if owners and member else []
        for base in bases[:1] if parts[0] == "base" else bases:  # one level up
            for targets, qual in _csharp_types(base.split("."), source, kinds, usings, own_dir):
                add(targets, f"{qual}.{member}")
        if receiver:
            return found
    for targets, qual in _csharp_types(parts, source, kinds, usings, own_dir):
        add(targets, qual)
    return found


def _csharp_types(
    parts: list[str],
    source: str,
    kinds: dict[str, SymbolKind],
    usings: Usings,
    own_dir: Target,
) -> list[tuple[tuple[Target, ...], str]]:
    """A type reference under each enclosing namespace, the global one, each `using` namespace
    (a bare name also as a `using static` class's member); an alias head replaced."""
    found: list[tuple[tuple[Target, ...], str]] = []

    def add(type_parts: list[str], prefix: list[str]) -> None:
        files = [Target("~", f"{p}.cs") for p in type_parts[:-1] if p[:1].isupper()]
        files.append(Target("~", f"{type_parts[-1]}.cs"))
        found.append(((*dict.fromkeys(files), own_dir), ".".join([*prefix, *type_parts])))

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
