"""Members of what a call returns (declared return types), members inherited up a chain of
classes, and Go methods promoted through embedded structs: the exact edges each rule gives, and
that every edit leaves what a full ingest of the tree gives."""

from __future__ import annotations

from coderooms.graph.driver import Graph
from tests.integration.ingest.scenario_tree import Tree, ingest
from tests.integration.ingest.test_ingest_scenarios import calls_of, follow_steps

SHAPES = "export class Circle { area() {} }\nexport class Square { area() {} }\n"


def use_ts(returned: str) -> str:
    return (
        "import { Circle, Square } from './shapes';\n"
        f"function make(): {returned} {{ return new Circle(); }}\n"
        "export function main() { make().area(); }\n"
    )


def test_a_member_of_what_a_call_returns_follows_its_declared_type(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("src/shapes.ts", SHAPES)
    tree.write("src/use.ts", use_ts("Circle"))
    ingest(graph, tree, repo)
    main = "src/use.ts::main"
    assert calls_of(graph, repo, main) == {
        ("src/use.ts::make", "local"),
        ("src/shapes.ts::Circle.area", "import"),
    }
    follow_steps(graph, tree, repo, full_repo, main, [
        # the declared return type changes: the member follows it into the other class
        ("src/use.ts", use_ts("Square"), ("src/shapes.ts::Square.area", "import")),
        # the type's file changes: the member goes, then comes back
        ("src/shapes.ts", "export class Circle { area() {} }\nexport class Square {}\n",
         ("?:./shapes.Square.area", "ghost")),
        ("src/shapes.ts", SHAPES, ("src/shapes.ts::Square.area", "import")),
        # a type parameter says nothing: a ghost named for the member, never a guess
        ("src/use.ts", use_ts("Circle").replace("make()", "make<T>()").replace("Circle {", "T {"),
         ("?:area", "ghost")),
    ])  # fmt: skip


def test_a_builder_chain_of_any_length_and_a_method_inherited_from_another_file(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    base = "package p;\nclass Base { void run() {} }\n"
    tree.write("src/p/Base.java", base)
    tree.write(
        "src/p/Spec.java",
        "package p;\nclass Spec extends Base {\n"
        "  static Builder builder() { return new Builder(); }\n"
        "  static class Builder {\n"
        "    Builder add() { return this; }\n    Spec build() { return null; }\n  }\n"
        "  void use() { Spec.builder().add().add().build().run(); }\n}\n",
    )
    ingest(graph, tree, repo)
    use = "src/p/Spec.java::Spec.use"
    assert calls_of(graph, repo, use) == {
        ("src/p/Spec.java::Spec.builder", "local"),
        ("src/p/Spec.java::Spec.Builder.add", "local"),
        ("src/p/Spec.java::Spec.Builder.build", "local"),
        ("src/p/Base.java::Base.run", "package"),
    }
    follow_steps(graph, tree, repo, full_repo, use, [
        ("src/p/Base.java", "package p;\nclass Base {}\n", ("?:Base.run", "ghost")),
        ("src/p/Base.java", base, ("src/p/Base.java::Base.run", "package")),
    ])  # fmt: skip


def test_this_member_inherited_two_classes_up(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("src/a.ts", "export class A { hello() {} }\n")
    tree.write(
        "src/c.ts",
        "import { A } from './a';\nclass B extends A { other() {} }\n"
        "export class C extends B { run() { this.hello(); this.other(); } }\n",
    )
    ingest(graph, tree, repo)
    run = "src/c.ts::C.run"
    assert calls_of(graph, repo, run) == {
        ("src/c.ts::B.other", "local"),
        ("src/a.ts::A.hello", "import"),
    }
    follow_steps(graph, tree, repo, full_repo, run, [
        ("src/a.ts", "export class A {}\n", ("?:./a.A.hello", "ghost")),
        ("src/a.ts", "export class A { hello() {} }\n", ("src/a.ts::A.hello", "import")),
    ])  # fmt: skip


def test_a_go_method_promoted_through_an_embedded_struct(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("go.mod", "module example.com/web\n")
    tree.write(
        "engine.go",
        "package web\ntype Engine struct { RouterGroup }\n"
        "func New() *Engine { return &Engine{} }\n"
        "func Main() { New().GET() }\n",
    )
    tree.write(
        "group.go", "package web\ntype RouterGroup struct{}\nfunc (g *RouterGroup) GET() {}\n"
    )
    ingest(graph, tree, repo)
    main = "engine.go::Main"
    assert calls_of(graph, repo, main) == {
        ("engine.go::New", "local"),
        ("group.go::RouterGroup.GET", "package"),
    }
    follow_steps(graph, tree, repo, full_repo, main, [
        # a method of the outer type, in any file of the package, wins over the promoted one
        ("get.go", "package web\nfunc (e *Engine) GET() {}\n", ("get.go::Engine.GET", "package")),
        ("get.go", None, ("group.go::RouterGroup.GET", "package")),
    ])  # fmt: skip


def shapes_ts(returned: str, square: str = "{ area() {} }") -> str:
    return (
        f"export class Circle {{ area() {{}} }}\nexport class Square {square}\n"
        f"export function make(): {returned} {{ return new Circle(); }}\n"
    )


def test_a_return_type_changed_in_one_file_moves_the_callers_in_another(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("src/shapes.ts", shapes_ts("Circle"))
    tree.write(
        "src/use.ts",
        "import { make } from './shapes';\nexport function main() { make().area(); }\n",
    )
    ingest(graph, tree, repo)
    main = "src/use.ts::main"
    assert calls_of(graph, repo, main) == {
        ("src/shapes.ts::make", "import"),
        ("src/shapes.ts::Circle.area", "typed"),
    }
    follow_steps(graph, tree, repo, full_repo, main, [
        ("src/shapes.ts", shapes_ts("Square"), ("src/shapes.ts::Square.area", "typed")),
        ("src/shapes.ts", shapes_ts("Square", "{}"), ("?:area", "ghost")),
        # the returned type now inherits the member
        ("src/shapes.ts", shapes_ts("Square", "extends Circle {}"),
         ("src/shapes.ts::Circle.area", "typed")),
        ("src/shapes.ts", shapes_ts("Square"), ("src/shapes.ts::Square.area", "typed")),
    ])  # fmt: skip


def test_a_builder_of_another_file_and_bases_across_files_follow_every_change(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write(
        "src/p/Spec.java",
        "package p;\nclass Spec extends Base {\n"
        "  static Builder builder() { return new Builder(); }\n"
        "  static class Builder {\n"
        "    Builder add() { return this; }\n    Spec build() { return null; }\n  }\n}\n",
    )
    tree.write("src/p/Base.java", "package p;\nclass Base extends Root {}\n")
    tree.write("src/p/Root.java", "package p;\nclass Root { void run() {} }\n")
    tree.write("src/p/Other.java", "package p;\nclass Other { void run() {} }\n")
    tree.write(
        "src/p/Use.java",
        "package p;\nclass Use { void go() { Spec.builder().add().build().run(); } }\n",
    )
    ingest(graph, tree, repo)
    go = "src/p/Use.java::Use.go"
    assert calls_of(graph, repo, go) == {
        ("src/p/Spec.java::Spec.builder", "package"),
        ("src/p/Spec.java::Spec.Builder.add", "typed"),
        ("src/p/Spec.java::Spec.Builder.build", "typed"),
        ("src/p/Root.java::Root.run", "typed"),
    }
    follow_steps(graph, tree, repo, full_repo, go, [
        # a base two files away changes what it extends
        ("src/p/Base.java", "package p;\nclass Base extends Other {}\n",
         ("src/p/Other.java::Other.run", "typed")),
        ("src/p/Other.java", "package p;\nclass Other {}\n", ("?:run", "ghost")),
        ("src/p/Base.java", "package p;\nclass Base extends Root {}\n",
         ("src/p/Root.java::Root.run", "typed")),
        ("src/p/Root.java", None, ("?:run", "ghost")),
    ])  # fmt: skip


def test_a_go_method_promoted_from_another_file_follows_the_embedding(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("go.mod", "module example.com/web\n")
    engine = (
        "package web\ntype Engine struct {{ {} }}\nfunc New() *Engine {{ return &Engine{{}} }}\n"
    )
    tree.write("engine.go", engine.format("RouterGroup"))
    tree.write("group.go", "package web\ntype RouterGroup struct{}\nfunc (*RouterGroup) GET() {}\n")
    tree.write("other.go", "package web\ntype OtherGroup struct{}\nfunc (*OtherGroup) GET() {}\n")
    tree.write("main.go", "package web\nfunc Main() { New().GET() }\n")
    ingest(graph, tree, repo)
    main = "main.go::Main"
    assert calls_of(graph, repo, main) == {
        ("engine.go::New", "package"),
        ("group.go::RouterGroup.GET", "typed"),
    }
    follow_steps(graph, tree, repo, full_repo, main, [
        ("engine.go", engine.format("OtherGroup"), ("other.go::OtherGroup.GET", "typed")),
        ("get.go", "package web\nfunc (*Engine) GET() {}\n", ("get.go::Engine.GET", "typed")),
        ("get.go", None, ("other.go::OtherGroup.GET", "typed")),
    ])  # fmt: skip
