"""Which files are tests, by path alone (`TEST_PATH_PATTERN`): the one rule surgical_context,
impact, the routes' `test` tag and heuristics_surface all use. Written once for every language,
not composed from the records: its text is part of surgical_context's answer, and three of its
fragments serve two languages each (`*_test.py` and `*_test.go`, ...)."""

from __future__ import annotations

import re

TEST_PATH_PATTERN = (
    r"(?:.*/)?(?:"
    r"(?:test|tests|__tests__)/.*"
    r"|test_[^/]*\.py"
    r"|[^/]*_test\.(?:py|go)"
    r"|conftest\.py"
    r"|[^/]*\.(?:test|spec)\.(?:js|jsx|mjs|cjs|ts|tsx)"
    r"|[^/]*Tests?\.java"
    r"|[^/]*Tests?\.cs"
    r"|[^/]*Test\.php"
    r"|[^/]*Tests?\.kt"
    r"|[^/]*Tests?\.swift"
    r"|[^/]*(?:Spec|Suite|Tests?)\.scala"
    r"|test_[^/]*\.(?:rb|sh)"
    r"|[^/]*_test\.rb"
    r"|[^/]*_spec\.(?:rb|lua)"
    r"|[^/]*\.bats"
    r")"
)
"""A file is a test file when its repo-relative path matches this whole (documented in
docs/surgical-context.md):

- any language: a directory component named `test`, `tests` or `__tests__`;
- Python: `test_*.py`, `*_test.py`, `conftest.py`;
- JavaScript / TypeScript: `*.test.<ext>` or `*.spec.<ext>` (js, jsx, mjs, cjs, ts, tsx);
- Go: `*_test.go`;
- Java: `*Test.java`, `*Tests.java` (and `src/test/...` through the directory rule);
- C#: `*Tests.cs`, `*Test.cs`;
- PHP: `*Test.php` (PHPUnit's convention);
- Kotlin: `*Test.kt`, `*Tests.kt` (and `src/test/...` through the directory rule);
- Swift: `*Tests.swift`, `*Test.swift` (XCTest);
- Scala: `*Spec.scala`, `*Suite.scala`, `*Test.scala`, `*Tests.scala` (and `src/test/...`);
- Rust: integration tests under `tests/` (the directory rule; inline `#[cfg(test)]` modules
  live in the file they test and are not told apart);
- Ruby: `*_spec.rb` (RSpec), `test_*.rb`, `*_test.rb` (Minitest, Test::Unit);
- Lua: `*_spec.lua` (busted);
- Bash: `*.bats`, `test_*.sh`.

The pattern is written once and used both by Cypher (`=~`, Java regex, whole-string match: pass
it as a parameter) and by Python (`is_test_path`, `re.fullmatch`): it keeps to the syntax both
share."""

_TEST_PATH = re.compile(TEST_PATH_PATTERN)


def is_test_path(path: str | None) -> bool:
    """Whether `path` (repo-relative, `/`-separated) is a test file; None (no file) is not."""
    return path is not None and _TEST_PATH.fullmatch(path) is not None
