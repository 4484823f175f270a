"""A file's imports as requests: which files each imported module may be (`module_targets`, by
the language's rules in `targets`), the names each import binds in the file (`bindings`), and one
`ImportRequest` per imported module (`import_requests`)."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from coderooms.ingest.targets import (
    JVM_SUFFIXES,
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
from coderooms.resolution.targets import Binding, ImportRequest, Target, go_package_name


def module_targets(language: str, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
    if language == "python":
        return python_module(path, module, level)
    if language in {"javascript", "typescript", "tsx"}:
        return js_module(path, module)
    if language == "go":
        return go_package(module)
    if language == "rust":
        return rust_module(path, module)
    if language == "java":
        return java_module(module, ())
    if language in {"c", "cpp"}:
        return c_include(path, module)
    if language in JVM_SUFFIXES:
        return jvm_module(language, module, ())
    if language == "swift":
        return swift_module(module)
    if language == "ruby":
        return ruby_require(path, module)
    if language == "lua":
        return lua_module(module)
    if language == "bash":
        return bash_source(path, module)
    return ()


def _join_module(language: str, module: str, name: str) -> str:
    if language in {"javascript", "typescript", "tsx", "go"}:
        return posixpath.join(module, name)
    return f"{module}.{name}" if module else name


def bindings(language: str, path: str, imports: Iterable[ImportRef]) -> dict[str, Binding]:
    """Local name (dotted for Python's `import a.b`) -> what it is bound to."""
    bound: dict[str, Binding] = {}
    for ref in imports:
        label = "." * ref.level + ref.module
        if language == "java":
            # `import a.b.C;` binds C of C.java; `import a.b.C.Inner;` and `import static
            # a.b.C.m;` bind a member of C: looked up as `C.Inner` / `C.m` in C.java
            segments = ref.module.split(".")
            owner = next((i for i, s in enumerate(segments) if s[:1].isupper()), None)
            outer = ".".join(segments[owner:]) + "." if owner is not None else ""
            for name in ref.names:
                if name != "*":
                    module = java_module(ref.module, (name,))
                    bound.setdefault(name, Binding(module, outer + name, (), label))
            continue
        if language in JVM_SUFFIXES:
            _jvm_bindings(language, ref, label, bound)
            continue
        module = module_targets(language, path, ref.module, ref.level)
        if not ref.names:
            if language == "go":
                local = ref.alias or go_package_name(ref.module)
                if local not in {"_", "."}:
                    bound.setdefault(local, Binding(module, None, (), label))
            elif ref.alias:
                bound.setdefault(ref.alias, Binding(module, None, (), label))
            elif language == "python":
                parts = ref.module.split(".")
                for i in range(1, len(parts) + 1):
                    prefix = ".".join(parts[:i])
                    targets = python_module(path, prefix, 0)
                    bound.setdefault(prefix, Binding(targets, None, (), prefix))
            continue
        aliases = ref.aliases if len(ref.aliases) == len(ref.names) else (None,) * len(ref.names)
        for name, alias in zip(ref.names, aliases, strict=True):
            if name == "*" or (name == "default" and not alias):
                continue
            # JS/TS: a default export is looked up as `default` (`js_reexports` follows `export
            # default X` to X); every other name under its own
            item = name
            submodule = module_targets(
                language, path, _join_module(language, ref.module, item), ref.level
            )
            bound.setdefault(alias or name, Binding(module, item, submodule, label))
    return bound


def _jvm_bindings(language: str, ref: ImportRef, label: str, bound: dict[str, Binding]) -> None:
    """Kotlin/Scala `import a.b.C` (`as D`) binds C (D) to C of `jvm_module`'s files;
    `import a.b.C.m` binds `C.m` there; a wildcard binds nothing."""
    segments = ref.module.split(".") if ref.module else []
    owner = next((i for i, s in enumerate(segments) if s[:1].isupper()), None)
    outer = ".".join(segments[owner:]) + "." if owner is not None else ""
    aliases = ref.aliases if len(ref.aliases) == len(ref.names) else (None,) * len(ref.names)
    for name, alias in zip(ref.names, aliases, strict=True):
        if name in {"*", "_"}:
            continue
        module = jvm_module(language, ref.module, (name,))
        bound.setdefault(alias or name, Binding(module, outer + name, (), label))


def import_requests(language: str, path: str, imports: Iterable[ImportRef]) -> list[ImportRequest]:
    """One request per imported module (and per name that may itself be a submodule)."""
    requests: list[ImportRequest] = []
    for ref in imports:
        label = "." * ref.level + ref.module
        if language == "python":
            requests.extend(_python_import_requests(ref, label))
            continue
        if language == "java":
            requests.append(ImportRequest(ref.line, label, java_module(ref.module, ref.names)))
            continue
        if language == "php":
            requests.extend(_php_import_requests(path, ref))
            continue
        if language in JVM_SUFFIXES:
            named = tuple(n for n in ref.names if n not in {"*", "_"})
            files = jvm_module(language, ref.module, named, package=False)
            requests.append(ImportRequest(ref.line, label, files))
            continue
        module = module_targets(language, path, ref.module, ref.level)
        names = [n for n in ref.names if n not in {"*", "default"}]
        if not names or language in {"javascript", "typescript", "tsx", "go"}:
            requests.append(ImportRequest(ref.line, label, module))
            continue
        for name in names:
            submodule = module_targets(
                language, path, _join_module(language, ref.module, name), ref.level
            )
            requests.append(ImportRequest(ref.line, label, (*submodule, *module)))
    return requests


def _php_import_requests(path: str, ref: ImportRef) -> list[ImportRequest]:
    """`require 'lib/x.php'` -> that file; `use A\\B\\C;` names a class, not a file: a ghost
    named `A.B.C` (`namespace_names` resolves what the class's name is used for)."""
    from coderooms.ingest.namespace_names import is_php_path, php_require

    if is_php_path(ref.module):
        return [ImportRequest(ref.line, ref.module, php_require(path, ref.module))]
    return [
        ImportRequest(ref.line, f"{ref.module}.{name}" if ref.module else name, ())
        for name in ref.names
    ]


def _python_import_requests(ref: ImportRef, label: str) -> list[ImportRequest]:
    """`import a.b` -> the module a.b; `from m import x` -> the submodule m.x if there is one,
    else m (one request per name); `from m import *` -> m."""
    module = Target("p", f"{ref.level}:{ref.module}")
    names = [n for n in ref.names if n != "*"]
    if not names:
        return [ImportRequest(ref.line, label, (module,))]
    requests = []
    for name in names:
        sub = f"{ref.module}.{name}" if ref.module else name
        requests.append(ImportRequest(ref.line, label, (Target("p", f"{ref.level}:{sub}"), module)))
    return requests
