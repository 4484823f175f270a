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
            """,
            "cmd_test.go": "package cobra\nfunc T() { var root = &Command{}; root.Name() }\n",
        },
    )
    name = "cmd.go::Command.Name"
    for ref in ("cmd.Name", "f.Name", "x.Name"):
        assert call(found, "cmd.go::Command.Find", ref)[0] == name, ref
    assert call(found, "cmd.go::Command.Find", "i.Name") == ("?:Name", "ghost")  # an index
    assert call(found, "cmd_test.go::T", "root.Name")[0] == name
