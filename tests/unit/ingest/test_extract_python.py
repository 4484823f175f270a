"""Python extraction conventions, one rule per test (the fixture snapshot covers the whole)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract
from coderooms.resolution.extraction import CallRef, Extraction, ImportRef, InheritRef


def run(source: str, path: str = "pkg/mod.py") -> Extraction:
    return extract("python", path, dedent(source).encode())


def kinds(ex: Extraction) -> dict[str, SymbolKind]:
    return {s.qualname: s.kind for s in ex.symbols}


def parents(ex: Extraction) -> dict[str, str | None]:
    return {s.qualname: s.parent for s in ex.symbols}


def test_classes_methods_and_nesting() -> None:
    ex = run(
        """
        class A:
            def m(self):
                def helper():
                    class Local:
                        def lm(self): ...
            if True:
                def conditional(self): ...
            class Inner:
                async def am(self): ...
        def f():
            def g(): ...
        """
    )
    assert kinds(ex) == {
        "": SymbolKind.MODULE,
        "A": SymbolKind.CLASS,
        "A.m": SymbolKind.METHOD,
        "A.m.helper": SymbolKind.FUNCTION,
        "A.m.helper.Local": SymbolKind.CLASS,
        "A.m.helper.Local.lm": SymbolKind.METHOD,
        "A.conditional": SymbolKind.METHOD,
        "A.Inner": SymbolKind.CLASS,
        "A.Inner.am": SymbolKind.METHOD,
        "f": SymbolKind.FUNCTION,
        "f.g": SymbolKind.FUNCTION,
    }
    assert parents(ex)["A.m.helper.Local.lm"] == "A.m.helper.Local"
    assert parents(ex)["A"] == ""
    assert parents(ex)[""] is None


def test_first_definition_wins_and_calls_share_the_qualname() -> None:
    ex = run(
        """
        class P:
            @property
            def v(self):
                return get()

            @v.setter
            def v(self, value):
                put(value)
        """
    )
    vs = [s for s in ex.symbols if s.qualname == "P.v"]
    assert len(vs) == 1
    assert (vs[0].start_line, vs[0].end_line) == (4, 5)
    assert [(c.caller, c.callee) for c in ex.calls] == [("P.v", "get"), ("P.v", "put")]


def test_decorators_are_outside_the_definition() -> None:
    ex = run(
        """
        @register("x")
        class C:
            @cache(size=1)
            def m(self): ...
        """
    )
    c = next(s for s in ex.symbols if s.qualname == "C")
    assert c.start_line == 3
    assert c.signature == "class C"
    assert [(c.caller, c.callee, c.line) for c in ex.calls] == [
        ("", "register", 2),
        ("C", "cache", 4),
    ]


def test_signature_is_the_collapsed_header() -> None:
    ex = run(
        """
        async def fetch(
            url: str,   # the target
            *, retries: int = 3,
        ) -> bytes:  # trailing comment
            ...
        """
    )
    sig = next(s.signature for s in ex.symbols if s.qualname == "fetch")
    assert sig.startswith("async def fetch( url: str,")
    assert sig.endswith(") -> bytes")
    long_ex = run("def f(" + ", ".join(f"a{i}" for i in range(100)) + "): pass\n")
    assert len(long_ex.symbols[1].signature) == 200


def test_imports_every_form() -> None:
    ex = run(
        """
        import os
        import os.path as osp, sys
        from . import sibling
        from .pkg.sub import a, b as c
        from ... import up
        from x.y import *
        from __future__ import annotations
        def f():
            import json
        from m import (f as f, g as h)
        """
    )
    assert ex.imports == [
        ImportRef("os", (), None, 2),
        ImportRef("os.path", (), "osp", 3),
        ImportRef("sys", (), None, 3),
        ImportRef("", ("sibling",), None, 4, level=1),
        ImportRef("pkg.sub", ("a", "b"), None, 5, level=1, aliases=(None, "c")),
        ImportRef("", ("up",), None, 6, level=3),
        ImportRef("x.y", ("*",), None, 7),
        ImportRef("__future__", ("annotations",), None, 8),
        ImportRef("json", (), None, 10, scope="f"),
        ImportRef("m", ("f", "g"), None, 11, aliases=(None, "h")),
    ]


def test_callers_and_callee_names() -> None:
    ex = run(
        """
        setup()
        class K(Base):
            attr = factory()
            def m(self):
                self.run()
                os.path.join(a, b)
                a().b()
                items[0]()
                (lambda: 1)()
                obj . spaced . call()
                super().__init__()
                items[0].m()
                f().bar.baz()
                "".join(parts)
        """
    )
    assert ex.calls == [
        CallRef("", "setup", 2),
        CallRef("K", "factory", 4),
        CallRef("K.m", "self.run", 6),
        CallRef("K.m", "os.path.join", 7),
        CallRef("K.m", "a", 8),
        CallRef("K.m", "a().b", 8),
        CallRef("K.m", "obj.spaced.call", 11),
        CallRef("K.m", "super", 12),
        CallRef("K.m", "super().__init__", 12),
        CallRef("K.m", "items[].m", 13),
        CallRef("K.m", "f", 14),
        CallRef("K.m", "f().bar.baz", 14),
        CallRef("K.m", "?.join", 15),
    ]


def test_bases() -> None:
    ex = run("class C(A, m.B, Generic[T], *mixins, make(), metaclass=Meta): ...\n")
    assert ex.inherits == [
        InheritRef("C", "A", 1),
        InheritRef("C", "m.B", 1),
        InheritRef("C", "Generic", 1),
    ]


def test_module_level_variables() -> None:
    ex = run(
        """
        a = 1
        b: int = 2
        c: str
        d = e = 3
        f, (g, h), *i = range(5)
        obj.attr = 4
        x[0] = 5
        n += 1
        if cond:
            in_if = 1
        else:
            in_else = 2
        try:
            in_try = 1
        except ImportError:
            in_except = 2
        def func():
            local = 1
        class C:
            field = 1
        def a(): ...
        """
    )
    variables = [s.qualname for s in ex.symbols if s.kind is SymbolKind.VARIABLE]
    assert variables == ["b", "c", "d", "e", "f", "in_if", "in_else", "in_try", "in_except"]
    assert kinds(ex)["a"] is SymbolKind.FUNCTION


def test_module_names() -> None:
    assert run("x = 1\n", "pkg/sub/__init__.py").symbols[0].name == "sub"
    assert run("x = 1\n", "pkg/sub/tool.py").symbols[0].name == "tool"
