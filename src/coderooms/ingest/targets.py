"""Where an import points, per language, as candidate paths (`coderooms.resolution.targets`
says what each mode of a `Target` means): one module spec -> its candidate targets, in order.
All of this depends only on the importing file, so it is computed once per file and stored
with the edges it produces. Lua's, Bash's, Swift's, Ruby's, Go's, Rust's and the JVM's are in
their packages (`coderooms.languages.<name>`).
"""

from __future__ import annotations

import posixpath

from coderooms.core.ids import directory_of
from coderooms.resolution.targets import Target

JS_EXTENSIONS = (".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".d.ts")
JS_RUNTIME_TO_SOURCE = {".js": (".ts", ".tsx"), ".mjs": (".mts",), ".cjs": (".cts",)}


# -- per language: module spec -> candidate targets ----------------------------------------------


def python_module(path: str, module: str, level: int) -> tuple[Target, ...]:
    relative = module.replace(".", "/")
    if level == 0:
        return (Target("~", relative + ".py"), Target("~", relative + "/__init__.py"))
    base = directory_of(path)
    for _ in range(level - 1):
        if not base:
            return ()
        base = directory_of(base)
    if not relative:
        return (Target("=", posixpath.join(base, "__init__.py")),)
    stem = posixpath.join(base, relative)
    return (Target("=", stem + ".py"), Target("=", stem + "/__init__.py"))


def js_module(path: str, spec: str) -> tuple[Target, ...]:
    if not spec.startswith("."):
        bare = spec and not spec.startswith(("/", "node:")) and "\t" not in spec
        # `tsconfig.json` `paths`/`baseUrl` of the importer's project first, then a package
        return (Target("T", f"{directory_of(path)}\t{spec}"), Target("N", spec)) if bare else ()
    joined = posixpath.normpath(posixpath.join(directory_of(path), spec))
    if joined.startswith(".."):
        return ()
    joined = "" if joined == "." else joined
    files = [Target("=", p) for p in js_file_candidates(joined)]
    if posixpath.splitext(joined)[1] not in JS_EXTENSIONS:  # a directory: its package's entry
        index = next(i for i, t in enumerate(files) if posixpath.basename(t.path)[:6] == "index.")
        files.insert(index, Target("D", joined))
    return tuple(files)


def js_file_candidates(joined: str) -> list[str]:
    """The files a module path names (`a/b` -> `a/b.ts`, ..., `a/b/index.ts`, ...; a runtime
    `a/b.js` -> itself, then its `.ts`/`.tsx` source)."""
    root, extension = posixpath.splitext(joined)
    if extension in JS_EXTENSIONS:
        return [joined, *(root + alt for alt in JS_RUNTIME_TO_SOURCE.get(extension, ()))]
    return js_path_expansions(joined)


def js_path_expansions(joined: str) -> list[str]:
    """`a/b` as a module without its extension, then as a folder (`a/b.ts`, ..., `a/b/index.ts`)."""
    prefix = joined + "/" if joined else ""
    return [
        *(joined + ext for ext in JS_EXTENSIONS if joined),
        *(prefix + "index" + ext for ext in JS_EXTENSIONS),
    ]


C_SOURCE_SUFFIXES = (".c", ".cc", ".cpp", ".cxx")
C_HEADER_SUFFIXES = frozenset({".h", ".hh", ".hpp", ".hxx"})
"""What a header's paired implementation may be called (`geo.h` <-> `geo.c` / `geo.cpp`)."""


def c_include(path: str, spec: str) -> tuple[Target, ...]:
    """`#include "x.h"`: next to the including file, then in the file's include directories
    (`compile_commands.json`), then under a directory named `include`
    (any `*/include/x.h`), then from the repo's root (`-I.`: leveldb's `"db/db_impl.h"`);
    `#include <x.h>`: the include directories, then under an `include` directory (else a system
    header: a ghost)."""
    system = spec.startswith("<") and spec.endswith(">")
    spec = spec[1:-1] if system else spec
    if not spec or spec.startswith("/"):
        return ()
    found: list[Target] = []
    if not system:
        joined = posixpath.normpath(posixpath.join(directory_of(path), spec))
        if not joined.startswith(".."):
            found.append(Target("=", joined))
    if "\t" not in path and "\t" not in spec:  # the file's include directories, if listed
        found.append(Target("I", f"{path}\t<{spec}>" if system else f"{path}\t{spec}"))
    clean = posixpath.normpath(spec)
    if not clean.startswith(".."):
        found.append(Target("~", "include/" + clean))
        if not system and Target("=", clean) not in found:
            found.append(Target("=", clean))  # the repo's root, as `-I.` makes it
    return tuple(found)


def c_implementations(header: Target) -> tuple[Target, ...]:
    """The paired implementation files of a header candidate: `=a/x.h` -> `=a/x.c`, ...;
    `~include/s/x.h` -> `~s/x.c`, ..., then `~x.c`, ... (an `include/` header's source lives
    elsewhere, `src/`: the shortest path of that name wins)."""
    if header.mode == "I":  # next to the header in its include directory, else by name
        file, _, spec = header.path.partition("\t")
        root, extension = posixpath.splitext(spec.strip("<>"))
        if extension not in C_HEADER_SUFFIXES or not root:
            return ()
        near = [Target("I", f"{file}\t{root}{suffix}") for suffix in C_SOURCE_SUFFIXES]
        return (*near, *(Target("~", posixpath.basename(root) + s) for s in C_SOURCE_SUFFIXES))
    root, extension = posixpath.splitext(header.path)
    if extension not in C_HEADER_SUFFIXES or not root:
        return ()
    roots = [root]
    if header.mode == "~":
        roots = [root.removeprefix("include/")]
        if "/" in roots[0]:
            roots.append(posixpath.basename(roots[0]))
    return tuple(Target(header.mode, r + suffix) for r in roots for suffix in C_SOURCE_SUFFIXES)


# -- bindings and requests -----------------------------------------------------------------------
