"""Rust paths that start with a crate of the repo's name (`coderooms.languages.rust.crates`)."""

from __future__ import annotations

from pathlib import Path

from coderooms.languages.rust.crates import crate_candidates, crate_entries
from tests.unit.ingest.test_python_resolution import call, plan


def test_the_library_name_and_root_come_from_cargo_toml() -> None:
    assert crate_entries('[package]\nname = "my-core"\n') == ["crate my_core", "root src/lib.rs"]
    named = '[package]\nname = "x"\n[lib]\nname = "y"\npath = "lib/y.rs"\n'
    assert crate_entries(named) == ["crate y", "root lib/y.rs"]
    assert crate_entries('[workspace]\nmembers = ["a"]\n') == []
    assert crate_entries("not = [toml") == []
    assert crate_entries('[package]\nname = "x"\n[lib]\npath = "../outside.rs"\n') == []


def test_candidates_follow_the_crates_files() -> None:
    crates = {"crates/core": ["crate my_core", "root src/lib.rs"]}
    assert crate_candidates(crates, "my_core") == ["crates/core/src/lib.rs"]
    assert crate_candidates(crates, "my_core.a.b") == [
        "crates/core/src/a/b.rs",
        "crates/core/src/a/b/mod.rs",
    ]
    assert crate_candidates(crates, "serde.de") is None


def test_a_crates_tests_and_siblings_reach_it_by_name(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "parse-it"\n',
            "src/lib.rs": "pub mod req;\npub fn top() {}\n",
            "src/req.rs": "pub struct Request {}\nimpl Request { pub fn new() {} }\n",
            "tests/it.rs": """
                use parse_it::top;
                fn run() {
                    top();
                    parse_it::req::Request::new();
                    std::mem::drop(1);
                }
            """,
        },
    )
    assert call(found, "tests/it.rs::run", "top")[0] == "src/lib.rs::top"
    assert call(found, "tests/it.rs::run", "parse_it.req.Request.new")[0] == (
        "src/req.rs::Request.new"
    )
    assert call(found, "tests/it.rs::run", "std.mem.drop")[1] == "ghost"
    assert "src/lib.rs" in found["imports"]["tests/it.rs"]


def test_pub_use_reexports_are_followed(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "parse"\n',
            "src/lib.rs": """
                mod iter;
                mod util;
                pub use self::iter::Bytes;
                pub use crate::util::*;
                pub use self::iter::Cursor as Pos;
            """,
            "src/iter.rs": """
                pub struct Bytes {}
                impl Bytes { pub fn peek(&self) {} }
                pub struct Cursor {}
                impl Cursor { pub fn at() {} }
            """,
            "src/util.rs": "pub fn helper() {}\n",
            "src/run.rs": """
                use crate::Bytes;
                pub fn run(b: &Bytes) {
                    b.peek();
                    crate::helper();
                    crate::Pos::at();
                }
            """,
            "tests/it.rs": "use parse::Bytes;\nfn t(b: Bytes) { b.peek(); }\n",
        },
    )
    run = "src/run.rs::run"
    assert call(found, run, "b.peek")[0] == "src/iter.rs::Bytes.peek"
    assert call(found, run, "crate.helper")[0] == "src/util.rs::helper"
    assert call(found, run, "crate.Pos.at")[0] == "src/iter.rs::Cursor.at"
    assert call(found, "tests/it.rs::t", "b.peek")[0] == "src/iter.rs::Bytes.peek"
