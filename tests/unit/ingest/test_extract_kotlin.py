"""Kotlin extraction conventions (the fixture snapshot covers a whole repo)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract
from coderooms.resolution.extraction import CallRef, Extraction, FactKind, ImportRef, InheritRef


def run(source: str, path: str = "src/main/kotlin/com/x/A.kt") -> Extraction:
    return extract("kotlin", path, dedent(source).encode())


def test_types_members_and_heritage() -> None:
    ex = run(
        """
        package com.x

        /** A shape. */
        interface Shape {
            fun area(): Double
        }
        open class A(val x: Int) : B(x), Shape, p.J<Int> {
            constructor(s: String) : this(s.length)
            override fun area(): Double = helper(x)
            fun area(scale: Int): Double = 0.0
            companion object {
                fun make(): A = A(1)
            }
            inner class Inner {
                fun im() {}
            }
            init { setup() }
        }
        data class P(val x: Int)
        enum class E {
            X, Y;
            fun e() = 1
        }
        object Registry : Shape by impl {
            fun register() {
                val r = object : Runnable {
                    override fun run() { hidden() }
                }
            }
        }
        fun String.shout(): String = uppercase()
        fun helper(n: Int): Double {
            fun local() = 1
            return local().toDouble()
        }
        val `top level`: Int = 3
        typealias Alias = A
        """
    )
    syms = {s.qualname: (s.kind, s.parent) for s in ex.symbols}
    assert syms == {
        "": (SymbolKind.MODULE, None),
        "Shape": (SymbolKind.INTERFACE, ""),
        "Shape.area": (SymbolKind.METHOD, "Shape"),
        "A": (SymbolKind.CLASS, ""),
        "A.area": (SymbolKind.METHOD, "A"),
        "A.make": (SymbolKind.METHOD, "A"),
        "A.Inner": (SymbolKind.CLASS, "A"),
        "A.Inner.im": (SymbolKind.METHOD, "A.Inner"),
        "P": (SymbolKind.CLASS, ""),
        "E": (SymbolKind.CLASS, ""),
        "E.e": (SymbolKind.METHOD, "E"),
        "Registry": (SymbolKind.CLASS, ""),
        "Registry.register": (SymbolKind.METHOD, "Registry"),
        "Registry.register.r.run": (SymbolKind.METHOD, "Registry.register"),
        "shout": (SymbolKind.FUNCTION, ""),
        "helper": (SymbolKind.FUNCTION, ""),
        "helper.local": (SymbolKind.FUNCTION, "helper"),
        "top level": (SymbolKind.VARIABLE, ""),
    }
    by_name = {s.qualname: s for s in ex.symbols}
    assert ex.symbols[0].signature == "package com.x"
    assert by_name["Shape"].doc == "A shape."
    assert by_name["A"].signature == "open class A(val x: Int) : B(x), Shape, p.J<Int>"
    assert by_name["A"].start_line == 8
    assert by_name["A"].end_line == 19
    assert by_name["shout"].signature == "fun String.shout(): String"
    assert by_name["top level"].signature == "val `top level`: Int"
    assert ex.inherits == [
        InheritRef("A", "B", 8),
        InheritRef("A", "Shape", 8),
        InheritRef("A", "p.J", 8),
        InheritRef("Registry", "Shape", 25),
    ]
    assert ex.calls == [
        CallRef("A.area", "helper", 10),
        CallRef("A.make", "A", 13),
        CallRef("A", "setup", 18),
        CallRef("Registry.register.r.run", "hidden", 28),
        CallRef("shout", "uppercase", 32),
        CallRef("helper", "local", 35),
        CallRef("helper", "local().toDouble", 35),
    ]
    assert ex.problems == []


def test_imports_and_package() -> None:
    ex = run(
        """
        package com.example.app

        import com.example.shapes.Circle
        import com.example.shapes.Shape as Figure
        import com.example.util.*
        import com.example.shapes.total
        """
    )
    assert ex.symbols[0].signature == "package com.example.app"
    assert ex.imports == [
        ImportRef("com.example.shapes", ("Circle",), None, 4),
        ImportRef("com.example.shapes", ("Shape",), None, 5, aliases=("Figure",)),
        ImportRef("com.example.util", (), None, 6),
        ImportRef("com.example.shapes", ("total",), None, 7),
    ]


def test_callee_names() -> None:
    ex = run(
        """
        fun f(a: A?, xs: List<B>) {
            g()
            a.b.c()
            a?.m()
            a!!.n()
            this.o()
            super.p()
            xs.map { it.q() }.filter()
            (a).r()
            Foo.Bar()
            make<Int>()
        }
        """
    )
    assert [c.callee for c in ex.calls] == [
        "g", "a.b.c", "a.m", "?.n", "this.o", "super.p", "xs.map", "xs.map().filter", "it.q",
        "?.r", "Foo.Bar", "make",
    ]  # fmt: skip


def test_declared_types() -> None:
    ex = run(
        """
        class C(val dep: Dep, plain: Int) {
            val cache: Map<String, Item>? = null
            fun m(x: Foo?, n: Int): Bar? = null
            fun built() {
                val a = Widget(1)
                val b = ui.Panel()
                val c = make()
            }
        }
        """
    )
    facts = {(f.kind, f.scope, f.name, f.annotation) for f in ex.facts}
    assert facts == {
        (FactKind.ASSIGN, "C", "dep", "Dep"),
        (FactKind.ASSIGN, "C", "plain", "Int"),
        (FactKind.ASSIGN, "C", "cache", "Map"),
        (FactKind.PARAM, "C.m", "x", "Foo"),
        (FactKind.PARAM, "C.m", "n", "Int"),
        (FactKind.RETURNS, "C.m", "m", "Bar"),
        (FactKind.ASSIGN, "C.built", "a", "Widget"),  # a call of a capitalised name
        (FactKind.ASSIGN, "C.built", "b", "ui.Panel"),
    }


def test_members_of_object_expressions_are_named_under_what_holds_them() -> None:
    ex = run(
        """
        class Foo {
            private val cb = object : Callback {
                override fun close() { flush() }
            }
            fun close() {}
            fun make(): Runnable = object : Runnable {
                override fun run() {}
            }
        }
        """
    )
    syms = {s.qualname: (s.kind, s.parent, s.start_line) for s in ex.symbols if s.qualname}
    assert syms == {
        "Foo": (SymbolKind.CLASS, "", 2),
        "Foo.cb.close": (SymbolKind.METHOD, "Foo", 4),  # never the class's own `close`
        "Foo.close": (SymbolKind.METHOD, "Foo", 6),
        "Foo.make": (SymbolKind.METHOD, "Foo", 7),
        "Foo.make.run": (SymbolKind.METHOD, "Foo.make", 8),
    }
    assert ex.calls == [CallRef("Foo.cb.close", "flush", 4)]
    assert ex.inherits == []  # an object expression is no symbol to hang `Callback` on


def test_one_line_bodies_holding_a_function_are_read_again() -> None:
    # tree-sitter-kotlin 1.1 reads `{ fun f() {} }` as an error swallowing the rest of the file
    ex = run(
        """
        class Foo {
            private val cb = object : Callback { override fun close() {} }
            fun open() {}
        }
        fun interface F { fun f(): Int }
        class Last
        """
    )
    syms = {s.qualname: (s.kind, s.start_line) for s in ex.symbols if s.qualname}
    assert syms == {
        "Foo": (SymbolKind.CLASS, 2),
        "Foo.cb.close": (SymbolKind.METHOD, 3),
        "Foo.open": (SymbolKind.METHOD, 4),
        "F": (SymbolKind.INTERFACE, 6),
        "F.f": (SymbolKind.METHOD, 6),
        "Last": (SymbolKind.CLASS, 7),
    }


def test_declarations_the_grammar_loses_are_read_with_their_lines() -> None:
    # okio: `@OptIn(..)` above `actual class CRC32 {`, `@Target(..)` above `annotation class`,
    # `actual open class ByteString` above `internal actual constructor(`
    ex = run(
        """
        @Deprecated(
          message = "obsolete",
        )
        @Target(CLASS)
        annotation class Experimental

        @OptIn(UnsafeNumber::class)
        actual class CRC32 {
          actual fun reset() {}
        }

        @Suppress("X")
        internal fun kept() {}

        actual open class ByteString
        internal actual constructor(
          internal actual val data: ByteArray,
        ) : Comparable<ByteString> {
          actual fun size(): Int = data.size
        }
        """
    )
    syms = {s.qualname: (s.kind, s.start_line, s.signature) for s in ex.symbols if s.qualname}
    assert syms == {
        "Experimental": (SymbolKind.CLASS, 6, "annotation class Experimental"),
        "CRC32": (SymbolKind.CLASS, 9, "actual class CRC32"),
        "CRC32.reset": (SymbolKind.METHOD, 10, "actual fun reset()"),
        "kept": (SymbolKind.FUNCTION, 13, '@Suppress("X") internal fun kept()'),
        "ByteString": (
            SymbolKind.CLASS,
            16,
            "actual open class ByteString internal actual constructor( internal actual val data:"
            " ByteArray, ) : Comparable<ByteString>",
        ),
        "ByteString.size": (SymbolKind.METHOD, 20, "actual fun size(): Int"),
    }
