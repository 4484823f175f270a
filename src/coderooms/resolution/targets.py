"""Where an import may point (`Target`, its modes below), which local names it binds (`Binding`)
and the import itself (`ImportRequest`).

A `Target` is a candidate location: `=` an exact file path, `~` a file path suffix
(`path == s` or `path` ends with `/s`), `@` an exact directory (a Go or Java package), `%` a
directory suffix, `p` a Python module spec `<level>:<module>` (resolved the way Python finds
modules, from the importing file: `coderooms.languages.python.resolver`), `G` a Go import path
(resolved by the repo's `go.mod` module paths), `T` a bare JS/TS specifier seen from a directory
(`<dir>\t<spec>`: resolved by the `paths`/`baseUrl` of its nearest `tsconfig.json` or
`jsconfig.json`: `languages.javascript.configs`), `N` a bare JS/TS specifier (resolved by the
repo's `package.json` names: `languages.javascript.packages`), `R` a Rust path under a crate's
name (resolved by the repo's `Cargo.toml` names: `coderooms.languages.rust.crates`), `I` a C/C++
`#include` seen from a file (`<file>\t<spec>`, `<spec>` kept for a system include: resolved by
the include directories `compile_commands.json` gives the file: `coderooms.languages.c.commands`),
`D` the directory a relative JS/TS specifier names (`require("../..")`: the entry its
`package.json` gives, `languages.javascript.packages`).
The modes other than `=`, `~`, `@`, `%` are the languages' own (`TargetMode`s of their rules,
`coderooms.resolution.target_modes`). Candidates are ordered: the first that exists wins. All
of this depends only on the importing file, so it is computed once per file and stored with the
edges it produces.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from coderooms.core.ids import directory_of

PACKAGE_FILES = frozenset({"__init__", "index", "mod", "lib", "main"})


@dataclass(frozen=True, slots=True)
class Target:
    mode: str
    path: str

    def encode(self) -> str:
        return self.mode + self.path

    @staticmethod
    def decode(text: str) -> Target:
        return Target(text[0], text[1:])

    def stem(self) -> str:
        """The module stem a file must have to answer a target of a generic mode (for
        re-resolution when files appear or go); a language's own modes name theirs
        (`coderooms.resolution.target_modes`)."""
        if self.mode in "@%":
            return posixpath.basename(self.path)
        return path_stem(self.path)


def path_stem(path: str) -> str:
    """The module name a file stands for: `a/b.py` -> `b`, `a/b/__init__.py` -> `b` (likewise a
    JS/TS `index`, a Rust `mod.rs`/`lib.rs`/`main.rs`: the directory's name; a Python `lib.py`
    is the module `lib`)."""
    base = posixpath.basename(path)
    stem = base.split(".", 1)[0] if not base.startswith(".") else base
    if stem in PACKAGE_FILES and (stem == "__init__" or not base.endswith((".py", ".pyi"))):
        parent = posixpath.basename(posixpath.dirname(path))
        return parent or stem
    return stem


def trigger_stems(path: str) -> set[str]:
    """Stems under which imports elsewhere may start (or stop) resolving to `path`: its module
    name, its file stem, its directory's name."""
    base = posixpath.basename(path)
    plain = base.split(".", 1)[0] if not base.startswith(".") else base
    return {path_stem(path), plain, posixpath.basename(directory_of(path)) or path_stem(path)}


@dataclass(frozen=True, slots=True)
class Binding:
    """A local name bound by an import. `item` is the imported name when the import takes a
    name out of a module (`from m import f`), None when the name binds the module itself."""

    module: tuple[Target, ...]
    item: str | None
    item_module: tuple[Target, ...]
    label: str


@dataclass(frozen=True, slots=True)
class ImportRequest:
    """One import, for the file-to-file IMPORTS edge."""

    line: int
    label: str
    targets: tuple[Target, ...]

    def encode(self) -> str:
        return f"{self.line}|{self.label}|" + "|".join(t.encode() for t in self.targets)

    @staticmethod
    def decode(text: str) -> ImportRequest:
        line, label, *targets = text.split("|")
        return ImportRequest(int(line), label, tuple(Target.decode(t) for t in targets if t))
