"""Re-exports followed: what a module (JavaScript/TypeScript, Rust `pub use`) exports that it
does not define, read from its module table (`module_table.ModuleTable`).

`through` follows them from a module that does not define what is asked: only relative
specifiers are followed (a package specifier is outside the repo). It records the keys of what
it looked up — the exported name in each barrel and the module stem of each specifier it
resolved — so that a changeset changing a barrel re-resolves what went through it (as the
Python keys do, see `languages.python.resolver`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from coderooms.resolution.extraction import MODULE_VALUE
from coderooms.resolution.module_table import ModuleTable
from coderooms.resolution.targets import Target, path_stem

MAX_HOPS = 8
"""Barrels followed one after another at most (a chain longer than that is a ghost)."""


Find = Callable[[str, str], object | None]
"""(path, qualname) -> the symbol defined there with a fitting kind, or None."""
Files = Callable[[Target], list[str]]
"""A target -> the files answering it (the first counts)."""
Table = Callable[[str], ModuleTable]
Modules = Callable[[str, str], tuple[Target, ...]]
"""(importing path, specifier) -> the targets the specifier names."""


@dataclass(slots=True)
class ReexportWalk:
    """One search through re-exports, with the keys it looked up."""

    find: Find
    files: Files
    table: Table
    modules: Modules
    keys: set[tuple[str, str]] = field(default_factory=set)

    def through(self, path: str, qual: str, hops: int = 0) -> object | None:
        """What module `path` exports as `qual` through its re-exports (None: nothing)."""
        if hops >= MAX_HOPS or not qual:
            return None
        head, _, rest = qual.partition(".")
        self.keys.add((path, head))
        table = self.table(path)
        if table.value is not None:  # CommonJS: the module is its value
            self.keys.add((path, MODULE_VALUE))
            found = self.value(path, rest if head == "default" else qual, hops)
            if found is not None:
                return found
        if head in table.local:
            found = self._local(path, table.local[head], rest, hops)
            if found is not None:
                return found
        if head in table.named:
            spec, name = table.named[head]
            found = self._in(path, spec, f"{name}.{rest}" if rest else name, hops)
            if found is None and name == "default":  # an anonymous default: its new name
                found = self._in(path, spec, f"{head}.{rest}" if rest else head, hops)
            if found is not None:
                return found
        if head in table.namespaces and rest:
            found = self._in(path, table.namespaces[head], rest, hops)
            if found is not None:
                return found
        if head == "default":
            return None  # `export *` never re-exports a default
        for spec in table.stars:
            found = self._in(path, spec, qual, hops)
            if found is not None:
                return found
        return None

    def value(self, path: str, qual: str, hops: int = 0) -> object | None:
        """What `qual` of a CommonJS module's value (`module.exports = local`) is; `""` the
        value itself. None when the module has no such value."""
        self.keys.add((path, MODULE_VALUE))
        local = self.table(path).value
        if local is None or hops >= MAX_HOPS:
            return None
        return self._local(path, local, qual, hops)

    def _local(self, path: str, local: str, rest: str, hops: int) -> object | None:
        """`local.rest` in module `path`: defined there, or through the import binding."""
        self.keys.add((path, local))
        qual = f"{local}.{rest}" if rest else local
        found = self.find(path, qual)
        if found is not None:
            return found
        binding = self.table(path).imported.get(local)
        if binding is None:
            return None
        spec, name = binding
        if not name:  # a namespace or a whole `require`d module
            return self._in(path, spec, rest, hops) if rest else None
        if name == "default":
            name = local
        return self._in(path, spec, f"{name}.{rest}" if rest else name, hops)

    def _in(self, path: str, spec: str, qual: str, hops: int) -> object | None:
        targets = self.modules(path, spec)
        if not targets:
            return None  # outside the repo
        self.keys.add((path, "@" + path_stem(targets[0].path)))
        for target in targets:
            found_files = self.files(target)
            if found_files:
                module = found_files[0]
                self.keys.add((module, qual.partition(".")[0]))
                return self.find(module, qual) or self.through(module, qual, hops + 1)
        return None
