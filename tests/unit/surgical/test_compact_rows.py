"""The rows `surgical_context` writes (surgical/compact): code at a file's top level, whose
qualname is empty, is named `<module>` in the caller, callee and test rows alike."""

from __future__ import annotations

from typing import Any

from coderooms.surgical.compact import (
    EXTERNAL_LISTED,
    LISTS,
    MODULE_LEVEL,
    bare_whole_lists,
    external_text,
    say_empty_once,
)
from coderooms.surgical.file_context import named_as_answered


def rows(name: str, items: list[dict[str, Any]]) -> list[str]:
    make, _ = LISTS[name]
    listed = {name: {"items": items, "total": len(items)}}
    return make(listed)[0]


def test_a_test_file_calling_once_says_one_call() -> None:
    test = {
        "path": "test/cart.bats",
        "calls": 1,
        "imports": False,
        "symbols": [{"qualname": "", "kind": "file", "calls": 1}],
    }
    assert rows("tests", [test]) == ["test/cart.bats: 1 call"]
    assert MODULE_LEVEL == "<module>"


def test_a_test_row_counts_calls_without_saying_it_imports_or_naming_symbols() -> None:
    test = {
        "path": "tests/test_cart.py",
        "calls": 3,
        "imports": True,
        "symbols": [{"qualname": "test_total"}, {"qualname": ""}],
    }
    assert rows("tests", [test]) == ["tests/test_cart.py: 3 calls"]  # calls: said once


def test_a_test_file_without_symbols_has_no_trailing_colon() -> None:
    test = {"path": "tests/test_x.py", "calls": 0, "imports": True, "symbols": []}
    assert rows("tests", [test]) == ["tests/test_x.py: imports"]


def test_callers_and_callees_at_top_level_name_the_module() -> None:
    caller = {"path": "run.sh", "line": 4, "qualname": "", "called_qualname": "total", "count": 2}
    callee = {"caller_qualname": None, "line": 9, "path": "lib.py", "qualname": "f", "count": 1}
    assert rows("callers", [caller]) == ["run.sh:4 <module> -> total x2"]
    assert rows("callees", [callee]) == ["<module>:9 -> lib.py::f"]


def test_modules_outside_the_repo_are_one_line_by_top_package_and_bounded() -> None:
    python = ["__future__", "collections", "collections.abc", "email.utils", "re"]
    assert external_text(python, "python") == "__future__, collections, email, re"
    go = ["fmt", "net/http", "golang.org/x/text/cases"]
    assert external_text(go, "go") == "fmt, net/http, golang.org/x/text/cases"  # paths kept
    many = [f"m{n:02}" for n in range(EXTERNAL_LISTED + 3)]
    text = external_text(many, "python")
    assert text.startswith("m00, m01")
    assert text.endswith("m11 (+3 more)")


def test_a_user_row_says_its_calls_once_and_imports_only_when_it_does_nothing_else() -> None:
    users = [
        {"path": "pkg/a.py", "calls": 4, "imports": True, "names": ["serve", "Job.run"]},
        {"path": "pkg/b.py", "calls": 1, "imports": False, "names": []},
        {"path": "pkg/c.py", "calls": 0, "imports": True, "names": []},
    ]
    assert rows("users", users) == [
        "pkg/a.py: 4 calls (serve, Job.run)",  # it calls into the file: no `, imports`
        "pkg/b.py: 1 call",
        "pkg/c.py: imports",
    ]


def test_completeness_of_chosen_sections_says_the_flag_names_and_search_once() -> None:
    from coderooms.graph.completeness import Completeness
    from coderooms.surgical.compact import completeness_note

    unresolved = Completeness({"run": 3, "stop": 1})
    raw = {"completeness": unresolved.as_field(), "completeness_note": unresolved.note()}
    note = completeness_note(raw)
    assert note == {"lower_bound": True, "names": {"run": 3, "stop": 1}, "hint": note["hint"]}
    assert note["hint"].endswith("search mode=regex query='\\.(?:run|stop)\\b'")
    assert len(str(note)) < len(str(raw["completeness"]))  # no total the names sum, shorter


def test_empty_file_lists_are_named_in_one_line_not_listed_empty() -> None:
    answer: dict[str, Any] = {"path": "a.py", "lines": 3, "users": {"items": []},
                              "importers": {"items": ["b.py"]}, "tests": {"items": []},
                              "callers": {"items": [], "calls": 0, "files": 0}}  # fmt: skip
    say_empty_once(answer)
    assert answer == {"path": "a.py", "lines": 3, "importers": {"items": ["b.py"]},
                      "callers": {"items": [], "calls": 0, "files": 0},
                      "none": "in the graph: users, tests"}  # fmt: skip
    cut = {"tests": {"items": [], "next_cursor": "x"}}  # a list that goes on stays as it is
    say_empty_once(cut)
    assert cut == {"tests": {"items": [], "next_cursor": "x"}}


def test_a_list_given_whole_is_its_rows_and_a_cut_one_keeps_its_cursor() -> None:
    answer: dict[str, Any] = {
        "lines": 3,
        "users": {"items": ["b.py: 2 calls (f)"]},
        "tests": {"items": ["t.py: 1 call"], "total": 9, "more": "8 more", "next_cursor": "c"},
        "imports": {"items": ["c.py:1"], "external": "os"},
        "importers": {"items": ["d.py"]},
        "callers": {"items": ["b.py:3 f -> g"]},  # a call-pair list keeps its shape
        "co_changes": {"commits": 4, "items": ["b.py 3"]},
    }
    assert bare_whole_lists(answer) == {
        "lines": 3,
        "users": ["b.py: 2 calls (f)"],
        "tests": answer["tests"],
        "imports": answer["imports"],
        "importers": ["d.py"],
        "callers": answer["callers"],
        "co_changes": answer["co_changes"],
    }


def test_the_path_is_said_again_only_when_the_call_named_the_file_otherwise() -> None:
    assert named_as_answered("pkg/a.py", "pkg/a.py")
    assert not named_as_answered(None, "pkg/a.py")  # a symbol id named it
    assert not named_as_answered("/work/repo/pkg/a.py", "pkg/a.py")
    assert not named_as_answered("./pkg/a.py", "pkg/a.py")
