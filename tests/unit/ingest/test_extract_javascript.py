"""JavaScript extraction conventions (the fixture snapshot covers a whole repo)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract
from coderooms.resolution.extraction import CallRef, Extraction, ImportRef, InheritRef


def run(source: str, path: str = "src/mod.js") -> Extraction:
    return extract("javascript", path, dedent(source).encode())


def kinds(ex: Extraction) -> dict[str, SymbolKind]:
    return {s.qualname: s.kind for s in ex.symbols}


def test_definitions() -> None:
    ex = run(
        """
        function top() {
          function nested() {}
          const arrow = () => {};
        }
        function* gen() {}
        class A extends B {
          static s = 1;
          handler = () => this.go();
          constructor() { super(); }
          get v() { return 1; }
          set v(x) {}
          #priv() {}
          [computed]() {}
          "quoted"() {}
        }
        const C = class { m() {} };
        use(class { hidden() {} });
        const obj = { method() {} };
        const fe = function () {};
        export default function () {}
        """
    )
    assert kinds(ex) == {
        "": SymbolKind.MODULE,
        "top": SymbolKind.FUNCTION,
        "top.nested": SymbolKind.FUNCTION,
        "top.arrow": SymbolKind.FUNCTION,
        "gen": SymbolKind.FUNCTION,
        "A": SymbolKind.CLASS,
        "A.handler": SymbolKind.METHOD,
        "A.constructor": SymbolKind.METHOD,
        "A.v": SymbolKind.METHOD,
        "A.#priv": SymbolKind.METHOD,
        "A.quoted": SymbolKind.METHOD,
        "C": SymbolKind.CLASS,
        "C.m": SymbolKind.METHOD,
        "obj": SymbolKind.VARIABLE,
        "fe": SymbolKind.FUNCTION,
    }
    assert ex.inherits == [InheritRef("A", "B", 7)]


def test_imports() -> None:
    ex = run(
        """
        import def1 from "a";
        import def2, { x, y as z } from './b';
        import * as ns from "../c/d.js";
        import "side-effect";
        export { e, f as g } from "./e";
        export * from "./all";
        export * as allNs from "./all2";
        const r = require("r");
        const { p, q: qq } = require("pq");
        require("bare");
        async function later() { await import("./lazy"); import(dynamicName); }
        export const notAnImport = 1;
        """
    )
    assert ex.imports == [
        ImportRef("a", ("default",), None, 2, aliases=("def1",)),
        ImportRef("./b", ("default", "x", "y"), None, 3, aliases=("def2", None, "z")),
        ImportRef("../c/d.js", (), "ns", 4),
        ImportRef("side-effect", (), None, 5),
        ImportRef("./e", ("e", "f"), None, 6, aliases=(None, "g"), reexport=True),
        ImportRef("./all", ("*",), None, 7, reexport=True),
        ImportRef("./all2", (), "allNs", 8, reexport=True),
        ImportRef("r", (), "r", 9),
        ImportRef("pq", ("p", "q"), None, 10, aliases=(None, "qq")),
        ImportRef("bare", (), None, 11),
        ImportRef("./lazy", (), None, 12),
    ]
    # literal require/import() are imports, not calls; import() is never a call
    assert [c.callee for c in ex.calls] == []
    assert [s.qualname for s in ex.symbols if s.kind is SymbolKind.VARIABLE] == ["notAnImport"]


def test_calls() -> None:
    ex = run(
        """
        init();
        class K {
          m() {
            this.a.b();
            a?.b?.c();
            x().y();
            x[0].m();
            (a || b).c.d();
            new Foo();
            new ns.Bar(1);
            arr[0]();
            tag`template`;
            new Expr(1).setRange(r).setString("a");
            new (pick())().m();
          }
        }
        const f = () => g();
        """
    )
    assert ex.problems == []
    assert ex.calls == [
        CallRef("", "init", 2),
        CallRef("K.m", "this.a.b", 5),
        CallRef("K.m", "a.b.c", 6),
        CallRef("K.m", "x", 7),
        CallRef("K.m", "x().y", 7),
        CallRef("K.m", "?.m", 8),
        CallRef("K.m", "?.c.d", 9),
        CallRef("K.m", "Foo", 10),
        CallRef("K.m", "ns.Bar", 11),
        CallRef("K.m", "tag", 13),
        CallRef("K.m", "Expr.new().setRange", 14),  # a member of a created `Expr`
        CallRef("K.m", "Expr.new().setRange().setString", 14),
        CallRef("K.m", "Expr", 14),
        CallRef("K.m", "?.m", 15),
        CallRef("K.m", "pick", 15),
        CallRef("f", "g", 18),
    ]


def test_top_level_variables() -> None:
    ex = run(
        """
        const a = 1, b = 2;
        let c;
        var d = compute();
        export const e = "x";
        const { f, g } = obj;
        const h = () => 1;
        function k() { const local = 1; }
        """
    )
    variables = [(s.qualname, s.signature) for s in ex.symbols if s.kind is SymbolKind.VARIABLE]
    assert variables == [
        ("a", "const a = 1"),
        ("b", "const b = 2"),
        ("c", "let c"),
        ("d", "var d = compute()"),
        ("e", 'const e = "x"'),
    ]
    # calls in a variable's initialiser belong to the module
    assert ex.calls == [CallRef("", "compute", 4)]


def test_index_module_name() -> None:
    assert run("export {};\n", "src/widgets/index.js").symbols[0].name == "widgets"
    assert run("export {};\n", "src/widgets/button.jsx").symbols[0].name == "button"
