from __future__ import annotations

import pytest

from coderooms.errors import InvalidInput
from coderooms.search.path_glob import compile_path_pattern

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
