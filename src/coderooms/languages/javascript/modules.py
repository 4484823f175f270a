"""The files a JS/TS module specifier names (`coderooms.resolution.targets` says what each mode
of a `Target` means): a relative path's candidate files, then its directory's package entry; a
bare specifier the importer's `tsconfig.json` paths, then a package of the repo."""

from __future__ import annotations

import posixpath

from coderooms.core.ids import directory_of
from coderooms.resolution.targets import Target

JS_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
"""In the order a module path without extension tries them: TypeScript's own, then declarations
before the JavaScript they describe (`./config` is `config/index.d.ts` beside `config/index.js`,
as the TypeScript compiler resolves it, in a `.js` file too)."""
JS_RUNTIME_TO_SOURCE = {".js": (".ts", ".tsx"), ".mjs": (".mts",), ".cjs": (".cts",)}


# -- per language: module spec -> candidate targets ----------------------------------------------


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
