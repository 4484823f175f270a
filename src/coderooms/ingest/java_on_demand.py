"""Java on-demand imports: where a simple type name no other rule binds may be declared.

`import a.b.*;` makes every type of package `a.b` visible by its simple name; `import a.b.C.*;`
and `import static a.b.C.*;` make the member types of `C` visible (`Inner` is `C.Inner`). They
come last (JLS 6.4.1): a single-type import, a type of the same file and a type of the same
package shadow them, so their alternatives follow the package's. Two on-demand imports giving
one name do not compile, so their order among themselves does not matter.

Everything here depends on the importing file alone; what the alternatives find depends on the
files of the imported package, which the resolver loads as it does the file's own package (a
type appearing there later re-resolves the references named as its members).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from coderooms.ingest.targets import java_module
from coderooms.resolution.extraction import ImportRef
from coderooms.resolution.targets import Target

OnDemand = tuple[tuple[Target, ...], str]
"""Where the import's types live and the qualname prefix they have there (`C.` for the member
types of `C`, `""` for a package's top-level types)."""


@dataclass(frozen=True, slots=True)
class OnDemandImports:
    """A Java file's on-demand imports, in the order written (its scope's extension)."""

    imports: tuple[OnDemand, ...] = ()


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
