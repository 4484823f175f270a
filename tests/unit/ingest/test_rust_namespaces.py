"""Rust paths a workspace or a namespace decides (issue 32): `crate::util::helper()` is the
importing file's own crate's `util`, never another crate's of the same workspace; `use
thiserror::Error;` beside the file's `struct Error` imports a derive macro (another namespace):
`Error::new()` is the file's type."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan


def test_crate_paths_stay_in_the_importing_files_crate(tmp_path: Path) -> None:
    lib = "mod util;\nfn go() { crate::util::helper(); }\n"
    found = plan(
        tmp_path,
        {
            "Cargo.toml": '[workspace]\nmembers = ["a", "b"]\n',
            "a/Cargo.toml": '[package]\nname = "a"\n',
            "a/src/lib.rs": lib,
            "a/src/util.rs": "pub fn helper() {}\n",
            "b/Cargo.toml": '[package]\nname = "b"\n',
            "b/src/lib.rs": lib,
            "b/src/util.rs": "pub fn helper() {}\n",
        },
    )
    assert call(found, "a/src/lib.rs::go", "crate.util.helper")[0] == "a/src/util.rs::helper"
    assert call(found, "b/src/lib.rs::go", "crate.util.helper")[0] == "b/src/util.rs::helper"


def test_a_derive_macro_import_leaves_the_files_type(tmp_path: Path) -> None:
    error = """
use thiserror::Error;
#[derive(Debug, Error)]
pub struct Error { k: u8 }
impl Error { pub fn new() -> Error { todo!() } }
fn f() { Error::new(); }
"""
    found = plan(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "g"\n',
            "src/lib.rs": "mod error;\nmod other;\n",
            "src/error.rs": error,
            "src/other.rs": "use crate::error::Error;\nfn g() { Error::new(); }\n",
        },
    )
    assert call(found, "src/error.rs::f", "Error.new") == ("src/error.rs::Error.new", "local")
    assert call(found, "src/other.rs::g", "Error.new")[0] == "src/error.rs::Error.new"
