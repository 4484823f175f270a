"""Project files: files whose contents change how other files resolve.

Each is a `ProjectFile` of the language whose resolution reads it (`languages.PROJECT_FILES`,
issue 35): `go.mod` (Go module paths), `package.json` (JS/TS package names and exports),
`tsconfig.json`/`jsconfig.json`/`tsconfig.base.json` (JS/TS `paths`), `Cargo.toml` (Rust crate
names), `compile_commands.json` (C/C++ include directories, at the root or in `build/`) keep
what resolution needs as their module table (`File.names`); `pyproject.toml`, `setup.py` and
`setup.cfg` mark Python project roots by being there. Here: which files these are, how each
fills the `Lookup`, and which languages re-resolve when one changes.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from coderooms.ingest.languages import PROJECT_FILES, PROJECT_LANGUAGES
from coderooms.resolution.lookup import Lookup
from coderooms.resolution.project_files import ProjectFile

PROJECT_FILE_NAMES = tuple(sorted({name for p in PROJECT_FILES.values() for name in p.names}))
"""Every project file's name (the graph read of a changeset returns these files' tables)."""

_BY_NAME = {name: p for p in PROJECT_FILES.values() if p.read is not None for name in p.names}
"""File name -> the project file with a reader that has it."""


def project_file(path: str, language: str | None) -> ProjectFile | None:
    """The project file with a reader that the file at `path` (of that kind) is read as."""
    for project in PROJECT_FILES.values():
        if project.read is not None and project.reads(path, language):
            return project
    return None


def fill_lookup(lookup: Lookup, files: Iterable[tuple[str, list[str]]]) -> None:
    """Put each (path, module table) into the lookup's tables, later files replacing earlier
    ones of the same path (an empty table takes the file's entry out)."""
    for path, names in files:
        project = _BY_NAME.get(posixpath.basename(path))
        if project is not None and project.holds(path):
            key = path if project.keyed_by == "path" else posixpath.dirname(path)
            lookup.set_project(project.kind, key, list(names) or None)


def languages_to_reresolve(paths: Iterable[str]) -> list[list[str]]:
    """For the project files among `paths` that keep a table: the languages whose imports and
    references all re-resolve (a module path, package name or crate name moved)."""
    found: list[list[str]] = []
    for name in sorted({posixpath.basename(p) for p in paths} & _BY_NAME.keys()):
        languages = PROJECT_LANGUAGES[_BY_NAME[name].kind]
        if languages not in found:
            found.append(languages)
    return found
