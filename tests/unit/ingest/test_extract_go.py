"""Go extraction conventions (the fixture snapshot covers a whole repo)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract
from coderooms.resolution.extraction import CallRef, Extraction, ImportRef, InheritRef


def run(source: str, path: str = "pkg/file.go") -> Extraction:
    return extract("go", path, dedent(source).encode())


def test_methods_and_receivers() -> None:
    ex = run(
        """
        package shapes

        type Local struct{ Embedded; *other.Ptr; named int }
        type Gen[T any] struct{}
        type Iface interface { other.Reader; Do() error; ~int | string }

        func (l *Local) M() { l.helper(); F() }
        func (g Gen[T]) N() {}
        func (f *Foreign) O() {}
        func F() { func() { inner() }() }
        """
    )
    syms = {s.qualname: (s.kind, s.parent) for s in ex.symbols}
    assert syms == {
        "": (SymbolKind.MODULE, None),
        "Local": (SymbolKind.CLASS, ""),
        "Gen": (SymbolKind.CLASS, ""),
        "Iface": (SymbolKind.INTERFACE, ""),
        "Iface.Do": (SymbolKind.METHOD, "Iface"),
        "Local.M": (SymbolKind.METHOD, "Local"),
        "Gen.N": (SymbolKind.METHOD, "Gen"),
        "Foreign.O": (SymbolKind.METHOD, ""),
        "F": (SymbolKind.FUNCTION, ""),
    }
    assert ex.symbols[0].signature == "package shapes"
    assert ex.inherits == [
        InheritRef("Local", "Embedded", 4),
        InheritRef("Local", "other.Ptr", 4),
        InheritRef("Iface", "other.Reader", 6),
    ]
    assert ex.calls == [
        CallRef("Local.M", "l.helper", 8),
        CallRef("Local.M", "F", 8),
        CallRef("F", "inner", 11),
    ]


def test_calls_on_expression_results() -> None:
    ex = run(
        """
        package p
        func f() {
            a().B()
            x[0].M()
            (*p).M()
            a().b.C()
            pkg.T{}.M()
            pkg.F()
            []byte(s)
            (&T{}).M()
            x.(T).M()
            x.(*pkg.T).M()
        }
        """
    )
    assert ex.calls == [
        CallRef("f", "a", 4),
        CallRef("f", "a().B", 4),
        CallRef("f", "?.M", 5),
        CallRef("f", "p.M", 6),  # `*p` is the value `p` points at
        CallRef("f", "a", 7),
        CallRef("f", "a().b.C", 7),
        CallRef("f", "pkg.T.M", 8),  # a value of a written type: `M` of that type
        CallRef("f", "pkg.F", 9),
        CallRef("f", "T.M", 11),
        CallRef("f", "T.M", 12),
        CallRef("f", "pkg.T.M", 13),
    ]


def test_imports() -> None:
    ex = run(
        """
        package main
        import "fmt"
        import (
            alias "github.com/x/y"
            . "strings"
            _ "embed"
        )
        """
    )
    assert ex.imports == [
        ImportRef("fmt", (), None, 3),
        ImportRef("github.com/x/y", (), "alias", 5),
        ImportRef("strings", (), ".", 6),
        ImportRef("embed", (), "_", 7),
    ]


def test_top_level_variables() -> None:
    ex = run(
        """
        package p
        var A = 1
        var (
            B, C int
            _ = 2
        )
        const D = "d"
        func f() { var local = 1; _ = local }
        """
    )
    variables = [s.qualname for s in ex.symbols if s.kind is SymbolKind.VARIABLE]
    assert variables == ["A", "B", "C", "D"]
