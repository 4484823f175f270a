"""Rust: a type's methods may be defined by an `impl` in any file of its crate.

`impl Error { fn chain(&self) }` in `src/error.rs`, with `pub struct Error` in `src/lib.rs`: the
method is `Error.chain` of `error.rs` (`languages.rust`), not a member of the file that defines
the type. A file holding such impls keeps, in its module table (`js_reexports`), how it resolves
each impl's type name (`t<name>=<how>`, `impl_owner_entries`). A member that the type's own file
does not define is then looked for among the methods of that name whose impl names the same type,
as that file resolves the name (`impl_member`): exactly one answers; two (or none) leave it
unknown. Inside such an impl, `self.m()` and `Self::m()` are `m` of the impl's type
(`impl_owner`), and `self.f.m()` is `m` of the type the defining file declares field `f` with.

The keys recorded are how each candidate file resolves the type name (`:Error` of its table) and
the member's own name, so an impl added, removed or re-pointed by a changeset re-resolves the
references that looked for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.file_scope import Scope
from coderooms.ingest.member_types import type_named
from coderooms.ingest.returned_types import through_fields
from coderooms.ingest.rust_owners import impl_owner
from coderooms.ingest.targets import rust_module
from coderooms.resolution.extraction import INHERITS
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.targets import Binding
from coderooms.resolution.vocabulary import TYPE_KINDS

if TYPE_CHECKING:
    from coderooms.ingest.resolve import Lookup, SymbolInfo

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


def in_impls(scope: Scope, request: RefRequest, source: str, parts: list[str]) -> RefRequest:
    """Rust `self.m()` / `Self::m()`: `m` of the enclosing impl's type, wherever that type is
    defined; `T::m()` with `T` a type of the file that does not define `m`: `m` of an impl of
    `T` in another file (looked up from this file, `member_through_impls`); any other name
    neither the file defines nor a `use` binds: what the file's `use m::*` imports open, in
    order (`Scope.opened`)."""
    if scope.language != "rust" or request.kind == INHERITS:
        return request
    if request.local is not None or request.bound:
        return request
    if len(parts) == 2 and parts[0] in ("self", "Self"):
        owner = scope._enclosing_type(source) or impl_owner(scope, source)
        if owner is None:
            return request
        request.local = scope.accept(f"{owner}.{parts[1]}", None)  # this very file's impl
        if request.local is not None:
            return request
        rewritten = scope.request(source, request.kind, f"{owner}.{parts[1]}", request.line)
        if rewritten is None:
            return request
        rewritten.ref = request.ref
        return rewritten
    if parts[0] == "self" and len(parts) > 2:
        return _field_of_self(scope, request, source, parts)
    if parts[0] in ("self", "Self"):
        return request
    name = ".".join(parts)
    if len(parts) == 2 and scope.kinds.get(parts[0]) in TYPE_KINDS:
        request.bound, request.alternatives = True, (scope.own_file(name),)
    elif scope.opened:
        opened = tuple(Alternative((target,), name).encode() for target in scope.opened)
        request.bound, request.alternatives = True, opened
    return request


def _field_of_self(scope: Scope, request: RefRequest, source: str, parts: list[str]) -> RefRequest:
    """`self.f.m()` in an impl of a type another file defines (`impl Error` in `error.rs`,
    `struct Error { inner: Own<ErrorImpl> }` in `lib.rs`): `m` of the type that file declares
    field `f` with (`returned_types.through_fields`, the `d` entries of its table)."""
    owner = impl_owner(scope, source)
    if owner is None or "." in owner:
        return request
    return through_fields(scope, request, source, (False, owner), parts[1:-1], parts[-1])


def module_called(scope: Scope, binding: Binding, rest: list[str]) -> bool:
    """Rust `drop(x)` where `mod drop;` binds `drop`: a module is never called or extended, so
    the name is not the module's (here the prelude's `drop`)."""
    return scope.language == "rust" and not rest and binding.item is None


def crate_path_too(
    scope: Scope, request: RefRequest, binding: Binding, parts: list[str]
) -> RefRequest:
    """Rust `log::Level::iter()` where `use log::log;` binds `log` (a macro or function of
    crate `log`): a path's head is read in the namespace of modules and types, so after what
    the import names, the head is also a crate's name (`crate_alternatives`)."""
    lowercase = parts[0][:1].islower() and parts[0] not in ("self", "crate", "super")
    if scope.language != "rust" or binding.item is None or len(parts) < 2 or not lowercase:
        return request
    if parts[0] in scope.bound and binding.item == parts[0]:
        request.alternatives = (*request.alternatives, *crate_alternatives(scope.path, parts))
    return request


def crate_path(scope: Scope, request: RefRequest, parts: list[str]) -> RefRequest:
    """`crate::a::f()` / `super::b::T::f()`: the longest module prefix that is a file of the
    crate first (`a.rs` / `a/mod.rs`), the rest looked up in it."""
    request.bound, request.alternatives = True, crate_alternatives(scope.path, parts)
    request.ghost = request.ref
    return request


def crate_alternatives(path: str, parts: list[str]) -> tuple[str, ...]:
    """Each module prefix of a Rust path, longest first, with the rest looked up in it (as
    file `path` reads it)."""
    return tuple(
        Alternative(targets, ".".join(parts[cut:])).encode()
        for cut in range(len(parts) - 1, 0, -1)
        for targets in [rust_module(path, ".".join(parts[:cut]))]
        if targets
    )
