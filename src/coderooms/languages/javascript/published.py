"""JS/TS: a module-level variable's declared type, followed across files (issue 32).

`export const box: Box = ..` (or `= new Box()`, or `let loggers: Container` in a TypeScript
`namespace winston`, `N.x` for `x` of namespace `N`) publishes its type in the module table: a
`d` entry `box=Box` (as a field's, `returned_types.table_entries`) and a `t` entry saying how
the file resolves `Box`. Another file's `box.m()` through `import { box }`, `import * as w`
(`w.box.m()`), `require` or a barrel, that the module's symbols do not answer, is `m` of that
type, its own or up its bases (`variable_member`): the alternative's module, then its
re-exports, as any imported name is found. A name of no one written type (`?`, a call's value
not followed, several types) publishes nothing: a ghost, never a guess.

The keys recorded are the `d` entry read, the type's recipe and every name on the way, so a
changeset that retypes the variable, moves the type or its member re-resolves the call.
"""

from __future__ import annotations

import re

from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.lookup import Lookup, SymbolInfo
from coderooms.resolution.member_tables import member_up
from coderooms.resolution.member_types import Keys, member_key, type_named
from coderooms.resolution.reexports import ReexportWalk
from coderooms.resolution.ref_requests import Alternative
from coderooms.resolution.returned_types import type_recipe

_TYPE_NAME = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")


def variable_entries(scope: FileScope) -> list[str]:
    """The `d` and `t` table entries of the file's module-level variables of one declared
    type (`name=Type`, `N.name=Type` in a namespace)."""
    entries: list[str] = []
    recipes: dict[str, str | None] = {}
    for (owner, name), written in sorted(scope.types.items()):
        if owner or not _TYPE_NAME.fullmatch(written):
            continue
        where = name.rpartition(".")[0]  # `N.x`: `T` as namespace `N` sees it
        how = type_recipe(scope, where, written)
        if how is None:
            continue
        entries.append(f"d{name}={written}")
        recipes[written] = how if recipes.get(written, how) == how else None
    return entries + [f"t{name}={how}" for name, how in recipes.items() if how is not None]


def variable_member(
    lookup: Lookup, alternative: Alternative, group: str, keys: Keys
) -> SymbolInfo | None:
    """`x.m` of the alternative's module where `x` is a variable it (or a module it re-exports)
    declares of type `T`: `m` of `T` (see the module docstring); None otherwise."""
    if "." not in alternative.qual:
        return None

    def typed_member(path: str, qual: str) -> SymbolInfo | None:
        variable, _, member = qual.rpartition(".")
        if not variable:
            return None
        keys.add((path, member_key("d", variable)))
        written = lookup.reexports(path).fields.get(variable)
        if written is None or written == "?":
            return None
        owner = type_named(lookup, path, written, group, keys)
        return member_up(lookup, owner, member, group, keys) if owner is not None else None

    rules = lookup.rules_of(group)
    walk = ReexportWalk(
        typed_member,
        lambda target: lookup.files_for(target, None),
        lookup.reexports,
        modules=rules.module_targets,
    )
    for target in alternative.targets:
        paths = lookup.files_for(target, group)
        if paths:
            found = typed_member(paths[0], alternative.qual) or walk.through(
                paths[0], alternative.qual
            )
            keys |= walk.keys
            return found if isinstance(found, SymbolInfo) else None
    return None
