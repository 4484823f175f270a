"""Java on-demand imports: where a simple type name no other rule binds may be declared.

`import a.b.*;` makes every type of package `a.b` visible by its simple name; `import a.b.C.*;`
and `import static a.b.C.*;` make the member types of `C` visible (`Inner` is `C.Inner`). They
come last (JLS 6.4.1): a single-type import, a type of the same file and a type of the same
package shadow them, so their alternatives follow the package's. Two on-demand imports giving
one name do not compile, so their order among themselves does not matter.

`import static a.b.C.*;` also makes C's static methods visible by their simple name: a bare `m()`
that no enclosing class defines is `C.m` (`static_members`), but only where no enclosing class
of the file extends or implements anything (an inherited `m` would shadow the import, and a
base outside the repo cannot be read); the file's anonymous classes' bodies likewise
(`new Base() { .. m() .. }` may call Base's `m`).

Everything here depends on the importing file alone; what the alternatives find depends on the
files of the imported package, which the resolver loads as it does the file's own package (a
type appearing there later re-resolves the references named as its members).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from coderooms.languages.java.modules import java_module
from coderooms.resolution.extraction import Extraction, FactKind, ImportRef
from coderooms.resolution.targets import Target

OnDemand = tuple[tuple[Target, ...], str]
"""Where the import's types live and the qualname prefix they have there (`C.` for the member
types of `C`, `""` for a package's top-level types)."""


@dataclass(frozen=True, slots=True)
class OnDemandImports:
    """A Java file's on-demand imports, in the order written (its scope's extension)."""

    imports: tuple[OnDemand, ...] = ()
    inheriting: frozenset[str] = frozenset()
    """The file's classes that extend or implement something."""
    anonymous: tuple[tuple[int, int], ...] = ()
    """The lines of the file's anonymous class bodies (first, last)."""


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
    if any(first <= line <= last for first, last in imports.anonymous):
        return []
    scope = source.split(".") if source else []
    if any(".".join(scope[:i]) in imports.inheriting for i in range(1, len(scope) + 1)):
        return []
    return [(targets, prefix + name) for targets, prefix in imports.imports if prefix]


def anonymous_bodies(extraction: Extraction) -> tuple[tuple[int, int], ...]:
    """The lines (first, last) of the file's anonymous class bodies (Java's EXTENDS facts)."""
    return tuple(
        (fact.line, fact.index) for fact in extraction.facts if fact.kind is FactKind.EXTENDS
    )
