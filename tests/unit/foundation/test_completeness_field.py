"""The `completeness` field an answer carries: short when everything resolved, bounded when
many names did not, and a search pattern that finds the sites (Python `re`, as `search`)."""

from __future__ import annotations

import re

from coderooms.graph.completeness import (
    COMPLETE,
    EDGES_COUNTED_MAX,
    NAMES_LISTED,
    Completeness,
    completeness_of,
)


def test_complete_is_two_keys() -> None:
    assert COMPLETE.as_field() == {"unresolved_call_sites": 0, "lower_bound": False}
    assert not COMPLETE.lower_bound
    assert COMPLETE.pattern() is None


def test_a_lower_bound_lists_names_most_first_and_bounded() -> None:
    sites = {f"m{n:02d}": n + 1 for n in range(NAMES_LISTED + 3)}
    field = Completeness(sites).as_field()
    assert field["lower_bound"] is True
    assert field["unresolved_call_sites"] == sum(sites.values())
    assert list(field["names"]) == [f"m{n:02d}" for n in range(NAMES_LISTED + 2, 2, -1)]
    assert field["names_not_listed"] == 3
    assert field["hint"].count("search mode=regex") == 1


def test_capped_names_make_a_lower_bound() -> None:
    found = completeness_of([
        {"name": "get", "sites": 0, "bare": 0, "capped": True},
        {"name": "run", "sites": 2, "bare": 0, "capped": False},
        {"name": "run", "sites": 1, "bare": 1, "capped": False},  # another repo's
    ])  # fmt: skip
    assert (found.sites, found.bare, found.capped) == ({"run": 3}, {"run": 1}, {"get"})
    field = found.as_field()
    assert (field["unresolved_call_sites"], field["not_counted"]) == (3, ["get"])
    assert f"over {EDGES_COUNTED_MAX} each" in field["hint"]
    only_capped = Completeness(capped=frozenset({"get"})).as_field()
    assert only_capped["lower_bound"] is True
    assert only_capped["hint"].startswith("many of not_counted's")


def test_the_pattern_finds_dotted_and_bare_sites() -> None:
    found = Completeness({"$emit": 2, "run": 1}, {"run": 1})
    pattern = re.compile(str(found.pattern()))
    assert pattern.search("this.$emit('x')")
    assert pattern.search("  run(1)")
    assert not pattern.search("  $emit(1)")  # only dotted sites of $emit were counted
    assert not pattern.search("running()")
    assert found.only(["run"]).sites == {"run": 1}


def test_a_note_says_each_count_once() -> None:
    assert COMPLETE.note() == {}
    note = Completeness({"run": 2, "get": 1}).note()
    assert note == {
        "names": {"run": 2, "get": 1},
        "hint": "receivers unproven: search mode=regex query='\\.(?:run|get)\\b'",
    }
    many = Completeness({f"m{n:02d}": n + 1 for n in range(NAMES_LISTED + 3)}).note(5)
    assert len(many["names"]) == 5
    assert (many["names_not_listed"], many["unresolved_call_sites"]) == (NAMES_LISTED - 2, 91)
    capped = Completeness(capped=frozenset({"get"})).note()
    assert capped["not_counted"] == ["get"]
    assert f"over {EDGES_COUNTED_MAX} each" in capped["hint"]
