"""Rust extraction conventions (the fixture snapshot covers a whole crate)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract
from coderooms.resolution.extraction import CallRef, Extraction, ImportRef, InheritRef


def run(source: str, path: str = "src/thing.rs") -> Extraction:
    return extract("rust", path, dedent(source).encode())


def test_impls_traits_and_parents() -> None:
    ex = run(
        """
        impl Later { fn before_decl(&self) {} }
        struct Later;
        trait Tr: Super + a::Other { fn req(&self); fn prov(&self) { self.req(); } }
        impl Tr for Later { fn req(&self) {} }
        impl<T> Tr for Vec<T> { fn req(&self) {} }
        impl fmt::Display for &mut Later { fn fmt(&self) {} }
        fn free() { fn nested() {} }
        mod inner {
            pub struct S;
            impl S { pub fn new() -> Self { S } }
        }
        """
    )
    syms = {s.qualname: (s.kind, s.parent) for s in ex.symbols}
    assert syms == {
        "": (SymbolKind.MODULE, None),
        "Later.before_decl": (SymbolKind.METHOD, "Later"),
        "Later": (SymbolKind.CLASS, ""),
        "Tr": (SymbolKind.INTERFACE, ""),
        "Tr.req": (SymbolKind.METHOD, "Tr"),
        "Tr.prov": (SymbolKind.METHOD, "Tr"),
        "Later.req": (SymbolKind.METHOD, "Later"),
        "Vec.req": (SymbolKind.METHOD, ""),
        "Later.fmt": (SymbolKind.METHOD, "Later"),
        "free": (SymbolKind.FUNCTION, ""),
        "free.nested": (SymbolKind.FUNCTION, "free"),
        "inner.S": (SymbolKind.CLASS, ""),
        "inner.S.new": (SymbolKind.METHOD, "inner.S"),
    }
    assert ex.inherits == [
        InheritRef("Tr", "Super", 4),
        InheritRef("Tr", "a.Other", 4),
        InheritRef("Later", "Tr", 5),
        InheritRef("Vec", "Tr", 6),
        InheritRef("Later", "fmt.Display", 7),
    ]


def test_use_trees() -> None:
    ex = run(
        """
        use a::b::{c, d as e, f::{g, self}, *};
        use std::io;
        use foo;
        use ::lead::x;
        use crate::m::{self as alias};
        mod child;
        pub mod other;
        extern crate core as kernel;
        use a::b as bee;
        use a::b::c as c;
        use foo as f;
        """
    )
    assert ex.imports == [
        ImportRef("a.b", ("c",), None, 2),
        ImportRef("a.b", ("d",), None, 2, aliases=("e",)),
        ImportRef("a.b.f", ("g",), None, 2),
        ImportRef("a.b.f", (), None, 2),
        ImportRef("a.b", ("*",), None, 2),
        ImportRef("std", ("io",), None, 3),
        ImportRef("foo", (), None, 4),
        ImportRef("lead", ("x",), None, 5),
        ImportRef("crate.m", (), "alias", 6),
        ImportRef("self.child", (), "child", 7),
        ImportRef("self.other", (), "other", 8),
        ImportRef("core", (), "kernel", 9),
        ImportRef("a", ("b",), None, 10, aliases=("bee",)),
        ImportRef("a.b", ("c",), None, 11),
        ImportRef("foo", (), "f", 12),
    ]


def test_self_and_super_inside_inline_modules_are_read_from_the_file_module() -> None:
    ex = run(
        """
        use super::top;
        mod m {
            use super::x;
            use self::y::{z, w as v};
            use super::*;
            use crate::k;
            mod child;
            mod n {
                use super::super::p;
                use super::super::super::q;
                fn f() { use self::r; }
            }
        }
        """
    )
    assert ex.imports == [
        ImportRef("super", ("top",), None, 2),
        ImportRef("self", ("x",), None, 4),
        ImportRef("self.m.y", ("z",), None, 5),
        ImportRef("self.m.y", ("w",), None, 5, aliases=("v",)),
        ImportRef("self", ("*",), None, 6),
        ImportRef("crate", ("k",), None, 7),
        ImportRef("self.m.child", (), "child", 8),
        ImportRef("self", ("p",), None, 10),
        ImportRef("super", ("q",), None, 11),
        ImportRef("self.m.n", ("r",), None, 12),
    ]


def test_calls() -> None:
    ex = run(
        """
        fn f() {
            g();
            a::b::c();
            Vec::<u8>::new();
            self.x.m();
            h::<T>();
            <T as Tr>::assoc();
            make()();
            println!("{}", inner(1));
            assert!(crate::check(self.v()));
            (**self).area();
            a().b.c();
            ::std::mem::swap(x, y);
        }
        """
    )
    assert ex.calls == [
        CallRef("f", "g", 3),
        CallRef("f", "a.b.c", 4),
        CallRef("f", "Vec.new", 5),
        CallRef("f", "self.x.m", 6),
        CallRef("f", "h", 7),
        CallRef("f", "?.assoc", 8),
        CallRef("f", "make", 9),
        CallRef("f", "inner", 10),
        CallRef("f", "crate.check", 11),
        CallRef("f", "self.v", 11),
        CallRef("f", "?.area", 12),
        CallRef("f", "a", 13),
        CallRef("f", "a().b.c", 13),
        CallRef("f", "std.mem.swap", 14),
    ]


def test_variables_and_module_names() -> None:
    ex = run("const A: u8 = 1;\nstatic B: u8 = 2;\nfn f() { const LOCAL: u8 = 3; }\n")
    assert [s.qualname for s in ex.symbols if s.kind is SymbolKind.VARIABLE] == ["A", "B"]
    assert run("", "crate/src/lib.rs").symbols[0].name == "src"
    assert run("", "src/net/mod.rs").symbols[0].name == "net"
    assert run("", "src/net/tcp.rs").symbols[0].name == "tcp"


def test_methods_of_a_blanket_impl_on_values_of_no_known_type() -> None:
    ex = run(
        """
        trait Tr {
            fn t(self) -> i32 { 0 }
        }
        impl<T> Tr for T {}
        trait Other {
            fn o(&self);
        }
        impl<T: Clone> Other for T {
            fn o(&self) {}
            fn len(&self) {}
        }
        struct S;
        impl S {
            fn len(&self) {}
        }
        fn f() {
            (1 + 2).t();
            assert!(if c {}.t() == 0);
            x.t();
            xs[0].o();
            (x).len();
            S.len();
        }
        """
    )
    calls = [(c.callee, c.line) for c in ex.calls if c.caller == "f"]
    assert calls == [
        ("Tr.t", 18),  # a value of no known type: every `T` has `Tr`'s `t`
        ("Tr.t", 19),
        ("x.t", 20),  # `x` may be typed: resolved as it is
        ("Other.o", 21),
        ("?.len", 22),  # `S` has a `len` of its own: no guess
        ("S.len", 23),
    ]


def test_a_method_of_a_variant_in_macro_arguments_is_its_enums() -> None:
    ex = run(
        """
        fn f() {
            assert_eq!(LevelFilter::Error.to_level(), crate::Level::Info.up());
            assert!(Level::MAX.up() && a::B.c() && x.Y.z());
        }
        """
    )
    assert [c.callee for c in ex.calls] == [
        "LevelFilter.to_level",  # a variant is a value of its enum
        "crate.Level.up",
        "Level.MAX.up",  # a constant: any type
        "a.B.c",
        "x.Y.z",
    ]
