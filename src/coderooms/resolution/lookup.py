"""Cross-file resolution: which symbol or file a reference points at, with how and how sure.

Order (each step only when the previous found nothing):
1. import-aware — the reference's head is bound by an import: look in the imported module
   (`via: import`); when the module is not in the repo, the reference is a ghost (no guessing);
2. same file — settled when the file was read (`via: local`);
3. same package — Go and Java code sees its package's other files (`via: package`);
4. unique name — for a bare name, exactly one top-level function or class of that name in the
   language group; for `Type.member`, exactly one member of a type of that name (`via: unique`).
   A member of any other receiver (`obj.m()`, `this.m()`, `a().m()`) is never guessed by name:
   almost every such guess was wrong (`keys.has` -> a registry's `has`, `xs.map` -> an
   operator `map`);
5. otherwise a `:Ghost` named for what was asked (`via: ghost`).

`Lookup` answers the questions resolution asks, from memory: during a full ingest it holds every
file; for a changeset it is filled from the graph for just the names and paths in question.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from coderooms.core.ids import directory_of
from coderooms.resolution.module_resolver import ModuleResolver, ResolverSession
from coderooms.resolution.module_table import ModuleTable
from coderooms.resolution.reexports import ReexportWalk
from coderooms.resolution.ref_requests import Alternative
from coderooms.resolution.rules import Rules
from coderooms.resolution.target_modes import TargetMode
from coderooms.resolution.targets import Target
from coderooms.resolution.waves import Missing

Key = tuple[str, str]

CONFIDENCE = {
    "import": 0.95,
    "local": 0.9,
    "inherited": 0.9,
    "typed": 0.85,
    "interface": 0.85,
    "package": 0.85,
    "unique": 0.6,
    "unique_attribute": 0.4,
    "import_suffix": 0.9,
    "ghost": 0.0,
}
"""Confidence of a resolved edge by how it was resolved (documented in docs/graph-model.md)."""

SYMBOL = "Symbol"
FILE = "File"
GHOST = "Ghost"


@dataclass(frozen=True, slots=True)
class SymbolInfo:
    id: str
    path: str
    qualname: str
    kind: str
    group: str


Found = tuple[SymbolInfo | None, set[tuple[str, str]]]
"""What a lookup found (or None), with the keys it looked up on the way."""


class GroupRules(Protocol):
    """What the lookup asks of a group's rules (`lookup_rules.LookupRules`, handed in as
    `languages.GROUP_RULES`)."""

    @property
    def module_table(self) -> str: ...

    @property
    def target_modes(self) -> tuple[TargetMode, ...]: ...

    @property
    def resolver(self) -> ModuleResolver | None: ...

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]: ...

    def star_walk(self, lookup: Lookup, alternative: Alternative, wanted: frozenset[str]) -> Found:
        """The walk through what a module pulls in (`module_table` `stars`)."""
        ...


def _no_files(lookup: Lookup, path: str, group: str | None) -> list[str]:
    return []


def _nothing_to_load(lookup: Lookup, path: str) -> tuple[str, set[str]]:
    return "", set()


@dataclass(frozen=True, slots=True)
class LookupMode(TargetMode):
    """A language's own target mode as the lookup answers it: the repo files a target of it
    names (`Lookup.files_for`), and what to load of the graph for it (`changeset._load_files`:
    `("@", directories)` or `("=", paths)`; nothing by default: a `ModuleResolver`'s mode is
    answered by its session)."""

    files: Callable[[Lookup, str, str | None], list[str]] = _no_files
    """(lookup, target path, group or None) -> the files, best first."""
    load: Callable[[Lookup, str], tuple[str, set[str]]] = _nothing_to_load
    strict: bool = False
    """A strict lookup asks (`Missing`) for a target of this mode it has not loaded."""


class _NoGroup(Rules):
    """The rules of a name that is no group: no table, no walk of its own."""

    __slots__ = ()

    resolver = None

    def star_walk(self, lookup: Lookup, alternative: Alternative, wanted: frozenset[str]) -> Found:
        """Never asked: a name that is no group keeps no `stars` table."""
        return None, set()


GENERIC: GroupRules = _NoGroup("", "")


class Lookup:
    def __init__(
        self,
        repo: str,
        sessions: Mapping[str, ResolverSession] | None = None,
        *,
        group_rules: Mapping[str, GroupRules],
    ) -> None:
        self.repo = repo
        self.group_rules = group_rules
        """group -> its rules (`languages.GROUP_RULES`): what the lookup asks by group."""
        if sessions is None:  # an empty repo's, complete
            sessions = {
                group: rules.resolver.session(repo, True, (), (), ())
                for group, rules in group_rules.items()
                if rules.resolver is not None
            }
        self.sessions = sessions
        """group -> the session of its `ModuleResolver`: its references are resolved there."""
        self.by_mode: dict[str, ResolverSession] = {
            mode.mode: sessions[group]
            for group, rules in group_rules.items()
            if rules.resolver is not None and group in sessions
            for mode in rules.resolver.target_modes
        }
        """mode character -> the session answering imports of it (Python's `p`)."""
        self.modes: dict[str, LookupMode] = {
            mode.mode: mode
            for rules in group_rules.values()
            for mode in rules.target_modes
            if isinstance(mode, LookupMode)
        }
        """mode character -> the language's own target mode (the generic `=~@%` are not)."""
        self.groups: dict[str, str | None] = {}
        self.by_suffix: dict[str, list[str]] = defaultdict(list)
        self.by_dir: dict[str, list[str]] = defaultdict(list)
        self.symbols: dict[tuple[str, str], SymbolInfo] = {}
        self.by_name: dict[tuple[str, str], dict[str, SymbolInfo]] = defaultdict(dict)
        self._unique: dict[tuple[str, str, frozenset[str], str | None], SymbolInfo | None] = {}
        self.project: dict[str, dict[str, list[str]]] = {}
        """kind of project file (`ProjectFile.kind`: `go.mod`, `package.json`, ...) -> its
        directory or path -> its module table (`project_files.fill_lookup`)."""
        self.memo: dict[str, dict[str, tuple[str, ...]]] = {}
        """Tables a language derives from a kind's project files (C's include directories by
        file), dropped when one of that kind changes."""
        self.walks: dict[tuple[str, ...], tuple[list[tuple[str, int]], tuple[Key, ...]]] = {}
        """A group's star walk (`star_walk`: C's includes) kept: the files reached from each
        start, with the keys looked up on the way (cleared when a file is added or removed)."""
        self.tables: dict[str, ModuleTable] = {}
        """JS/TS files' re-exports (`js_reexports`)."""
        self.loaded: set[str] = set()
        """Files whose symbols and re-exports are all known (loaded whole)."""
        self.absent: set[str] = set()
        """Paths known not to be files of the repo."""
        self.asked: set[tuple[str, str]] = set()
        """(path, qualname) pairs whose symbol was asked of the graph (absent if not added)."""
        self.loaded_targets: set[Target] = set()
        """Directory, suffix and Go targets whose files were all loaded (`strict` asks for the
        others)."""
        self.strict = False
        """Ask (`Missing`) for what is not known instead of taking it as absent: set while a
        changeset's references resolve against what was loaded of the graph."""
        self._suffix_files: dict[str, list[str]] = {}
        """`_under_suffix`'s answers (cleared when a file is added or removed)."""

    # -- filling -------------------------------------------------------------------------------

    def add_file(self, path: str, group: str | None) -> None:
        if path in self.groups:
            self.groups[path] = group
            return
        self.groups[path] = group
        self._suffix_files.clear()
        self.walks.clear()
        parts = path.split("/")
        for i in range(len(parts)):
            bisect.insort(self.by_suffix["/".join(parts[i:])], path, key=_shortest_first)
        bisect.insort(self.by_dir[directory_of(path)], path)

    def remove_file(self, path: str) -> None:
        if self.groups.pop(path, "absent") == "absent":
            return
        self._suffix_files.clear()
        self.walks.clear()
        parts = path.split("/")
        for i in range(len(parts)):
            self.by_suffix["/".join(parts[i:])].remove(path)
        self.by_dir[directory_of(path)].remove(path)

    def add_symbol(self, info: SymbolInfo) -> None:
        self._unique.clear()
        self.symbols[(info.path, info.qualname)] = info
        name = info.qualname.rsplit(".", 1)[-1]
        if name:
            self.by_name[(info.group, name)][info.id] = info

    def remove_symbol(self, path: str, qualname: str) -> None:
        self._unique.clear()
        info = self.symbols.pop((path, qualname), None)
        if info is not None:
            name = qualname.rsplit(".", 1)[-1]
            self.by_name[(info.group, name)].pop(info.id, None)

    # -- questions -----------------------------------------------------------------------------

    def files_for(self, target: Target, group: str | None) -> list[str]:
        mode = self.modes.get(target.mode)
        if mode is not None:
            if self.strict and mode.strict and target not in self.loaded_targets:
                raise Missing((), (target,))
            return mode.files(self, target.path, group)
        if self.strict and target.mode in "~@%" and target not in self.loaded_targets:
            raise Missing((), (target,))
        if target.mode == "=":
            found = [target.path] if target.path in self.groups else []
            if not found and self.strict and target.path not in self.absent:
                raise Missing([target.path])
        elif target.mode == "~":
            found = list(self.by_suffix.get(target.path, ()))
        elif target.mode == "@":
            found = list(self.by_dir.get(target.path, ()))
        else:
            found = self._under_suffix(target.path)
        if target.mode in "@%" and group is not None:
            found = [path for path in found if self.groups.get(path) == group]
        return found

    def _under_suffix(self, suffix: str) -> list[str]:
        """The files of every directory that is `suffix` or ends in `/suffix` (a Java package on
        any source root), remembered until a file comes or goes."""
        found = self._suffix_files.get(suffix)
        if found is None:
            found = [
                path
                for directory in sorted(self.by_dir)
                if directory == suffix or directory.endswith("/" + suffix)
                for path in self.by_dir[directory]
            ]
            self._suffix_files[suffix] = found
        return list(found)

    def files_loaded(self, target: Target, group: str | None) -> list[str]:
        """`files_for` of a target the loading of another one brought (a Go path's suffixes)."""
        strict, self.strict = self.strict, False
        try:
            return self.files_for(target, group)
        finally:
            self.strict = strict

    def table(self, kind: str) -> dict[str, list[str]]:
        """The module tables of the project files of `kind`, by directory or path."""
        return self.project.get(kind, {})

    def set_project(self, kind: str, key: str, table: list[str] | None) -> None:
        """The module table of one project file (None: it is gone)."""
        if table is None:
            self.project.get(kind, {}).pop(key, None)
        else:
            self.project.setdefault(kind, {})[key] = table
        self.memo.pop(kind, None)

    def defined(self, path: str, qual: str, wanted: frozenset[str]) -> SymbolInfo | None:
        """The symbol `path` defines as `qual` with a wanted kind."""
        info = self.symbols.get((path, qual))
        if info is None and self.strict and path not in self.loaded:
            raise Missing([path])
        return info if info is not None and (not qual or info.kind in wanted) else None

    def reexports(self, path: str) -> ModuleTable:
        found = self.tables.get(path)
        if found is None:
            if self.strict and path not in self.loaded:
                raise Missing([path])
            return EMPTY_TABLE
        return found

    def rules_of(self, group: str) -> GroupRules:
        """The rules of `group` (the generic ones for a name that is no group)."""
        return self.group_rules.get(group, GENERIC)

    def in_module_through(
        self, alternative: Alternative, group: str, wanted: frozenset[str]
    ) -> tuple[SymbolInfo | None, set[tuple[str, str]]]:
        """`in_module`, and for JS/TS through the module's re-exports (barrels), with the keys
        looked up on the way."""
        found = self.in_module(alternative, group, wanted)
        rules = self.rules_of(group)
        if rules.module_table == "stars" and found is None and alternative.qual:
            return rules.star_walk(
                self, alternative, wanted
            )  # C: its includes (`languages.c.includes`)
        if rules.module_table != "reexports" or (found is not None and alternative.qual):
            return found, set()
        walk = ReexportWalk(
            lambda path, qual: self.defined(path, qual, wanted),
            lambda target: self.files_for(target, None),
            self.reexports,
            modules=rules.module_targets,
        )
        for target in alternative.targets:
            paths = self.files_for(target, group)
            if paths:
                if alternative.qual:
                    result = walk.through(paths[0], alternative.qual)
                else:  # the module itself: a CommonJS module is its value when it has one
                    result = walk.value(paths[0], "") or found
                return (result if isinstance(result, SymbolInfo) else None), walk.keys
        return found, walk.keys

    def in_module(
        self, alternative: Alternative, group: str, wanted: frozenset[str]
    ) -> SymbolInfo | None:
        for target in alternative.targets:
            for path in self.files_for(target, group):
                key = (path, alternative.qual)
                info = self.symbols.get(key)
                unasked = path not in self.loaded and key not in self.asked
                if info is None and self.strict and unasked:
                    raise Missing([path])
                if info is not None and (not alternative.qual or info.kind in wanted):
                    return info
        return None

    def unique(
        self, group: str, name: str, wanted: frozenset[str], member_of: str | None = None
    ) -> SymbolInfo | None:
        """The one top-level symbol of that name and a wanted kind; with `member_of`, the one
        whose qualname is `<member_of>.<name>` (a method of a type of that name)."""
        key = (group, name, wanted, member_of)
        if key not in self._unique:
            found = None
            suffix = f"{member_of}.{name}" if member_of else None
            for info in self.by_name.get((group, name), {}).values():
                if suffix is None and info.qualname != name:
                    continue  # a nested or member definition is not what a bare name sees
                if suffix is not None and not (
                    info.qualname == suffix or info.qualname.endswith("." + suffix)
                ):
                    continue
                if info.kind in wanted:
                    if found is not None:
                        found = None
                        break
                    found = info
            self._unique[key] = found
        return self._unique[key]


def _shortest_first(path: str) -> tuple[int, str]:
    return len(path), path


EMPTY_TABLE = ModuleTable()
