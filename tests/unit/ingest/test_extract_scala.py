"""Scala extraction conventions (the fixture snapshot covers a whole repo)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract
from coderooms.resolution.extraction import CallRef, Extraction, FactKind, ImportRef, InheritRef


def run(source: str, path: str = "src/main/scala/com/x/A.scala") -> Extraction:
    return extract("scala", path, dedent(source).lstrip().encode())


def test_types_members_and_heritage() -> None:
    ex = run(
        """
        package com.example
        package shapes

        /** A shape. */
        trait Shape extends Serializable {
          def area: Double
          def describe(): String = s"area $area"
        }

        abstract class Base(val x: Int) extends Shape with Ordered[Base] {
          def this() = this(0)
          override def area: Double = helper(x)
          def compare(that: Base): Int = x - that.x
          class Inner
          val y: Int = compute()
        }

        case class Point(x: Int, y: Int) extends Base(x)
        object Point {
          def apply(): Point = new Point(0, 0)
          def origin = Point(0, 0)
        }
        case object Empty
        enum Tone { case Red, Green }
        def topLevel(n: Int): Int = {
          def local(): Int = 1
          local() + n
        }
        val top = 3
        type Alias = Base
        class G[T](x: T) {
          def +(o: G[T]): G[T] = this
          def m[U](u: U): U = g[U](u)
        }
        """
    )
    syms = {s.qualname: (s.kind, s.parent) for s in ex.symbols}
    assert syms == {
        "": (SymbolKind.MODULE, None),
        "Shape": (SymbolKind.INTERFACE, ""),
        "Shape.area": (SymbolKind.METHOD, "Shape"),
        "Shape.describe": (SymbolKind.METHOD, "Shape"),
        "Base": (SymbolKind.CLASS, ""),
        "Base.area": (SymbolKind.METHOD, "Base"),
        "Base.compare": (SymbolKind.METHOD, "Base"),
        "Base.Inner": (SymbolKind.CLASS, "Base"),
        "Point": (SymbolKind.CLASS, ""),
        "Point.apply": (SymbolKind.METHOD, "Point"),  # the companion object's, Point's
        "Point.origin": (SymbolKind.METHOD, "Point"),
        "Empty": (SymbolKind.CLASS, ""),
        "Tone": (SymbolKind.CLASS, ""),
        "topLevel": (SymbolKind.FUNCTION, ""),
        "topLevel.local": (SymbolKind.FUNCTION, "topLevel"),
        "top": (SymbolKind.VARIABLE, ""),
        "G": (SymbolKind.CLASS, ""),
        "G.+": (SymbolKind.METHOD, "G"),
        "G.m": (SymbolKind.METHOD, "G"),
    }
    by_name = {s.qualname: s for s in ex.symbols}
    assert ex.symbols[0].signature == "package com.example.shapes"
    assert by_name["Shape"].doc == "A shape."
    assert by_name["Base"].signature == (
        "abstract class Base(val x: Int) extends Shape with Ordered[Base]"
    )
    assert by_name["Point.origin"].signature == "def origin"
    assert ex.inherits == [
        InheritRef("Shape", "Serializable", 5),
        InheritRef("Base", "Shape", 10),
        InheritRef("Base", "Ordered", 10),
        InheritRef("Point", "Base", 18),
    ]
    assert ex.calls == [
        CallRef("Base", "this", 11),
        CallRef("Base.area", "helper", 12),
        CallRef("Base", "compute", 15),
        CallRef("Point.apply", "Point", 20),
        CallRef("Point.origin", "Point", 21),
        CallRef("topLevel", "local", 27),
        CallRef("G.m", "g", 33),
    ]
    assert ex.problems == []


def test_imports() -> None:
    ex = run(
        """
        import scala.math.{Pi, sqrt => root, abs => _}
        import scala.collection.mutable._
        import java.util.List
        import a.b.*
        import a.b.{given, C as D}
        import a.Obj.member
        """
    )
    assert ex.imports == [
        ImportRef("scala.math", ("Pi", "sqrt"), None, 1, aliases=(None, "root")),
        ImportRef("scala.collection.mutable", (), None, 2),
        ImportRef("java.util", ("List",), None, 3),
        ImportRef("a.b", (), None, 4),
        ImportRef("a.b", ("C",), None, 5, aliases=("D",)),
        ImportRef("a.Obj", ("member",), None, 6),
    ]


def test_callee_names_and_declared_types() -> None:
    ex = run(
        """
        object Calls {
          def run(p: Point, xs: List[Item]): Option[Res] = {
            p.area
            p.describe()
            a.b.c()
            foo().bar()
            this.x()
            super.y()
            new a.B(1).m()
            xs.map(_.f).filter(x => x.ok)
            val typed: Widget = make()
            val built = Circle(1)
            val made = new Dog(2)
            None
          }
        }
        """
    )
    assert [c.callee for c in ex.calls] == [
        "p.describe", "a.b.c", "foo", "foo().bar", "this.x", "super.y", "?.m", "a.B",
        "xs.map", "xs.map().filter", "make", "Circle", "Dog",
    ]  # fmt: skip
    facts = {(f.kind, f.scope, f.name, f.annotation) for f in ex.facts}
    assert facts == {
        (FactKind.PARAM, "Calls.run", "p", "Point"),
        (FactKind.PARAM, "Calls.run", "xs", "List"),
        (FactKind.RETURNS, "Calls.run", "run", "Option"),
        (FactKind.ASSIGN, "Calls.run", "typed", "Widget"),
        (FactKind.ASSIGN, "Calls.run", "built", "Circle"),
        (FactKind.ASSIGN, "Calls.run", "made", "Dog"),
    }


def test_backticked_names_keep_their_dots() -> None:
    ex = run(
        """
        object NotNull {
          implicit def `If you see this, add a type. Null is inferred.`: Int = 0
          class `a.b`
        }
        """
    )
    names = {(s.name, s.qualname) for s in ex.symbols}
    assert (
        "If you see this, add a type. Null is inferred.",
        "NotNull.If you see this, add a type. Null is inferred.",
    ) in names
    assert ("a.b", "NotNull.a.b") in names
