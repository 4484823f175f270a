"""C# extraction and name candidates (the fixture snapshots cover a whole repo)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.import_requests import build_record
from coderooms.ingest.languages import extract
from coderooms.languages.csharp.branches import nth_branches
from coderooms.languages.csharp.extract import first_branches
from coderooms.languages.csharp.namespaces import csharp_candidates, csharp_usings
from coderooms.resolution.extraction import Extraction, ImportRef, InheritRef
from coderooms.resolution.ref_requests import decode_alternative
from coderooms.resolution.targets import Target


def run(source: str, path: str = "src/A.cs") -> Extraction:
    return extract("csharp", path, dedent(source).lstrip("\n").encode())


def test_definitions_namespaces_members_and_docs() -> None:
    ex = run(
        """
        using System;
        namespace A.B {
          /// <summary>
          /// Holds <c>T</c>.
          /// </summary>
          [Serializable]
          public partial class C<T> : Base<T>, IFoo where T : class {
            public C(int x) : base(x) { M(); }
            public int P { get; set; }
            public int Q => 1;
            public void M() { int Local(int a) => a; Local(1); }
            public void M(int overload) { }
            ~C() { }
            public static C<T> operator +(C<T> a, C<T> b) => a;
            public static implicit operator int(C<T> c) => 0;
            struct S { }
            record R(int X);
            interface I { void Z(); }
            enum E { One }
            delegate void D();
            int field = Make();
          }
        }
        namespace F;
        record struct RS(int A);
        """
    )
    syms = {s.qualname: (s.kind, s.parent, s.start_line, s.signature) for s in ex.symbols}
    assert syms == {
        "": (SymbolKind.MODULE, None, 1, ""),
        "A.B.C": (
            SymbolKind.CLASS, "", 6, "public partial class C<T> : Base<T>, IFoo where T : class"
        ),
        "A.B.C.C": (SymbolKind.METHOD, "A.B.C", 8, "public C(int x) : base(x)"),
        "A.B.C.P": (SymbolKind.METHOD, "A.B.C", 9, "public int P"),
        "A.B.C.Q": (SymbolKind.METHOD, "A.B.C", 10, "public int Q"),
        "A.B.C.M": (SymbolKind.METHOD, "A.B.C", 11, "public void M()"),
        "A.B.C.M.Local": (SymbolKind.FUNCTION, "A.B.C.M", 11, "int Local(int a)"),
        "A.B.C.~C": (SymbolKind.METHOD, "A.B.C", 13, "~C()"),
        "A.B.C.operator+": (
            SymbolKind.METHOD, "A.B.C", 14, "public static C<T> operator +(C<T> a, C<T> b)"
        ),
        "A.B.C.operatorint": (
            SymbolKind.METHOD, "A.B.C", 15, "public static implicit operator int(C<T> c)"
        ),
        "A.B.C.S": (SymbolKind.CLASS, "A.B.C", 16, "struct S"),
        "A.B.C.R": (SymbolKind.CLASS, "A.B.C", 17, "record R(int X)"),
        "A.B.C.I": (SymbolKind.INTERFACE, "A.B.C", 18, "interface I"),
        "A.B.C.I.Z": (SymbolKind.METHOD, "A.B.C.I", 18, "void Z()"),
        "A.B.C.E": (SymbolKind.CLASS, "A.B.C", 19, "enum E"),
        "A.B.C.D": (SymbolKind.CLASS, "A.B.C", 20, "delegate void D()"),
        "F.RS": (SymbolKind.CLASS, "", 25, "record struct RS(int A)"),
    }  # fmt: skip
    assert next(s.doc for s in ex.symbols if s.qualname == "A.B.C") == "Holds T."
    assert ex.inherits == [InheritRef("A.B.C", "Base", 7), InheritRef("A.B.C", "IFoo", 7)]
    assert [(c.caller, c.callee) for c in ex.calls] == [
        ("A.B.C.C", "M"),
        ("A.B.C.M", "Local"),
        ("A.B.C", "Make"),  # a field initialiser belongs to the class
    ]
    assert ex.problems == []


def test_imports_and_call_names() -> None:
    ex = run(
        """
        using System;
        global using X.Y;
        using static System.Math;
        using Col = System.Collections.Generic;
        class K {
          void M() {
            this.N(); obj.Run<int>(1); new Foo.Bar<int>(); Col.List.Make(); base.M();
            a?.b(); Foo().Bar(); M<int>(); K k = new();
          }
        }
        """
    )
    assert ex.imports == [
        ImportRef("System", (), None, 1),
        ImportRef("X.Y", (), None, 2),
        ImportRef("System.Math", ("*",), None, 3),
        ImportRef("System.Collections.Generic", (), "Col", 4),
    ]
    assert [c.callee for c in ex.calls] == [
        "this.N", "obj.Run", "Foo.Bar", "Col.List.Make", "base.M", "a.b", "Foo", "Foo().Bar",
        "M",
    ]  # fmt: skip


def candidates(source: str, ref: str, path: str = "src/App/Program.cs") -> list[tuple[str, ...]]:
    ex = run(source, path)
    kinds = {s.qualname: s.kind for s in ex.symbols}
    usings = csharp_usings(ex.imports, ex.symbols, ex.inherits)
    caller = next(c.caller for c in ex.calls)
    return [
        (qual, *(t.encode() for t in targets))
        for targets, qual in csharp_candidates(path, caller, ref.split("."), kinds, usings)
    ]


PROGRAM = """
    using Geo.Shapes;
    using static Geo.Util.MathUtil;
    using Shp = Geo.Shapes;
    namespace Geo.App {
      partial class Program { void Main() { Go(); } }
    }
"""


def test_candidates_follow_csharp_lookup_order() -> None:
    own = "@src/App"
    assert candidates(PROGRAM, "Go") == [
        ("Geo.App.Program.Go", "~Program.cs", own),  # another part of the partial class
        ("Geo.App.Go", "~Go.cs", own),  # the enclosing namespaces, innermost first
        ("Geo.Go", "~Go.cs", own),
        ("Go", "~Go.cs", own),
        ("Geo.Shapes.Go", "~Go.cs", own),  # `using Geo.Shapes;`
        ("Geo.Util.MathUtil.Go", "~MathUtil.cs", "~Go.cs", own),  # `using static`
    ]
    assert candidates(PROGRAM, "Shp.Circle") == [
        ("Geo.Shapes.Circle", "~Shapes.cs", "~Circle.cs", own)
    ]
    assert candidates(PROGRAM, "this.Run") == [("Geo.App.Program.Run", "~Program.cs", own)]


def test_references_are_bound_and_never_guessed() -> None:
    source = dedent(PROGRAM).replace("Go();", "Go(); obj.Run(); _f.Run(); Make().Use();")
    ex = extract("csharp", "src/App/Program.cs", source.encode())
    record = build_record("src/App/Program.cs", "csharp", ex)
    refs = {r.ref: r for r in record.references}
    assert all(r.bound for r in refs.values())
    for value in ("obj.Run", "_f.Run", "Make().Use"):
        assert refs[value].alternatives == ()
    first = decode_alternative(refs["Go"].alternatives[0])
    assert first.qual == "Geo.App.Program.Go"
    assert first.targets == (Target("~", "Program.cs"), Target("@", "src/App"))


def test_inherited_members_are_looked_up_one_level() -> None:
    source = """
        using Geo.Core;
        namespace Geo.App {
          class Program : AppBase, IRunner { void Main() { Go(); } }
        }
    """
    own = "@src/App"
    assert candidates(source, "Go") == [
        ("Geo.App.AppBase.Go", "~AppBase.cs", own),  # each base, looked up as a type
        ("Geo.AppBase.Go", "~AppBase.cs", own),
        ("AppBase.Go", "~AppBase.cs", own),
        ("Geo.Core.AppBase.Go", "~AppBase.cs", own),
        ("Geo.App.IRunner.Go", "~IRunner.cs", own),
        ("Geo.IRunner.Go", "~IRunner.cs", own),
        ("IRunner.Go", "~IRunner.cs", own),
        ("Geo.Core.IRunner.Go", "~IRunner.cs", own),
        ("Geo.App.Go", "~Go.cs", own),  # then a type `Go` (`new Go()`)
        ("Geo.Go", "~Go.cs", own),
        ("Go", "~Go.cs", own),
        ("Geo.Core.Go", "~Go.cs", own),
    ]
    # `base.Go()`: the first base only
    assert [q for q, *_ in candidates(source, "base.Go")] == [
        "Geo.App.AppBase.Go", "Geo.AppBase.Go", "AppBase.Go", "Geo.Core.AppBase.Go",
    ]  # fmt: skip


def test_first_branches_keep_lines_and_offsets() -> None:
    source = dedent(
        """
        class K {
        #if NET
            public int M(ReadOnlySpan<int> x)
        #else
            public int M(int[] x)
        #endif
            { return Go(x); }
        #pragma warning disable 1
            void N() { }
        }
        """
    ).lstrip("\n")
    blanked = first_branches(source.encode())
    assert len(blanked) == len(source.encode())
    assert blanked.count(b"\n") == source.count("\n")
    assert b"int[]" not in blanked
    assert b"#" not in blanked
    ex = run(source)
    assert [(s.qualname, s.start_line) for s in ex.symbols] == [
        ("", 1), ("K", 1), ("K.M", 3), ("K.N", 9),
    ]  # fmt: skip
    assert ex.problems == []
    assert first_branches(b"class A { }") == b"class A { }"


def test_elif_and_else_branches_are_read_too() -> None:
    """A definition in an `#elif`/`#else` branch is a definition (Newtonsoft's
    `DateTimeUtils.ToDateTimeFormat` in an `#else`), with its calls and the `using`s only that
    branch has; a name defined in several branches is one symbol, the first branch's."""
    source = dedent(
        """
        #if NET
        using Fast;
        #else
        using Slow;
        #endif
        class K {
        #if NET
            public int M(ReadOnlySpan<int> x) { return One(x); }
        #elif OLD
            public int M(int[] x) { return Two(x); }
            void Old() { Three(); }
        #else
            void Other() { Four(); }
        #endif
            void N() { Five(); }
        }
        """
    ).lstrip("\n")
    assert nth_branches(source.encode(), 2).count(b"Four") == 1
    assert b"Two" not in nth_branches(source.encode(), 2)
    ex = run(source)
    assert [(s.qualname, s.start_line) for s in ex.symbols] == [
        ("", 1), ("K", 6), ("K.M", 8), ("K.Old", 11), ("K.Other", 13), ("K.N", 15),
    ]  # fmt: skip
    assert [(c.caller, c.callee) for c in ex.calls] == [
        ("K.M", "One"), ("K.Old", "Three"), ("K.Other", "Four"), ("K.N", "Five"),
    ]  # fmt: skip
    assert [i.module for i in ex.imports] == ["Fast", "Slow"]
    assert ex.problems == []


def test_branches_no_configuration_compiles_are_not_read() -> None:
    """`#if false` is commented-out code (Newtonsoft's `JsonConvertTest.cs:1179`, `#if false
    [Test] public void StackOverflowTest()`): no reading keeps it, nor what follows a `#if
    true`; its `#else` is the first reading."""
    source = dedent(
        """
        class K {
        #if false
            void Dead() { }
        #endif
        #if false // off
            void Gone() { }
        #elif NET
            void Net() { }
        #else
            void Old() { }
        #endif
        #if true
            void On() { }
        #else
            void Never() { }
        #endif
        }
        """
    ).lstrip("\n")
    assert b"Net" in first_branches(source.encode())
    assert b"Dead" not in first_branches(source.encode())
    ex = run(source)
    assert [(s.qualname, s.start_line) for s in ex.symbols] == [
        ("", 1), ("K", 1), ("K.Net", 8), ("K.Old", 10), ("K.On", 13),
    ]  # fmt: skip
    assert ex.problems == []


def test_declared_types_name_the_receiver() -> None:
    source = """
        namespace Geo.App {
          class K {
            private readonly Foo _f;
            Bar P { get; }
            void M(Baz b, int i, Qux? q, List<Zed> zs) {
              var x = new Foo.Inner();
              Foo y = Make(), z = null;
              foreach (Zed e in zs) { }
              b.Run(); _f.Run(); this._f.Stop(); x.Go(); unknown.Run();
            }
          }
        }
    """
    ex = run(source, "src/App/K.cs")
    facts = {(f.scope, f.name, f.kind.value, f.annotation) for f in ex.facts}
    assert facts == {
        ("Geo.App.K", "_f", "assign", "Foo"),
        ("Geo.App.K.P", "P", "assign", "Bar"),
        ("Geo.App.K.M", "b", "param", "Baz"),
        ("Geo.App.K.M", "q", "param", "Qux"),
        ("Geo.App.K.M", "zs", "param", "List"),
        ("Geo.App.K.M", "x", "assign", "Foo.Inner"),
        ("Geo.App.K.M", "y", "assign", "Foo"),
        ("Geo.App.K.M", "z", "assign", "Foo"),
        ("Geo.App.K.M", "e", "param", "Zed"),
    }
    refs = {r.ref: r for r in build_record("src/App/K.cs", "csharp", ex).references}
    firsts = {
        ref: decode_alternative(r.alternatives[0]).qual for ref, r in refs.items() if r.alternatives
    }
    assert firsts == {
        "b.Run": "Geo.App.Baz.Run",
        "_f.Run": "Geo.App.Foo.Run",  # a field, by its bare name
        "this._f.Stop": "Geo.App.Foo.Stop",
        "x.Go": "Geo.App.Foo.Inner.Go",
        "Make": "Geo.App.Make",
        "Foo.Inner": "Geo.App.Foo.Inner",
    }
    assert refs["unknown.Run"].alternatives == ()


def test_events_with_accessors_are_members_and_field_like_events_are_not() -> None:
    # Newtonsoft.Json JContainer: `public event AddingNewEventHandler AddingNew { add ... }`
    ex = extract(
        "csharp",
        "C.cs",
        dedent(
            """
            class C {
                public event EventHandler Changed { add { Subscribe(value); } remove { } }
                public event EventHandler Plain;
            }
            """
        ).encode(),
    )
    syms = {s.qualname: (s.kind, s.start_line, s.signature) for s in ex.symbols if s.qualname}
    assert syms == {
        "C": (SymbolKind.CLASS, 2, "class C"),
        "C.Changed": (SymbolKind.METHOD, 3, "public event EventHandler Changed"),
    }
    assert [(call.caller, call.callee) for call in ex.calls] == [("C.Changed", "Subscribe")]
