from __future__ import annotations

import re

import pytest

from coderooms.search.regex_literals import best_literal, required_literals


@pytest.mark.parametrize(
    ("pattern", "runs", "best"),
    [
        ("foo", ["foo"], "foo"),
        (r"foo\(bar", ["foo(bar"], "foo(bar"),
        ("abc.*defgh", ["abc", "defgh"], "defgh"),
        ("a(bcd|e)fgh", ["a", "fgh"], "fgh"),
        ("x(?:yz)w", ["xyzw"], "xyzw"),
        (r"\bdef\s+(\w+)\(", ["def", "("], "def"),
        ("(abc)+d", ["abc", "d"], "abc"),
        ("ab?cde", ["a", "cde"], "cde"),
        ("ab*cde", ["a", "cde"], "cde"),
        ("^import re$", ["import re"], "import re"),
        ("é中文x", ["é中文x"], "é中文x"),
        ("[a-z]+_name", ["_name"], "_name"),
        (r"a\.b\\c", ["a.b\\c"], "a.b\\c"),
        ("(?i)hello", [], None),
        ("(?i:abc)def", ["def"], "def"),
        ("ab|cd", [], None),
        ("(?=abc)x", ["x"], None),
        (r"\d+", [], None),
        ("ab", ["ab"], None),
        ("(abc){0,3}xy", ["xy"], None),
    ],
)
def test_required_literals(pattern: str, runs: list[str], best: str | None) -> None:
    assert required_literals(pattern) == runs
    assert best_literal(pattern) == best


@pytest.mark.parametrize(
    "pattern", ["foo", r"def \w+\(", "a(bcd|e)fgh", "(abc)+d", r"x\s*\*\s*2", "ab?cde"]
)
def test_every_match_contains_the_best_literal(pattern: str) -> None:
    samples = ["foo", "def run(", "abcdfgh", "aefgh", "abcabcd", "x * 2", "acde", "abcde"]
    needle = best_literal(pattern)
    for sample in samples:
        if re.search(pattern, sample) and needle is not None:
            assert needle in sample
