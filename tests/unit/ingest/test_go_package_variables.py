"""Go package-level variables read by another file of the package (issue 32, rules-32p): `var
x = T{..}`, `var x T`, `var x = &T{..}` and `var x = NewT()` (a function of the same file whose
return type it declares) publish `x`'s type in the module table (`r` entries), and `x.m()` in
another file of the package (or `pkg.x.m()` in a file importing it) links to `T.m`; a variable
of no known type stays a ghost."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

_FILES = {
    "go.mod": "module example.com/dec\n",
    "decimal.go": """
        package dec
        type Decimal struct{ v int }
        func New(v int) Decimal { return Decimal{} }
        func (d Decimal) Mul(o Decimal) Decimal { return d }
        func (d Decimal) Cmp(o Decimal) int { return 0 }
        type Router struct{}
        func (r *Router) Add(p string) {}
        var Zero = New(0)
        var ln10 = Decimal{v: 10}
        var one Decimal
        var router = &Router{}
        var loose = compute()
        func compute() int { return 0 }
    """,
    "cmd/main.go": """
        package main
        import "example.com/dec"
        func main() {
            dec.Zero.Cmp(dec.Zero)
            dec.Decimal.Mul(dec.Zero, dec.Zero)
        }
    """,
    "use.go": """
        package dec
        func Use() {
            Zero.Cmp(ln10)
            ln10.Mul(one).Cmp(Zero)
            one.Mul(Zero)
            router.Add("/")
            loose.Add("/")
            Decimal.Cmp(Zero, one)
        }
    """,
}


def test_a_package_variable_of_another_file_has_its_type(tmp_path: Path) -> None:
    found = plan(tmp_path, _FILES)
    use = "use.go::Use"
    assert call(found, use, "Zero.Cmp")[0] == "decimal.go::Decimal.Cmp"
    assert call(found, use, "ln10.Mul")[0] == "decimal.go::Decimal.Mul"
    assert call(found, use, "one.Mul")[0] == "decimal.go::Decimal.Mul"
    assert call(found, use, "router.Add")[0] == "decimal.go::Router.Add"
    assert not call(found, use, "loose.Add")[0].startswith("decimal.go::")
    assert call(found, use, "Decimal.Cmp")[0] == "decimal.go::Decimal.Cmp"  # a method expression


def test_a_variable_of_an_imported_package_has_its_type(tmp_path: Path) -> None:
    found = plan(tmp_path, _FILES)
    main = "cmd/main.go::main"
    assert call(found, main, "dec.Zero.Cmp")[0] == "decimal.go::Decimal.Cmp"
    assert call(found, main, "dec.Decimal.Mul")[0] == "decimal.go::Decimal.Mul"
