"""The RE2 twin of a regex finds every line the regex matches alone (and may find more): it only
chooses which lines Python checks, so missing one would lose a hit."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coderooms.search.line_match import LineMatcher, twin_lines
from coderooms.search.regex_twin import regex_twin

UNICODE_TEXT = (
    "naïve = 1\n"
    "x = ٣٤ + 7\n"  # Arabic-Indic digits: Python's \d, not RE2's
    "a\u2003b\tc\n"  # an em space: Python's \s, not RE2's
    "éé_ß\n"
    "café au lait\n"
    "\n"
    "def größe(self):  # \U0001d518\U0001d52b\U0001d526\n"  # Fraktur letters, outside the BMP
    "    return 0x1f2e3d4c5b6a7988\n"
    "\u00a0\u00a0indent\r\n"
    "end"
)

PATTERNS = [
    r"\w+",
    r"^\w+$",
    r"\d+",
    r"\d{2}",
    r"\D\d",
    r"\s",
    r"\S+\s\S+",
    r"a\sb",
    r"\W",
    r"[\w]+ =",
    r"[\W\d]",
    r"[^\w\s]",
    r"[^\d]{3}",
    r"\bé",
    r"é\b",
    r"\Bl",
    r"ï",
    r"[à-ÿ]+",
    r"[^a-z]+$",
    r"^$",
    r".",
    r"(?s).+",
    r"^.{4}$",
    r"(?<=é)_",
    r"(?<!x)=",
    r"c(?=a)",
    r"t(?!e)",
    r"\Adef",
    r"\d\Z",
    r"(\w)\1",
    r"(a)?(?(1)b|c)",
    r"(?>ab|a)b",
    r"a++",
    r"x*?=",
    r"(?:re|def)\w* \w+",
    r"0x[0-9a-f]{16}",
    r"[0-9a-f]{16}",
    r"(?m)^ +",
    r"(?-s:.)",
    r"\r$",
    r"\u00a0+",
    "\U0001d518\\w",
    "[\U0001d518-\U0001d522]{3}",
    r"",
]


def lines_matching(text: str, regex: re.Pattern[str]) -> set[int]:
    return {n for n, line in enumerate(text.split("\n")) if regex.search(line)}


@pytest.mark.parametrize("pattern", PATTERNS)
def test_the_twin_finds_every_line_the_regex_matches(pattern: str) -> None:
    regex = re.compile(pattern)
    twin = regex_twin(regex)
    assert twin is not None, pattern
    found = twin_lines(UNICODE_TEXT.encode(), twin)
    assert lines_matching(UNICODE_TEXT, regex) <= set(found)
    assert found == sorted(set(found))


def test_the_twin_is_exact_where_the_engines_agree() -> None:
    regex = re.compile(r"return 0x[0-9a-f]{16}$")
    twin = regex_twin(regex)
    assert twin_lines(UNICODE_TEXT.encode(), twin) == sorted(lines_matching(UNICODE_TEXT, regex))


@pytest.mark.parametrize(
    "pattern",
    [r"(?i)naïve", r"(?i:x)", r"[^\W\d]", r"a{1001}", r"a{2,5000}"],
)
def test_patterns_that_cannot_be_widened_safely_have_no_twin(pattern: str) -> None:
    assert regex_twin(re.compile(pattern)) is None
    matcher = LineMatcher.for_regex(re.compile(pattern))
    assert matcher.twin is None


def test_a_chunk_with_a_lone_surrogate_is_left_to_python() -> None:
    matcher = LineMatcher.for_regex(re.compile(r"x\d"))
    text = "a\ud800\nx1\n"
    lines = matcher.candidate_lines(text)
    assert lines is not None
    assert 1 in lines


LINE_ALPHABET = st.sampled_from([*"ab1 _é٣\u2003\t-.(x", "\n"])
REGEX_PARTS = st.sampled_from(
    [
        r"a",
        r"b+",
        r"\w",
        r"\W",
        r"\d",
        r"\D",
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
        r"(?=b)",
        r"(?<!a)",
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
    regex = re.compile("".join(parts))
    twin = regex_twin(regex)
    assert twin is not None
    assert lines_matching(text, regex) <= set(twin_lines(text.encode(), twin))
