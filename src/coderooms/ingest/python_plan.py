"""What a changeset means for Python resolution: the module store resolution reads, and which
references of unchanged files it may have changed.

A Python reference depends on its own file and on what other files bind under the names it
looked up there (its `keys`, see `python_resolver`). So a changeset re-resolves, besides the
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
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from coderooms.core.ids import symbol_id
from coderooms.ingest.js_reexports import ReexportTable
from coderooms.ingest.languages import LANGUAGE_GROUPS, TABLE_GROUPS
from coderooms.ingest.member_tables import MEMBER_TAGS
from coderooms.ingest.member_types import member_key
from coderooms.ingest.python_resolver import (
    DIRECTORY,
    PROJECT_MARKERS,
    ModuleData,
    ModuleStore,
    ModuleTable,
    PythonResolver,
)
from coderooms.ingest.resolve import Lookup, SymbolInfo
from coderooms.ingest.rows import ParsedFile
from coderooms.resolution.extraction import MODULE_VALUE
from coderooms.resolution.keys import encode_key, module_key
from coderooms.resolution.targets import Target, path_stem, trigger_stems
from coderooms.resolution.waves import Missing

Run = Callable[..., list[dict[str, Any]]]
T = TypeVar("T")
J = TypeVar("J")
MAX_LOAD_WAVES = 64
"""Rounds of loading files a resolution may ask for before giving up (a chain of re-exports
longer than this is treated as unknown)."""


def is_python_path(path: str) -> bool:
    return path.endswith(".py")


def module_data(parsed: ParsedFile) -> ModuleData:
    kinds = {s.qualname: s.kind.value for s in parsed.record.symbols}
    return ModuleData(parsed.path, kinds, ModuleTable.decode(parsed.record.names))


def project_dirs(paths: Iterable[str]) -> set[str]:
    return {posixpath.dirname(p) for p in paths if posixpath.basename(p) in PROJECT_MARKERS}


@dataclass(slots=True)
class PythonChanges:
    """What the changeset changed for Python resolution elsewhere."""

    names: set[str] = field(default_factory=set)
    """Names whose binding in a changed file differs."""
    keys: set[str] = field(default_factory=set)
    """Names and `@stem`s: references holding one of them in their keys are re-resolved."""
    directories: set[str] = field(default_factory=set)
    """Every reference of the Python files under these (`""`: the whole repo) is re-resolved."""
    stems: set[str] = field(default_factory=set)
    """Every reference of the files importing a module of these stems is re-resolved (a
    module whose star list changed: what its importers did not find in it may now be there)."""


class Loader:
    """Fills a store from the graph, a batch of paths at a time, on `Missing`."""

    def __init__(
        self, run: Run | None, repo: str, store: ModuleStore, claims: Sequence[str] = ()
    ) -> None:
        self.run = run
        self.repo = repo
        self.store = store
        self.claims = sorted(claims)
        self.lookup: Lookup | None = None
        """The other languages' lookup, filled too (JS/TS barrels are followed on demand)."""
        self.load_targets: Callable[[set[Target]], None] | None = None
        """Loads into the lookup the files directory and suffix targets name (`Missing`)."""

    def _load_gap(self, paths: set[str], targets: set[Target]) -> None:
        if targets and self.load_targets is not None:
            self.load_targets(targets)
        self.load(paths)

    def load(self, wanted: set[str]) -> None:
        dirs = {p.removeprefix(DIRECTORY) for p in wanted if p.startswith(DIRECTORY)}
        paths = {p for p in wanted if not p.startswith(DIRECTORY)}
        if self.run is None:
            for path in paths:
                self.store.absent(path)
            for directory in dirs:
                self.store.dirs[directory] = False
            return
        if dirs:
            rows = self.run(
                "ingest/directories_exist", repo=self.repo, dirs=sorted(dirs), claims=self.claims
            )
            for row in rows:
                # one holding only files of the changeset exists when one of them is upserted
                # (add_paths marked those already)
                known = self.store.dirs.get(row["dir"], False)
                self.store.dirs[row["dir"]] = row["exists"] or known
        if not paths:
            return
        rows = self.run("ingest/python_modules", repo=self.repo, paths=sorted(paths))
        found = set()
        for row in rows:
            path = row["path"]
            found.add(path)
            group = LANGUAGE_GROUPS.get(row["language"] or "")
            if group != "py":
                self._add_other(row, group)
            elif path not in self.store.files:  # the changeset's own files are known already
                kinds = dict(row["symbols"])
                table = ModuleTable.decode(row["names"] or ())
                self.store.add(ModuleData(path, kinds, table))
        for path in paths - found:
            self.store.absent(path)
            if self.lookup is not None:
                self.lookup.absent.add(path)

    def _add_other(self, row: dict[str, Any], group: str | None) -> None:
        """A file of another language: into the lookup, whole (symbols and re-exports)."""
        lookup = self.lookup
        path = row["path"]
        if lookup is None or path in lookup.loaded or row["claim"] in self.claims:
            return
        lookup.add_file(path, group)
        for qual, kind in row["symbols"]:
            info = SymbolInfo(symbol_id(self.repo, path, qual), path, qual, kind, group or "")
            lookup.add_symbol(info)
        if group in TABLE_GROUPS:
            lookup.tables[path] = ReexportTable.decode(row["names"] or ())
        lookup.loaded.add(path)

    def settle(self, compute: Callable[[], T]) -> T:
        """`compute()`, loading what it finds missing until it finds nothing missing."""
        for _ in range(MAX_LOAD_WAVES):
            try:
                return compute()
            except Missing as gap:
                self._load_gap(gap.paths, gap.targets)
        with self._complete():  # what is still missing after that many rounds: absent
            return compute()

    @contextmanager
    def _complete(self) -> Iterator[None]:
        strict = self.lookup.strict if self.lookup is not None else False
        self.store.complete = True
        if self.lookup is not None:
            self.lookup.strict = False
        try:
            yield
        finally:
            self.store.complete = False
            if self.lookup is not None:
                self.lookup.strict = strict

    def settle_all(self, jobs: Sequence[J], compute: Callable[[J], T]) -> list[T]:
        """`compute(job)` for every job; the jobs that stop on missing files are retried after
        one load of all the files they asked for, so a wave costs one statement."""
        results: list[T | None] = [None] * len(jobs)
        pending = list(range(len(jobs)))
        for _ in range(MAX_LOAD_WAVES):
            missing: set[str] = set()
            targets: set[Target] = set()
            waiting = []
            for index in pending:
                try:
                    results[index] = compute(jobs[index])
                except Missing as gap:
                    missing |= gap.paths
                    targets |= gap.targets
                    waiting.append(index)
            if not waiting:
                return results  # type: ignore[return-value]
            self._load_gap(missing, targets)
            pending = waiting
        with self._complete():
            for index in pending:
                results[index] = compute(jobs[index])
        return results  # type: ignore[return-value]


def changes_of(
    loader: Loader,
    resolver: PythonResolver,
    upserts: Sequence[ParsedFile],
    deletes: Sequence[str],
    added: set[str],
    old_tables: dict[str, list[str]],
    old_names: dict[str, set[str]],
) -> PythonChanges:
    """What the changeset changes for other files' Python references (see the module
    docstring). `old_tables` and `old_names`: per path the graph had, its module table and its
    symbols' names before the changeset."""
    changes = PythonChanges()
    stars: list[tuple[str, int, str]] = []
    for parsed in upserts:
        old = old_tables.get(parsed.path, [])
        if parsed.group in TABLE_GROUPS:
            _reexport_table_changes(changes, parsed.path, old, parsed.record.names)
        if parsed.language != "python":
            continue
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
        elif old_tables.get(path):
            _reexport_table_changes(changes, path, old_tables[path], [])
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
    changes.names.discard("")
    changes.keys = {encode_key(key) for key in changes.keys | changes.names}
    return changes


def _flipped_dirs(
    loader: Loader, upserts: Sequence[ParsedFile], deletes: Sequence[str], added: set[str]
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


def _reexport_table_changes(
    changes: PythonChanges, path: str, old: list[str], new: list[str]
) -> None:
    """A JS/TS or Rust module's table changed (`js_reexports`): the names whose entries differ (the
    exported name; the local name of an import binding; `module.exports` for the module's
    value); a changed star list re-resolves what went through the barrel (its importers, and
    keys of its stem)."""
    if old == new:
        return
    by_name: dict[str, list[set[str]]] = defaultdict(lambda: [set(), set()])
    stars: list[set[str]] = [set(), set()]
    for side, entries in enumerate((old, new)):
        for entry in entries:
            if entry.startswith("*"):
                stars[side].add(entry)
            elif entry[:1] in ("e", "n", "l", "i"):
                by_name[entry[1:].partition("=")[0]][side].add(entry)
            elif entry[:1] == "m":
                by_name[MODULE_VALUE][side].add(entry)
            elif entry[:1] in MEMBER_TAGS:  # a return type, a base, how a type resolves
                by_name[member_key(entry[:1], entry[1:].partition("=")[0])][side].add(entry)
    changes.names |= {name for name, (a, b) in by_name.items() if a != b}
    if stars[0] != stars[1]:
        changes.stems.add(path_stem(path))
        changes.keys.add("@" + path_stem(path))


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


MAX_REF_KEYS_CHARS = 8000
"""A file's `ref_keys` longer than this is stored as ` %* ` (ANY_KEY): Neo4j's TEXT index takes
values up to 32 KB (4 bytes a character at most), and a Python file whose references look up
3,000 names (`lib.n0001.x.go()` ...) has 57 KB of them: the write of its whole changeset failed.
A file marked so is found by every key (`changeset._foreign_work` adds ANY_KEY to the keys it
asks for), then its references by their own `keys`, as any file's: the same re-resolution,
found by a scan of those few files instead of the index."""
ANY_KEY = "%*"
"""No key is written so (`encode_key` writes `%` as `%25`)."""


def ref_keys_text(keys: Iterable[str]) -> str | None:
    """A file's `ref_keys`: its references' keys, space-separated with a space at each end, so
    that a key is found with `CONTAINS ' key '` (TEXT index `file_ref_keys`); ` %* ` when they
    would be longer than MAX_REF_KEYS_CHARS."""
    found = sorted(set(keys))
    if not found:
        return None
    text = " " + " ".join(found) + " "
    return text if len(text) <= MAX_REF_KEYS_CHARS else f" {ANY_KEY} "
