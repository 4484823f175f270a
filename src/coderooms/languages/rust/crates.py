"""Rust crates of the repo: a path that starts with a crate's name lands inside that crate.

`use anyhow::ensure;` in anyhow's own `tests/`, `httparse::Request::new()` in its benches, or
`use my_core::Thing` in a workspace whose `crates/my-core/Cargo.toml` is named `my-core`, name
files of the repo. Cargo's rule: the library target's name is `[lib] name`, else the package
name with `-` as `_`; its root is `[lib] path`, else `src/lib.rs`. A module path under it
follows the crate's files (`a::b` -> `src/a/b.rs` or `src/a/b/mod.rs`). A first segment that
names no crate of the repo (`std`, `serde`) is outside it: a ghost.

Each `Cargo.toml` keeps what this needs as its module table (`File.names`): `crate <name>` and
`root <path of the library root, relative to the Cargo.toml's directory>`.
"""

from __future__ import annotations

import posixpath
import tomllib
from collections.abc import Mapping

from coderooms.core.nesting import load_toml
from coderooms.resolution.candidate_modes import by_candidates
from coderooms.resolution.lookup import Lookup
from coderooms.resolution.project_files import ProjectFile

CARGO_TOML = "Cargo.toml"


def crate_entries(text: str) -> list[str]:
    """The module table of a `Cargo.toml` (empty when it declares no library crate)."""
    try:
        data = load_toml(text)
    except (tomllib.TOMLDecodeError, ValueError):
        return []
    package = data.get("package")
    lib: dict[str, object] = data["lib"] if isinstance(data.get("lib"), dict) else {}
    name = _text(lib, "name") or (_text(package, "name") if isinstance(package, dict) else None)
    if not name:
        return []
    root = posixpath.normpath((_text(lib, "path") or "src/lib.rs").replace("\\", "/"))
    if any(c in name + root for c in "\t\n ") or root.startswith(("..", "/")):
        return []
    return [f"crate {name.replace('-', '_')}", f"root {root}"]


def _text(table: dict[str, object], key: str) -> str | None:
    value = table.get(key)
    return value if isinstance(value, str) else None


def crate_candidates(crates: Mapping[str, list[str]], module: str) -> list[str] | None:
    """The repo paths the module path `module` (`anyhow.ensure`, dotted) may be, in order; None
    when its first segment names no crate of the repo. `crates`: the directory of each
    `Cargo.toml` -> its module table."""
    head, _, rest = module.partition(".")
    for directory, entries in sorted(crates.items()):
        table = dict(entry.split(" ", 1) for entry in entries if " " in entry)
        if table.get("crate") != head:
            continue
        root = posixpath.join(directory, table.get("root", "src/lib.rs"))
        if not rest:
            return [root]
        base = posixpath.join(posixpath.dirname(root), *rest.split("."))
        return [base + ".rs", base + "/mod.rs"]
    return None


# -- R: a path under a crate's name; the Cargo.toml a crate's name comes from ----------------------


def crate_stem(path: str, importer: str) -> str:
    """A crate's name, or its module's last segment."""
    return path.rsplit(".", 1)[-1]


def rust_crate(lookup: Lookup, path: str) -> list[str] | None:
    return crate_candidates(lookup.table(CARGO_TOML), path)


def cargo_entries(path: str, text: str, root: str) -> list[str]:
    return crate_entries(text)


RUST_MODES = (by_candidates("R", crate_stem, rust_crate),)
RUST_PROJECT = (ProjectFile(CARGO_TOML, (CARGO_TOML,), cargo_entries),)
