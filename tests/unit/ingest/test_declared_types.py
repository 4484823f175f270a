"""Members of values whose type the code declares (`x.m()` with `Foo x`, `x: Foo`,
`c *Context`, `b: &Bytes`) resolve as `Foo.m` does; values of no declared type stay ghosts."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan


def test_java_parameters_locals_fields_and_packages_across_source_roots(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/main/java/org/x/CharRange.java": """
                package org.x;
                public class CharRange {
                    public char getStart() { return 'a'; }
                }
            """,
            "src/main/java/org/x/util/Box.java": """
                package org.x.util;
                public class Box { public void open() {} }
            """,
            "src/test/java/org/x/CharRangeTest.java": """
                package org.x;
                import org.x.util.Box;
                import java.util.List;
                class CharRangeTest {
                    private CharRange field;
                    void run(CharRange param, List<CharRange> many) {
                        CharRange local = make();
                        var made = new Box();
                        param.getStart();
                        local.getStart();
                        field.getStart();
                        this.field.getStart();
                        made.open();
                        many.size();
                        new CharRange();
                    }
                }
            """,
        },
    )
    run = "src/test/java/org/x/CharRangeTest.java::CharRangeTest.run"
    start = "src/main/java/org/x/CharRange.java::CharRange.getStart"
    for ref in ("param.getStart", "local.getStart", "field.getStart", "this.field.getStart"):
        assert call(found, run, ref)[0] == start, ref
    assert call(found, run, "made.open")[0] == "src/main/java/org/x/util/Box.java::Box.open"
    # the same package on another source root is the same package
    assert call(found, run, "CharRange")[0] == "src/main/java/org/x/CharRange.java::CharRange"
    # a JDK type: a ghost named for it
    assert call(found, run, "many.size") == ("?:java.util.List.size", "ghost")


def test_typescript_annotations_fields_and_constructed_values(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/observable.ts": "export class Observable { subscribe() {} }\n",
            "src/use.ts": """
                import { Observable } from "./observable";
                export class Holder {
                    private out: Observable | null;
                    run(source: Observable, other?: Observable | undefined) {
                        const made = new Observable();
                        const typed: Observable = make();
                        source.subscribe();
                        other.subscribe();
                        made.subscribe();
                        typed.subscribe();
                        this.out.subscribe();
                        untyped.subscribe();
                    }
                }
            """,
        },
    )
    run = "src/use.ts::Holder.run"
    target = ("src/observable.ts::Observable.subscribe", "import")
    for ref in ("source", "other", "made", "typed", "this.out"):
        assert call(found, run, f"{ref}.subscribe") == target, ref
    assert call(found, run, "untyped.subscribe")[1] == "ghost"


def test_go_receivers_parameters_literals_and_fields(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "go.mod": "module example.com/web\n",
            "engine.go": """
                package web
                type Engine struct{}
                func (e *Engine) Handle() {}
            """,
            "context.go": """
                package web
                type Context struct {
                    engine *Engine
                }
                func (c *Context) Header() {}
                func (c *Context) Next(other *Context) {
                    c.Header()
                    other.Header()
                    made := &Context{}
                    made.Header()
                    c.engine.Handle()
                    var later Engine
                    later.Handle()
                }
            """,
        },
    )
    nxt = "context.go::Context.Next"
    for ref in ("c.Header", "other.Header", "made.Header"):
        assert call(found, nxt, ref)[0] == "context.go::Context.Header", ref
    assert call(found, nxt, "c.engine.Handle")[0] == "engine.go::Engine.Handle"
    assert call(found, nxt, "later.Handle")[0] == "engine.go::Engine.Handle"


def test_rust_parameters_constructors_and_fields(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/lib.rs": """
                pub struct Bytes { pos: usize }
                impl Bytes {
                    pub fn new() -> Bytes { Bytes { pos: 0 } }
                    pub fn peek(&self) -> usize { self.pos }
                }
                pub struct Parser { bytes: Bytes }
                impl Parser {
                    pub fn run(&self, given: &mut Bytes) {
                        given.peek();
                        let made = Bytes::new();
                        made.peek();
                        self.bytes.peek();
                    }
                }
            """,
        },
    )
    run = "src/lib.rs::Parser.run"
    for ref in ("given.peek", "made.peek", "self.bytes.peek"):
        assert call(found, run, ref)[0] == "src/lib.rs::Bytes.peek", ref


def test_rust_crate_and_super_paths_name_items_of_the_crates_files(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/lib.rs": "pub mod simd;\npub struct Config {}\nimpl Config { pub fn new() {} }\n",
            "src/simd/mod.rs": "pub mod avx2;\npub mod swar;\n",
            "src/simd/swar.rs": "pub fn match_uri() {}\n",
            "src/simd/avx2.rs": """
                pub fn run() {
                    super::swar::match_uri();
                    crate::Config::new();
                    crate::simd::swar::match_uri();
                }
            """,
        },
    )
    run = "src/simd/avx2.rs::run"
    assert call(found, run, "super.swar.match_uri")[0] == "src/simd/swar.rs::match_uri"
    assert call(found, run, "crate.simd.swar.match_uri")[0] == "src/simd/swar.rs::match_uri"
    assert call(found, run, "crate.Config.new")[0] == "src/lib.rs::Config.new"


def test_rust_values_taken_out_of_results_options_and_smart_pointers(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/lib.rs": """
                use std::rc::Rc;
                pub type Result<T, E = Error> = core::result::Result<T, E>;
                pub struct Error {}
                pub struct Bytes { pos: usize }
                impl Bytes {
                    pub fn peek(&self) -> usize { self.pos }
                }
                impl Clone for Bytes {
                    fn clone(&self) -> Self { Bytes { pos: self.pos } }
                }
                fn open() -> Result<Bytes> { Ok(Bytes { pos: 0 }) }
                fn maybe() -> Option<Bytes> { None }
                fn read() -> std::io::Result<Bytes> { Ok(Bytes { pos: 0 }) }
                fn generic<T>() -> Option<T> { None }
                pub struct Parser {}
                impl Parser {
                    fn next(&self) -> anyhow::Result<Box<Bytes>> { todo!() }
                    fn first() -> Option<Rc<Bytes>> { None }
                    pub fn run(&self, boxed: Box<Bytes>, shared: &Rc<Bytes>) -> Result<()> {
                        let a = open()?;
                        a.peek();
                        let b = maybe().unwrap();
                        b.peek();
                        let c = read().expect("read");
                        c.peek();
                        let d = self.next()?;
                        d.peek();
                        let e = Self::first().unwrap();
                        e.peek();
                        let g = generic().unwrap();
                        g.peek();
                        boxed.peek();
                        shared.peek();
                        shared.clone();
                        Ok(())
                    }
                }
            """,
        },
    )
    run = "src/lib.rs::Parser.run"
    for ref in ("a.peek", "b.peek", "c.peek", "d.peek", "e.peek", "boxed.peek", "shared.peek"):
        assert call(found, run, ref)[0] == "src/lib.rs::Bytes.peek", ref
    assert call(found, run, "g.peek")[0] != "src/lib.rs::Bytes.peek"  # `T`: a type parameter
    # `Rc::clone`, the pointer's own: never the pointee's hand-written `Clone`
    assert call(found, run, "shared.clone")[0] != "src/lib.rs::Bytes.clone"


def test_rust_fields_of_self_declared_by_another_file(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/lib.rs": """
                mod error;
                mod ptr;
                use crate::ptr::Own;
                pub struct Error { inner: Own<u8> }
            """,
            "src/ptr.rs": """
                pub struct Own<T> { t: T }
                impl<T> Own<T> { pub fn by_ref(&self) {} }
            """,
            "src/error.rs": """
                use crate::Error;
                impl Error {
                    fn run(&self) {
                        self.inner.by_ref();
                        self.missing.by_ref();
                    }
                }
            """,
        },
    )
    run = "src/error.rs::Error.run"
    assert call(found, run, "self.inner.by_ref")[0] == "src/ptr.rs::Own.by_ref"
    assert call(found, run, "self.missing.by_ref")[0] != "src/ptr.rs::Own.by_ref"


def test_rust_methods_of_a_blanket_impl_resolve_to_the_trait(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "tests/test_ensure.rs": """
                trait Trait: Sized {
                    fn t(self, i: i32) -> i32 { i }
                }
                impl<T> Trait for T {}
                fn run() {
                    assert!(if false {}.t(1) == 2);
                    (1 + 2).t(1);
                }
            """,
        },
    )
    run = "tests/test_ensure.rs::run"
    edges = [target for (source, _, _), target in found["edges"].items() if source == run]
    assert edges == [("tests/test_ensure.rs::Trait.t", "local")]  # both calls, one ref


def test_rust_a_value_out_of_a_result_is_of_the_function_of_its_own_module(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/lib.rs": """
                pub struct Bytes {}
                impl Bytes { pub fn peek(&self) {} }
                pub struct Other {}
                impl Other { pub fn peek(&self) {} }
                fn open() -> Option<Bytes> { None }
                mod tests {
                    use super::Other;
                    fn open() -> Option<Other> { None }
                    fn t() {
                        let x = open().unwrap();
                        x.peek();
                    }
                }
            """,
        },
    )
    t = "src/lib.rs::tests.t"
    assert call(found, t, "x.peek")[0] == "src/lib.rs::Other.peek"
