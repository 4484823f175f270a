"""Go fields declared by another file's struct are followed (`c.writermem.reset()` with `c
*Context` and `writermem responseWriter` in `context.go`), and a call on a value whose type is
an interface links to the interface's declaration, `via: interface` (Go and TypeScript, as
Java): no implementation is guessed."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan


def test_go_fields_of_another_files_struct(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "go.mod": "module example.com/web\n",
            "writer.go": """
                package web
                type responseWriter struct{ size int }
                func (w *responseWriter) reset() {}
            """,
            "context.go": """
                package web
                type Context struct {
                    writermem responseWriter
                    count     int
                }
                func NewContext() *Context { return &Context{} }
            """,
            "gin.go": """
                package web
                func handle(c *Context) {
                    c.writermem.reset()
                    c.count.reset()
                    c.missing.reset()
                    made := NewContext()
                    made.writermem.reset()
                }
            """,
        },
    )
    handle = "gin.go::handle"
    assert call(found, handle, "c.writermem.reset") == ("writer.go::responseWriter.reset", "typed")
    assert call(found, handle, "made.writermem.reset") == (
        "writer.go::responseWriter.reset",
        "typed",
    )
    assert call(found, handle, "c.count.reset")[1] == "ghost"  # `int`: no struct of the repo
    assert call(found, handle, "c.missing.reset")[1] == "ghost"


def test_go_and_typescript_interface_calls_link_to_the_interface(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "go.mod": "module example.com/geo\n",
            "shape.go": """
                package geo
                type Shape interface { Area() float64 }
                type Circle struct{}
                func (c Circle) Area() float64 { return 1 }
            """,
            "use.go": """
                package geo
                func total(s Shape, c Circle) {
                    s.Area()
                    c.Area()
                }
            """,
            "src/shape.ts": """
                export interface Shape { area(): number }
                export class Circle implements Shape { area(): number { return 1 } }
            """,
            "src/use.ts": """
                import { Shape, Circle } from "./shape";
                export function total(s: Shape, c: Circle) {
                    s.area();
                    c.area();
                }
            """,
        },
    )
    assert call(found, "use.go::total", "s.Area") == ("shape.go::Shape.Area", "interface")
    assert call(found, "use.go::total", "c.Area") == ("shape.go::Circle.Area", "package")
    assert call(found, "src/use.ts::total", "s.area") == ("src/shape.ts::Shape.area", "interface")
    assert call(found, "src/use.ts::total", "c.area") == ("src/shape.ts::Circle.area", "import")


def test_values_of_a_written_type_resolve_as_that_type(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "go.mod": "module example.com/r\n",
            "render/json.go": "package render\ntype JSON struct{ Data any }\n"
            "func (JSON) Render() {}\n",
            "render/use_test.go": """
                package render
                func T(x any, p *JSON) { (JSON{1}).Render(); x.(*JSON).Render(); (*p).Render() }
            """,
        },
    )
    use = "render/use_test.go::T"
    for ref in ("JSON.Render", "p.Render"):
        assert call(found, use, ref)[0] == "render/json.go::JSON.Render", ref


def test_range_values_and_var_literals_have_their_type(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "go.mod": "module example.com/r\n",
            "cmd.go": """
                package cobra
                type Command struct{ commands []*Command; flags map[string]*Command }
                func (c *Command) Name() string { return "" }
                func (c *Command) Find(xs []Command) {
                    for _, cmd := range c.commands { cmd.Name() }
                    for _, f := range c.flags { f.Name() }
                    for _, x := range xs { x.Name() }
                    for i := range xs { i.Name() }
                }
                type Config struct{ Rules []*Rule }
                type Rule struct{}
                func (r *Rule) Name() string { return "" }
                func Check(cfg *Config) {
                    for _, rule := range cfg.Rules { rule.Name() }
                }
            """,
            "cmd_test.go": "package cobra\nfunc T() { var root = &Command{}; root.Name() }\n",
        },
    )
    name = "cmd.go::Command.Name"
    for ref in ("cmd.Name", "f.Name", "x.Name"):
        assert call(found, "cmd.go::Command.Find", ref)[0] == name, ref
    assert call(found, "cmd.go::Command.Find", "i.Name") == ("?:Name", "ghost")  # an index
    assert call(found, "cmd_test.go::T", "root.Name")[0] == name
    assert call(found, "cmd.go::Check", "rule.Name")[0] == "cmd.go::Rule.Name"  # a parameter's


def test_a_function_literals_parameters_stay_in_the_literal(tmp_path: Path) -> None:
    """`r := NewRouter()` beside a handler `func(w int, r *Request)` that does not read `r`:
    the outer `r` keeps its type (issue 32), and a function type's parameters bind nothing."""
    found = plan(
        tmp_path,
        {
            "go.mod": "module example.com/web\n",
            "router.go": """
                package web
                type Router struct{ handle func(r *Request) }
                func NewRouter() *Router { return &Router{} }
                func (r *Router) Get(p string) {}
                type Request struct{}
                func (q *Request) Get(p string) {}
                type Writer struct{}
                func (w *Writer) Write() {}
            """,
            "serve.go": """
                package web
                func Serve() {
                    r := NewRouter()
                    h := func(w *Writer, r *Request) { w.Write() }
                    r.Get("/")
                    _ = h
                }
                func Typed() {
                    r := NewRouter()
                    var f func(r *Request)
                    r.Get("/")
                    _ = f
                }
            """,
        },
    )
    for source in ("serve.go::Serve", "serve.go::Typed"):
        assert call(found, source, "r.Get") == ("router.go::Router.Get", "typed"), source
    assert call(found, "serve.go::Serve", "w.Write")[0] == "router.go::Writer.Write"


def test_a_type_assertions_value_has_the_asserted_type(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "go.mod": "module example.com/r\n",
            "err.go": """
                package r
                type HTTPError struct{}
                func (e *HTTPError) Code() int { return 0 }
                type Other struct{}
                func (o Other) Code() int { return 1 }
                func handle(err error, x any) {
                    if he, ok := err.(*HTTPError); ok { he.Code() }
                    one := x.(HTTPError)
                    one.Code()
                    n, ok := x.(int)
                    n.Code()
                    _ = ok
                }
            """,
        },
    )
    handle = "err.go::handle"
    for ref in ("he.Code", "one.Code"):
        assert call(found, handle, ref)[0] == "err.go::HTTPError.Code", ref
    assert call(found, handle, "n.Code")[1] == "ghost"


def test_a_value_of_a_type_parameter_is_its_constraint(tmp_path: Path) -> None:
    """`func F[S Shape](s S) { s.Area() }`: go/types binds `Area` to the constraint's method;
    a parameter of an open constraint (`any`) or of a generic receiver is of no type, never
    the package's type that happens to share the parameter's name."""
    found = plan(
        tmp_path,
        {
            "go.mod": "module example.com/geo\n",
            "shape.go": """
                package geo
                type Shape interface { Area() float64 }
                type T struct{}
                func (T) Area() float64 { return 0 }
                type Box[E any] struct{ item E }
                func Total[S Shape](s S, xs []S) {
                    s.Area()
                    for _, x := range xs { x.Area() }
                }
                func Any[T any](t T, v any) {
                    t.Area()
                    if w, ok := v.(T); ok { w.Area() }
                }
                func (b *Box[T]) Get(t T) { t.Area(); b.item.Area() }
            """,
        },
    )
    assert call(found, "shape.go::Total", "s.Area")[0] == "shape.go::Shape.Area"
    assert call(found, "shape.go::Total", "x.Area")[0] == "shape.go::Shape.Area"
    for source, ref in (("Any", "t.Area"), ("Any", "w.Area"), ("Box.Get", "t.Area")):
        assert call(found, f"shape.go::{source}", ref)[0] != "shape.go::T.Area", ref
    assert call(found, "shape.go::Box.Get", "b.item.Area")[0] != "shape.go::T.Area"
