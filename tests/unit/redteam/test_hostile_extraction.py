"""One file's extraction is bounded whatever its source: a tree too deep is not walked (it cost
53 s of CPU), definitions and names that would make ids Neo4j cannot index are folded or left
out, and the file says so in its problems (issue 29, class 4)."""

from __future__ import annotations

import pytest
from benchmarks.hostile_files import call_chain, long_names, nested_functions
from tree_sitter import Parser

from coderooms.ingest.languages import extract, grammar
from coderooms.ingest.reader import ReadJob, parse_data
from coderooms.ingest.rows import ParsedFile, symbol_rows
from coderooms.languages.parsing.limits import (
    MAX_QUALNAME_BYTES,
    MAX_SYMBOL_DEPTH,
    MAX_SYNTAX_DEPTH,
    syntax_depth_over,
)


def parsed(path: str, text: str) -> ParsedFile:
    data = text.encode()
    result = parse_data(ReadJob(path, f"/r/{path}", len(data), 1, None), data)
    assert isinstance(result, ParsedFile)
    return result


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("calls.js", call_chain()),
        ("calls.py", call_chain()),
        ("calls.go", "package p\nfunc g() { _ = " + call_chain()[2:-2] + " }\n"),
        ("nested.js", nested_functions()),
    ],
)
def test_a_tree_nested_past_the_limit_is_not_extracted(path: str, text: str) -> None:
    result = parsed(path, text)
    assert [s.qualname for s in result.record.symbols] == [""]  # the module symbol only
    assert result.record.references == []
    assert result.record.problems == [
        f"not extracted: syntax nested more than {MAX_SYNTAX_DEPTH} deep"
    ]
    assert result.chunks  # its text is still searchable


def test_the_depth_check_prunes_shallow_subtrees_and_finds_one_deep_path() -> None:
    wide = "".join(f"def f{i}(a):\n    return g(a)\n" for i in range(500)).encode()
    tree = extract("python", "w.py", wide)
    assert tree.problems == []
    parser = Parser(grammar("javascript"))
    root = parser.parse(("x=" + "f(" * 40 + "1" + ")" * 40 + ";").encode()).root_node
    assert not syntax_depth_over(root, 200)
    assert syntax_depth_over(root, 60)  # each call is two levels (call, arguments)


def test_definitions_nested_past_the_limit_fold_into_their_ancestor() -> None:
    depth = MAX_SYMBOL_DEPTH + 20
    text = "".join(f"function f{i}(){{ g{i}();" for i in range(depth)) + "}" * depth + "\n"
    result = extract("javascript", "deep.js", text.encode())
    qualnames = [s.qualname for s in result.symbols]
    assert len(qualnames) == 1 + MAX_SYMBOL_DEPTH  # the module and 64 levels
    deepest = qualnames[-1]
    assert deepest.count(".") == MAX_SYMBOL_DEPTH - 1
    # the calls of the folded functions are their 64th ancestor's calls
    assert {c.callee for c in result.calls if c.caller == deepest} >= {f"g{depth - 1}", "g63"}
    assert result.problems == [
        f"20 definitions not extracted: nested more than {MAX_SYMBOL_DEPTH} deep or named with"
        f" more than {MAX_QUALNAME_BYTES} bytes, folded into the definition around them"
        " (first at line 1)"
    ]


def test_names_too_long_for_an_index_are_folded_or_left_out() -> None:
    result = parsed("long.py", long_names())
    assert {s.qualname for s in result.record.symbols} == {"", "caller"}
    assert max(len(row["id"].encode()) for row in symbol_rows("r", result)) < 2048
    assert all(len(r.ref.encode()) <= 1024 for r in result.record.references)
    assert result.record.problems == [
        f"2 definitions not extracted: nested more than {MAX_SYMBOL_DEPTH} deep or named with"
        f" more than {MAX_QUALNAME_BYTES} bytes, folded into the definition around them"
        " (first at line 1)",
        "1 references not extracted: a name over 512 bytes (first at line 7)",
    ]
    # the method's call belongs to the module now (the class and method are folded)
    assert any(r.ref == "helper" and r.source == "" for r in result.record.references)


def test_real_code_is_not_cut() -> None:
    source = (
        "class A:\n"
        "    class B:\n"
        "        def m(self):\n"
        "            def inner():\n"
        "                return x.y.z(1 + 2 + 3)\n"
        "            return inner()\n"
    )
    result = extract("python", "ok.py", source.encode())
    assert result.problems == []
    assert [s.qualname for s in result.symbols] == ["", "A", "A.B", "A.B.m", "A.B.m.inner"]
