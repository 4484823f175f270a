"""The project files JS/TS reads (`ProjectFile`: `package.json`, `tsconfig.json` and its kin,
with how each's module table is read) and the target modes they answer (`LookupMode`: `N` a
package, `T` a `tsconfig` path, `D` a directory's package entry): the stem a file must have to
answer a target of the mode and the repo files it names (`by_candidates`)."""

from __future__ import annotations

import posixpath

from coderooms.languages.javascript.configs import CONFIG_NAMES, config_candidates, config_entries
from coderooms.languages.javascript.packages import (
    PACKAGE_JSON,
    directory_candidates,
    package_candidates,
    package_entries,
)
from coderooms.resolution.candidate_modes import by_candidates
from coderooms.resolution.lookup import Lookup
from coderooms.resolution.project_files import ProjectFile

JS_CONFIG = "tsconfig"
"""The kind of `tsconfig.json`, `jsconfig.json`, `tsconfig.base.json` (keyed by path)."""


def package_json_entries(path: str, text: str, root: str) -> list[str]:
    return package_entries(text)


def js_config_entries(path: str, text: str, root: str) -> list[str]:
    return config_entries(path, text)


SCRIPT_PROJECT = (
    ProjectFile(PACKAGE_JSON, (PACKAGE_JSON,), package_json_entries),
    ProjectFile(JS_CONFIG, tuple(sorted(CONFIG_NAMES)), js_config_entries, keyed_by="path"),
)


def package_stem(path: str, importer: str) -> str:
    """A bare specifier (`N`, or `<dir>\t<spec>` for `T`): a package's name, or the last
    segment of its subpath."""
    return path.rstrip("/").rsplit("/", 1)[-1]


def directory_stem(path: str, importer: str) -> str:
    return posixpath.basename(path)


# -- the target modes: a name the project files map to candidate paths --------------------------


def js_package(lookup: Lookup, spec: str) -> list[str] | None:
    return package_candidates(lookup.table(PACKAGE_JSON), spec)


def js_directory(lookup: Lookup, joined: str) -> list[str] | None:
    return directory_candidates(lookup.table(PACKAGE_JSON), joined)


def js_config(lookup: Lookup, path: str) -> list[str] | None:
    return config_candidates(lookup.table(JS_CONFIG), path)


SCRIPT_MODES = (
    by_candidates("N", package_stem, js_package),
    by_candidates("T", package_stem, js_config),
    by_candidates("D", directory_stem, js_directory),
)
