"""Rust: what a `Result` / `Option` carries, across files, and `use`s compiled out (issue 32).

`fn parse(&self) -> Result` (the file's `type Result = result::Result<Matches, Fail>;`) in
`lib.rs`; in another file `opts.parse(..).unwrap()`, `opts.parse(..)?`, `match opts.parse(..) {
Ok(ref m) => m.x() }` and `let m = &match opts.parse(..) { Ok(m) => m, _ => panic!() }` all give
a `Matches`. A name bound anywhere else in the function keeps no type; `Err(e)` gives nothing.
A `#[cfg(name_never_set)] use` binds nothing: the active import or glob answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from coderooms.languages.rust.cfg import _cfg_predicate, _value
from tests.unit.ingest.test_python_resolution import call, plan

LIB = """
pub type Result = std::result::Result<Matches, Fail>;
pub struct Matches;
pub struct Fail;
pub struct Options;
impl Options {
    pub fn new() -> Options { Options }
    pub fn parse(&self, a: &[String]) -> Result { todo!() }
    pub fn find(&self) -> Option<Matches> { None }
    pub fn generic<T>(&self) -> Option<T> { None }
}
impl Matches { pub fn opt_present(&self) -> bool { true } }
impl Fail { pub fn opt_present(&self) -> bool { true } }
mod tests;
"""
MATCHES = "src/lib.rs::Matches.opt_present"


def _found(tmp_path: Path, body: str) -> tuple[str, str]:
    head = "use super::Options;\nfn run(a: Vec<String>) {\n    let opts = Options::new();\n"
    use = f"{head}{body}\n}}\n"
    found = plan(
        tmp_path,
        {"Cargo.toml": '[package]\nname = "g"\n', "src/lib.rs": LIB, "src/tests.rs": use},
    )
    return call(found, "src/tests.rs::run", "m.opt_present")


@pytest.mark.parametrize(
    "body",
    [
        "let m = opts.parse(&a).unwrap(); m.opt_present();",
        'let m = opts.parse(&a).expect("x"); m.opt_present();',
        "let m = opts.parse(&a)?; m.opt_present();",
        "let m = opts.find().unwrap(); m.opt_present();",
        "match opts.parse(&a) { Ok(ref m) => { assert!(m.opt_present()); } _ => {} }",
        "match opts.parse(&a) { Ok(m) => m.opt_present(), Err(_) => false };\n"
        "match opts.parse(&a) { Ok(ref m) => m.opt_present(), _ => false };",
        "if let Some(m) = opts.find() { m.opt_present(); }",
        'let m = &match opts.parse(&a) { Ok(x) => x, Err(f) => panic!("{}", f) };\n'
        "assert!(m.opt_present());",
        "let m = match opts.find() { Some(x) => x, None => return };\nm.opt_present();",
    ],
)
def test_what_a_result_or_option_of_another_file_carries(tmp_path: Path, body: str) -> None:
    assert _found(tmp_path, body) == (MATCHES, "typed")


@pytest.mark.parametrize(
    "body",
    [
        # the name is bound elsewhere in the function: the arm's `m` is not known
        "let h = |m: u8| m;\nmatch opts.parse(&a) { Ok(m) => { m.opt_present(); } _ => {} }",
        "for m in a.iter() {}\nif let Ok(m) = opts.parse(&a) { m.opt_present(); }",
        # an error is not what `Ok` carries; a generic `T` is not known
        "match opts.parse(&a) { Err(m) => { m.opt_present(); } _ => {} }",
        "let m = opts.generic::<Matches>().unwrap(); m.opt_present();",
        # an arm that neither gives the value back nor leaves: not an unwrap
        "let m = match opts.find() { Some(x) => x, None => Matches };\nm.opt_present();",
        # two arms of different calls
        "match opts.parse(&a) { Ok(m) => { m.opt_present(); } _ => {} }\n"
        "match Options::new().find() { Some(m) => { m.opt_present(); } _ => {} }",
    ],
)
def test_a_carried_value_stays_unknown_where_it_is_not_sure(tmp_path: Path, body: str) -> None:
    assert _found(tmp_path, body)[1] == "ghost"


def test_a_use_compiled_out_binds_nothing(tmp_path: Path) -> None:
    test = """
mod node;
mod util;
use crate::util::*;
#[cfg(test_node_semver)]
use node::{req, VersionReq};
#[cfg(not(test_node_semver))]
use semver::VersionReq;
#[cfg(all(unix, feature = "x"))]
use node::kept;
fn check() { req("1"); kept(); }
"""
    found = plan(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "semver"\n',
            "src/lib.rs": "pub struct VersionReq;\n",
            "tests/check.rs": test,
            "tests/util/mod.rs": "pub fn req(t: &str) {}\n",
            "tests/node/mod.rs": "#![cfg(test_node_semver)]\npub fn req(t: &str) {}\n"
            "pub fn kept() {}\n",
        },
    )
    assert call(found, "tests/check.rs::check", "req")[0] == "tests/util/mod.rs::req"
    # a predicate not known here (a target, a feature) keeps the `use`
    assert call(found, "tests/check.rs::check", "kept")[0] == "tests/node/mod.rs::kept"


@pytest.mark.parametrize(
    ("attribute", "value"),
    [
        ("#[cfg(docsrs)]", False),
        ("#[cfg(not(loom))]", True),
        ("#[cfg(test)]", True),
        ("#[cfg(all(test, fuzzing))]", False),
        ("#[cfg(any(test, fuzzing))]", True),
        ('#[cfg(feature = "std")]', None),
        ('#[cfg(not(feature = "std"))]', None),
        ("#[cfg(unix)]", None),
        ('#[cfg(any(unix, target_os = "x"))]', None),
        ("#[cfg(any())]", False),
        ("#[cfg(not(a, b))]", None),
    ],
)
def test_cfg_predicates_read_with_three_values(attribute: str, value: bool | None) -> None:
    tokens = _cfg_predicate(attribute)
    assert tokens is not None
    assert _value(tokens) is value


def test_a_tuple_let_of_a_tried_result_takes_its_elements(tmp_path: Path) -> None:
    """`let (pre, text) = ident(text)?;` with `fn ident(..) -> Result<(Pre, &str), Error>`."""
    lib = """
        pub struct Pre;
        impl Pre { pub fn is_empty(&self) -> bool { true } }
        pub struct Error;
        fn ident(t: &str) -> Result<(Pre, &str), Error> { todo!() }
        fn plain(t: &str) -> (Error, Pre) { todo!() }
        fn parse(text: &str) -> Result<(), Error> {
            let (pre, rest) = ident(text)?;
            pre.is_empty();
            let (e, p) = plain(text)?;
            p.is_empty();
            Ok(())
        }
    """
    found = plan(tmp_path, {"src/lib.rs": lib})
    assert call(found, "src/lib.rs::parse", "pre.is_empty") == ("src/lib.rs::Pre.is_empty", "local")
    # `?` on a function returning no `Result`/`Option`: nothing is known
    assert call(found, "src/lib.rs::parse", "p.is_empty")[1] == "ghost"
