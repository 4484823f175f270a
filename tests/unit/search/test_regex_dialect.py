"""Search regexes are RE2: linear time whatever the pattern, refused clearly where RE2 has no
form, and the chunk form finds every line the pattern matches alone (it only chooses which lines
are checked, so missing one would lose a hit)."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coderooms.errors import InvalidInput
from coderooms.search.line_match import LineMatcher, chunk_lines
from coderooms.search.regex_dialect import MAX_ERROR_CHARS, Re2Pattern, compile_re2
from coderooms.search.regex_literals import best_literal, regex_width

UNICODE_TEXT = (
    "naïve = 1\n"
    "x = ٣٤ + 7\n"
    "a\u2003b\tc\n"
    "éé_ß\n"
    "café au lait\n"
    "\n"
    "def größe(self):  # \U0001d518\U0001d52b\U0001d526\n"
    "    return 0x1f2e3d4c5b6a7988\n"
    "\u00a0\u00a0indent\r\n"
    "end"
)

PATTERNS = [
    r"\w+",
    r"^\w+$",
    r"\d+",
    r"\D\d",
    r"\s",
    r"\S+\s\S+",
    r"[\W\d]",
    r"[^\w\s]",
    r"\bé",
    r"é\b",
    r"\Bl",
    r"[à-ÿ]+",
    r"[^a-z]+$",
    r"^$",
    r"(?s).+",
    r"^.{4}$",
    r"(?:re|def)\w* \w+",
    r"0x[0-9a-f]{16}",
    r"(?m)^ +",
    r"(?i)NAÏVE",
    r"\pL+\pN",
    r"[[:alpha:]]{4}",
    r"\r$",
    "\U0001d518\\pL",
    r"",
]

HOSTILE = [r"(a+)+$", r"(?i)(a+)+$", r"(?i)(\w+\s?)*$", r"(a|a)*b", r"(x+x+)+y", r"(.*){20}!"]


def lines_matching(text: str, pattern: Re2Pattern) -> set[int]:
    return {n for n, line in enumerate(text.split("\n")) if pattern.search_line(line)}


@pytest.mark.parametrize("pattern", PATTERNS)
def test_the_chunk_form_finds_every_line_the_pattern_matches_alone(pattern: str) -> None:
    compiled = compile_re2(pattern)
    assert compiled.chunk is not None
    found = chunk_lines(UNICODE_TEXT.encode(), compiled.chunk)
    assert lines_matching(UNICODE_TEXT, compiled) <= set(found)
    assert found == sorted(set(found))


@pytest.mark.parametrize(
    ("pattern", "why"),
    [
        (r"(\w)\1", "escape"),
        (r"(?P<x>a)(?P=x)", "perl operator"),
        (r"(?<=é)_", "perl operator"),
        (r"(?<!x)=", "perl operator"),
        (r"c(?=a)", "perl operator"),
        (r"t(?!e)", "perl operator"),
        (r"(?>ab|a)b", "perl operator"),
        (r"a++", "repetition"),
        (r"(a)?(?(1)b|c)", "perl operator"),
        (r"\d\Z", "escape"),
        (r"a{1001}", "repetition size"),
        ("(" * 500, "missing )"),
        (r"(?x) a", "perl"),
    ],
)
def test_what_re2_cannot_express_is_refused_naming_the_query(pattern: str, why: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        compile_re2(pattern)
    assert raised.value.field == "query"
    assert why in raised.value.message
    assert len(raised.value.message) < MAX_ERROR_CHARS + 100  # the pattern is not echoed whole
    assert "lookarounds" in (raised.value.hint or "")


@pytest.mark.parametrize("pattern", HOSTILE)
def test_catastrophic_backtracking_patterns_run_in_linear_time(pattern: str) -> None:
    """Python's `re` takes minutes to hours on each of these lines; RE2 microseconds."""
    matcher = LineMatcher.for_regex(compile_re2(pattern))
    lines = ["a" * 30 + "!", "aaaa " * 200 + "!", "x" * 5_000, "a" * 10_000 + "c"]
    started = time.perf_counter()
    for line in lines:
        matcher.matches(line)
        matcher.candidate_lines("\n".join(lines) + "\n")
    # a bound a thousand times above what it takes, so no machine is too slow for it
    assert time.perf_counter() - started < 5.0


@pytest.mark.parametrize(
    "pattern", [r"\Adef", r"x\z", r"(?-m:^x)", r"(?s-m)x$", r"(?m)(?-m)^x", r"\\Aa"]
)
def test_patterns_anchored_at_the_texts_edges_are_checked_line_by_line(pattern: str) -> None:
    compiled = compile_re2(pattern)
    assert compiled.chunk is None
    assert LineMatcher.for_regex(compiled).candidate_lines(UNICODE_TEXT) is None


def test_a_chunk_with_a_lone_surrogate_is_searched_too() -> None:
    matcher = LineMatcher.for_regex(compile_re2(r"x\d"))
    assert matcher.candidate_lines("a\ud800\nx1\n") == [1]
    assert matcher.matches("a\udc80x1")


@pytest.mark.parametrize(
    ("pattern", "literal", "width"),
    [
        (r"class \w+\(Exception\):", "(Exception):", None),
        (r"[[:alpha:]]abcd", None, None),  # Python reads `[[:alph]` + `]abcd`; RE2 a class
        (r"x{,3}abcd", None, None),  # RE2 reads `x{,3}` as text
        (r"\pLabcd", None, None),  # Python refuses it: no literal, not a wrong one
        (r"abcd\z", None, None),
        (r"[0-9a-f]{16}", None, 16),
    ],
)
def test_literals_and_widths_come_only_from_what_both_dialects_read_alike(
    pattern: str, literal: str | None, width: int | None
) -> None:
    compile_re2(pattern)
    assert best_literal(pattern) == literal
    assert regex_width(pattern) == width


LINE_ALPHABET = st.sampled_from([*"ab1 _é٣\u2003\t-.(x", "\n"])
REGEX_PARTS = st.sampled_from(
    [
        r"a",
        r"b+",
        r"\w",
        r"\W",
        r"\d",
        r"\s",
        r"\S",
        r".",
        r"[ab]",
        r"[^a]",
        r"^",
        r"$",
        r"\b",
        r"\B",
        r"(?:a|1)",
        r"x?",
        r"é*",
        r"[\d\s]",
        r"\pL",
        r"(?i:A)",
        r"\(",
        r"-",
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(REGEX_PARTS, min_size=1, max_size=5),
    text=st.text(alphabet=LINE_ALPHABET, max_size=60),
)
def test_random_regexes_over_random_text(parts: list[str], text: str) -> None:
    compiled = compile_re2("".join(parts))
    assert compiled.chunk is not None
    assert lines_matching(text, compiled) <= set(chunk_lines(text.encode(), compiled.chunk))
