"""Each language's rules (`resolution.rules.Rules` overrides): which files a module it imports
may be (`module_targets`, over the functions of `targets`), where its imports bind or request
otherwise than the generic loops do (Python, Java, Kotlin/Scala, PHP, JS/TS, Go), and what a
file's scope holds beside its names (`file_records`): its module tables, bases, package, the
modules its imports open, the files it requires, the language's own extension. The registry
(`languages.registry`) gives each record its class (issue 35: each moves to its language's
package)."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from coderooms.ingest.java_on_demand import OnDemandImports, on_demand_imports
from coderooms.ingest.listed_bases import Ancestors, Embedded, listed_bases
from coderooms.ingest.namespace_names import (
    Uses,
    Usings,
    csharp_usings,
    is_php_path,
    php_require,
    php_uses,
)
from coderooms.ingest.python_scope import python_references
from coderooms.ingest.ref_requests import POINTER_OWN
from coderooms.ingest.shared_rules import (
    JS_GLOBALS,
    InheritingRules,
    RequiringRules,
    c_includes,
    declared_package,
)
from coderooms.ingest.targets import (
    bash_source,
    c_include,
    go_package,
    java_module,
    js_module,
    jvm_module,
    lua_module,
    python_module,
    ruby_require,
    rust_module,
    swift_module,
)
from coderooms.resolution.extraction import Extraction, FactKind, ImportRef, SymbolDef
from coderooms.resolution.ref_requests import FileRecord, RefRequest
from coderooms.resolution.rules import Rules, import_label
from coderooms.resolution.targets import Binding, ImportRequest, Target, go_package_name


class PythonRules(Rules):
    __slots__ = ()

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return python_module(path, module, level)

    def bind_module(
        self, bound: dict[str, Binding], path: str, ref: ImportRef, module: tuple[Target, ...]
    ) -> None:
        """`import a.b` binds `a` and `a.b`, each to its module."""
        if ref.alias:
            super().bind_module(bound, path, ref, module)
            return
        parts = ref.module.split(".")
        for i in range(1, len(parts) + 1):
            prefix = ".".join(parts[:i])
            bound.setdefault(prefix, Binding(python_module(path, prefix, 0), None, (), prefix))

    def import_requests(self, path: str, imports: Iterable[ImportRef]) -> list[ImportRequest]:
        """`import a.b` -> the module a.b; `from m import x` -> the submodule m.x if there is
        one, else m (one request per name); `from m import *` -> m."""
        requests: list[ImportRequest] = []
        for ref in imports:
            label = import_label(ref)
            module = Target("p", f"{ref.level}:{ref.module}")
            names = [n for n in ref.names if n != "*"]
            if not names:
                requests.append(ImportRequest(ref.line, label, (module,)))
                continue
            for name in names:
                sub = Target("p", f"{ref.level}:{self.submodule(ref.module, name)}")
                requests.append(ImportRequest(ref.line, label, (sub, module)))
        return requests

    def references(self, record: FileRecord, extraction: Extraction) -> bool:
        """Python's in-file scopes decide its references (`python_scope`), and its module
        table is its own."""
        references, record.names = python_references(extraction)
        record.references = sorted(
            (
                RefRequest(
                    source, kind, ref, ref.replace("()", "").replace("[]", "").rsplit(".", 1)[-1],
                    line, self.group, count, ghost=ghost, expr=expr,
                )
                for source, kind, ref, line, count, expr, ghost in references
            ),
            key=lambda r: (r.source, r.kind, r.ref),
        )  # fmt: skip
        return True


class ScriptRules(Rules):
    """JavaScript, TypeScript and TSX: a specifier names a file; one request per statement."""

    __slots__ = ()
    one_request_per_module = True
    module_table = "reexports"
    member_table = True
    inheriting = True
    callable_variables = True
    well_known_globals = JS_GLOBALS

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return js_module(path, module)

    def submodule(self, module: str, name: str) -> str:
        return posixpath.join(module, name)

    def creates(self, name: str) -> bool:
        """`new X()` of a capitalised name, as classes are (`x.new()` may be a method)."""
        return name[:1].isupper()

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


class GoRules(Rules):
    __slots__ = ()
    one_request_per_module = True
    member_table = True
    package_scoped = True
    follows_fields = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return go_package(module)

    def submodule(self, module: str, name: str) -> str:
        return posixpath.join(module, name)

    def local_name(self, ref: ImportRef) -> str | None:
        """The package's name (its alias when written); `_` and `.` bind nothing."""
        local = ref.alias or go_package_name(ref.module)
        return None if local in {"_", "."} else local

    def extension(self, path: str, extraction: Extraction) -> Embedded:
        """A struct's embedded types, in order."""
        return Embedded(listed_bases(extraction))


def _outer(module: str) -> str:
    """`a.b.C.Inner` -> `C.Inner.`: the class path an import names members under."""
    segments = module.split(".") if module else []
    owner = next((i for i, s in enumerate(segments) if s[:1].isupper()), None)
    return ".".join(segments[owner:]) + "." if owner is not None else ""


class JavaRules(InheritingRules):
    __slots__ = ()
    member_table = True
    bare_members = True
    package_scoped = True
    follows_fields = True
    super_constructor = True

    def creates(self, name: str) -> bool:
        """No method is named `new`: `X.new()` is always a created `X`."""
        return True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return java_module(module, ())

    def bindings(self, path: str, imports: Iterable[ImportRef]) -> dict[str, Binding]:
        """`import a.b.C;` binds C of C.java; `import a.b.C.Inner;` and `import static
        a.b.C.m;` bind a member of C: looked up as `C.Inner` / `C.m` in C.java."""
        bound: dict[str, Binding] = {}
        for ref in imports:
            outer = _outer(ref.module)
            for name in ref.names:
                if name != "*":
                    module = java_module(ref.module, (name,))
                    bound.setdefault(name, Binding(module, outer + name, (), import_label(ref)))
        return bound

    def import_requests(self, path: str, imports: Iterable[ImportRef]) -> list[ImportRequest]:
        return [
            ImportRequest(ref.line, import_label(ref), java_module(ref.module, ref.names))
            for ref in imports
        ]

    def package(self, path: str, symbols: list[SymbolDef]) -> Target:
        return declared_package(path, symbols) or super().package(path, symbols)

    def extension(self, path: str, extraction: Extraction) -> OnDemandImports:
        """The on-demand imports (`import a.b.*;`), looked in after the package."""
        return OnDemandImports(on_demand_imports(extraction.imports))


class JvmRules(InheritingRules):
    """Kotlin and Scala: Java's imports over their own files, then Java's (`jvm_module`)."""

    __slots__ = ()
    member_table = True
    bare_members = True
    implicit_members = True
    package_scoped = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return jvm_module(self.language, module, ())

    def bindings(self, path: str, imports: Iterable[ImportRef]) -> dict[str, Binding]:
        """`import a.b.C` (`as D`) binds C (D) to C of `jvm_module`'s files; `import a.b.C.m`
        binds `C.m` there; a wildcard binds nothing."""
        bound: dict[str, Binding] = {}
        for ref in imports:
            outer = _outer(ref.module)
            n = len(ref.names)
            aliases = ref.aliases if len(ref.aliases) == n else (None,) * n
            for name, alias in zip(ref.names, aliases, strict=True):
                if name in {"*", "_"}:
                    continue
                module = jvm_module(self.language, ref.module, (name,))
                bound.setdefault(
                    alias or name, Binding(module, outer + name, (), import_label(ref))
                )
        return bound

    def import_requests(self, path: str, imports: Iterable[ImportRef]) -> list[ImportRequest]:
        requests: list[ImportRequest] = []
        for ref in imports:
            named = tuple(n for n in ref.names if n not in {"*", "_"})
            files = jvm_module(self.language, ref.module, named, package=False)
            requests.append(ImportRequest(ref.line, import_label(ref), files))
        return requests

    def package(self, path: str, symbols: list[SymbolDef]) -> Target:
        return declared_package(path, symbols) or super().package(path, symbols)

    def opened(self, path: str, imports: list[ImportRef]) -> tuple[Target, ...]:
        """The packages (or a type's members) the file's wildcard imports open."""
        return tuple(
            target
            for ref in imports
            if not ref.names and ref.module
            for target in jvm_module(self.language, ref.module, ())
        )


class PhpRules(Rules):
    __slots__ = ()

    def import_requests(self, path: str, imports: Iterable[ImportRef]) -> list[ImportRequest]:
        """`require 'lib/x.php'` -> that file; `use A\\B\\C;` names a class, not a file: a
        ghost named `A.B.C` (`namespace_names` resolves what the class's name is used for)."""
        requests: list[ImportRequest] = []
        for ref in imports:
            if is_php_path(ref.module):
                requests.append(ImportRequest(ref.line, ref.module, php_require(path, ref.module)))
                continue
            requests.extend(
                ImportRequest(ref.line, f"{ref.module}.{name}" if ref.module else name, ())
                for name in ref.names
            )
        return requests

    def extension(self, path: str, extraction: Extraction) -> Uses:
        """What the file's `use` and `require` statements bring in (`namespace_names`)."""
        return php_uses(path, extraction.imports, extraction.symbols, listed_bases(extraction))


class CSharpRules(Rules):
    __slots__ = ()
    bare_members = True

    def extension(self, path: str, extraction: Extraction) -> Usings:
        """What the file's `using` directives bring into scope (`namespace_names`)."""
        return csharp_usings(extraction.imports, extraction.symbols, extraction.inherits)


class RustRules(Rules):
    __slots__ = ()
    module_table = "reexports"
    member_table = True
    follows_fields = True
    pointer_own = POINTER_OWN
    path_heads = frozenset({"crate", "super", "self"})

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return rust_module(path, module)

    def opened(self, path: str, imports: list[ImportRef]) -> tuple[Target, ...]:
        """`use m::*` opens m's names (`rust_requests.in_impls`)."""
        return tuple(
            target
            for ref in imports
            if ref.names == ("*",)
            for target in rust_module(path, ref.module)
        )


class CRules(Rules):
    """C and C++: an `#include` names a header."""

    __slots__ = ()
    module_table = "stars"
    member_table = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return c_include(path, module)

    def required(self, imports: list[ImportRequest]) -> tuple[tuple[Target, ...], ...]:
        return c_includes(imports)


class SwiftRules(InheritingRules):
    __slots__ = ()
    member_table = True
    bare_members = True
    implicit_members = True
    package_scoped = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return swift_module(module)

    def opened(self, path: str, imports: list[ImportRef]) -> tuple[Target, ...]:
        """`import M` opens module M's declarations (the directories of `Sources/M/`)."""
        return tuple(target for ref in imports for target in swift_module(ref.module))


class RubyRules(RequiringRules):
    __slots__ = ()

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return ruby_require(path, module)

    def extension(self, path: str, extraction: Extraction) -> Ancestors:
        """A class's superclass and mixins as written, in source order."""
        return Ancestors(listed_bases(extraction))


class LuaRules(Rules):
    __slots__ = ()
    binding_only = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return lua_module(module)


class BashRules(RequiringRules):
    __slots__ = ()

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return bash_source(path, module)
