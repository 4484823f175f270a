"""A language that resolves over a module store of its own (Python,
`languages.python.modules`): what the engine asks of it (issue 35, design §3). Its rules hold
it (`LookupRules.resolver`); a changeset opens one session of it (`ModuleResolver.session`),
which the `resolve.Lookup` asks for the references of its group and the imports of its target
modes, and the `loader.Loader` fills from the graph on `Missing`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from coderooms.resolution.project_files import ProjectFile
from coderooms.resolution.ref_requests import FileRecord, RefRequest
from coderooms.resolution.resolutions import Resolution
from coderooms.resolution.target_modes import TargetMode
from coderooms.resolution.targets import Target

T = TypeVar("T")
Run = Callable[..., list[dict[str, Any]]]


class Upsert(Protocol):
    """A file of the changeset as a resolver reads it (`rows.Upsert`)."""

    @property
    def path(self) -> str: ...

    @property
    def language(self) -> str | None: ...

    @property
    def record(self) -> FileRecord: ...


class Settles(Protocol):
    """The loader as a resolver's session uses it (`loader.Loader`): the graph's statements
    (None: a fresh ingest, nothing to read), and evaluation until nothing is `Missing`."""

    @property
    def run(self) -> Run | None: ...

    @property
    def repo(self) -> str: ...

    @property
    def claims(self) -> list[str]: ...

    def settle(self, compute: Callable[[], T]) -> T: ...


@dataclass(slots=True)
class Changes:
    """What a changeset changed for the resolution of other files' references."""

    names: set[str] = field(default_factory=set)
    """Names whose binding in a changed file differs."""
    keys: set[str] = field(default_factory=set)
    """Names and `@stem`s: references holding one of them in their keys are re-resolved."""
    directories: set[str] = field(default_factory=set)
    """Every reference of the resolvers' languages' files under these (`""`: the whole repo) is
    re-resolved."""
    stems: set[str] = field(default_factory=set)
    """Every reference of the files importing a module of these stems is re-resolved (a
    module whose star list changed: what its importers did not find in it may now be there)."""


class ResolverSession(Protocol):
    """One changeset's (or one full ingest's) module store with its resolver."""

    complete: bool
    """The store holds every file of the repo: what it lacks does not exist (else: `Missing`)."""

    def has(self, path: str) -> bool:
        """The store knows the path already (a file of its group, or absent)."""
        ...

    def take(self, row: dict[str, Any]) -> None:
        """A file of its group read from the graph (`ingest/python_modules`' row)."""
        ...

    def absent(self, path: str) -> None: ...

    def directory(self, directory: str, exists: bool) -> None:
        """Whether a directory the resolution asked about (`waves.DIRECTORY`) exists."""
        ...

    def owns(self, path: str) -> bool:
        """A path of its group's files (what `changes` diffs)."""
        ...

    def resolve_reference(self, request: RefRequest, path: str) -> Resolution:
        """A reference of its group (may raise `Missing`)."""
        ...

    def module_of(self, target: Target, path: str) -> str | None:
        """The repo file an import target of its modes names (None: outside or none)."""
        ...

    def prefetch(self, parsed: Upsert) -> set[str]:
        """Every path resolving the changed file's imports may ask about (loaded in one go)."""
        ...

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
        """Add to `changes` what the changeset changes for its group's references elsewhere."""
        ...


class ModuleResolver(Protocol):
    """A language's resolver over its own module store (`LookupRules.resolver`)."""

    @property
    def target_modes(self) -> tuple[TargetMode, ...]:
        """The import target modes it answers (`ResolverSession.module_of`)."""
        ...

    @property
    def project_files(self) -> tuple[ProjectFile, ...]:
        """The files marking its project roots."""
        ...

    def session(
        self,
        repo: str,
        fresh: bool,
        upserts: Sequence[Upsert],
        deletes: Sequence[str],
        markers: Sequence[str],
    ) -> ResolverSession:
        """A store of the changeset's files (`fresh`: the whole repo), with the paths of the
        project files the graph holds (`markers`)."""
        ...

    def stored_expr(self, ref: str, expr: str | None) -> str | None:
        """What an edge stores of a reference's expr (the `expr` edge property)."""
        ...

    def loaded_expr(self, ref: str, stored: str | None) -> str | None:
        """The reference's expr from what its edge stores."""
        ...

    def table_names(self, old: frozenset[str], new: frozenset[str]) -> frozenset[str] | None:
        """What differs between two module tables of one file (`FileRecord.names`, before and
        after a save): the identifiers of the names whose binding differs, or None when the
        difference may change any reference of the file (resolve it whole)."""
        ...
