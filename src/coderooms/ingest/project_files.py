"""Project files: files whose contents change how other files resolve.

`go.mod` (Go module paths), `package.json` (JS/TS package names and exports),
`tsconfig.json`/`jsconfig.json`/`tsconfig.base.json` (JS/TS `paths`), `Cargo.toml` (Rust crate
names), `compile_commands.json` (C/C++ include directories, at the root or in `build/`) keep
what resolution needs as their module table (`File.names`); `pyproject.toml`,
`setup.py` and `setup.cfg` mark Python project roots by being there. One place says which files
these are, how each fills the `Lookup`, and which languages re-resolve when one changes.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from typing import TypeVar

from coderooms.ingest.c_commands import COMPILE_COMMANDS, is_database
from coderooms.ingest.js_configs import CONFIG_NAMES
from coderooms.ingest.js_packages import PACKAGE_JSON
from coderooms.ingest.languages import GROUP_LANGUAGES
from coderooms.ingest.python_resolver import PROJECT_MARKERS
from coderooms.ingest.resolve import Lookup
from coderooms.ingest.rust_crates import CARGO_TOML

GO_MOD = "go.mod"
PROJECT_FILE_NAMES = tuple(
    sorted({GO_MOD, PACKAGE_JSON, CARGO_TOML, COMPILE_COMMANDS, *CONFIG_NAMES, *PROJECT_MARKERS})
)
"""Every project file's name (the graph read of a changeset returns these files' tables)."""

_LANGUAGES = {
    GO_MOD: ["go"],
    PACKAGE_JSON: sorted(GROUP_LANGUAGES["js"]),
    CARGO_TOML: ["rust"],
    COMPILE_COMMANDS: sorted(GROUP_LANGUAGES["c"]),
    **{name: sorted(GROUP_LANGUAGES["js"]) for name in CONFIG_NAMES},
}


def fill_lookup(lookup: Lookup, files: Iterable[tuple[str, list[str]]]) -> None:
    """Put each (path, module table) into the lookup's tables, later files replacing earlier
    ones of the same path (an empty table takes the file's entry out)."""
    for path, names in files:
        base, directory = posixpath.basename(path), posixpath.dirname(path)
        if base == GO_MOD:
            module = names[0].removeprefix("module ") if names else None
            _put(lookup.go_modules, directory, module)
        elif base == PACKAGE_JSON:
            _put(lookup.js_packages, directory, list(names) or None)
        elif base == CARGO_TOML:
            _put(lookup.rust_crates, directory, list(names) or None)
        elif base in CONFIG_NAMES:
            _put(lookup.js_configs, path, list(names) or None)
        elif is_database(path):
            lookup.set_c_commands(path, list(names) or None)


V = TypeVar("V")


def _put(table: dict[str, V], key: str, value: V | None) -> None:
    if value is None:
        table.pop(key, None)
    else:
        table[key] = value


def languages_to_reresolve(paths: Iterable[str]) -> list[list[str]]:
    """For the project files among `paths` that keep a table: the languages whose imports and
    references all re-resolve (a module path, package name or crate name moved)."""
    found: list[list[str]] = []
    for name in sorted({posixpath.basename(p) for p in paths} & _LANGUAGES.keys()):
        if _LANGUAGES[name] not in found:
            found.append(_LANGUAGES[name])
    return found
