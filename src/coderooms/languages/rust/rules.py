"""Rust's rules (`resolution.rules.Rules` and the reference hooks of `file_scope.ReferenceRules`).
The registry (`languages.registry`) gives the record its class (issue 35: it moves to Rust's
package)."""

from __future__ import annotations

from coderooms.languages.rust.crates import RUST_MODES, RUST_PROJECT
from coderooms.languages.rust.impls import impl_member, member_through_impls
from coderooms.languages.rust.modules import POINTER_OWN, rust_module
from coderooms.languages.rust.owners import impl_owner_entries
from coderooms.languages.rust.requests import (
    constructed,
    crate_alternatives,
    crate_path,
    crate_path_too,
    in_impls,
    module_called,
)
from coderooms.resolution.extraction import ImportRef
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.lookup import Lookup, SymbolInfo
from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.member_types import Keys
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.targets import Binding, Target
from coderooms.resolution.vocabulary import FIELD, RECEIVERS


class RustRules(LookupRules):
    """Rust: `use` paths name modules (`rust_module`), and its references read `self`/`Self`
    members of an impl, `crate::`/`super::` paths, crate names and `T::new()` their own way
    (`requests`, through the hooks of `file_scope.ReferenceRules`)."""

    __slots__ = ()
    target_modes = RUST_MODES
    project_files = RUST_PROJECT
    module_table = "reexports"
    member_table = True
    follows_fields = True
    pointer_own = POINTER_OWN
    path_heads = frozenset({"crate", "super", "self"})
    impl_types_elsewhere = True
    block_scoped_types = True  # `let` shadows: a name bound twice is read by line (`shadowed`)
    block_scoped_values = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return rust_module(path, module)

    def opened(self, path: str, imports: list[ImportRef]) -> tuple[Target, ...]:
        """`use m::*` opens m's names (`requests.in_impls`)."""
        return tuple(
            target
            for ref in imports
            if ref.names == ("*",)
            for target in rust_module(path, ref.module)
        )

    def member_names(self, request: RefRequest) -> set[str]:
        """A member of another file's `impl`: any method so named, for the reference's name and
        each member its chain steps through (`impls.impl_member`)."""
        return {request.name, *(s for s in request.then if not s.startswith(FIELD))}

    def binding_applies(self, scope: FileScope, binding: Binding, rest: list[str]) -> bool:
        """`drop(x)` where `mod drop;` binds `drop`: a module is never called."""
        return not module_called(binding, rest)

    def after_binding(
        self, scope: FileScope, request: RefRequest, binding: Binding, parts: list[str]
    ) -> RefRequest:
        return crate_path_too(scope, request, binding, parts)

    def path(self, scope: FileScope, request: RefRequest, parts: list[str]) -> RefRequest | None:
        """`crate::a::f()`, `super::b::f()`: through the crate's modules; `httparse::f()`
        without a `use`: a crate of the repo, if one is named so (`x.len()` on a local reads
        the same and names no crate), and the lookup goes on."""
        if parts[0] in ("crate", "super") and len(parts) > 1:
            return crate_path(scope, request, parts)
        if len(parts) > 1 and parts[0] not in RECEIVERS and parts[0][:1].islower():
            request.bound, request.alternatives = True, crate_alternatives(scope.path, parts)
        return None

    def receiver(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str]
    ) -> RefRequest:
        return in_impls(scope, request, source, parts)

    def last(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str]
    ) -> RefRequest:
        return in_impls(scope, request, source, parts)

    def extra_type_names(self, scope: FileScope) -> dict[str, str]:
        """The types the file's impls name (`owners.impl_owner_entries`)."""
        return impl_owner_entries(scope)

    def constructed(
        self, scope: FileScope, source: str, callee: list[str]
    ) -> tuple[bool, str] | None:
        return constructed(scope, source, callee)

    def member_elsewhere(
        self, lookup: Lookup, owner: SymbolInfo, member: str, keys: Keys
    ) -> SymbolInfo | None:
        """An `impl` of the type in another file of the crate (`impls.impl_member`)."""
        return impl_member(lookup, owner, member, keys)

    def alternative_fallback(
        self, lookup: Lookup, alternative: Alternative, wanted: frozenset[str], keys: Keys
    ) -> SymbolInfo | None:
        """`T::f()`: `f` of an impl of `T` in another file (`impls`)."""
        return member_through_impls(lookup, alternative, wanted, keys)
