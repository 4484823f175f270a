"""Java on-demand imports: where a simple type name no other rule binds may be declared.

`import a.b.*;` makes every type of package `a.b` visible by its simple name; `import a.b.C.*;`
and `import static a.b.C.*;` make the member types of `C` visible (`Inner` is `C.Inner`). They
come last (JLS 6.4.1): a single-type import, a type of the same file and a type of the same
package shadow them, so their alternatives follow the package's. Two on-demand imports giving
one name do not compile, so their order among themselves does not matter.

`import static a.b.C.*;` also makes C's static methods visible by their simple name: a bare `m()`
that no enclosing class defines is `C.m` (`static_members`), but only where no enclosing class
of the file extends or implements anything (an inherited `m` would shadow the import, and a
base outside the repo cannot be read), or only JDK interfaces whose members are known
(`Comparable`, `Serializable`, `Cloneable`: `CLOSED_BASES`) and none of them is `m`; the file's
anonymous classes' bodies likewise (`new Base() { .. m() .. }` may call Base's `m`). A name
`Object` declares (`equals`, `toString`, ..) is every class's own, never the import's. A
constant so imported (`DIGIT.isMatchedBy(c)`, an enum's constant or a static field written in
capitals) is a field of `C`, under the same conditions (`static_fields`).

Everything here depends on the importing file alone; what the alternatives find depends on the
files of the imported package, which the resolver loads as it does the file's own package (a
type appearing there later re-resolves the references named as its members).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from coderooms.languages.java.modules import java_module
from coderooms.resolution.extraction import Extraction, FactKind, ImportRef, InheritRef
from coderooms.resolution.targets import Target

OnDemand = tuple[tuple[Target, ...], str]
"""Where the import's types live and the qualname prefix they have there (`C.` for the member
types of `C`, `""` for a package's top-level types)."""


OBJECT_METHODS = frozenset(
    {"equals", "hashCode", "toString", "getClass", "notify", "notifyAll", "wait", "clone"}
    | {"finalize"}
)
"""What every class inherits from `java.lang.Object`: never a static import's."""

CLOSED_BASES: dict[str, tuple[str, frozenset[str]]] = {
    "Comparable": ("java.lang", frozenset({"compareTo"})),
    "Cloneable": ("java.lang", frozenset()),
    "Serializable": ("java.io", frozenset()),
}
"""JDK interfaces whose members are all known (beyond `Object`'s), by simple name: the package
that declares them and their methods. A class implementing only these inherits no other name."""


@dataclass(frozen=True, slots=True)
class OnDemandImports:
    """A Java file's on-demand imports, in the order written (its scope's extension)."""

    imports: tuple[OnDemand, ...] = ()
    inheriting: frozenset[str] = frozenset()
    """The file's classes that extend or implement something not in `CLOSED_BASES`."""
    closed: tuple[tuple[str, frozenset[str]], ...] = ()
    """The file's other classes with a base, each with the members its `CLOSED_BASES` give."""
    anonymous: tuple[tuple[int, int], ...] = ()
    """The lines of the file's anonymous class bodies (first, last)."""
    counts: tuple[tuple[str, str], ...] = ()
    """Each type of the file and how many bases it has beyond `CLOSED_BASES` (`0`; `1` where
    that one is its first base, which the table's `b` entry holds; else `?`): its `h` table
    entries, which `member_tables.closed_member` reads to know a chain ends in the repo."""


def on_demand_imports(imports: Iterable[ImportRef]) -> tuple[OnDemand, ...]:
    """The file's on-demand imports, in the order written."""
    found: list[OnDemand] = []
    for ref in imports:
        if ref.names or not ref.module:
            continue
        segments = ref.module.split(".")
        owner = next((i for i, s in enumerate(segments) if s[:1].isupper()), None)
        prefix = ".".join(segments[owner:]) + "." if owner is not None else ""
        entry = (java_module(ref.module, ()), prefix)
        if entry not in found:
            found.append(entry)
    return tuple(found)


def on_demand_quals(on_demand: tuple[OnDemand, ...], parts: list[str]) -> list[OnDemand]:
    """For a name whose head is a simple type name (`Foo`, `Foo.m`, `Foo.Inner.m`): each
    on-demand import's targets and the qualname to look for in them."""
    if not on_demand or not parts or not parts[0][:1].isupper():
        return []
    written = ".".join(parts)
    return [(targets, prefix + written) for targets, prefix in on_demand]


def static_members(imports: object, source: str, line: int, name: str) -> list[OnDemand]:
    """A bare `name()` in definition `source` at `line` of a file whose scope extension is
    `imports`: each class a wildcard import opens, with `C.name` to look for there; none where
    an enclosing class inherits anything or the call is in an anonymous class's body."""
    if not isinstance(imports, OnDemandImports) or not name[:1].islower():
        return []
    if name in OBJECT_METHODS or _shadowed(imports, source, line, name):
        return []
    return [(targets, prefix + name) for targets, prefix in imports.imports if prefix]


def static_fields(imports: object, source: str, line: int, name: str) -> list[OnDemand]:
    """`NAME.m()` in definition `source` at `line` (`NAME` in capitals, which no import, local
    or field of the file binds): each class a wildcard import opens, with `C` to read field
    `NAME` of; none where `static_members` would give none."""
    if not isinstance(imports, OnDemandImports) or not name.isupper() or len(name) < 2:
        return []
    if _shadowed(imports, source, line, name):
        return []
    return [(targets, prefix[:-1]) for targets, prefix in imports.imports if prefix]


def past_bases(
    imports: object, source: str, line: int, name: str
) -> tuple[list[str], list[OnDemand]]:
    """A bare `name()` that `static_members` leaves because an enclosing class of the file has
    a base (no anonymous body, no known JDK interface declaring `name`): those classes,
    innermost first, whose chains must be read to their end before the import's `C.name`
    (`CLOSED` alternatives), and the import's classes; nothing otherwise."""
    if not isinstance(imports, OnDemandImports) or not name[:1].islower():
        return [], []
    if name in OBJECT_METHODS or any(first <= line <= last for first, last in imports.anonymous):
        return [], []
    scope = source.split(".") if source else []
    enclosing = [".".join(scope[:i]) for i in range(len(scope), 0, -1)]
    if any(child in enclosing and name in members for child, members in imports.closed):
        return [], []
    owners = [qual for qual in enclosing if qual in imports.inheriting]
    opened = [(targets, prefix + name) for targets, prefix in imports.imports if prefix]
    return (owners, opened) if owners and opened else ([], [])


def base_counts(
    inherits: Iterable[InheritRef],
    imports: list[ImportRef],
    declared: set[str],
    types: Iterable[str],
    implicit: frozenset[str] = frozenset(),
) -> tuple[tuple[str, str], ...]:
    """The `h` entries of the file's `types` (`OnDemandImports.counts`; `declared`: the
    simple names the file declares, as `closed_bases` reads them). An enum or a record
    (`implicit`) inherits from a JDK class (`Enum`'s `name()`, a record's accessors): `?`."""
    listed: dict[str, list[str]] = {}
    for inherit in inherits:
        listed.setdefault(inherit.child, []).append(inherit.base)
    counts: list[tuple[str, str]] = []
    for qual in sorted(set(types)):
        bases = listed.get(qual, [])
        opened = [
            base
            for base in bases
            if closed_bases([InheritRef(qual, base, 0)], imports, declared)[0]
        ]
        if qual in implicit:
            counts.append((qual, "?"))
        elif not opened:
            counts.append((qual, "0"))
        else:
            counts.append((qual, "1" if opened == bases[:1] else "?"))
    return tuple(counts)


def _shadowed(imports: OnDemandImports, source: str, line: int, name: str) -> bool:
    """Whether something the call's classes may inherit could declare `name` (a base that is
    not a known JDK interface, one that declares `name`, an anonymous class's body)."""
    if any(first <= line <= last for first, last in imports.anonymous):
        return True
    scope = source.split(".") if source else []
    enclosing = {".".join(scope[:i]) for i in range(1, len(scope) + 1)}
    if enclosing & imports.inheriting:
        return True
    return any(child in enclosing and name in members for child, members in imports.closed)


def closed_bases(
    inherits: Iterable[InheritRef], imports: Iterable[ImportRef], declared: set[str]
) -> tuple[frozenset[str], tuple[tuple[str, frozenset[str]], ...]]:
    """The classes with a base outside `CLOSED_BASES` (`inheriting`), and the others with the
    members theirs declare. `Serializable` is java.io's where the file imports it so (or writes
    `java.io.Serializable`), `Comparable` java.lang's where no import nor type of the file
    takes the name."""
    single = {ref.names[0]: ref.module for ref in imports if len(ref.names) == 1}
    opened: dict[str, set[str]] = {}
    members: dict[str, set[str]] = {}
    for inherit in inherits:
        package, _, simple = inherit.base.rpartition(".")
        known = CLOSED_BASES.get(simple)
        home = known[0] if known else None
        written_home = package or single.get(simple) or ("java.lang" if home == "java.lang" else "")
        if known is None or written_home != home or (not package and simple in declared):
            opened.setdefault(inherit.child, set())
        else:
            members.setdefault(inherit.child, set()).update(known[1])
    closed = tuple(
        (child, frozenset(names)) for child, names in members.items() if child not in opened
    )
    return frozenset(opened), closed


def anonymous_bodies(extraction: Extraction) -> tuple[tuple[int, int], ...]:
    """The lines (first, last) of the file's anonymous class bodies (Java's EXTENDS facts)."""
    return tuple(
        (fact.line, fact.index) for fact in extraction.facts if fact.kind is FactKind.EXTENDS
    )
