"""The project files of the languages that read them (`ProjectFile`, issue 35): what each is
named and how its module table is read; the language rules hold them
(`Rules.project_files`). Go's `go.mod`, Rust's `Cargo.toml` and C's
`compile_commands.json` are in their packages."""

from __future__ import annotations

from coderooms.ingest.js_configs import CONFIG_NAMES, config_entries
from coderooms.ingest.js_packages import PACKAGE_JSON, package_entries
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
