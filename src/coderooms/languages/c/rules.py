"""C and C++'s rules (`resolution.rules.Rules` overrides; C++'s `CppRules` extends them): an
`#include` names a header; what a file does not define is looked for only where its includes
reach (`includes`); and C++'s members of values, bases, fields and overloads (issue 32,
`requests`)."""

from __future__ import annotations

from coderooms.languages.c.commands import C_MODES, C_PROJECT
from coderooms.languages.c.headers import c_include, c_includes
from coderooms.languages.c.includes import c_star_walk
from coderooms.languages.c.requests import (
    POINTER_OWN,
    Declared,
    class_member_paths,
    declared_members,
    elsewhere_class,
    field_of_elsewhere_class,
    inherited_bare,
    overload_entries,
    overload_through_lookup,
    overloaded,
    single_bases,
    using_namespaces,
)
from coderooms.resolution.extraction import INHERITS, Extraction
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.lookup import Found, Lookup, SymbolInfo
from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.member_types import Keys
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.targets import ImportRequest, Target
from coderooms.resolution.vocabulary import TYPE_KINDS


class CRules(LookupRules):
    """C and C++: an `#include` names a header. A C++ class's members are in scope by bare name
    in its own body (`int area() const { return helper(s_); }` calls the class's `helper`,
    issue 32); a C function is never inside a type, so C reads the same."""

    __slots__ = ()
    target_modes = C_MODES
    project_files = C_PROJECT
    module_table = "stars"
    member_table = True
    bare_members = True
    injected_class_names = True
    follows_fields = True
    scoped_type_names = True
    block_scoped_types = True
    pointer_own = POINTER_OWN

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return c_include(path, module)

    def bases(self, extraction: Extraction) -> dict[str, str]:
        """A C++ class of one base: its base (`requests`: bare calls of inherited
        members)."""
        return single_bases(extraction)

    def member_paths(self, lookup: Lookup, owner: SymbolInfo) -> list[str]:
        """A C++ class's members may be defined out of the class (`int Foo::bar() { }`) in
        its header's paired implementation (`foo.h` -> `foo.cc`) or in a header it includes
        (CLI11's `App.hpp` ends with `#include "impl/App_inl.hpp"`)."""
        return class_member_paths(lookup, owner, self)

    def table_extra(self, scope: FileScope) -> list[str]:
        """`o` entries: the members the file's classes have overloads of (`requests`)."""
        return overload_entries(scope)

    def ambiguous(
        self, lookup: Lookup, found: SymbolInfo, keys: Keys, counts: tuple[int, ...] = ()
    ) -> bool:
        """A C++ member of overloads: which one a call means is not known by its name (nor
        by its argument counts, `counts`)."""
        return overloaded(lookup, found, self, keys, counts)

    def settled(self, scope: FileScope, request: RefRequest) -> None:
        """A member of overloads split across files, answered in the file: looked up, so that
        `ambiguous` may leave it a ghost (`requests`)."""
        overload_through_lookup(scope, request)

    def extension(self, path: str, extraction: Extraction) -> Declared:
        """The member functions the file's classes declare without defining them."""
        return declared_members(extraction)

    def constructed(
        self, scope: FileScope, source: str, callee: list[str]
    ) -> tuple[bool, str] | None:
        """C++ `auto x = Foo(..)` (`values`): a callee the file defines as a type is that
        type (a callee of another file is followed through its declared return)."""
        owner = scope.local(source, callee, TYPE_KINDS)
        return (True, owner) if owner is not None else None

    def required(self, imports: list[ImportRequest]) -> tuple[tuple[Target, ...], ...]:
        return c_includes(imports)

    def star_walk(self, lookup: Lookup, alternative: Alternative, wanted: frozenset[str]) -> Found:
        """Through the includes (`includes`), as far as Ruby's requires."""
        return c_star_walk(lookup, alternative, wanted)

    def not_local(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str]
    ) -> RefRequest | None:
        """Only what the includes reach, never a name elsewhere in the repo (else a ghost);
        C++ looks in the enclosing namespaces and classes first, innermost first (`Foo()`
        inside `namespace leveldb { }` may be `leveldb::Foo`)."""
        request.bound = True
        member = len(parts) > 1 and parts[0] == "this"
        if member:  # `this->m()`: the class of another file
            parts = parts[1:]
        fields = field_of_elsewhere_class(scope, request, source, parts, member)
        if fields is not None:
            return fields
        name = ".".join(parts)
        inherited: tuple[str, ...] = ()
        bare = len(parts) == 1 and request.kind != INHERITS
        if bare:  # a member the enclosing class inherits (`requests`)
            request.local, inherited = inherited_bare(scope, request, source, name)
            if request.local is not None:
                return request
        enclosing = source.split(".") if source else []
        quals = [".".join([*enclosing[:i], name]) for i in range(len(enclosing) - 1, 0, -1)]
        # `using namespace N;`: `N::name` before the global `name` (issue 32)
        quals.extend(f"{ns}.{name}" for ns in using_namespaces(scope) if ns not in enclosing[:1])
        quals.append(name)
        alternatives: list[str] = []
        for i, qual in enumerate(quals):
            alternatives.extend(Alternative(targets, qual).encode() for targets in scope.required)
            if i == 0 and bare:  # after the class's own (`K::f`), its bases'
                alternatives.extend(inherited or elsewhere_class(scope, source, name))
        request.alternatives = tuple(alternatives)
        return request
