"""Which lines of a chunk can match: never one fewer than a line-by-line check finds."""

from __future__ import annotations

import dataclasses
import re

import pytest

from coderooms.search.line_match import LineMatcher, literal_lines

TEXT = "def a():\n    return x\n\nclass B:\n    x = 'return x'\nreturn\n"


def line_by_line(text: str, matcher: LineMatcher) -> list[int]:
    return [n for n, line in enumerate(text.split("\n")[:-1]) if matcher.matches(line)]


@pytest.mark.parametrize("literal", ["return", "return x", "x", "def", "\n", "B:", "zzz", "'"])
def test_literal_lines_are_exactly_the_lines_holding_it(literal: str) -> None:
    if "\n" in literal:  # search refuses line breaks; the helper never sees one
        return
    assert literal_lines(TEXT, literal) == line_by_line(TEXT, LineMatcher.for_literal(literal))


def test_literal_lines_count_one_line_once_and_handle_no_final_newline() -> None:
    assert literal_lines("aa aa\nb\naa", "aa") == [0, 2]
    assert literal_lines("", "a") == []


@pytest.mark.parametrize(
    "pattern",
    [r"^\s+return", r"x$", r"^$", r"class \w+:", r"(?i)RETURN", r"\bx\b", r"^class", r"ret.rn"],
)
@pytest.mark.parametrize("twin", [True, False], ids=["re2", "python"])
def test_a_regex_skips_a_chunk_only_when_no_line_matches(pattern: str, twin: bool) -> None:
    matcher = LineMatcher.for_regex(re.compile(pattern))
    assert matcher.whole_chunk is not None
    assert (matcher.twin is not None) == (pattern != "(?i)RETURN")
    if not twin:
        matcher = dataclasses.replace(matcher, twin=None)
    expected = line_by_line(TEXT, matcher)
    assert (matcher.candidate_lines(TEXT) == []) == (expected == [])
    assert matcher.candidate_lines("nothing\nat all\n") == ([] if pattern != "^$" else [2])


@pytest.mark.parametrize("pattern", [r"x(?!\n)", r"(?<=\n)class", r"\Areturn", r"x\Z", "(?-i:x)"])
def test_patterns_that_look_past_a_line_are_checked_line_by_line(pattern: str) -> None:
    """...by Python; their RE2 twin drops what looks past the line (a wider pattern)."""
    matcher = LineMatcher.for_regex(re.compile(pattern))
    assert matcher.whole_chunk is None
    assert dataclasses.replace(matcher, twin=None).candidate_lines(TEXT) is None
    lines = matcher.candidate_lines(TEXT)
    assert lines is not None
    assert set(line_by_line(TEXT, matcher)) <= set(lines)


@pytest.mark.parametrize(
    "pattern", [r"^\s+return", r"x$", r"^$", r"\s+x", r"[^a]*x", r"(?s)a.*x", r"return\s*"]
)
@pytest.mark.parametrize("twin", [True, False], ids=["re2", "python"])
def test_regex_lines_hold_every_line_that_matches_alone(pattern: str, twin: bool) -> None:
    """Matches that run over a line's end (`\\s`, `[^a]`, DOTALL) never hide a later line."""
    matcher = LineMatcher.for_regex(re.compile(pattern))
    assert matcher.twin is not None
    if not twin:
        matcher = dataclasses.replace(matcher, twin=None)
    lines = matcher.candidate_lines(TEXT)
    assert lines is not None
    assert set(line_by_line(TEXT, matcher)) <= set(lines)
    assert lines == sorted(set(lines))


@pytest.mark.parametrize(
    ("matcher", "safe"),
    [
        (LineMatcher.for_literal("NEEDLE"), True),
        (LineMatcher.for_regex(re.compile(r"[0-9a-f]{16}")), True),
        (LineMatcher.for_regex(re.compile(r"(?<=x)\by$")), True),
        (LineMatcher.for_regex(re.compile(r"a+")), False),  # unbounded: may span pieces
        (LineMatcher.for_regex(re.compile(r"x{2000}")), False),  # longer than the overlap
        (LineMatcher.for_regex(re.compile(r"(?i)abc")), False),  # no twin
    ],
)
def test_a_piece_of_a_long_line_is_checked_alone_only_when_matches_fit_in_one(
    matcher: LineMatcher, safe: bool
) -> None:
    assert matcher.piece_safe is safe
