"""Rust: a type's methods may be defined by an `impl` in any file of the crate. A call of
`T::f()`, `self.f()`, `Self::f()` or `x.f()` with `x: T` finds `f` in the file that defines `T`,
else in the one other file whose `impl T` names that same `T` (as that file resolves the name);
two such files, or an `impl` of another type of that name, stay a ghost."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

LIB = """
    mod error;
    mod fmt;
    mod other;
    pub struct Error { inner: u8 }
    pub fn make() -> Error { Error::construct(1) }
"""
ERROR = """
    use crate::Error;
    impl Error {
        pub fn construct(x: u8) -> Self { Error { inner: x } }
        pub fn chain(&self) {}
        pub fn root(&self) { self.chain(); Self::chain(self); }
    }
"""
FMT = """
    use crate::Error;
    impl Error {
        pub fn display(&self) { self.chain(); self.root(); }
    }
    fn show(e: &Error) { e.chain(); e.display(); crate::make().chain(); }
"""
OTHER = """
    pub struct Error;
    impl Error { pub fn display(&self) {} pub fn lonely(&self) {} }
    fn use_other(e: Error) { e.lonely(); }
"""


def test_methods_of_impls_in_other_files(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "demo"\n',
            "src/lib.rs": LIB,
            "src/error.rs": ERROR,
            "src/fmt.rs": FMT,
            "src/other.rs": OTHER,
            "tests/it.rs": "use demo::Error;\nfn t(e: Error) { Error::construct(2); e.root(); }\n",
        },
    )
    construct = ("src/error.rs::Error.construct", "import")
    assert call(found, "src/lib.rs::make", "Error.construct") == construct
    assert call(found, "src/error.rs::Error.root", "self.chain")[0] == "src/error.rs::Error.chain"
    assert call(found, "src/fmt.rs::Error.display", "self.chain")[0] == "src/error.rs::Error.chain"
    assert call(found, "src/fmt.rs::show", "e.chain")[0] == "src/error.rs::Error.chain"
    assert call(found, "src/fmt.rs::show", "e.display")[0] == "src/fmt.rs::Error.display"
    assert call(found, "tests/it.rs::t", "Error.construct")[0] == construct[0]
    assert call(found, "tests/it.rs::t", "e.root")[0] == "src/error.rs::Error.root"
    # `other::Error` is another type of that name: its impl is no `crate::Error`'s
    assert call(found, "src/other.rs::use_other", "e.lonely")[0] == "src/other.rs::Error.lonely"


def test_two_impls_of_one_name_stay_unknown_and_test_crates_see_their_modules(
    tmp_path: Path,
) -> None:
    found = plan(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "demo"\n',
            "src/lib.rs": LIB,
            "src/error.rs": ERROR,
            "src/fmt.rs": FMT,
            "src/other.rs": OTHER.replace("pub struct Error;", "use crate::Error;"),
            "tests/it.rs": "mod common;\nuse self::common::Flag;\nfn t() { Flag::new(); }\n",
            "tests/common/mod.rs": "pub struct Flag;\nimpl Flag { pub fn new() {} }\n",
        },
    )
    # `display` in both fmt.rs and other.rs, each an impl of `crate::Error`: no guess
    assert call(found, "src/fmt.rs::show", "e.display") == ("?:crate.Error.display", "ghost")
    assert call(found, "src/other.rs::use_other", "e.lonely")[0] == "src/other.rs::Error.lonely"
    # a file directly under `tests/` is a crate root: `mod common;` is `tests/common/mod.rs`
    assert call(found, "tests/it.rs::t", "Flag.new") == ("tests/common/mod.rs::Flag.new", "import")


def test_glob_imports_open_names_and_a_module_is_never_called(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "demo"\n',
            "src/lib.rs": "pub fn f() {}\n",
            "tests/it.rs": (
                "mod common;\nmod drop;\nuse self::common::*;\n"
                "fn t(x: u8) { helper(); Flag::new(); drop(x); }\n"
            ),
            "tests/common/mod.rs": "pub fn helper() {}\npub struct Flag;\n"
            "impl Flag { pub fn new() {} }\n",
            "tests/drop/mod.rs": "pub struct Dropped;\n",
        },
    )
    assert call(found, "tests/it.rs::t", "helper") == ("tests/common/mod.rs::helper", "import")
    assert call(found, "tests/it.rs::t", "Flag.new") == ("tests/common/mod.rs::Flag.new", "import")
    assert call(found, "tests/it.rs::t", "drop") == ("?:drop", "ghost")  # the prelude's


def test_trait_bounds_variants_and_a_crate_path_past_a_binding(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "logs"\n',
            "src/lib.rs": """
                pub trait Log { fn log(&self); }
                pub enum Level { Info, Debug }
                impl Level {
                    pub fn up(&self) -> Level { Level::Debug }
                    pub fn iter() {}
                }
                pub fn logs<L: Log, K>(a: &L, b: impl Log, c: &dyn Log, k: K) where K: Log {
                    a.log(); b.log(); c.log(); k.log();
                    let info = Level::Info;
                    info.up();
                }
            """,
            # `logs` is bound to the function `logs`, and still names the crate in a path
            "tests/it.rs": "use logs::logs;\nfn t() { logs::Level::iter(); logs(); }\n",
        },
    )
    logs = "src/lib.rs::logs"
    for receiver in "abck":
        assert call(found, logs, f"{receiver}.log")[0] == "src/lib.rs::Log.log", receiver
    assert call(found, logs, "info.up")[0] == "src/lib.rs::Level.up"
    assert call(found, "tests/it.rs::t", "logs.Level.iter")[0] == "src/lib.rs::Level.iter"
    assert call(found, "tests/it.rs::t", "logs") == ("src/lib.rs::logs", "import")


def test_an_untyped_parameter_hides_an_outer_name(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/lib.rs": """
                pub struct Foo;
                impl Foo { pub fn bar(&self) {} }
                pub fn outer(x: Foo) {
                    fn inner(x: u8) { x.bar(); }
                    x.bar();
                }
            """,
        },
    )
    assert call(found, "src/lib.rs::outer", "x.bar") == ("src/lib.rs::Foo.bar", "local")
    assert call(found, "src/lib.rs::outer.inner", "x.bar") == ("?:bar", "ghost")


def test_a_private_use_of_the_crate_root_is_seen_by_its_modules(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/lib.rs": "mod iter;\nmod simd;\nuse crate::iter::Bytes;\n",
            "src/iter.rs": "pub struct Bytes;\nimpl Bytes { pub fn peek(&self) {} }\n",
            "src/simd.rs": "use crate::Bytes;\nfn go(b: &mut Bytes) { b.peek(); }\n",
        },
    )
    assert call(found, "src/simd.rs::go", "b.peek") == ("src/iter.rs::Bytes.peek", "import")


def test_a_tuple_let_takes_the_elements_of_a_declared_tuple(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/lib.rs": """
                pub struct Error;
                impl Error { pub fn is(&self) {} }
                pub struct Dropped;
                impl Dropped { pub fn none(&self) {} }
                fn make() -> (Error, Dropped) { (Error, Dropped) }
                fn t() { let (err, mut dropped) = make(); err.is(); assert!(dropped.none()); }
            """,
        },
    )
    assert call(found, "src/lib.rs::t", "err.is") == ("src/lib.rs::Error.is", "local")
    assert call(found, "src/lib.rs::t", "dropped.none") == ("src/lib.rs::Dropped.none", "local")
