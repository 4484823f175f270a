from __future__ import annotations

import time

import pytest

from coderooms.errors import InvalidInput
from coderooms.search.path_glob import compile_path_pattern, translate

PATHS = [
    "setup.py",
    "src/a.py",
    "src/x/y/b.py",
    "src/x/readme.md",
    "pkg/setup.py",
    "docs/a/b.md",
    "tests/test_a.py",
    "test_b.py",
    "a/bc.zy",
]


@pytest.mark.parametrize(
    ("pattern", "expected", "prefix"),
    [
        ("src/**/*.py", ["src/a.py", "src/x/y/b.py"], "src/"),
        (
            "*.py",
            [
                "setup.py",
                "src/a.py",
                "src/x/y/b.py",
                "pkg/setup.py",
                "tests/test_a.py",
                "test_b.py",
            ],
            "",
        ),
        ("/setup.py", ["setup.py"], "setup.py"),
        ("setup.py", ["setup.py", "pkg/setup.py"], ""),
        ("docs/", ["docs/a/b.md"], ""),
        ("docs/**", ["docs/a/b.md"], "docs/"),
        ("**/test_*.py", ["tests/test_a.py", "test_b.py"], ""),
        ("src/*.py", ["src/a.py"], "src/"),
        ("a/b?.[!x]y", ["a/bc.zy"], "a/b"),
        ("src/x/[rq]*", ["src/x/readme.md"], "src/x/"),
    ],
)
def test_gitignore_style_patterns(pattern: str, expected: list[str], prefix: str) -> None:
    compiled = compile_path_pattern(pattern, field="pattern")
    assert [path for path in PATHS if compiled.matches(path)] == expected
    assert compiled.prefix == prefix
    assert all(path.startswith(compiled.prefix) for path in expected)


@pytest.mark.parametrize("pattern", ["", "  ", "/", "a\x00b", "x" * 1001])
def test_bad_patterns_name_the_field(pattern: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        compile_path_pattern(pattern, field="path_glob")
    assert raised.value.field == "path_glob"


def test_special_characters_are_literal() -> None:
    compiled = compile_path_pattern("a+b(c).py", field="pattern")
    assert compiled.matches("a+b(c).py")
    assert not compiled.matches("aab(c)xpy")


@pytest.mark.parametrize("pattern", ["**/" * 30 + "x", "**/" * 300 + "x", "*a" * 300 + "b"])
def test_hostile_globs_match_in_linear_time(pattern: str) -> None:
    """Backtracking took 8 s for `**/` * 30 and over a minute for * 300; RE2 does not backtrack."""
    compiled = compile_path_pattern(pattern, field="pattern")
    paths = ["a/" * 300 + "y", "a" * 900, "q/" * 40 + "x"]
    started = time.perf_counter()
    found = [path for path in paths if compiled.matches(path)]
    assert time.perf_counter() - started < 5.0  # microseconds in fact; no machine is this slow
    assert found == (["q/" * 40 + "x"] if pattern.endswith("x") else [])


def test_repeated_double_stars_collapse_into_one() -> None:
    assert translate("**/**/**/x") == translate("**/x")
    many = compile_path_pattern("src/" + "**/" * 50 + "*.py", field="pattern")
    assert [p for p in PATHS if many.matches(p)] == ["src/a.py", "src/x/y/b.py"]


def test_unicode_and_a_bad_class_in_a_glob() -> None:
    assert compile_path_pattern("dé jà/*.py", field="pattern").matches("dé jà/x.py")
    with pytest.raises(InvalidInput) as raised:
        compile_path_pattern("a[[:nope:]]", field="pattern")
    assert raised.value.field == "pattern"
