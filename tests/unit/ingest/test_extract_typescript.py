"""TypeScript/TSX extraction conventions (the fixture snapshot covers a whole repo)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract
from coderooms.resolution.extraction import CallRef, Extraction, FactKind, ImportRef, InheritRef


def run(source: str, language: str = "typescript", path: str = "src/mod.ts") -> Extraction:
    return extract(language, path, dedent(source).encode())


def kinds(ex: Extraction) -> dict[str, SymbolKind]:
    return {s.qualname: s.kind for s in ex.symbols}


def test_declarations() -> None:
    ex = run(
        """
        interface I<T> extends J, ns.K<T> { m(): void; p: number; }
        type Alias = { inner(): void };
        enum E { A, B }
        abstract class C<T> extends Base<T> implements I<T>, ns.L {
          abstract a(): void;
          o(x: string): void;
          o(x: any) { impl(); }
          private f = (n: number): number => n;
        }
        function over(a: string): void;
        function over(a: any) { body(); }
        declare function ambient(): void;
        namespace Outer.Inner { export function deep() {} }
        declare module "ext" { function inExt(): void; }
        """
    )
    assert kinds(ex) == {
        "": SymbolKind.MODULE,
        "I": SymbolKind.INTERFACE,
        "I.m": SymbolKind.METHOD,
        "Alias": SymbolKind.INTERFACE,
        "E": SymbolKind.CLASS,
        "C": SymbolKind.CLASS,
        "C.a": SymbolKind.METHOD,
        "C.o": SymbolKind.METHOD,
        "C.f": SymbolKind.METHOD,
        "over": SymbolKind.FUNCTION,
        "ambient": SymbolKind.FUNCTION,
        "Outer.Inner.deep": SymbolKind.FUNCTION,
        "inExt": SymbolKind.FUNCTION,
    }
    by_name = {s.qualname: s for s in ex.symbols}
    assert by_name["Outer.Inner.deep"].parent == ""
    assert by_name["C.o"].signature == "o(x: string): void"  # first overload wins
    assert by_name["Alias"].signature == "type Alias = { inner(): void }"
    assert ex.inherits == [
        InheritRef("I", "J", 2),
        InheritRef("I", "ns.K", 2),
        InheritRef("C", "Base", 5),
        InheritRef("C", "I", 5),
        InheritRef("C", "ns.L", 5),
    ]
    assert CallRef("C.o", "impl", 8) in ex.calls
    assert CallRef("over", "body", 12) in ex.calls


def test_imports() -> None:
    ex = run(
        """
        import type { T } from "./types";
        import fs = require("fs");
        import React, { useState } from "react";
        export type { U } from "./u";
        import { type V as W, X } from "./v";
        """
    )
    assert ex.imports == [
        ImportRef("./types", ("T",), None, 2),
        ImportRef("fs", (), "fs", 3),
        ImportRef("react", ("default", "useState"), None, 4, aliases=("React", None)),
        ImportRef("./u", ("U",), None, 5, reexport=True),
        ImportRef("./v", ("V", "X"), None, 6, aliases=("W", None)),
    ]


def test_generic_calls() -> None:
    ex = run("const v = make<number>(1);\nnew Box<string>();\n")
    assert ex.calls == [CallRef("", "make", 1), CallRef("", "Box", 2)]


def test_non_null_member_calls_keep_their_chain() -> None:
    ex = run("a!.b();\nthis.x!.m<T>();\nf()!.g();\n")
    assert ex.problems == []
    assert ex.calls == [
        CallRef("", "a.b", 1),
        CallRef("", "this.x.m", 2),
        CallRef("", "f", 3),
        CallRef("", "f().g", 3),
    ]


def test_tsx() -> None:
    ex = run(
        """
        export const App = ({ title }: Props) => {
          const [n, setN] = useState(0);
          return <div onClick={() => setN(n + 1)}>{title.trim()}</div>;
        };
        """,
        language="tsx",
        path="src/app/index.tsx",
    )
    assert ex.symbols[0].name == "app"
    assert kinds(ex)["App"] is SymbolKind.FUNCTION
    assert [c.callee for c in ex.calls] == ["useState", "setN", "title.trim"]
    assert not ex.problems


def test_returns_of_arrow_values_and_locals_assigned_a_path() -> None:
    ex = run(
        """
        class S {
          static create = (p?: P): S => new S();
          static generic = <T>(v: T): T => v;
        }
        export const make = (): S => new S();
        const alias = S.create;
        function f(o: O) {
          const { a, b: c } = o;
          const typed: T = o.d;
        }
        """
    )
    facts = {(f.kind, f.scope, f.name): f.annotation for f in ex.facts}
    assert facts[(FactKind.RETURNS, "S.create", "create")] == "S"
    assert facts[(FactKind.RETURNS, "make", "make")] == "S"
    assert (FactKind.RETURNS, "S.generic", "generic") not in facts  # a type parameter
    assert facts[(FactKind.ASSIGN, "", "alias")] == "=S.create"
    assert facts[(FactKind.ASSIGN, "f", "a")] == "=o.a"
    assert facts[(FactKind.ASSIGN, "f", "c")] == "=o.b"
    assert facts[(FactKind.ASSIGN, "f", "typed")] == "T"  # the annotation, not the path
