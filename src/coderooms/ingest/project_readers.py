"""The project files of the languages that read them (`ProjectFile`, issue 35): what each is
named and how its module table is read; the language rules hold them
(`Rules.project_files`)."""

from __future__ import annotations

from coderooms.ingest.c_commands import COMPILE_COMMANDS, LOCATIONS, command_entries
from coderooms.ingest.js_configs import CONFIG_NAMES, config_entries
from coderooms.ingest.js_packages import PACKAGE_JSON, package_entries
from coderooms.ingest.rust_crates import CARGO_TOML, crate_entries
from coderooms.ingest.targets import go_module_path
from coderooms.resolution.project_files import ProjectFile

GO_MOD = "go.mod"
JS_CONFIG = "tsconfig"
"""The kind of `tsconfig.json`, `jsconfig.json`, `tsconfig.base.json` (keyed by path)."""


def go_mod_entries(path: str, text: str, root: str) -> list[str]:
    """`module <path>`, the module path a `go.mod` declares (none: an empty table)."""
    module = go_module_path(text)
    return [f"module {module}"] if module else []


def package_json_entries(path: str, text: str, root: str) -> list[str]:
    return package_entries(text)


def cargo_entries(path: str, text: str, root: str) -> list[str]:
    return crate_entries(text)


def js_config_entries(path: str, text: str, root: str) -> list[str]:
    return config_entries(path, text)


GO_PROJECT = (ProjectFile(GO_MOD, (GO_MOD,), go_mod_entries, file_kind="gomod"),)
SCRIPT_PROJECT = (
    ProjectFile(PACKAGE_JSON, (PACKAGE_JSON,), package_json_entries),
    ProjectFile(JS_CONFIG, tuple(sorted(CONFIG_NAMES)), js_config_entries, keyed_by="path"),
)
RUST_PROJECT = (ProjectFile(CARGO_TOML, (CARGO_TOML,), cargo_entries),)
C_PROJECT = (
    ProjectFile(
        COMPILE_COMMANDS,
        (COMPILE_COMMANDS,),
        command_entries,
        "path",
        LOCATIONS,
        kept_in_excluded=("build/" + COMPILE_COMMANDS,),
    ),
)
