"""The C/C++ CALLS harness (issue 32 item 3) maps clang's sites and definitions onto the
extractor's records and the graph's symbols as documented: which sites count as written calls,
which header an unfound `#include` names, which of our symbols a definition is."""

from __future__ import annotations

from benchmarks.clang_oracle import (
    CSite,
    Place,
    configured,
    constructed_at,
    flags_of_command,
    has_body,
    include_root,
    pick_header,
    written_call,
)
from benchmarks.fresh_accuracy import GAPS, HARNESSES
from benchmarks.resolution_accuracy_c import last_name, our_callees, route, shape, symbol_at


def test_a_call_is_written_where_its_name_is_spelled() -> None:
    line = "    r += CALLF(2) + helper_x(1) + helper(3);"
    assert written_call(line, line.index("helper(") + 1, "helper")
    # a macro's body: clang's location is the macro's name, not the callee's
    assert not written_call(line, line.index("CALLF") + 1, "helper")
    # a longer identifier starting with the name is not the name
    assert not written_call(line, line.index("helper_x") + 1, "helper")
    assert not written_call(line, 0, "helper")


def test_a_constructor_counts_only_with_its_class_name_written_where_clang_places_it() -> None:
    line = "  N::S t = N::S(4); S s(3); auto b = Box<int>(1) + S{}; F(x);"
    assert constructed_at(line, line.index("N::S(") + 1, "S")
    assert constructed_at(line, line.index("Box") + 1, "Box")
    assert constructed_at(line, line.index("S{") + 1, "S")
    # `S s(3);`: clang places the construction at the variable
    assert not constructed_at(line, line.index("s(3)") + 1, "S")
    # a macro's body: clang places it at the macro's name
    assert not constructed_at(line, line.index("F(x)") + 1, "Result")
    assert not constructed_at(line, 0, "S")


def test_an_unfound_header_is_taken_from_this_platform_or_when_it_is_the_only_one() -> None:
    files = ["linux/Platform.h", "darwin/Platform.h", "src/util.h", "lib/util.h", "a/b/c.h"]
    assert pick_header("Platform.h", files) == "linux/Platform.h"
    assert pick_header("b/c.h", files) == "a/b/c.h"
    assert pick_header("util.h", files) is None  # two candidates, neither this platform's
    assert pick_header("missing.h", files) is None
    assert pick_header("c.h", ["xc.h"]) is None  # a suffix of a name is not the name
    assert include_root("a/b/c.h", "b/c.h") == "a"
    assert include_root("c.h", "c.h") == ""


def test_a_body_follows_the_declaration_of_a_definition() -> None:
    source = "int f(int a) /* c */ { return a; }\nint g(int);\nS::S() : x(1) {}\nvoid h() try {}"
    assert has_body(source, source.index(")") + 1)
    assert not has_body(source, source.index("int);") + 4)
    assert has_body(source, source.index("S() :") + 3)
    assert has_body(source, source.index("h()") + 3)


def test_a_generated_header_defines_only_the_headers_this_machine_has() -> None:
    template = "\n".join(
        [
            "#cmakedefine HAVE_INTTYPES_H",
            "#undef HAVE_SYS_TYPES_H",
            "#undef HAVE_XLOCALE_H",
            "#cmakedefine ENABLE_RDRAND @ENABLE_RDRAND@",
            "#cmakedefine01 HAVE_STDINT_H",
            "#define strtoll @json_c_strtoll@",
            '#define PACKAGE "@PROJECT_NAME@"',
        ]
    )
    has = {"inttypes.h", "sys/types.h", "stdint.h"}
    lines = configured(template, has.__contains__).split("\n")
    assert lines[0] == "#define HAVE_INTTYPES_H 1"
    assert lines[1] == "#define HAVE_SYS_TYPES_H 1"
    assert lines[2] == "#undef HAVE_XLOCALE_H"
    assert lines[3].startswith("/*")
    assert lines[4] == "#define HAVE_STDINT_H 1"
    assert lines[5].startswith("/*")  # no value known: left undefined, not defined empty
    assert lines[6] == '#define PACKAGE ""'


def test_compile_commands_flags_keep_includes_and_drop_the_output() -> None:
    entry = {
        "directory": "/b",
        "file": "src/a.c",
        "command": "cc -Iinc -DX=1 -std=c99 -Wall -o out/a.o -c src/a.c",
    }
    assert flags_of_command(entry) == ["-I/b/inc", "-DX=1", "-std=c99"]


def test_the_called_name_is_the_last_of_a_chain_or_qualified_name() -> None:
    assert last_name("a.b.f") == "f"
    assert last_name("p->next->f") == "f"
    assert last_name("N::g<int>") == "g"
    assert last_name("CLI.detail.to_lower") == "to_lower"


def _site(**changes: object) -> CSite:
    site = CSite("src/a.cpp", 10, 11, 7, "area", "call", decl_kind="CXX_METHOD")
    for key, value in changes.items():
        setattr(site, key, value)
    return site


def test_a_site_matches_records_on_its_line_or_its_names_line_by_last_name() -> None:
    records = {
        (10, "s.area"): {"main"},
        (11, "t.area"): {"main"},
        (10, "s.areas"): {"main"},
        (12, "area"): {"main"},
    }
    assert our_callees(records, _site()) == [("main", "s.area"), ("main", "t.area")]


def test_a_definition_maps_to_the_symbol_the_graph_keeps() -> None:
    spans = {
        ("a.hpp", "trim"): [(117, 117, "CLI.detail.trim")],
        ("a.hpp", "parse"): [(650, 650, "CLI.void.parse")],
        ("a.hpp", "add"): [(10, 20, "App.add"), (30, 40, "Group.add")],
        ("a.hpp", "S"): [(5, 50, "N.S"), (8, 8, "N.S.S")],
    }
    # the symbol starting on the definition's line
    assert symbol_at(spans, Place("a.hpp", 8, 8, "N.S.S"), "S") == "N.S.S"
    # a second constructor, folded into the first one's symbol, is not its class
    assert symbol_at(spans, Place("a.hpp", 12, 12, "N.S.S"), "S") == "N.S.S"
    # the narrowest symbol spanning the definition's name, when no qualname matches
    assert symbol_at(spans, Place("a.hpp", 20, 20, "M.S"), "S") == "N.S"
    # an overload the graph folds into the first one's symbol (same qualname)
    assert symbol_at(spans, Place("a.hpp", 120, 120, "CLI.detail.trim"), "trim") == (
        "CLI.detail.trim"
    )
    # the only symbol of that name in the file, whatever the extractor made of its qualname
    assert symbol_at(spans, Place("a.hpp", 739, 739, "CLI.App.parse"), "parse") == (
        "CLI.void.parse"
    )
    # several: told apart by class and name, else none
    assert symbol_at(spans, Place("a.hpp", 90, 90, "CLI.Group.add"), "add") == "Group.add"
    assert symbol_at(spans, Place("a.hpp", 90, 90, "CLI.Other.add"), "add") is None
    assert symbol_at(spans, Place("b.hpp", 1, 1, "f"), "f") is None


def test_shapes_and_routes_of_a_site() -> None:
    line = "  int r = s.area() + N::f() + g() + box->area();"
    assert shape(_site(column=line.index("area") + 1), line) == "x.f()"
    assert shape(_site(column=line.index("f()") + 1), line) == "N::f()"
    assert shape(_site(column=line.index("g()") + 1), line) == "f()"
    assert shape(_site(column=line.index("area();") + 1), line) == "x.f()"
    assert shape(_site(decl_kind="CONSTRUCTOR"), line) == "T()"
    assert route(_site(outside=True)) == "outside"
    assert route(_site()) == "declared-only"
    assert route(_site(definition=Place("src/a.cpp", 1, 1))) == "same-file"
    assert route(_site(definition=Place("src/b.hpp", 1, 1))) == "same-dir"
    assert route(_site(definition=Place("include/b.hpp", 1, 1))) == "other-dir"


def test_c_and_cpp_run_the_clang_harness_in_the_fresh_table() -> None:
    assert HARNESSES["c"][0] == HARNESSES["cpp"][0] == "benchmarks.resolution_accuracy_c"
    assert "c" not in GAPS
    assert "cpp" not in GAPS
