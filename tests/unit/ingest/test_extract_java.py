"""Java extraction conventions (the fixture snapshot covers a whole repo)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract
from coderooms.resolution.extraction import CallRef, Extraction, ImportRef, InheritRef


def run(source: str, path: str = "src/com/x/A.java") -> Extraction:
    return extract("java", path, dedent(source).encode())


def test_types_members_and_heritage() -> None:
    ex = run(
        """
        package com.x;
        public class A<T> extends B<T> implements I, p.J<T> {
            A() { super(); }
            A(int x) { this(); }
            void m() { new Runnable() { public void run() { hidden(); } }; }
            void m(int overload) {}
            class Inner { void im() {} }
            interface K extends L { void k(); }
            enum E implements I { X { void body() {} }; void e() {} }
            record R(int v) {}
            @interface Ann { String value(); }
        }
        """
    )
    syms = {s.qualname: (s.kind, s.parent) for s in ex.symbols}
    assert syms == {
        "": (SymbolKind.MODULE, None),
        "A": (SymbolKind.CLASS, ""),
        "A.A": (SymbolKind.METHOD, "A"),
        "A.m": (SymbolKind.METHOD, "A"),
        "A.Inner": (SymbolKind.CLASS, "A"),
        "A.Inner.im": (SymbolKind.METHOD, "A.Inner"),
        "A.K": (SymbolKind.INTERFACE, "A"),
        "A.K.k": (SymbolKind.METHOD, "A.K"),
        "A.E": (SymbolKind.CLASS, "A"),
        "A.E.e": (SymbolKind.METHOD, "A.E"),
        "A.R": (SymbolKind.CLASS, "A"),
        "A.Ann": (SymbolKind.INTERFACE, "A"),
        "A.Ann.value": (SymbolKind.METHOD, "A.Ann"),
    }
    assert ex.symbols[0].signature == "package com.x"
    assert ex.inherits == [
        InheritRef("A", "B", 3),
        InheritRef("A", "I", 3),
        InheritRef("A", "p.J", 3),
        InheritRef("A.K", "L", 9),
        InheritRef("A.E", "I", 10),
    ]
    assert ex.calls == [
        CallRef("A.A", "super", 4),
        CallRef("A.A", "this", 5),
        CallRef("A.m", "Runnable", 6),
        CallRef("A.m", "hidden", 6),
    ]


def test_imports() -> None:
    ex = run(
        """
        import java.util.List;
        import java.util.*;
        import static java.lang.Math.max;
        import static java.lang.Math.*;
        import Top;
        """
    )
    assert ex.imports == [
        ImportRef("java.util", ("List",), None, 2),
        ImportRef("java.util", (), None, 3),
        ImportRef("java.lang.Math", ("max",), None, 4),
        ImportRef("java.lang.Math", (), None, 5),
        ImportRef("", ("Top",), None, 6),
    ]


def test_calls() -> None:
    ex = run(
        """
        class C {
            int f = init();
            static { boot(); }
            void m() {
                foo();
                obj.bar();
                this.x.baz();
                a().b();
                Util.<String>gen();
                new java.util.ArrayList<String>();
                list.forEach(v -> use(v));
            }
        }
        """
    )
    assert ex.calls == [
        CallRef("C", "init", 3),
        CallRef("C", "boot", 4),
        CallRef("C.m", "foo", 6),
        CallRef("C.m", "obj.bar", 7),
        CallRef("C.m", "this.x.baz", 8),
        CallRef("C.m", "a", 9),
        CallRef("C.m", "a().b", 9),
        CallRef("C.m", "Util.gen", 10),
        CallRef("C.m", "java.util.ArrayList", 11),
        CallRef("C.m", "list.forEach", 12),
        CallRef("C.m", "use", 12),
    ]
