"""Swift extraction conventions (the fixture snapshot covers a whole repo)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract
from coderooms.resolution.extraction import CallRef, Extraction, FactKind, ImportRef, InheritRef


def run(source: str, path: str = "Sources/Geo/A.swift") -> Extraction:
    return extract("swift", path, dedent(source).lstrip().encode())


def test_types_members_extensions_and_heritage() -> None:
    ex = run(
        """
        import Foundation
        @testable import ArgumentParser

        /// A shape.
        protocol Shape: CustomStringConvertible {
            func area() -> Double
            var name: String { get }
        }

        open class Base<T>: NSObject, Shape where T: Equatable {
            let x: Int
            init(x: Int) { self.x = x; super.init() }
            convenience init() { self.init(x: 0) }
            deinit { cleanup() }
            public func area() -> Double { helper(x) }
            static func make() -> Base { Base(x: 1) }
            subscript(i: Int) -> Int { i }
            class Inner {}
            var computed: Int { compute() }
        }

        struct Point: Equatable { var x: Int; mutating func move() { x += 1 } }
        enum Color: String { case red, green; func f() -> Int { 1 } }
        extension Point: Shape {
            func area() -> Double { 0 }
        }
        extension Array where Element == Int { func total() -> Int { reduce(0, +) } }
        extension [String] { func joined() -> String { "" } }
        func helper(_ n: Int) -> Double { return Double(n) }
        let top = 3
        typealias Alias = Base<Int>
        actor Counter { func inc() {} }
        """
    )
    syms = {s.qualname: (s.kind, s.parent) for s in ex.symbols}
    assert syms == {
        "": (SymbolKind.MODULE, None),
        "Shape": (SymbolKind.INTERFACE, ""),
        "Shape.area": (SymbolKind.METHOD, "Shape"),
        "Base": (SymbolKind.CLASS, ""),
        "Base.init": (SymbolKind.METHOD, "Base"),
        "Base.area": (SymbolKind.METHOD, "Base"),
        "Base.make": (SymbolKind.METHOD, "Base"),
        "Base.Inner": (SymbolKind.CLASS, "Base"),
        "Point": (SymbolKind.CLASS, ""),
        "Point.move": (SymbolKind.METHOD, "Point"),
        "Color": (SymbolKind.CLASS, ""),
        "Color.f": (SymbolKind.METHOD, "Color"),
        "Point.area": (SymbolKind.METHOD, "Point"),  # the extension's member is Point's
        "Array.total": (SymbolKind.METHOD, ""),  # Array is not this file's
        "Array.joined": (SymbolKind.METHOD, ""),
        "helper": (SymbolKind.FUNCTION, ""),
        "top": (SymbolKind.VARIABLE, ""),
        "Counter": (SymbolKind.CLASS, ""),
        "Counter.inc": (SymbolKind.METHOD, "Counter"),
    }
    by_name = {s.qualname: s for s in ex.symbols}
    assert ex.symbols[0].signature == ""
    assert by_name["Shape"].doc == "A shape."
    assert by_name["Base"].signature == "open class Base<T>: NSObject, Shape where T: Equatable"
    assert (by_name["Base"].start_line, by_name["Base"].end_line) == (10, 20)
    assert by_name["top"].signature == "let top"
    assert ex.imports == [
        ImportRef("Foundation", (), None, 1),
        ImportRef("ArgumentParser", (), None, 2),
    ]
    assert ex.inherits == [
        InheritRef("Shape", "CustomStringConvertible", 5),
        InheritRef("Base", "NSObject", 10),
        InheritRef("Base", "Shape", 10),
        InheritRef("Point", "Equatable", 22),
        InheritRef("Color", "String", 23),
        InheritRef("Point", "Shape", 24),
    ]
    assert ex.calls == [
        CallRef("Base.init", "super.init", 12),
        CallRef("Base.init", "self.init", 13),
        CallRef("Base", "cleanup", 14),
        CallRef("Base.area", "helper", 15),
        CallRef("Base.make", "Base", 16),
        CallRef("Base", "compute", 19),
        CallRef("Array.total", "reduce", 27),
        CallRef("helper", "Double", 29),
    ]
    assert ex.problems == []


def test_callee_names_and_declared_types() -> None:
    ex = run(
        """
        func calls(p: Point?, xs: [Item]) -> Result? {
            p?.move()
            a.b.c()
            foo().bar()
            self.x()
            super.y()
            Point(x: 1).area()
            (p!).z()
            items.map { $0.area() }.filter { true }
            let typed: Widget = make()
            let built = Circle(radius: 1)
            let plain = make()
            return nil
        }
        """
    )
    assert [c.callee for c in ex.calls] == [
        "p.move", "a.b.c", "foo", "foo().bar", "self.x", "super.y", "Point", "Point().area",
        "?.z", "items.map", "items.map().filter", "$0.area", "make", "Circle", "make",
    ]  # fmt: skip
    facts = {(f.kind, f.scope, f.name, f.annotation) for f in ex.facts}
    assert facts == {
        (FactKind.PARAM, "calls", "p", "Point"),
        (FactKind.RETURNS, "calls", "calls", "Result"),
        (FactKind.ASSIGN, "calls", "typed", "Widget"),
        (FactKind.ASSIGN, "calls", "built", "Circle"),
    }
