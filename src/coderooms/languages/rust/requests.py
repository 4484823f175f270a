"""Rust references as one file reads them: `self.m()` / `Self::m()` of the enclosing impl's type
(wherever the type is defined), `T::m()` of a type of the file that another file's impl may
define, what `use m::*` opens, and paths through the crate's modules (`crate::a::f()`, a crate's
name as a path's head). Each takes the file's `FileScope` only; what an impl in another file
defines is looked up across files by `impls`.
"""

from __future__ import annotations

from coderooms.languages.rust.modules import rust_module
from coderooms.languages.rust.owners import impl_owner
from coderooms.resolution.extraction import INHERITS
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.returned_types import through_fields
from coderooms.resolution.targets import Binding
from coderooms.resolution.vocabulary import TYPE_KINDS

RUST_CONSTRUCTORS = frozenset({"new", "default", "from"})
"""Rust `T::new(..)` and the like give a `T` (by convention; `with_*` too: `constructed`)."""


def in_impls(scope: FileScope, request: RefRequest, source: str, parts: list[str]) -> RefRequest:
    """Rust `self.m()` / `Self::m()`: `m` of the enclosing impl's type, wherever that type is
    defined; `T::m()` with `T` a type of the file that does not define `m`: `m` of an impl of
    `T` in another file (looked up from this file, `member_through_impls`); any other name
    neither the file defines nor a `use` binds: what the file's `use m::*` imports open, in
    order (`FileScope.opened`)."""
    if request.kind == INHERITS:
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


def _field_of_self(
    scope: FileScope, request: RefRequest, source: str, parts: list[str]
) -> RefRequest:
    """`self.f.m()` in an impl of a type another file defines (`impl Error` in `error.rs`,
    `struct Error { inner: Own<ErrorImpl> }` in `lib.rs`): `m` of the type that file declares
    field `f` with (`returned_types.through_fields`, the `d` entries of its table)."""
    owner = impl_owner(scope, source)
    if owner is None or "." in owner:
        return request
    return through_fields(scope, request, source, (False, owner), parts[1:-1], parts[-1])


def module_called(binding: Binding, rest: list[str]) -> bool:
    """Rust `drop(x)` where `mod drop;` binds `drop`: a module is never called or extended, so
    the name is not the module's (here the prelude's `drop`)."""
    return not rest and binding.item is None


def crate_path_too(
    scope: FileScope, request: RefRequest, binding: Binding, parts: list[str]
) -> RefRequest:
    """Rust `log::Level::iter()` where `use log::log;` binds `log` (a macro or function of
    crate `log`): a path's head is read in the namespace of modules and types, so after what
    the import names, the head is also a crate's name (`crate_alternatives`)."""
    lowercase = parts[0][:1].islower() and parts[0] not in ("self", "crate", "super")
    if binding.item is None or len(parts) < 2 or not lowercase:
        return request
    if parts[0] in scope.bound and binding.item == parts[0]:
        request.alternatives = (*request.alternatives, *crate_alternatives(scope.path, parts))
    return request


def crate_path(scope: FileScope, request: RefRequest, parts: list[str]) -> RefRequest:
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


def constructed(scope: FileScope, source: str, callee: list[str]) -> tuple[bool, str] | None:
    """Rust `T::new(..)`, `T::default()`, `T::from(..)`, `T::with_*(..)` whose declaration the
    file does not state (derived, or another file's): a `T`, by convention, as for `let x =
    T::new()` (`languages.rust`); `crate::T::default()` too (`returned_types.Typed`)."""
    if len(callee) < 2 or not callee[-2][:1].isupper():
        return None
    if callee[-1] not in RUST_CONSTRUCTORS and not callee[-1].startswith("with_"):
        return None
    found = scope.local(source, callee[:-1], TYPE_KINDS)
    return (True, found) if found is not None else (False, ".".join(callee[:-1]))
