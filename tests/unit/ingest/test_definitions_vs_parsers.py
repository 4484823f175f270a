"""The precise definition oracle of `benchmarks/definitions_vs_parsers.py`: how it reads a
`luac5.4 -l -l` listing, Ripper's definitions and the JSON lines of the Scala and C# oracles,
on tiny samples. The tests that run an interpreter or an oracle are skipped where it is
absent."""

from __future__ import annotations

import os
import shlex
import shutil
from collections import defaultdict
from pathlib import Path

import pytest
from benchmarks.ctags_tag_rules import csharp_tag
from benchmarks.definitions_vs_ctags import our_definitions
from benchmarks.definitions_vs_parsers import (
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
