"""Which lines of a chunk can match: never one fewer than a line-by-line check finds."""

from __future__ import annotations

import pytest

from coderooms.search.line_match import LineMatcher, literal_lines
from coderooms.search.regex_dialect import compile_re2

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
def test_a_regex_skips_a_chunk_only_when_no_line_matches(pattern: str) -> None:
    matcher = LineMatcher.for_regex(compile_re2(pattern))
    assert matcher.regex is not None
    assert matcher.regex.chunk is not None
    expected = line_by_line(TEXT, matcher)
    assert (matcher.candidate_lines(TEXT) == []) == (expected == [])
    assert matcher.candidate_lines("nothing\nat all\n") == ([] if pattern != "^$" else [2])


@pytest.mark.parametrize(
    "pattern", [r"^\s+return", r"x$", r"^$", r"\s+x", r"[^a]*x", r"(?s)a.*x", r"return\s*"]
)
def test_regex_lines_hold_every_line_that_matches_alone(pattern: str) -> None:
    """Matches that run over a line's end (`\\s`, `[^a]`, DOTALL) never hide a later line."""
    matcher = LineMatcher.for_regex(compile_re2(pattern))
    lines = matcher.candidate_lines(TEXT)
    assert lines is not None
    assert set(line_by_line(TEXT, matcher)) <= set(lines)
    assert lines == sorted(set(lines))


@pytest.mark.parametrize(
    ("matcher", "safe"),
    [
        (LineMatcher.for_literal("NEEDLE"), True),
        (LineMatcher.for_regex(compile_re2(r"[0-9a-f]{16}")), True),
        (LineMatcher.for_regex(compile_re2(r"(?i)abc")), True),
        (LineMatcher.for_regex(compile_re2(r"x\by$")), True),  # a neighbour each side fits
        (LineMatcher.for_regex(compile_re2(r"\bx{1000}x{23}")), False),  # the neighbour may not
        (LineMatcher.for_regex(compile_re2(r"a+")), False),  # unbounded: may span pieces
        (LineMatcher.for_regex(compile_re2(r"x{1000}x{1000}")), False),  # longer than the overlap
        (LineMatcher.for_regex(compile_re2(r"\Aabc")), False),  # no chunk form
    ],
)
def test_a_piece_of_a_long_line_is_checked_alone_only_when_matches_fit_in_one(
    matcher: LineMatcher, safe: bool
) -> None:
    assert matcher.piece_safe is safe
