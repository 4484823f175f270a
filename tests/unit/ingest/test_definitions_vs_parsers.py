"""The precise definition oracle of `benchmarks/definitions_vs_parsers.py`: how it reads a
`luac5.4 -l -l` listing, Ripper's definitions, clang's JSON dump and the JSON lines of the Scala
and C# oracles, on tiny samples. The tests that run an interpreter, clang or an oracle are
skipped where it is absent."""

from __future__ import annotations

import json
import os
import shlex
import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from benchmarks.clang_definitions import read_ast, read_preprocessed
from benchmarks.ctags_tag_rules import csharp_tag
from benchmarks.definitions_vs_ctags import not_taken, our_definitions
from benchmarks.definitions_vs_parsers import (
    clang_definitions,
    json_lines_definitions,
    lua_definitions,
    lua_functions,
    parse_listing,
    read_json_lines,
    ruby_definitions,
)

LISTING = """
main <t.lua:0,0> (6 instructions at 0x1)
0+ params, 3 slots, 1 upvalue, 1 local, 1 constant, 3 functions
\t1\t[1]\tVARARGPREP\t0
\t2\t[1]\tCLOSURE  \t0 0\t; 0x2
\t3\t[2]\tCLOSURE  \t1 1\t; 0x3
\t4\t[2]\tSETTABUP \t0 0 1\t; _ENV "g"
\t5\t[3]\tCLOSURE  \t1 2\t; 0x4
\t6\t[3]\tRETURN   \t1 1 1\t; 0 out
constants (1) for 0x1:
\t0\tS\t"g"
locals (1) for 0x1:
\t0\tf\t3\t7
upvalues (1) for 0x1:
\t0\t_ENV\t1\t0

function <t.lua:1,1> (1 instruction at 0x2)
0 params, 2 slots, 0 upvalues, 0 locals, 0 constants, 0 functions
\t1\t[1]\tRETURN0  \t
constants (0) for 0x2:
locals (0) for 0x2:
upvalues (0) for 0x2:

function <t.lua:2,2> (1 instruction at 0x3)
0 params, 2 slots, 0 upvalues, 0 locals, 0 constants, 0 functions
\t1\t[2]\tRETURN0  \t
constants (0) for 0x3:
locals (0) for 0x3:
upvalues (0) for 0x3:

function <t.lua:3,3> (1 instruction at 0x4)
0 params, 2 slots, 0 upvalues, 0 locals, 0 constants, 0 functions
\t1\t[3]\tRETURN0  \t
constants (0) for 0x4:
locals (0) for 0x4:
upvalues (0) for 0x4:
"""

LUA = """local M = {}
local function f(a) return a end
function M.g() end
function M:h() end
local t = { k = function() end }
glob = function() end
local x
x = function() local function inner() end end
print(function() end)
return M
"""

RUBY = """class A::B < C
  class << self
    def each; end
  end
  def obj.m(*a) x end
  attr_accessor :w
  define_method("z") { }
  alias_method :q, :r
  alias [] get
  E = Class.new(Base) do
  end
end
"""


def test_listing_names_functions_by_where_their_closure_is_stored() -> None:
    # `local function f` (a local live after the CLOSURE), a global `g` (SETTABUP), and a
    # function returned, stored nowhere (no name)
    assert lua_functions(parse_listing(LISTING)) == [("f", 1), ("g", 2), (None, 3)]


@pytest.mark.skipif(shutil.which("luac5.4") is None, reason="luac5.4 is not installed")
def test_luac_names_each_kind_of_lua_definition(tmp_path: Path) -> None:
    source = tmp_path / "m.lua"
    source.write_text(LUA)
    found, rejected = lua_definitions([source])
    assert rejected == []
    assert found[str(source)] == {
        ("function", name): line
        for name, line in [("f", 2), ("g", 3), ("h", 4), ("k", 5), ("glob", 6), ("x", 8)]
    } | {("function", "inner"): 8}
    assert set(found[str(source)]) == set(our_definitions(source, "lua"))


@pytest.mark.skipif(shutil.which("ruby") is None, reason="ruby is not installed")
def test_ripper_finds_each_kind_of_ruby_definition(tmp_path: Path) -> None:
    source = tmp_path / "m.rb"
    source.write_text(RUBY)
    broken = tmp_path / "broken.rb"
    broken.write_text("def f(\n")
    found, rejected = ruby_definitions([source, broken])
    assert rejected == [str(broken)]
    assert found[str(source)] == {
        ("type", "B"): 1,
        ("function", "each"): 3,
        ("function", "m"): 5,
        ("function", "w"): 6,
        ("function", "w="): 6,
        ("function", "z"): 7,
        ("function", "q"): 8,  # `alias []` is not compared: its name is no identifier
        ("type", "E"): 10,
    }
    assert set(found[str(source)]) == set(our_definitions(source, "ruby"))


def test_scalameta_lines_are_read_and_rejected_files_counted_apart() -> None:
    output = "\n".join(
        [
            '{"path": "A.scala", "kind": "type", "name": "Point", "line": 3}',
            '{"path": "A.scala", "kind": "type", "name": "Point", "line": 1}',
            '{"path": "A.scala", "kind": "function", "name": "a.b", "line": 5}',
            '{"path": "B.scala", "error": "parse"}',
            "",
        ]
    )
    found: dict[str, dict[tuple[str, str], int]] = defaultdict(dict)
    rejected: list[str] = []
    read_json_lines(output, found, rejected)
    assert found == {"A.scala": {("type", "Point"): 1, ("function", "a.b"): 5}}
    assert rejected == ["B.scala"]


def _decl(kind: str, name: str, loc: dict[str, Any], *inner: dict[str, Any], **more: Any) -> Any:
    return {"id": "0x1", "kind": kind, "loc": loc, "range": {"begin": {}, "end": {}}} | (
        {"name": name, **more, "inner": list(inner)} if inner else {"name": name, **more}
    )


BODY = {"id": "0x2", "kind": "CompoundStmt", "range": {"begin": {}, "end": {}}}


def _deep(levels: int) -> dict[str, Any]:
    """A body nested `levels` deep whose innermost location is a header's."""
    node: dict[str, Any] = {
        "kind": "NullStmt",
        "loc": {"col": 3, "includedFrom": {"file": "m.cpp"}},
    }
    for _ in range(levels):
        node = BODY | {"inner": [node]}
    return node


def _dump(*decls: dict[str, Any]) -> bytes:
    """A `clang -Xclang -ast-dump=json` output: clang's layout (two spaces a level)."""
    unit = {"id": "0x0", "kind": "TranslationUnitDecl", "loc": {}, "inner": list(decls)}
    return json.dumps(unit, indent=2).encode()


def test_clang_dump_keeps_the_files_own_definitions_tracking_file_and_line_in_order() -> None:
    dump = _dump(
        _decl("TypedefDecl", "__int128_t", {}, isImplicit=True),
        # a header's: the file is named where it changes, then only the line
        _decl("FunctionDecl", "h", {"file": "h.h", "line": 3, "includedFrom": {"file": "m.cpp"}}),
        # every location in it says where it was included from, deep in a body too: no
        # location in `m.cpp`
        _decl("FunctionDecl", "g", {"line": 5, "includedFrom": {"file": "m.cpp"}}, _deep(30)),
        _decl("FunctionDecl", "g2", {"line": 6}, BODY),
        _decl("FunctionDecl", "f", {"file": "m.cpp", "line": 2}, BODY),
        _decl("FunctionDecl", "proto", {"line": 3}),  # a declaration: no body
        _decl(
            "FunctionTemplateDecl",
            "id",
            {"line": 4},
            _decl("TemplateTypeParmDecl", "T", {"col": 10}),
            _decl("FunctionDecl", "id", {"col": 20}, BODY),
            _decl("FunctionDecl", "instance", {"col": 20}, BODY),  # an instantiation
        ),
        _decl(
            "CXXRecordDecl",
            "S",
            {"line": 6},
            _decl("CXXRecordDecl", "S", {"col": 8}, isImplicit=True),
            _decl("CXXConversionDecl", "operator const char *", {"line": 7}, BODY),
            completeDefinition=True,
        ),
        _decl("CXXRecordDecl", "Fwd", {"line": 8}),
        _decl("CXXDestructorDecl", "~S", {"col": 3}, BODY, explicitlyDefaulted="default"),
        _decl("CXXConstructorDecl", "T<K,C>", {"col": 20}, BODY),  # `T<K, C>::T() {}`
        # named by a macro's expansion `MK(gen)`: no definition of the source's text
        _decl(
            "FunctionDecl", "gen", {"spellingLoc": {"line": 9}, "expansionLoc": {"col": 1}}, BODY
        ),
        _decl("FunctionDecl", "k", {"col": 12}, BODY),  # still line 9
        _decl("EnumDecl", "E", {"line": 10}),
        _decl("EnumDecl", "F", {"line": 11}, _decl("EnumConstantDecl", "X", {"col": 3})),
        _decl("TypeAliasDecl", "A", {"line": 12}),
    )
    conversion = _decl("CXXConversionDecl", "operator unsigned long", {"offset": 11}, BODY)
    assert read_ast(
        _dump(_decl("TypedefDecl", "x", {"file": "m.cpp", "line": 1}), conversion),
        "m.cpp",
        b"struct A { operator size_t() { } };",
    ) == {
        ("type", "x"): 1,
        ("function", "operatorsize_t"): 1,
    }
    assert read_ast(dump, "m.cpp") == {
        ("function", "f"): 2,
        ("function", "id"): 4,
        ("type", "S"): 6,
        ("function", "T"): 8,
        ("function", "operatorconstchar*"): 7,
        ("function", "k"): 9,
        ("type", "F"): 11,
        ("type", "A"): 12,
    }


def test_preprocessed_output_gives_the_files_macros_and_the_lines_it_kept() -> None:
    output = "\n".join(
        [
            '# 1 "m.c"',
            '# 1 "<built-in>" 1',
            "#define __STDC__ 1",
            '# 1 "m.c" 2',
            "",
            "#define N 1",
            "int f(void) {",
            "}",
            '# 9 "m.c"',
            "int after;",
        ]
    )
    macros, kept = read_preprocessed(output, "m.c")
    assert macros == {("macro", "N"): 2}
    assert kept == {2, 3, 4, 9}


C_BRANCHES = """#define N 1
#ifdef _WIN32
static int win(void) { return 0; }
#else
static int posix(void) { return 0; }
#endif
struct s { int a; };
"""


@pytest.mark.skipif(shutil.which("clang-14") is None, reason="clang-14 is not installed")
def test_clang_finds_c_definitions_and_the_branch_it_takes(tmp_path: Path) -> None:
    source = tmp_path / "m.c"
    source.write_text(C_BRANCHES)
    found, rejected, kept = clang_definitions([(source, tmp_path)], "c")
    assert rejected == []
    assert found[str(source)] == {
        ("macro", "N"): 1,
        ("function", "posix"): 5,
        ("type", "s"): 7,
    }
    ours = our_definitions(source, "c")
    assert not_taken(ours, kept[str(source)]) == {("function", "win")}
    assert set(found[str(source)]) == set(ours) - {("function", "win")}


CSHARP = """namespace Demo.Sample;

using System;
using System.Collections;

public delegate void Handler(object? sender);

[Serializable]
public sealed class Box : IEnumerable
{
    static Box() { }
    public Box(int? size) { Size = size ?? 0; }
    ~Box() { }
    public int Size { get; init; }
    public bool Empty => Size == 0;
    public event Handler? Changed;
    public event Handler Moved { add { } remove { } }
    public int this[int i] => i;
    public static Box operator +(Box a, Box b) => a;
    public static implicit operator int(Box b) => b.Size;
    IEnumerator IEnumerable.GetEnumerator() => Array.Empty<object>().GetEnumerator();
    public string? Name(string?[] parts)
    {
        int Local() => 1;
        return parts is not null ? parts[Local()] : null;
    }
#if FEATURE_SPAN
    public void Write(ReadOnlySpan<char> text) { }
#else
    public void Write(string text) { }
    public void Flush() { }
#endif
}

public readonly record struct Point(int X, int Y);

public interface IShape
{
    double Area();
    string Label { get; }
}

enum Color { Red, Green }
"""

# what `CSharpDefinitions` prints for CSHARP (captured), and a rejected file
CSHARP_LINES = """\
{"path": "S.cs", "kind": "function", "name": "Handler", "line": 6}
{"path": "S.cs", "kind": "type", "name": "Box", "line": 9}
{"path": "S.cs", "kind": "function", "name": "Box", "line": 11}
{"path": "S.cs", "kind": "function", "name": "~Box", "line": 13}
{"path": "S.cs", "kind": "property", "name": "Size", "line": 14}
{"path": "S.cs", "kind": "property", "name": "Empty", "line": 15}
{"path": "S.cs", "kind": "property", "name": "Moved", "line": 17}
{"path": "S.cs", "kind": "function", "name": "operator+", "line": 19}
{"path": "S.cs", "kind": "function", "name": "operatorint", "line": 20}
{"path": "S.cs", "kind": "function", "name": "GetEnumerator", "line": 21}
{"path": "S.cs", "kind": "function", "name": "Name", "line": 22}
{"path": "S.cs", "kind": "function", "name": "Write", "line": 28}
{"path": "S.cs", "kind": "function", "name": "Flush", "line": 31}
{"path": "S.cs", "kind": "type", "name": "Point", "line": 35}
{"path": "S.cs", "kind": "type", "name": "IShape", "line": 37}
{"path": "S.cs", "kind": "function", "name": "Area", "line": 39}
{"path": "S.cs", "kind": "property", "name": "Label", "line": 40}
{"path": "S.cs", "kind": "type", "name": "Color", "line": 43}
{"path": "T.cs", "error": "3:4 no viable alternative at input 'x=>'"}
"""


def test_csharp_oracle_lines_match_what_the_extractor_compares(tmp_path: Path) -> None:
    found: dict[str, dict[tuple[str, str], int]] = defaultdict(dict)
    rejected: list[str] = []
    read_json_lines(CSHARP_LINES, found, rejected)
    assert rejected == ["T.cs"]
    source = tmp_path / "S.cs"
    source.write_text(CSHARP, encoding="utf-8")
    ours = our_definitions(source, "csharp")
    # the same (kind, name) set: a field-like event, an indexer, a local function, fields and
    # enum members are on neither side; the `#else` branch's `Flush` on both
    assert set(found["S.cs"]) == set(ours)
    # the oracle's line (the name's) lies in our span (from the attribute `[Serializable]`)
    assert all(ours[k][0] <= line <= ours[k][1] for k, line in found["S.cs"].items())
    assert ours[("type", "Box")][0] == 8


@pytest.mark.skipif(
    not os.environ.get("CODEROOMS_CSHARP_ORACLE")
    or shutil.which(shlex.split(os.environ.get("CODEROOMS_CSHARP_ORACLE", "x"))[0]) is None,
    reason="CODEROOMS_CSHARP_ORACLE (the built CSharpDefinitions) not set",
)
def test_the_built_csharp_oracle_prints_the_captured_lines(tmp_path: Path) -> None:
    source = tmp_path / "S.cs"
    source.write_text(CSHARP, encoding="utf-8")
    broken = tmp_path / "T.cs"
    broken.write_text("class C\n{\n    x => ;\n", encoding="utf-8")
    found, rejected = json_lines_definitions(
        [source, broken], os.environ["CODEROOMS_CSHARP_ORACLE"]
    )
    expected: dict[str, dict[tuple[str, str], int]] = defaultdict(dict)
    read_json_lines(CSHARP_LINES, expected, [])
    assert found[str(source)] == expected["S.cs"]
    assert rejected == [str(broken)]


def test_ctags_tags_in_a_branch_no_configuration_compiles_are_dropped(tmp_path: Path) -> None:
    source = tmp_path / "D.cs"
    source.write_text(
        "class D\n{\n#if false\n    void Dead() { }\n#else\n    void Live() { }\n#endif\n}\n",
        encoding="utf-8",
    )
    counted = [
        line for line in (1, 4, 6) if csharp_tag({"path": str(source), "line": line, "name": "x"})
    ]
    assert counted == [1, 6]
