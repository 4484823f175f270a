"""The target modes of the languages that have their own (`LookupMode`, issue 35): the stem a
file must have to answer a target of the mode, the repo files it names and what to load of the
graph for it. The language rules hold them (`Rules.target_modes`); what each mode means is in
`coderooms.resolution.targets`. Go's `G` and Rust's `R` are in their packages;
a mode whose target names candidate paths is made by `resolution.candidate_modes.by_candidates`."""

from __future__ import annotations

import posixpath

from coderooms.ingest.c_commands import COMPILE_COMMANDS, command_candidates, include_dirs
from coderooms.ingest.js_configs import config_candidates
from coderooms.ingest.js_packages import PACKAGE_JSON, directory_candidates, package_candidates
from coderooms.ingest.project_readers import JS_CONFIG
from coderooms.resolution.candidate_modes import by_candidates
from coderooms.resolution.lookup import Lookup
from coderooms.resolution.targets import path_stem


def include_stem(path: str, importer: str) -> str:
    """An include seen from a file (`<file>\t<spec>`): the header's stem."""
    return path_stem(path.partition("\t")[2].strip("<>"))


def package_stem(path: str, importer: str) -> str:
    """A bare specifier (`N`, or `<dir>\t<spec>` for `T`): a package's name, or the last
    segment of its subpath."""
    return path.rstrip("/").rsplit("/", 1)[-1]


def directory_stem(path: str, importer: str) -> str:
    return posixpath.basename(path)


# -- JS/TS, Rust, C/C++: a name the repo's project files map to candidate paths -------------------


def js_package(lookup: Lookup, spec: str) -> list[str] | None:
    return package_candidates(lookup.table(PACKAGE_JSON), spec)


def js_directory(lookup: Lookup, joined: str) -> list[str] | None:
    return directory_candidates(lookup.table(PACKAGE_JSON), joined)


def js_config(lookup: Lookup, path: str) -> list[str] | None:
    return config_candidates(lookup.table(JS_CONFIG), path)


def c_command(lookup: Lookup, path: str) -> list[str] | None:
    return command_candidates(c_include_dirs(lookup), path)


def c_include_dirs(lookup: Lookup) -> dict[str, tuple[str, ...]]:
    """File -> its include directories from the repo's `compile_commands.json` (kept until
    one changes)."""
    found = lookup.memo.get(COMPILE_COMMANDS)
    if found is None:
        found = lookup.memo[COMPILE_COMMANDS] = include_dirs(lookup.table(COMPILE_COMMANDS))
    return found


SCRIPT_MODES = (
    by_candidates("N", package_stem, js_package),
    by_candidates("T", package_stem, js_config),
    by_candidates("D", directory_stem, js_directory),
)
C_MODES = (by_candidates("I", include_stem, c_command, load=False),)
"""`I`: its candidates are not loaded by path (`changeset._load_files`), as before issue 35."""
