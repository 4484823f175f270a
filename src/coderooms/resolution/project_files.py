"""Project files (`ProjectFile`): files whose contents change how other files resolve, each
held by the rules of the language whose resolution reads it (issue 35): Go's `go.mod`, JS/TS's
`package.json` and `tsconfig.json`/`jsconfig.json`, Rust's `Cargo.toml`, C/C++'s
`compile_commands.json`, Python's project markers. A file with a reader keeps what resolution
needs as its module table (`File.names`), which fills the lookup's table of its kind; a marker
is kept by its name only."""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class ProjectFile:
    """One kind of project file."""

    kind: str
    """The lookup's table it fills (unique in the catalog)."""
    names: tuple[str, ...]
    """The file names it has."""
    read: Callable[[str, str, str], list[str]] | None = None
    """(repo path, text, the repo's absolute root) -> its module table; None: a marker."""
    keyed_by: Literal["dir", "path"] = "dir"
    """What keys its table in the lookup: the file's directory or its path."""
    at: tuple[str, ...] = ()
    """Only these repo paths are one (none: any path with one of `names`)."""
    file_kind: str | None = None
    """The text kind of file read as one too (`language_for_path`: `gomod`, any case)."""
    kept_in_excluded: tuple[str, ...] = ()
    """Repo paths of it read although a default-excluded directory holds them (the ignore
    files still apply): a build's compilation database, `build/compile_commands.json`."""

    def holds(self, path: str) -> bool:
        """`path` is one (by its name, and where `at` says)."""
        return posixpath.basename(path) in self.names and (not self.at or path in self.at)

    def reads(self, path: str, language: str | None) -> bool:
        """The reader reads the file at `path` of that kind as one."""
        return (self.file_kind is not None and language == self.file_kind) or self.holds(path)
