"""Python as a `ModuleResolver` (`module_resolver`): the module store resolution reads, the
`p` imports and the project markers it answers, the expr an edge stores, and which references
of unchanged files a changeset may have changed.

A Python reference depends on its own file and on what other files bind under the names it
looked up there (its `keys`, see `resolver`). So a changeset re-resolves, besides the
references whose own name was touched (`changeset.plan_changeset`):

* references whose keys hold a name a changed file now binds otherwise: a module table entry
  (import binding, variable or attribute value, return, bases, property) that differs, names
  that entered or left `__all__`, every name a changed star import may take;
* references whose keys hold the `@stem` of a Python file that appeared or went (an import of
  that stem may now find another file);
* every reference of the files under a directory whose `__init__.py` appeared or went (their
  base directory moved), and of the whole repo when a `pyproject.toml`, `setup.py` or
  `setup.cfg` did (the project roots moved).
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import partial
from typing import Any

from coderooms.core.ids import directory_of, ghost_id, symbol_id
from coderooms.languages.python.resolver import (
    PROJECT_MARKERS,
    ModuleData,
    ModuleStore,
    PythonResolver,
    PythonTable,
)
from coderooms.languages.python.scope import loaded_expr, stored_expr
from coderooms.resolution.extraction import INHERITS
from coderooms.resolution.keys import module_key
from coderooms.resolution.lookup import CONFIDENCE, GHOST, SYMBOL, LookupMode
from coderooms.resolution.module_resolver import Changes, Settles, Upsert
from coderooms.resolution.project_files import ProjectFile
from coderooms.resolution.ref_requests import RefRequest
from coderooms.resolution.resolutions import Resolution
from coderooms.resolution.targets import Target, path_stem, trigger_stems

LANGUAGE = "python"
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def is_python_path(path: str) -> bool:
    return path.endswith(".py")


def module_data(parsed: Upsert) -> ModuleData:
    kinds = {s.qualname: s.kind.value for s in parsed.record.symbols}
    return ModuleData(parsed.path, kinds, PythonTable.decode(parsed.record.names))


def project_dirs(paths: Iterable[str]) -> set[str]:
    return {posixpath.dirname(p) for p in paths if posixpath.basename(p) in PROJECT_MARKERS}


def python_stem(path: str, importer: str) -> str:
    """A module spec `<level>:<module>`: the module's last part; a `from . import` of the
    package itself: the importer's package."""
    level, _, module = path.partition(":")
    if module:
        return module.rsplit(".", 1)[-1]
    base = directory_of(importer)
    for _ in range(int(level) - 1):
        base = directory_of(base)
    return posixpath.basename(base)


def python_packages(path: str) -> list[str]:
    """`import a.b.c` imports `a` and `a.b` too: a change to any of them may change what the
    import gives."""
    return path.partition(":")[2].split(".")


class PythonModules:
    """Python's `ModuleResolver`: `p` imports (`<level>:<module>`), answered by the resolver
    (no files of the lookup's, nothing for `changeset._load_files` to load); the project roots
    marked by `pyproject.toml`, `setup.py`, `setup.cfg` being there."""

    __slots__ = ()

    target_modes = (LookupMode("p", python_stem, python_packages),)
    project_files = (ProjectFile(LANGUAGE, tuple(sorted(PROJECT_MARKERS))),)

    def session(
        self,
        repo: str,
        fresh: bool,
        upserts: Sequence[Upsert],
        deletes: Sequence[str],
        markers: Sequence[str],
    ) -> PythonSession:
        """The module store of Python resolution: the changeset's files from memory, the rest
        of the repo loaded from the graph as resolution asks for it (nothing to load for a fresh
        one)."""
        store = ModuleStore(complete=fresh)
        for parsed in upserts:
            if parsed.language == LANGUAGE:
                store.add(module_data(parsed))
        store.add_paths(p.path for p in upserts)
        for path in deletes:
            store.absent(path)
        found = {p.path for p in upserts} | (set(markers) - set(deletes))
        store.set_project_dirs(project_dirs(found))
        return PythonSession(repo, store)

    def stored_expr(self, ref: str, expr: str | None) -> str | None:
        return stored_expr(ref, expr)

    def loaded_expr(self, ref: str, stored: str | None) -> str | None:
        return loaded_expr(ref, stored)

    def table_names(self, old: frozenset[str], new: frozenset[str]) -> frozenset[str] | None:
        return table_names(old, new)


PYTHON_MODULES = PythonModules()


class PythonSession:
    """One changeset's Python module store and resolver (`ResolverSession`)."""

    def __init__(self, repo: str, store: ModuleStore) -> None:
        self.repo = repo
        self.store = store
        self.resolver = PythonResolver(store)

    @property
    def complete(self) -> bool:
        return self.store.complete

    @complete.setter
    def complete(self, value: bool) -> None:
        self.store.complete = value

    def has(self, path: str) -> bool:
        return path in self.store.files

    def take(self, row: dict[str, Any]) -> None:
        kinds = dict(row["symbols"])
        table = PythonTable.decode(row["names"] or ())
        self.store.add(ModuleData(row["path"], kinds, table))

    def absent(self, path: str) -> None:
        self.store.absent(path)

    def directory(self, directory: str, exists: bool) -> None:
        self.store.dirs[directory] = exists or self.store.dirs.get(directory, False)

    def owns(self, path: str) -> bool:
        return is_python_path(path)

    def resolve_reference(self, request: RefRequest, path: str) -> Resolution:
        """May raise `Missing` (files to load first)."""
        repo = self.repo
        ghost = Resolution(
            ghost_id(repo, request.ghost), GHOST, "ghost", CONFIDENCE["ghost"], request.ghost
        )
        if request.expr is None:
            return ghost
        answer = self.resolver.resolve(request.expr, path, request.kind == INHERITS, request.name)
        if answer.target is None:
            return Resolution(
                ghost.target, GHOST, "ghost", CONFIDENCE["ghost"], request.ghost, answer.keys
            )
        found, qual = answer.target
        via, keys = answer.via, answer.keys
        return Resolution(symbol_id(repo, found, qual), SYMBOL, via, CONFIDENCE[via], None, keys)

    def module_of(self, target: Target, path: str) -> str | None:
        level, _, module = target.path.partition(":")
        return self.resolver.module_of(path, int(level), module)

    def prefetch(self, parsed: Upsert) -> set[str]:
        specs = [
            (int(level), module)
            for request in parsed.record.imports
            for target in request.targets
            if target.mode == "p"
            for level, _, module in [target.path.partition(":")]
        ]
        return self.resolver.candidates(parsed.path, specs)

    def changes(
        self,
        changes: Changes,
        loader: Settles,
        upserts: Sequence[Upsert],
        deletes: Sequence[str],
        added: set[str],
        old_tables: dict[str, list[str]],
        old_names: dict[str, set[str]],
    ) -> None:
        """What the changeset changes for other files' Python references (see the module
        docstring). `old_tables` and `old_names`: per path the graph had, its module table and
        its symbols' names before the changeset."""
        resolver = self.resolver
        stars: list[tuple[str, int, str]] = []
        for parsed in upserts:
            if parsed.language != LANGUAGE:
                continue
            old = old_tables.get(parsed.path, [])
            new = parsed.record.names
            if old != new:
                names, star_diff = _table_diff(old, new)
                changes.names |= names
                stars += [(parsed.path, level, module) for level, module in star_diff]
                if _has_all(old) != _has_all(new):
                    changes.names |= old_names.get(parsed.path, set())
                    changes.names |= {s.name for s in parsed.record.symbols if s.parent == ""}
        for path in deletes:
            if is_python_path(path):
                names, star_diff = _table_diff(old_tables.get(path, []), [])
                changes.names |= names
                stars += [(path, level, module) for level, module in star_diff]
        changes.keys |= {module_key(path) for path, _, _ in stars}
        changes.stems |= {path_stem(path) for path, _, _ in stars}
        for path, level, module in stars:
            found = loader.settle(partial(resolver.module_of, path, level, module))
            if found is not None:
                changes.names |= loader.settle(partial(resolver.exported_names, found))
        for path in [*added, *deletes]:  # a module of that stem may now answer an import elsewhere
            changes.keys |= {"@" + stem for stem in trigger_stems(path) if stem}
            if posixpath.basename(path) == "__init__.py":
                changes.directories.add(posixpath.dirname(path))
        flipped = _flipped_dirs(loader, upserts, deletes, added)
        changes.keys |= {"@" + posixpath.basename(d) for d in flipped}
        if project_dirs([*added, *deletes]):
            changes.directories.add("")


WHOLE_FILE_ENTRIES = frozenset("*a")
"""Module table entries whose change re-resolves the file whole: a star import, `__all__`."""


def table_names(old: frozenset[str], new: frozenset[str]) -> frozenset[str] | None:
    """The identifiers of the module table entries that differ (`scope`'s `table`: a kind
    letter, then a qualname, `=` and a value); None when one is a star import, `__all__` or
    unknown (resolve the file whole: a save's memo, `ingest.resolution_memo`, reuses nothing)."""
    names: set[str] = set()
    for entry in old ^ new:
        if not entry or entry[0] in WHOLE_FILE_ENTRIES:
            return None
        qual = entry[1:].split("=", 1)[0]
        parts = qual.split(".")
        if not all(_IDENTIFIER.fullmatch(part) for part in parts):
            return None
        names.update(parts)
    return frozenset(names)


def _flipped_dirs(
    loader: Settles, upserts: Sequence[Upsert], deletes: Sequence[str], added: set[str]
) -> set[str]:
    """Directories that came to exist or stopped existing (a namespace package appearing or
    going): those whose only files are in the changeset, with files after it and none before,
    or the other way round."""
    if not added and not deletes:
        return set()
    before: dict[str, bool] = {}
    after: dict[str, bool] = {}
    for path, existed, exists in [
        *((p.path, p.path not in added, True) for p in upserts),
        *((path, True, False) for path in deletes),
    ]:
        directory = posixpath.dirname(path)
        while directory:
            before[directory] = before.get(directory, False) or existed
            after[directory] = after.get(directory, False) or exists
            directory = posixpath.dirname(directory)
    changing = {d for d in before if before[d] != after[d]}
    if not changing or loader.run is None:
        return set()
    rows = loader.run(
        "ingest/directories_exist", repo=loader.repo, dirs=sorted(changing), claims=loader.claims
    )
    return {row["dir"] for row in rows if not row["exists"]}


def _entry_name(entry: str) -> str | None:
    tag = entry[:1]
    if tag in ("i", "f", "v", "r", "b"):
        return entry[1:].partition("=")[0].rsplit(".", 1)[-1]
    if tag == "p":
        return entry[1:].rsplit(".", 1)[-1]
    return None


def _table_diff(old: list[str], new: list[str]) -> tuple[set[str], list[tuple[int, str]]]:
    """Names whose entries differ, and the star imports in one table and not the other."""
    by_name: dict[str, list[set[str]]] = defaultdict(lambda: [set(), set()])
    all_old: set[str] = set()
    all_new: set[str] = set()
    stars: list[set[tuple[int, str]]] = [set(), set()]
    for side, entries in enumerate((old, new)):
        for entry in entries:
            name = _entry_name(entry)
            if name is not None:
                by_name[name][side].add(entry)
            elif entry.startswith("a"):
                (all_old if side == 0 else all_new).update(n for n in entry[1:].split(",") if n)
            elif entry.startswith("*"):
                level, _, module = entry[1:].partition(":")
                stars[side].add((int(level), module))
    names = {name for name, (a, b) in by_name.items() if a != b}
    names |= all_old ^ all_new
    return names, sorted(stars[0] ^ stars[1])


def _has_all(entries: list[str]) -> bool:
    return any(entry.startswith("a") for entry in entries)
