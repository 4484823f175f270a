"""`impact` rows as the model reads them, and the budget's cut, without a database."""

from __future__ import annotations

from typing import Any

from coderooms.impact.compact import compact_impact
from coderooms.verbs.budget import Question

QUESTION = Question.of("impact", symbol="x")


def raw(rows: list[dict[str, Any]], seeds: list[str]) -> dict[str, Any]:
    return {
        "repo": "r",
        "seeds": {"items": seeds, "total": len(seeds)},
        "affected": {"items": rows, "total": len(rows), "by_hop": {}},
        "tests": {"items": [{"path": "tests/t.py", "hop": 1, "symbols": 2, "names": ["t"]}],
                  "total": 1},
        "co_changes": {"commits": 4, "code": ["b.py 3"]},
    }  # fmt: skip


def test_rows_name_the_reached_node_as_short_as_stays_unambiguous() -> None:
    rows = [
        {"id": "a.py::f", "hop": 1, "to": "s.py::run", "via": "import", "conf": 0.95, "line": 3},
        {"id": "a.py::g", "hop": 2, "to": "a.py::f", "via": "local", "conf": 0.9, "line": 9},
        {"id": "b.py::h", "hop": 2, "to": "a.py::f", "line": 4},
        {"id": "c.py", "hop": 1, "to": "s.py", "edge": "imports", "line": 1},
        {"id": "d.py::K", "hop": 1, "to": "t.py::run", "edge": "inherits"},
    ]
    answer = compact_impact(raw(rows, ["s.py::run", "t.py::run"][:1]), QUESTION, max_tokens=6000)
    assert answer["affected"]["items"] == [
        "1 a.py:3 f -> run (import 0.95)",  # the one seed named run
        "2 a.py:9 g -> ::f (local 0.9)",  # the row's own file
        "2 b.py:4 h -> a.py::f",
        "1 c.py:1 imports s.py",
        "1 d.py K inherits t.py::run",  # not a seed: its id
    ]
    assert answer["tests"]["items"] == ["tests/t.py (hop 1, 2 symbols)"]
    assert answer["co_changes"] == {"commits": 4, "code": ["b.py 3"]}  # as the verb wrote it
    both = compact_impact(raw(rows[:1], ["s.py::run", "t.py::run"]), QUESTION, max_tokens=6000)
    assert both["affected"]["items"] == ["1 a.py:3 f -> s.py::run (import 0.95)"]  # two runs


def test_the_budget_cuts_rows_and_says_how_many_are_left() -> None:
    rows = [{"id": f"a.py::f{n}", "hop": 1, "to": "s.py::x", "line": n} for n in range(300)]
    answer = compact_impact(raw(rows, ["s.py::x"]), QUESTION, max_tokens=300)
    shown = len(answer["affected"]["items"])
    assert 0 < shown < 300
    assert answer["affected"]["next_cursor"] == QUESTION.cursor(shown)
    left = f"{300 - shown} more rows"
    assert answer["affected"]["more"] == f"{left}: call again with cursor=next_cursor"


def test_a_later_page_goes_on_from_its_offset() -> None:
    rows = [{"id": f"a.py::f{n}", "hop": 1, "to": "s.py::x", "line": n} for n in range(300)]
    later = raw(rows[100:], ["s.py::x"])
    later["affected"] |= {"total": 300, "offset": 100}
    answer = compact_impact(later, QUESTION, max_tokens=300)
    shown = len(answer["affected"]["items"])
    assert answer["affected"]["next_cursor"] == QUESTION.cursor(100 + shown)
    assert answer["affected"]["more"].startswith(f"{200 - shown} more rows")
