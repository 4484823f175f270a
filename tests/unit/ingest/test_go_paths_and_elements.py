"""Go values named by a path (issue 32, rules-32g): an embedded field is a field named by its
type (`p.Command.Find()` with `type Parser struct{ *Command }`), `x := y.f` is the value of
`y.f`, and the element of a slice or map the package declares (`for _, o := range g.options`,
`x := s.byName[k]`, `var xs []*T`) is of its element type, whichever file of the package
declares the field."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

_FILES = {
    "go.mod": "module example.com/flags\n",
    "group.go": """
        package flags
        type Option struct{ tag multiTag }
        func (o *Option) Show() bool { return true }
        type multiTag struct{}
        func (m *multiTag) Get() string { return "" }
        type Group struct {
            options []*Option
            byName  map[string]*Option
        }
        func (g *Group) Find() *Group { return g }
        type Command struct {
            *Group
            Active *Command
        }
        func (c *Command) Each(f func(g *Group)) {}
        type Parser struct{ *Command }
    """,
    "help.go": """
        package flags
        func (p *Parser) Help() {
            p.Command.Find()
            p.Command.Group.Find()
            p.Group.Find()
            cmd := p.Command
            cmd.Each(func(g *Group) {
                for _, opt := range g.options { opt.Show() }
                for _, o := range g.byName { o.tag.Get() }
                for i := range g.options { i.Show() }
            })
            var required []*Option
            for _, k := range required { k.Show() }
            first := cmd.byName["x"]
            first.Show()
            other, ok := cmd.byName["y"]
            other.Show()
            for _, s := range "abc" { s.Show() }
            _ = ok
        }
    """,
}


def test_embedded_fields_slices_and_paths_have_their_types(tmp_path: Path) -> None:
    found = plan(tmp_path, _FILES)
    help_ = "help.go::Parser.Help"
    for ref in ("p.Command.Find", "p.Command.Group.Find"):
        assert call(found, help_, ref)[0] == "group.go::Group.Find", ref
    for ref in ("opt.Show", "k.Show", "first.Show", "other.Show"):
        assert call(found, help_, ref)[0] == "group.go::Option.Show", ref
    assert call(found, help_, "o.tag.Get")[0] == "group.go::multiTag.Get"
    assert call(found, help_, "cmd.Each")[0] == "group.go::Command.Each"
    assert call(found, help_, "i.Show")[1] == "ghost"  # an index, not an element
    assert call(found, help_, "s.Show")[1] == "ghost"  # a rune of a string


def test_an_import_path_that_is_no_identifier_binds_its_assumed_name(tmp_path: Path) -> None:
    """`import "example.com/go-flags"` binds `flags` (`go-` dropped, as goimports assumes)."""
    found = plan(
        tmp_path,
        {
            "go.mod": "module example.com/go-flags\n",
            "parser.go": "package flags\nfunc NewParser() int { return 0 }\n",
            "examples/main.go": """
                package main
                import "example.com/go-flags"
                func main() { flags.NewParser() }
            """,
        },
    )
    assert call(found, "examples/main.go::main", "flags.NewParser")[0] == "parser.go::NewParser"


def test_a_c_style_for_variable_has_its_type(tmp_path: Path) -> None:
    """`for e := l.Front(); e != nil; e = e.Next()`: the initializer types `e` (issue 32)."""
    found = plan(
        tmp_path,
        {
            "go.mod": "module example.com/list\n",
            "list.go": """
                package list
                type Element struct{}
                func (e *Element) Next() *Element { return nil }
                type List struct{}
                func (l *List) Front() *Element { return nil }
                func Walk(l *List) {
                    for e := l.Front(); e != nil; e = e.Next() {
                        e.Next()
                    }
                }
            """,
        },
    )
    assert call(found, "list.go::Walk", "e.Next")[0] == "list.go::Element.Next"
