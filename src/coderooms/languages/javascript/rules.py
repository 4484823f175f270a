"""JavaScript's resolution rules (`resolution.rules.Rules` overrides) and the family's base,
`ScriptRules`, which TypeScript's and TSX's extend: a specifier names a file, one request per
statement, a re-export table, the runtime's globals never guessed, the called names a scope
binds (`scope_names`)."""

from __future__ import annotations

import posixpath

from coderooms.languages.javascript.modules import js_module
from coderooms.languages.javascript.project_files import SCRIPT_MODES, SCRIPT_PROJECT
from coderooms.languages.javascript.published import variable_entries, variable_member
from coderooms.languages.javascript.scope_names import ScopedNames, scoped_names
from coderooms.resolution.extraction import INHERITS, Extraction, FactKind
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.lookup import Lookup, SymbolInfo
from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.member_types import Keys
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.targets import Target

JS_GLOBALS = frozenset(
    {"console", "window", "document", "globalThis", "process", "module", "exports", "require"}
)
"""JS/TS runtime globals: `console.log` is never a symbol of the repo."""


class ScriptRules(LookupRules):
    """JavaScript, TypeScript and TSX: a specifier names a file; one request per statement."""

    __slots__ = ()
    target_modes = SCRIPT_MODES
    project_files = SCRIPT_PROJECT
    one_request_per_module = True
    module_table = "reexports"
    member_table = True
    inheriting = True
    callable_variables = True
    well_known_globals = JS_GLOBALS
    by_bare_name = True
    interface_calls = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return js_module(path, module)

    def submodule(self, module: str, name: str) -> str:
        return posixpath.join(module, name)

    def creates(self, name: str) -> bool:
        """`new X()` of a capitalised name, as classes are (`x.new()` may be a method)."""
        return name[:1].isupper()

    def extension(self, path: str, extraction: Extraction) -> ScopedNames:
        """Which called bare names a scope binds, and whether the file is a module."""
        return scoped_names(extraction)

    def scoped(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str]
    ) -> RefRequest | None:
        """A bare name a scope of the caller binds is that binding, a ghost; a module's other
        free names are globals of the runtime, never guessed by name (`scope_names`)."""
        names = scope.extension
        if not isinstance(names, ScopedNames) or len(parts) != 1 or request.kind == INHERITS:
            return None
        if names.binds(source, parts[0]):
            request.bound = True
            return request
        request.bound = names.module
        return None

    def table_extra(self, scope: FileScope) -> list[str]:
        """Module-level variables' declared types, for other files (`published`)."""
        return variable_entries(scope)

    def alternative_fallback(
        self, lookup: Lookup, alternative: Alternative, wanted: frozenset[str], keys: Keys
    ) -> SymbolInfo | None:
        """`box.m()` of another file's `box: Box`: `Box.m` (`published`)."""
        return variable_member(lookup, alternative, self.group, keys)

    def bases(self, extraction: Extraction) -> dict[str, str]:
        """`super.m()` / inherited `this.m()`: the class's `extends`."""
        bases: dict[str, str] = {}
        for fact in extraction.facts:
            if fact.kind is FactKind.EXTENDS and fact.value:
                bases.setdefault(fact.scope, fact.value)
        return bases


class JavaScriptRules(ScriptRules):
    """JavaScript (not TypeScript): fields are followed into other files."""

    __slots__ = ()
    follows_fields = True
