"""Rust: a type's methods may be defined by an `impl` in any file of its crate.

`impl Error { fn chain(&self) }` in `src/error.rs`, with `pub struct Error` in `src/lib.rs`: the
method is `Error.chain` of `error.rs` (`languages.rust`), not a member of the file that defines
the type. A file holding such impls keeps, in its module table (`js_reexports`), how it resolves
each impl's type name (`t<name>=<how>`, `impl_owner_entries`). A member that the type's own file
does not define is then looked for among the methods of that name whose impl names the same type,
as that file resolves the name (`impl_member`): exactly one answers; two (or none) leave it
unknown. Inside such an impl, `self.m()` and `Self::m()` are `m` of the impl's type
(`impl_owner`), and `self.f.m()` is `m` of the type the defining file declares field `f` with
(both read from the one file: `requests`).

The keys recorded are how each candidate file resolves the type name (`:Error` of its table) and
the member's own name, so an impl added, removed or re-pointed by a changeset re-resolves the
references that looked for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coderooms.core.kinds import SymbolKind
from coderooms.resolution.member_types import type_named
from coderooms.resolution.ref_requests import Alternative

if TYPE_CHECKING:
    from coderooms.resolution.lookup import Lookup, SymbolInfo

GROUP = "rust"
TYPE_NAMES = frozenset({SymbolKind.CLASS.value, SymbolKind.INTERFACE.value})
MEMBER_NAMES = frozenset({SymbolKind.METHOD.value, SymbolKind.FUNCTION.value})
Keys = set[tuple[str, str]]


def impl_member(lookup: Lookup, owner: SymbolInfo, member: str, keys: Keys) -> SymbolInfo | None:
    """`member` of type `owner` defined by an impl in another file: the one method of that name
    whose file resolves the impl's type name to `owner`."""
    name = owner.qualname.rpartition(".")[2]
    found: list[SymbolInfo] = []
    candidates = lookup.by_name.get((GROUP, member), {})
    for info in sorted(candidates.values(), key=lambda i: i.id):
        impl = info.qualname.rpartition(".")[0]
        if info.path == owner.path or impl != name or info.kind not in MEMBER_NAMES:
            continue
        typ = type_named(lookup, info.path, name, GROUP, keys)
        if typ is not None and typ.id == owner.id:
            found.append(info)
    return found[0] if len(found) == 1 else None


def member_through_impls(
    lookup: Lookup, alternative: Alternative, wanted: frozenset[str], keys: Keys
) -> SymbolInfo | None:
    """`T.m` that the module the alternative names does not define: the type `T` it finds, then
    `m` of an impl of `T` in another file."""
    owner_qual, _, member = alternative.qual.rpartition(".")
    if not owner_qual or not owner_qual.rpartition(".")[2][:1].isupper():
        return None
    typ, looked = lookup.in_module_through(Alternative(alternative.targets, owner_qual), GROUP,
                                           TYPE_NAMES)  # fmt: skip
    keys |= looked
    if typ is None or typ.kind not in TYPE_NAMES:
        return None
    found = impl_member(lookup, typ, member, keys)
    return found if found is not None and found.kind in wanted else None
