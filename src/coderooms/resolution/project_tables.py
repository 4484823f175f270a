"""Project files: files whose contents change how other files resolve.

Each is a `ProjectFile` of the language whose resolution reads it (the registry's
`PROJECT_FILES`, handed in as `ProjectTables`; issue 35): `go.mod` (Go module paths),
`package.json` (JS/TS package names and exports), `tsconfig.json`/`jsconfig.json`/
`tsconfig.base.json` (JS/TS `paths`), `Cargo.toml` (Rust crate names), `compile_commands.json`
(C/C++ include directories, at the root or in `build/`) keep what resolution needs as their
module table (`File.names`); `pyproject.toml`, `setup.py` and `setup.cfg` mark Python project
roots by being there. Here: which files these are, how each fills the `Lookup`, and which
languages re-resolve when one changes.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Mapping

from coderooms.resolution.lookup import Lookup
from coderooms.resolution.project_files import ProjectFile


class ProjectTables:
    """The project files of every language (kind -> file) and the languages that re-resolve
    when one of a kind changes (kind -> the holder's group languages, sorted)."""

    __slots__ = ("_by_name", "files", "languages", "names")

    def __init__(self, files: Mapping[str, ProjectFile], languages: Mapping[str, list[str]]):
        self.files = files
        self.languages = languages
        self.names = tuple(sorted({name for p in files.values() for name in p.names}))
        """Every project file's name (the graph read of a changeset returns these files'
        tables)."""
        self._by_name = {name: p for p in files.values() if p.read is not None for name in p.names}
        """File name -> the project file with a reader that has it."""

    def project_file(self, path: str, language: str | None) -> ProjectFile | None:
        """The project file with a reader that the file at `path` (of that kind) is read as."""
        for project in self.files.values():
            if project.read is not None and project.reads(path, language):
                return project
        return None

    def fill_lookup(self, lookup: Lookup, files: Iterable[tuple[str, list[str]]]) -> None:
        """Put each (path, module table) into the lookup's tables, later files replacing
        earlier ones of the same path (an empty table takes the file's entry out)."""
        for path, names in files:
            project = self._by_name.get(posixpath.basename(path))
            if project is not None and project.holds(path):
                key = path if project.keyed_by == "path" else posixpath.dirname(path)
                lookup.set_project(project.kind, key, list(names) or None)

    def languages_to_reresolve(self, paths: Iterable[str]) -> list[list[str]]:
        """For the project files among `paths` that keep a table: the languages whose imports
        and references all re-resolve (a module path, package name or crate name moved)."""
        found: list[list[str]] = []
        for name in sorted({posixpath.basename(p) for p in paths} & self._by_name.keys()):
            languages = self.languages[self._by_name[name].kind]
            if languages not in found:
                found.append(languages)
        return found
