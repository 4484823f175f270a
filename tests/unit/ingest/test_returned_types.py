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


def test_functions_and_bases_of_other_files(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/p/Spec.java": """
                package p;
                class Spec extends Base {
                  static Builder builder() { return new Builder(); }
                  static class Builder {
                    Builder add(int x) { return this; }
                    Spec build() { return null; }
                  }
                  static <T> T any() { return null; }
                }
            """,
            "src/p/Base.java": "package p;\nclass Base extends Root {}\n",
            "src/p/Root.java": "package p;\nclass Root { void run() {} }\n",
            "src/p/Use.java": """
                package p;
                class Use {
                  void go() { Spec.builder().add(1).add(2).build().run(); Spec.any().run(); }
                }
            """,
            "src/shapes.ts": """
                export class Circle { area(): Circle { return this; } }
                export function make(): Circle { return new Circle(); }
                export function loose() { return new Circle(); }
            """,
            "src/use.ts": """
                import { make, loose } from './shapes';
                export function main() { make().area().area(); loose().area(); }
            """,
            "web/engine.go": "package web\ntype Engine struct { RouterGroup }\n",
            "web/new.go": "package web\nfunc New() *Engine { return &Engine{} }\n",
            "web/group.go": "package web\ntype RouterGroup struct{}\nfunc (*RouterGroup) GET() {}",
            "web/main.go": "package web\nfunc Main() { New().GET() }\n",
        },
    )
    go = "src/p/Use.java::Use.go"
    spec = "src/p/Spec.java::Spec"
    assert call(found, go, "Spec.builder().add") == (f"{spec}.Builder.add", "typed")
    assert call(found, go, "Spec.builder().add().add") == (f"{spec}.Builder.add", "typed")
    assert call(found, go, "Spec.builder().add().add().build") == (f"{spec}.Builder.build", "typed")
    # two bases up, each in its own file
    run = call(found, go, "Spec.builder().add().add().build().run")
    assert run == ("src/p/Root.java::Root.run", "typed")
    assert call(found, go, "Spec.any().run") == ("?:run", "ghost")
    main = "src/use.ts::main"
    assert call(found, main, "make().area().area") == ("src/shapes.ts::Circle.area", "typed")
    assert call(found, main, "loose().area") == ("?:area", "ghost")
    assert call(found, "web/main.go::Main", "New().GET") == (
        "web/group.go::RouterGroup.GET",
        "typed",
    )


def test_members_inherited_across_files_however_deep(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/p/Node.java": "package p;\nclass Node extends Root { int attr() { return 0; } }",
            "src/p/Root.java": "package p;\nclass Root { void deep() {} }\n",
            "src/p/Element.java": """
                package p;
                class Element extends Node { void go() { attr(); deep(); this.deep(); } }
            """,
            "src/p/Use.java": """
                package p;
                class Use { void go(Element e) { e.attr(); e.deep(); } }
            """,
            "src/a.ts": "export class A { hello() {} }\n",
            "src/b.ts": "import { A } from './a';\nexport class B extends A {}\n",
            "src/c.ts": """
                import { B } from './b';
                export class C extends B { run() { this.hello(); } }
                function f(c: C) { c.hello(); c.missing(); }
            """,
        },
    )
    element, use = "src/p/Element.java::Element.go", "src/p/Use.java::Use.go"
    assert call(found, element, "attr") == ("src/p/Node.java::Node.attr", "import")
    assert call(found, element, "deep") == ("src/p/Root.java::Root.deep", "inherited")
    assert call(found, element, "this.deep") == ("src/p/Root.java::Root.deep", "inherited")
    assert call(found, use, "e.attr") == ("src/p/Node.java::Node.attr", "inherited")
    assert call(found, use, "e.deep") == ("src/p/Root.java::Root.deep", "inherited")
    assert call(found, "src/c.ts::C.run", "this.hello") == ("src/a.ts::A.hello", "inherited")
    assert call(found, "src/c.ts::f", "c.hello") == ("src/a.ts::A.hello", "inherited")
    assert call(found, "src/c.ts::f", "c.missing") == ("?:./b.B.missing", "ghost")
