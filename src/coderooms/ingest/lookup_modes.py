"""The target modes of the languages that have their own (`LookupMode`, issue 35): the stem a
file must have to answer a target of the mode, the repo files it names and what to load of the
graph for it. The language rules hold them (`Rules.target_modes`); what each mode means is in
`coderooms.resolution.targets`. Go's `G`, Rust's `R` and C's `I` are in their packages;
a mode whose target names candidate paths is made by `resolution.candidate_modes.by_candidates`."""

from __future__ import annotations

import posixpath

from coderooms.ingest.js_configs import config_candidates
from coderooms.ingest.js_packages import PACKAGE_JSON, directory_candidates, package_candidates
from coderooms.ingest.project_readers import JS_CONFIG
from coderooms.resolution.candidate_modes import by_candidates
from coderooms.resolution.lookup import Lookup


def package_stem(path: str, importer: str) -> str:
    """A bare specifier (`N`, or `<dir>\t<spec>` for `T`): a package's name, or the last
    segment of its subpath."""
    return path.rstrip("/").rsplit("/", 1)[-1]


def directory_stem(path: str, importer: str) -> str:
    return posixpath.basename(path)


# -- JS/TS: a name the repo's project files map to candidate paths -------------------


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
