"""Go package variables read by another file of the package (issue 32, rules-32p).

Writing side (`package_variable_types`): a top-level `var x T`, `var x = T{..}`, `var x =
&T{..}` or `var x = NewT()` (`NewT` a function of the same file whose return type it declares)
publishes `x`'s type in the file's module table, as an `r` entry (the type a function returns:
reading `x` gives a `T` as calling `NewT` does). Reading side (`through_package_variable`, Go's
`alternative_fallback`): `x.m()` that nothing in the file answers (no local, no import named
`x`) and that the package defines no `x.m` for (so does `pkg.x.m()` through an import) looks up
the variable `x` in the package and `m` in the type its file's table publishes
(`member_tables.follow_returns`, which records the keys an incremental ingest re-resolves it
by). A variable of no published type, or an `x` that is no variable of the package, leaves a
ghost as before, never a guess by name."""

from __future__ import annotations

import re

from coderooms.core.kinds import SymbolKind
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.lookup import Lookup, SymbolInfo
from coderooms.resolution.member_tables import follow_returns
from coderooms.resolution.member_types import Keys
from coderooms.resolution.ref_requests import Alternative
from coderooms.resolution.vocabulary import CALLED

_TYPE_NAME = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)?$")
"""`T` or `pkg.T`: one named type (no slice, map, element or agreed alternatives)."""
_VARIABLE = frozenset({SymbolKind.VARIABLE.value})


def package_variable_types(scope: FileScope) -> dict[str, str]:
    """Top-level variable name -> the type it is declared or created with (see the module
    docstring); a call's value only where the file declares what the function returns."""
    found: dict[str, str] = {}
    for (owner, name), written in scope.types.items():
        if owner or scope.kinds.get(name) != SymbolKind.VARIABLE:
            continue
        typ: str | None = written
        if written.endswith(CALLED):
            typ = scope.returns.get(written.removesuffix(CALLED))
        if typ is not None and _TYPE_NAME.match(typ):
            found[name] = typ
    return found


def through_package_variable(
    lookup: Lookup, alternative: Alternative, group: str, keys: Keys
) -> SymbolInfo | None:
    """`x.m` the package defines no `x.m` for (`Alternative` of the file's package, or a
    dot-import's): `x` a variable there, and `m` of the type its file's table publishes."""
    head, dot, member = alternative.qual.partition(".")
    if not dot or "." in member or not head or not member:
        return None
    keys.add(("", head))  # a file that comes to declare `x` re-resolves the reference
    variable = Alternative(alternative.targets, head)
    found, looked = lookup.in_module_through(variable, group, _VARIABLE)
    keys |= looked
    if found is None or found.kind != SymbolKind.VARIABLE.value:
        return None
    return follow_returns(lookup, found, (member,), group, keys)
