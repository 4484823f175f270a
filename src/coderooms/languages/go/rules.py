"""Go's resolution rules: an import names a package by its import path (`go_package`, a `G`
target, resolved by `packages`), the package's name is the local one, and `GoRules` (a
struct's embedded types are its bases, promoted methods follow them: `embedded`; a type's
methods may be in any file of its package; a local bound to the values of several calls links
a call where they agree; a package variable's type is published for the package's other files,
whose `x.m()` looks `m` up in it: `variables`)."""

from __future__ import annotations

import posixpath

from coderooms.core.ids import directory_of
from coderooms.languages.go.embedded import Embedded, embedded_types, promoted_alternatives
from coderooms.languages.go.packages import GO_MODES, GO_PROJECT, go_assumed_name
from coderooms.languages.go.variables import package_variable_types, through_package_variable
from coderooms.resolution.extraction import Extraction, ImportRef
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.listed_bases import listed_bases
from coderooms.resolution.lookup import Lookup, SymbolInfo
from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.member_types import Keys
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.targets import Target


def go_package(import_path: str) -> tuple[Target, ...]:
    """A Go import path, resolved by the repo's `go.mod` module paths (`Lookup.files_for`)."""
    return (Target("G", import_path.strip("/")),)


class GoRules(LookupRules):
    __slots__ = ()
    target_modes = GO_MODES
    project_files = GO_PROJECT
    one_request_per_module = True
    member_table = True
    package_scoped = True
    follows_fields = True
    interface_calls = True
    agreeing_values = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return go_package(module)

    def submodule(self, module: str, name: str) -> str:
        return posixpath.join(module, name)

    def local_name(self, ref: ImportRef) -> str | None:
        """The package's name (its alias when written, else `go_assumed_name`); `_` and `.`
        bind nothing."""
        local = ref.alias or go_assumed_name(ref.module)
        return None if local in {"_", "."} else local

    def extension(self, path: str, extraction: Extraction) -> Embedded:
        """A struct's embedded types, in order."""
        return Embedded(listed_bases(extraction))

    def table_bases(self, scope: FileScope) -> dict[str, str]:
        """One embedded type is a chain other files follow (of two, Go takes the shallowest)."""
        return {
            owner: found[0] for owner, found in embedded_types(scope).items() if len(found) == 1
        }

    def table_variables(self, scope: FileScope) -> dict[str, str]:
        return package_variable_types(scope)

    def alternative_fallback(
        self, lookup: Lookup, alternative: Alternative, wanted: frozenset[str], keys: Keys
    ) -> SymbolInfo | None:
        """`x.m()` with `x` a variable of the package: `m` of the type its file publishes."""
        return through_package_variable(lookup, alternative, self.group, keys)

    def promoted(self, scope: FileScope, request: RefRequest, owner: str, member: str) -> None:
        promoted_alternatives(scope, request, owner, member)

    def member_paths(self, lookup: Lookup, owner: SymbolInfo) -> list[str]:
        """A type's methods may be in any file of its package."""
        package = lookup.files_for(Target("@", directory_of(owner.path)), self.group)
        return [p for p in package if p != owner.path]
