"""`impact` rows as the model reads them, and the budget's cut, without a database."""

from __future__ import annotations

from typing import Any

from coderooms.impact.accessors import accessor_note
from coderooms.impact.compact import compact_impact
from coderooms.verbs.budget import Question
from tests.answer_rows import rows_of

QUESTION = Question.of("impact", symbol="x")


def raw(rows: list[dict[str, Any]], seeds: list[str]) -> dict[str, Any]:
    return {
        "repo": "r",
        "seeds": {"items": seeds, "total": len(seeds)},
        "affected": {"items": rows, "total": len(rows), "by_hop": {}},
        "tests": {"items": [{"path": "tests/t.py", "hop": 1, "symbols": 2, "names": ["t", "u"]}],
                  "total": 1},
        "co_changes": {"commits": 4, "partners": [{"path": "b.py", "weight": 3, "kind": "code"}],
                       "total": 1, "files": ["s.py"]},
    }  # fmt: skip


def flat(items: Any) -> list[str]:
    """Rows as `path:line ...` strings, whether grouped under their file (one hop), under the
    node they reach and then their file (one hop, several nodes reached), or not."""
    if isinstance(items, list):
        return items
    if any(isinstance(rows, dict) for rows in items.values()):
        return [with_reached(row, to) for to, files in items.items() for row in flat(files)]
    return [f"{path}:{row}" if row[:1].isdigit() else f"{path} {row}"
            for path, rows in items.items() for row in rows]  # fmt: skip


def with_reached(row: str, to: str) -> str:
    """A row of a group under the node it reaches, with that node written back in the row:
    `path:line caller -> to (via)`, `path K inherits to`."""
    head, paren, tail = row.partition(" (")
    edge = "" if head.endswith((" imports", " inherits")) else " ->"
    return f"{head}{edge} {to}" + (f" ({tail}" if paren else "")


def test_rows_name_the_reached_node_as_short_as_stays_unambiguous() -> None:
    rows = [
        {"id": "a.py::f", "hop": 1, "to": "s.py::run", "via": "import", "conf": 0.95, "line": 3},
        {"id": "a.py::g", "hop": 2, "to": "a.py::f", "via": "local", "conf": 0.9, "line": 9},
        {"id": "b.py::h", "hop": 2, "to": "a.py::f", "line": 4},
        {"id": "c.py", "hop": 1, "to": "s.py", "edge": "imports", "line": 1},
        {"id": "d.py::K", "hop": 1, "to": "t.py::run", "edge": "inherits"},
    ]
    answer = compact_impact(raw(rows, ["s.py::run", "t.py::run"][:1]), QUESTION, max_tokens=6000)
    assert rows_of(answer["affected"]) == [
        "1 a.py:3 f (import)",  # a call of the one seed names neither; a sure rule by its name
        "2 a.py:9 g -> ::f (local)",  # the row's own file
        "2 b.py:4 h -> a.py::f",
        "1 c.py:1 imports s.py",
        "1 d.py K inherits t.py::run",  # not a seed: its id
    ]
    assert rows_of(answer["tests"]) == {"tests/t.py": ["t", "u"]}  # one hop: not said
    assert answer["co_changes"] == {"commits": 4, "items": ["b.py 3"]}  # rows by weight
    both = compact_impact(raw(rows[:1], ["s.py::run", "t.py::run"]), QUESTION, max_tokens=6000)
    assert rows_of(both["affected"]) == {"a.py": ["3 f -> s.py::run (import)"]}  # two runs, 1 hop
    many = [{**rows[0], "id": f"a.py::f{n}", "line": n} for n in range(4)]
    under = compact_impact(raw(many, ["s.py::run", "t.py::run"]), QUESTION, max_tokens=6000)
    assert rows_of(under["affected"]) == {  # the one reached said once: shorter than 4 times
        "s.py::run": {"a.py": ["0 f0", "1 f1", "2 f2", "3 f3"]}
    }
    assert under["affected"]["via"] == "import"
    cut = raw(rows[:1], ["s.py::run"])
    cut["seeds"] |= {"total": 3, "not_listed": 2}  # seeds not all listed: the row names its own
    assert rows_of(compact_impact(cut, QUESTION, max_tokens=6000)["affected"]) == {
        "a.py": ["3 f -> run (import)"]
    }


def test_the_budget_cuts_rows_and_says_how_many_are_left() -> None:
    rows = [{"id": f"a.py::f{n}", "hop": 1, "to": "s.py::x", "line": n} for n in range(300)]
    answer = compact_impact(raw(rows, ["s.py::x"]), QUESTION, max_tokens=300)
    shown = len(flat(rows_of(answer["affected"])))
    assert 0 < shown < 300
    assert answer["affected"]["next_cursor"] == QUESTION.cursor(shown)
    left = f"{300 - shown} more rows"
    assert answer["affected"]["more"] == left


def test_a_later_page_goes_on_from_its_offset() -> None:
    rows = [{"id": f"a.py::f{n}", "hop": 1, "to": "s.py::x", "line": n} for n in range(300)]
    later = raw(rows[100:], ["s.py::x"])
    later["affected"] |= {"total": 300, "offset": 100}
    answer = compact_impact(later, QUESTION, max_tokens=300)
    shown = len(flat(rows_of(answer["affected"])))
    assert answer["affected"]["next_cursor"] == QUESTION.cursor(100 + shown)
    assert answer["affected"]["more"].startswith(f"{200 - shown} more rows")


def test_an_answer_says_nothing_twice() -> None:
    """One hop: rows without it; every row, seed and test file listed: no totals, no by_hop;
    `lower_bound` only when true."""
    rows = [
        {"id": "a.py::f", "hop": 1, "to": "s.py::run", "via": "import", "conf": 0.95, "line": 3},
        {"id": "b.py::g", "hop": 1, "to": "s.py::run", "line": 7},
    ]
    whole = raw(rows, ["s.py::run"]) | {"lower_bound": False}
    whole["affected"]["by_hop"] = {"1": 2}
    answer = compact_impact(whole, QUESTION, max_tokens=6000)
    assert answer["affected"] == {"a.py": ["3 f (import)"], "b.py": ["7 g"]}  # one seed, bare
    assert answer["seeds"] == ["s.py::run"]  # given whole and alone: its rows
    assert answer["tests"] == {"tests/t.py": ["t", "u"]}
    assert "lower_bound" not in answer
    bound = compact_impact(raw(rows, ["s.py::run"]) | {"lower_bound": True}, QUESTION,
                           max_tokens=6000)  # fmt: skip
    assert bound["lower_bound"] is True
    cut = raw(rows, ["s.py::run"])
    cut["seeds"] = {"items": ["s.py::run"], "total": 3, "not_listed": 2}
    cut["tests"] |= {"total": 9, "more": "8 more test files, from hop 2"}
    kept = compact_impact(cut, QUESTION, max_tokens=6000)
    assert kept["seeds"]["total"] == 3
    assert kept["tests"]["total"] == 9
    assert kept["tests"]["items"] == {"tests/t.py": ["t", "u"]}  # cut: its rows beside `more`


def test_a_cut_list_keeps_its_total_and_hops() -> None:
    rows = [{"id": f"a.py::f{n}", "hop": 1 + n % 2, "to": "s.py::x", "line": n} for n in range(300)]
    several = raw(rows, ["s.py::x"])
    several["affected"]["by_hop"] = {"1": 150, "2": 150}
    answer = compact_impact(several, QUESTION, max_tokens=300)
    assert answer["affected"]["total"] == 300
    assert answer["affected"]["by_hop"] == {"1": 150, "2": 150}
    assert rows_of(answer["affected"])[0].startswith("1 a.py:0 f0")


def test_a_guess_says_how_sure_it_is_a_sure_rule_only_its_name() -> None:
    rows = [
        {"id": "a.py::f", "hop": 1, "to": "s.py::run", "via": "unique", "conf": 0.6, "line": 3},
        {"id": "b.py::g", "hop": 1, "to": "s.py::run", "via": "typed", "conf": 0.85, "line": 4},
        {"id": "c.py::h", "hop": 1, "to": "s.py::run", "conf": 0.5, "line": 5},
    ]
    answer = compact_impact(raw(rows, ["s.py::run"]), QUESTION, max_tokens=6000)
    assert rows_of(answer["affected"]) == {
        "a.py": ["3 f (unique 0.6)"],
        "b.py": ["4 g (typed)"],
        "c.py": ["5 h (0.5)"],
    }


def test_an_empty_answer_is_one_line_saying_why_without_empty_lists() -> None:
    nothing = raw([], ["s.py::x"])
    del nothing["co_changes"]
    nothing["tests"] = {"items": [], "total": 0}
    answer = compact_impact(nothing, QUESTION, max_tokens=6000)
    # no test and no row: one `none` says both, no empty section is written
    assert answer == {"repo": "r", "seeds": ["s.py::x"],
                      "none": "no call, import or subclass of it in the graph; no test file "
                      "reaches it within 5 hops"}  # fmt: skip
    nothing["completeness"] = {"names": {"x": 2}, "hint": "..."}
    nothing["read_not_called"] = {"symbols": ["x"]}
    nothing["tests"] = {"items": [], "total": 0, "lower_bound": "1 caller not walked further"}
    unsure = compact_impact(nothing, QUESTION, max_tokens=6000)
    # tests that may be missing keep their section; the rows' line says why there are none
    assert unsure["affected"] == {"none": "no call, import or subclass of it in the graph; 2 "
                                  "call sites of its name unresolved (completeness); read, not "
                                  "called (read_not_called)"}  # fmt: skip
    assert unsure["tests"]["lower_bound"] == "1 caller not walked further"
    tested = compact_impact(raw([], ["s.py::x"]), QUESTION, max_tokens=6000)
    assert tested["affected"] == {"none": "no call, import or subclass of it in the graph"}
    assert tested["tests"] == {"tests/t.py": ["t", "u"]}


def test_test_files_say_their_hop_only_when_it_tells_them_apart() -> None:
    tests = [
        {"path": "tests/a.py", "hop": 1, "symbols": 1, "imports": True, "names": ["ta"]},
        {"path": "tests/b.py", "hop": 1, "symbols": 0, "imports": True},
        {"path": "tests/c.py", "hop": 1, "symbols": 5, "names": ["c1", "c2", "c3"]},
    ]
    one_hop = raw([], ["s.py::x"]) | {"tests": {"items": tests, "total": 3}}
    said = compact_impact(one_hop, QUESTION, max_tokens=6000)["tests"]
    assert said["items"] == {  # one hop: not said; the file's symbols under it, bounded
        "tests/a.py": ["ta"],
        "tests/b.py": "imports",
        "tests/c.py": ["c1", "c2", "c3", "+2 more"],
    }
    assert "sections [callers]" in said["names"]  # what was left out, and how to get it
    two = [*tests[:2], {**tests[2], "hop": 2}]
    several = raw([], ["s.py::x"]) | {"tests": {"items": two, "total": 3}}
    assert compact_impact(several, QUESTION, max_tokens=6000)["tests"]["items"] == {
        "hop 1": {"tests/a.py": ["ta"], "tests/b.py": "imports"},
        "hop 2": {"tests/c.py": ["c1", "c2", "c3", "+2 more"]},
    }
    whole = raw([], ["s.py::x"]) | {"tests": {"items": tests[:1], "total": 1}}
    assert "names" not in compact_impact(whole, QUESTION, max_tokens=6000)["tests"]
    alone = {k: v for k, v in one_hop.items() if k != "affected"}  # sections [tests]: no rows
    counted = compact_impact(alone, QUESTION, max_tokens=6000)["tests"]
    assert counted == {"tests/a.py": 1, "tests/b.py": "imports", "tests/c.py": 5}


def test_test_rows_left_in_tests_say_why_affected_is_empty() -> None:
    only_tests = raw([], ["s.py::x"])
    only_tests["affected"]["in_tests"] = 2
    answer = compact_impact(only_tests, QUESTION, max_tokens=6000)
    assert answer["affected"] == {"none": "only tests call it (2 rows): see tests"}
    assert rows_of(answer["tests"]) == {"tests/t.py": ["t", "u"]}
    rows = [{"id": "a.py::f", "hop": 1, "to": "s.py::x", "line": 3}]
    mixed = raw(rows, ["s.py::x"])
    mixed["affected"]["in_tests"] = 2
    assert "in_tests" not in compact_impact(mixed, QUESTION, max_tokens=6000)["affected"]


def test_an_accessor_note_is_one_sentence_that_names_a_few_and_the_search() -> None:
    few = accessor_note([{"qualname": "Nested.schema", "name": "schema"}])
    assert few == ("Nested.schema: read, not called (readers and tests not listed): "
                   "search mode=regex query='\\.schema\\b'")  # fmt: skip
    many = accessor_note([{"qualname": f"C.p{n}", "name": f"p{n}"} for n in range(7)])
    assert many.startswith("C.p0, C.p1, C.p2, C.p3, C.p4 (+2 more): read, not called (")
    assert "query='\\.(?:p0|p1|p2|p3|p4|p5|p6)\\b'" in many  # the search finds every read


def test_rows_of_one_hop_share_their_file_s_path() -> None:
    rows = [
        {"id": "a.py::f", "hop": 1, "to": "s.py::run", "via": "import", "conf": 0.95, "line": 3},
        {"id": "a.py::g", "hop": 1, "to": "s.py::run", "via": "local", "conf": 0.9, "line": 9},
        {"id": "c.py", "hop": 1, "to": "s.py", "edge": "imports", "line": 1},
        {"id": "d.py::K", "hop": 1, "to": "t.py::run", "edge": "inherits"},
    ]
    answer = compact_impact(raw(rows, ["s.py::run"]), QUESTION, max_tokens=6000)
    assert "via" not in answer["affected"]  # the rows' rules differ: each says its own
    assert rows_of(answer["affected"]) == {
        "a.py": ["3 f (import)", "9 g (local)"],  # the path once
        "c.py": ["1 imports s.py"],
        "d.py": ["K inherits t.py::run"],  # no line: the caller first
    }
    several = compact_impact(raw([*rows, {**rows[1], "hop": 2}], ["s.py::run"]), QUESTION,
                             max_tokens=6000)  # fmt: skip
    assert rows_of(several["affected"])[:2] == ["1 a.py:3 f (import)", "1 a.py:9 g (local)"]
    shared = [{**row, "via": "import", "conf": 0.95} for row in rows[:2]]
    once = compact_impact(raw(shared, ["s.py::run"]), QUESTION, max_tokens=6000)["affected"]
    assert once == {"via": "import", "items": {"a.py": ["3 f", "9 g"]}}  # one rule: said once
    guess = [{**row, "via": "unique", "conf": 0.6} for row in rows[:2]]
    guessed = compact_impact(raw(guess, ["s.py::run"]), QUESTION, max_tokens=6000)["affected"]
    assert guessed["via"] == "unique 0.6"


def test_rows_reaching_several_seeds_are_grouped_under_the_seed_they_reach() -> None:
    """A name several symbols share: each row reaches one of the seeds; the seed is said once
    over its rows (by its qualname where no other seed shares it), then each file once."""
    rows = [
        {"id": "a.py::f", "hop": 1, "to": "s.py::A.get", "via": "typed", "conf": 0.9, "line": 3},
        {"id": "a.py::g", "hop": 1, "to": "s.py::A.get", "via": "typed", "conf": 0.9, "line": 8},
        {"id": "b.py::h", "hop": 1, "to": "u.py::get", "via": "import", "conf": 0.95, "line": 4},
        {"id": "c.py", "hop": 1, "to": "u.py::get", "edge": "imports", "via": "import",
         "conf": 0.95, "line": 1},
        {"id": "d.py::K", "hop": 1, "to": "s.py::A.get", "edge": "inherits", "via": "local",
         "conf": 0.9},
    ]  # fmt: skip
    answer = compact_impact(raw(rows, ["s.py::A.get", "u.py::get"]), QUESTION, max_tokens=6000)
    assert rows_of(answer["affected"]) == {
        "A.get": {"a.py": ["3 f (typed)", "8 g (typed)"], "d.py": ["K inherits (local)"]},
        "get": {"b.py": ["4 h (import)"], "c.py": ["1 imports (import)"]},
    }
    assert sorted(flat(rows_of(answer["affected"]))) == [
        "a.py:3 f -> A.get (typed)",
        "a.py:8 g -> A.get (typed)",
        "b.py:4 h -> get (import)",
        "c.py:1 imports get (import)",
        "d.py K inherits A.get (local)",
    ]
    shared = [{**row, "via": "import", "conf": 0.95} for row in rows[:3]]  # one rule: said once
    same = compact_impact(raw(shared, ["s.py::A.get", "u.py::get"]), QUESTION, max_tokens=6000)
    assert same["affected"]["via"] == "import"
    assert rows_of(same["affected"]) == {
        "A.get": {"a.py": ["3 f", "8 g"]},
        "get": {"b.py": ["4 h"]},
    }


def test_a_shared_name_says_once_that_every_symbol_so_named_is_a_seed_and_how_to_pick() -> None:
    from coderooms.core.clamps import Clamps
    from coderooms.graph.completeness import COMPLETE
    from coderooms.impact.answer import Findings, Page, answer_of
    from coderooms.impact.seeds import Seeds
    from coderooms.impact.walk import Reached, Walk

    seeds = Seeds("r", ["r:a.py::A.get", "r:u.py::get"], total=2, same_name=2)
    seeds.spans = {"r:a.py::A.get": "a.py:3-9", "r:u.py::get": "u.py:1-4"}
    walked = Walk([Reached("r:t.py::f", "Function", "t.py", 5, "calls", "r:u.py::get", None,
                           None, 2)], unwalked=["b.py"])  # fmt: skip
    found = Findings(seeds, walked, COMPLETE, None, 0, None, [])
    raw = answer_of(found, Page(1, 50, 0), Clamps(), frozenset({"tests"}))
    assert raw["same_name"] == "all 2 are seeds; a qualname or id picks one"
    assert raw["tests"]["lower_bound"] == (
        "1 callers at hop 5 not walked further: tests beyond them not listed"
    )
    answer = compact_impact(raw, QUESTION, max_tokens=6000)
    assert answer["seeds"] == ["a.py:3-9 A.get", "u.py:1-4 get"]  # one line each
    assert answer["lower_bound"] is True
