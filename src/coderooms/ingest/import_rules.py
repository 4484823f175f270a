"""Each language's import rules (`resolution.rules.Rules` overrides): which files a module it
imports may be (`module_targets`, over the functions of `targets`), and where its imports bind
or request otherwise than the generic loops do (Python, Java, Kotlin/Scala, PHP, JS/TS, Go).
The registry (`languages.registry`) gives each record its class (issue 35: each moves to its
language's package)."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from coderooms.ingest.namespace_names import is_php_path, php_require
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
from coderooms.resolution.extraction import ImportRef
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


class ScriptRules(Rules):
    """JavaScript, TypeScript and TSX: a specifier names a file; one request per statement."""

    __slots__ = ()
    one_request_per_module = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return js_module(path, module)

    def submodule(self, module: str, name: str) -> str:
        return posixpath.join(module, name)


class GoRules(Rules):
    __slots__ = ()
    one_request_per_module = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return go_package(module)

    def submodule(self, module: str, name: str) -> str:
        return posixpath.join(module, name)

    def local_name(self, ref: ImportRef) -> str | None:
        """The package's name (its alias when written); `_` and `.` bind nothing."""
        local = ref.alias or go_package_name(ref.module)
        return None if local in {"_", "."} else local


def _outer(module: str) -> str:
    """`a.b.C.Inner` -> `C.Inner.`: the class path an import names members under."""
    segments = module.split(".") if module else []
    owner = next((i for i, s in enumerate(segments) if s[:1].isupper()), None)
    return ".".join(segments[owner:]) + "." if owner is not None else ""


class JavaRules(Rules):
    __slots__ = ()

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


class JvmRules(Rules):
    """Kotlin and Scala: Java's imports over their own files, then Java's (`jvm_module`)."""

    __slots__ = ()

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


class RustRules(Rules):
    __slots__ = ()

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return rust_module(path, module)


class CRules(Rules):
    """C and C++: an `#include` names a header."""

    __slots__ = ()

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return c_include(path, module)


class SwiftRules(Rules):
    __slots__ = ()

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return swift_module(module)


class RubyRules(Rules):
    __slots__ = ()

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return ruby_require(path, module)


class LuaRules(Rules):
    __slots__ = ()

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return lua_module(module)


class BashRules(Rules):
    __slots__ = ()

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return bash_source(path, module)
