"""Lua extraction, require targets and bindings (the fixture snapshots cover a repo)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.import_requests import build_record
from coderooms.ingest.languages import extract
from coderooms.languages.lua.rules import lua_module
from coderooms.resolution.extraction import Extraction, ImportRef
from coderooms.resolution.ref_requests import decode_alternative
from coderooms.resolution.targets import Target


def run(source: str, path: str = "src/m.lua") -> Extraction:
    return extract("lua", path, dedent(source).lstrip("\n").encode())


def test_the_returned_table_is_the_module() -> None:
    ex = run(
        """
        local util = require("a.b")
        local x = require "c"
        require("d")
        local M = {}
        local Class = {}

        -- f doc. More.
        function M.f(a, b)
          util.g(a)
          helper()
          M.h()
          obj:m(1)
          x.y.z()
          f(1)(2)
          ;("s"):rep(2)
        end

        function M:method() self:other() end
        function Class:new() self.init() end
        local function helper() end
        function global_fn() end
        M.assigned = function(a) end
        local anon = function() end
        local mt = { __index = function() end, ["k"] = function() end }
        function a.b.c:d() end
        return M
        """
    )
    syms = {s.qualname: (s.kind, s.start_line, s.signature) for s in ex.symbols if s.qualname}
    assert syms == {
        "f": (SymbolKind.FUNCTION, 8, "function M.f(a, b)"),
        "method": (SymbolKind.METHOD, 18, "function M:method()"),
        "Class.new": (SymbolKind.METHOD, 19, "function Class:new()"),
        "helper": (SymbolKind.FUNCTION, 20, "local function helper()"),
        "global_fn": (SymbolKind.FUNCTION, 21, "function global_fn()"),
        "assigned": (SymbolKind.FUNCTION, 22, "M.assigned = function(a)"),
        "anon": (SymbolKind.FUNCTION, 23, "local anon = function()"),
        "mt.__index": (SymbolKind.FUNCTION, 24, "__index = function()"),
        "a.b.c.d": (SymbolKind.METHOD, 25, "function a.b.c:d()"),
    }
    assert next(s.doc for s in ex.symbols if s.qualname == "f") == "f doc."
    assert [(c.caller, c.callee) for c in ex.calls] == [
        ("f", "util.g"),
        ("f", "helper"),
        ("f", "h"),
        ("f", "obj.m"),
        ("f", "x.y.z"),
        ("f", "f"),
        ("f", "?.rep"),
        ("method", "other"),
        ("Class.new", "Class.init"),
    ]
    assert ex.imports == [
        ImportRef("a.b", (), "util", 1),
        ImportRef("c", (), "x", 2),
        ImportRef("d", (), None, 3),
    ]
    assert ex.problems == []


def test_without_a_returned_table_names_keep_their_table() -> None:
    ex = run("local M = {}\nfunction M.f() M.g() end\n")
    assert [s.qualname for s in ex.symbols] == ["", "M.f"]
    assert [c.callee for c in ex.calls] == ["M.g"]


def test_module_targets() -> None:
    assert lua_module("a.b") == (
        Target("=", "a/b.lua"),
        Target("=", "a/b/init.lua"),
        Target("=", "lua/a/b.lua"),
        Target("=", "lua/a/b/init.lua"),
        Target("=", "src/a/b.lua"),
        Target("=", "src/a/b/init.lua"),
    )
    assert lua_module("./x") == ()
    assert lua_module("a/b") == ()


def test_names_resolve_through_bindings_only() -> None:
    source = 'local util = require("a.b")\nlocal function f() util.g() Other.h() k() end\n'
    record = build_record("m.lua", "lua", extract("lua", "m.lua", source.encode()))
    by_ref = {r.ref: r for r in record.references}
    g = by_ref["util.g"]
    assert [decode_alternative(a).qual for a in g.alternatives] == ["g"]
    assert decode_alternative(g.alternatives[0]).targets[0] == Target("=", "a/b.lua")
    for name in ("Other.h", "k"):  # never looked up by name elsewhere: a ghost
        assert by_ref[name].bound
        assert by_ref[name].alternatives == ()


def test_fallback_functions_and_nested_table_fields_are_symbols() -> None:
    """`x = a or function() end` defines `x` (a polyfill: `table.pack or function(...)`); a
    field of a named table's nested table is qualified by both (`M.sub.g`); a field of a table
    of no name keeps its field name alone; a list element is no symbol."""
    ex = run(
        """
        local pack = table.pack or function(...) return { ... } end
        local only = ready and function() end
        local M = { sub = { g = function() helper() end } }
        local vars = setmetatable({}, { __index = function(_, k) return k end })
        local action = {"name", function(self) end}
        """
    )
    assert [(s.kind, s.qualname, s.start_line) for s in ex.symbols[1:]] == [
        (SymbolKind.FUNCTION, "pack", 1),
        (SymbolKind.FUNCTION, "M.sub.g", 3),
        (SymbolKind.FUNCTION, "__index", 4),
    ]
    assert [(c.caller, c.callee) for c in ex.calls if c.callee == "helper"] == [
        ("M.sub.g", "helper")
    ]


def test_a_local_named_as_a_module_function_is_its_own_symbol() -> None:
    """lume: `local serialize` ... `serialize = function` beside `function lume.serialize`:
    the module's function keeps `serialize` (what `require("lume").serialize` reaches), the
    local is `local.serialize`, and the file's bare `serialize(x)` calls are the local's."""
    source = """
        local lume = {}
        local serialize
        local function helper() return serialize(1) end
        serialize = function(x) return tostring(x) end
        function lume.serialize(x) return serialize(x) end
        function lume.helper() return lume.serialize(2) end
        return lume
        """
    ex = run(source)
    assert [(s.qualname, s.name, s.start_line) for s in ex.symbols[1:]] == [
        ("local.helper", "helper", 3),
        ("local.serialize", "serialize", 4),
        ("serialize", "serialize", 5),
        ("helper", "helper", 6),
    ]
    assert [(c.caller, c.callee) for c in ex.calls] == [
        ("local.helper", "local.serialize"),
        ("local.serialize", "tostring"),
        ("serialize", "local.serialize"),
        ("helper", "serialize"),
    ]
    record = build_record("src/m.lua", "lua", ex)
    assert {r.ref: r.local for r in record.references} == {
        "local.serialize": "local.serialize",
        "serialize": "serialize",
        "tostring": None,
    }
