"""Loading waves of a changeset's resolution (`resolution.waves`): what resolution finds
`Missing` is read from the graph, a batch of paths at a time, into the module stores of the
resolvers' sessions (`module_resolver`, the files of their groups) and the lookup (the other
languages' files, whole), and the resolution evaluated again."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from coderooms.core.ids import symbol_id
from coderooms.ingest.languages import LANGUAGE_GROUPS, TABLE_GROUPS
from coderooms.resolution.lookup import Lookup, SymbolInfo
from coderooms.resolution.module_resolver import ResolverSession
from coderooms.resolution.module_table import ModuleTable
from coderooms.resolution.targets import Target
from coderooms.resolution.waves import DIRECTORY, Missing

Run = Callable[..., list[dict[str, Any]]]
T = TypeVar("T")
J = TypeVar("J")
MAX_LOAD_WAVES = 64
"""Rounds of loading files a resolution may ask for before giving up (a chain of re-exports
longer than this is treated as unknown)."""


class Loader:
    """Fills the sessions' stores and the lookup from the graph, a batch of paths at a time, on
    `Missing`."""

    def __init__(
        self,
        run: Run | None,
        repo: str,
        sessions: Mapping[str, ResolverSession],
        claims: Sequence[str] = (),
    ) -> None:
        self.run = run
        self.repo = repo
        self.sessions = sessions
        """group -> the session of its resolver (the files of that group go to its store)."""
        self.claims = sorted(claims)
        self.lookup: Lookup | None = None
        """The other languages' lookup, filled too (JS/TS barrels are followed on demand)."""
        self.load_targets: Callable[[set[Target]], None] | None = None
        """Loads into the lookup the files directory and suffix targets name (`Missing`)."""

    def has(self, path: str) -> bool:
        """A session's store knows the path already."""
        return any(session.has(path) for session in self.sessions.values())

    def _load_gap(self, paths: set[str], targets: set[Target]) -> None:
        if targets and self.load_targets is not None:
            self.load_targets(targets)
        self.load(paths)

    def load(self, wanted: set[str]) -> None:
        dirs = {p.removeprefix(DIRECTORY) for p in wanted if p.startswith(DIRECTORY)}
        paths = {p for p in wanted if not p.startswith(DIRECTORY)}
        sessions = self.sessions.values()
        if self.run is None:
            for session in sessions:
                for path in paths:
                    session.absent(path)
                for directory in dirs:
                    session.directory(directory, False)
            return
        if dirs:
            rows = self.run(
                "ingest/directories_exist", repo=self.repo, dirs=sorted(dirs), claims=self.claims
            )
            for row in rows:
                # one holding only files of the changeset exists when one of them is upserted
                # (the session marked those already)
                for session in sessions:
                    session.directory(row["dir"], row["exists"])
        if not paths:
            return
        rows = self.run("ingest/python_modules", repo=self.repo, paths=sorted(paths))
        found = set()
        for row in rows:
            path = row["path"]
            found.add(path)
            group = LANGUAGE_GROUPS.get(row["language"] or "")
            own = self.sessions.get(group or "")
            if own is None:
                self._add_other(row, group)
            elif not own.has(path):  # the changeset's own files are known already
                own.take(row)
        for path in paths - found:
            for session in sessions:
                session.absent(path)
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
            lookup.tables[path] = ModuleTable.decode(row["names"] or ())
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
        for session in self.sessions.values():
            session.complete = True
        if self.lookup is not None:
            self.lookup.strict = False
        try:
            yield
        finally:
            for session in self.sessions.values():
                session.complete = False
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
