"""What an `#include` names (`coderooms.resolution.targets` says what each mode of a `Target`
means): the candidate headers of an include, a header's paired implementation files, and per
include the files a name it declares may be defined in."""

from __future__ import annotations

import posixpath

from coderooms.core.ids import directory_of
from coderooms.resolution.lookup import Lookup, LookupMode
from coderooms.resolution.targets import ImportRequest, Target, path_stem

C_SOURCE_SUFFIXES = (".c", ".cc", ".cpp", ".cxx")
C_HEADER_SUFFIXES = frozenset({".h", ".hh", ".hpp", ".hxx"})
"""What a header's paired implementation may be called (`geo.h` <-> `geo.c` / `geo.cpp`)."""


def c_include(path: str, spec: str) -> tuple[Target, ...]:
    """`#include "x.h"`: next to the including file, then in the file's include directories
    (`compile_commands.json`), then under a directory named `include`
    (any `*/include/x.h`), then from the repo's root (`-I.`: leveldb's `"db/db_impl.h"`), then
    the repo's one file of that name (`BY_NAME`);
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
        if not system:  # the one header of that name anywhere, as a build's `-I../lib` finds
            found.append(Target(BY_NAME, clean))
    return tuple(found)


BY_NAME = "H"
"""The target mode (`H`) of a quoted include found nowhere else: the repo's one file whose path ends
in `/<spec>` (lz4's `programs/` and `examples/` include `"lz4.h"` of `lib/`, which their
Makefiles put on `-I`); none when several files are so named (htop's `Platform.h`, one per
platform directory: which one the build takes is not known)."""


def one_by_name(lookup: Lookup, path: str, group: str | None) -> list[str]:
    """The `H` target's file: the one file of the repo named `path` (ending in `/path`)."""
    found = lookup.files_loaded(Target("~", path), group)
    return found if len(found) == 1 else []


def _load_by_name(lookup: Lookup, path: str) -> tuple[str, set[str]]:
    return "~", {path}


BY_NAME_MODE = LookupMode(
    BY_NAME, lambda path, importer: path_stem(path), files=one_by_name, load=_load_by_name
)


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


def c_includes(imports: list[ImportRequest]) -> tuple[tuple[Target, ...], ...]:
    """C and C++: per `#include` (in order), the files a name it declares may be defined in:
    the paired implementations of each header candidate first (`geo.h` -> `geo.c`, `geo.cpp`:
    a prototype is no symbol), then the header itself (macros, inline functions, classes)."""
    found = []
    for request in imports:
        targets = [t for header in request.targets for t in c_implementations(header)]
        targets.extend(request.targets)
        if targets:
            found.append(tuple(targets))
    return tuple(found)
