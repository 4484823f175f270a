"""Members of what a call returns (`a().b()`, `this.x().y()`, builder chains) resolve through
the declared return type; members inherited up an in-file chain of classes, and Go methods
promoted through embedded structs, resolve where the language finds them; type parameters and
undeclared returns stay ghosts named for the member."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan


def test_typescript_returns_this_and_inherited_members(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/ext.ts": "export class Ext { z() {} }\n",
            "src/a.ts": """
                import { Ext } from './ext';
                class D { d() {} }
                class C extends D {}
                class B extends C { c() {} ext(): Ext { return new Ext(); } }
                class A {
                  b(): B { return new B(); }
                  self(): this { return this; }
                  go() { this.b().c(); this.self().b(); mk().ext().z(); mk().d(); }
                }
                class E extends B { e() { this.d(); } }
                function mk(): B { return new B(); }
                function g<T>(): T { return null as T; }
                function unknown() { return new B(); }
                function h() { g().x(); unknown().c(); Promise.resolve().then(); }
            """,
        },
    )
    go, h = "src/a.ts::A.go", "src/a.ts::h"
    assert call(found, go, "this.b().c") == ("src/a.ts::B.c", "local")
    assert call(found, go, "this.self().b") == ("src/a.ts::A.b", "local")
    assert call(found, go, "mk().ext().z") == ("src/ext.ts::Ext.z", "import")
    assert call(found, go, "mk().d") == ("src/a.ts::D.d", "local")  # two classes up
    assert call(found, "src/a.ts::E.e", "this.d") == ("src/a.ts::D.d", "local")
    assert call(found, h, "g().x") == ("?:x", "ghost")  # a type parameter
    assert call(found, h, "unknown().c") == ("?:c", "ghost")  # no declared return type
    assert call(found, h, "Promise.resolve().then") == ("?:then", "ghost")


def test_java_builder_chains_and_go_and_rust_returns(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/p/Spec.java": """
                package p;
                class Spec {
                  static Builder builder() { return new Builder(); }
                  static class Builder {
                    Builder add(int x) { return this; }
                    Spec build() { return null; }
                  }
                  <T> T get() { return null; }
                  void run() { builder().add(1).add(2).build().run(); get().run(); }
                }
            """,
            "web/engine.go": """
                package web
                type Engine struct { RouterGroup }
                func New() *Engine { return &Engine{} }
                func (e *Engine) Use() *Engine { return e }
                func Main() { New().Use().Use(); New().GET() }
            """,
            "web/group.go": "package web\ntype RouterGroup struct{}\nfunc (*RouterGroup) GET() {}",
            "src/lib.rs": """
                struct Foo;
                impl Foo { fn new() -> Self { Foo } fn h(&self) -> Bar { Bar } }
                struct Bar;
                impl Bar { fn z(&self) {} }
                fn k() { Foo::new().h().z(); }
            """,
        },
    )
    run = "src/p/Spec.java::Spec.run"
    assert call(found, run, "builder().add().add().build().run") == (
        "src/p/Spec.java::Spec.run",
        "local",
    )
    assert call(found, run, "builder().add") == ("src/p/Spec.java::Spec.Builder.add", "local")
    assert call(found, run, "get().run") == ("?:run", "ghost")
    main = "web/engine.go::Main"
    assert call(found, main, "New().Use().Use") == ("web/engine.go::Engine.Use", "local")
    assert call(found, main, "New().GET") == ("web/group.go::RouterGroup.GET", "package")
    assert call(found, "src/lib.rs::k", "Foo.new().h().z") == ("src/lib.rs::Bar.z", "local")
