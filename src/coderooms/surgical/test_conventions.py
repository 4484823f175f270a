"""Which files are tests, by path alone, per language (documented in docs/surgical-context.md).

A file is a test file when its repo-relative path matches `TEST_PATH_PATTERN`:

- any language: a directory component named `test`, `tests` or `__tests__`;
- Python: `test_*.py`, `*_test.py`, `conftest.py`;
- JavaScript / TypeScript: `*.test.<ext>` or `*.spec.<ext>` (js, jsx, mjs, cjs, ts, tsx);
- Go: `*_test.go`;
- Java: `*Test.java`, `*Tests.java` (and `src/test/...` through the directory rule);
- C#: `*Tests.cs`, `*Test.cs`;
- PHP: `*Test.php` (PHPUnit's convention);
- Kotlin: `*Test.kt`, `*Tests.kt` (and `src/test/...` through the directory rule);
- Swift: `*Tests.swift`, `*Test.swift` (XCTest; SwiftPM's `Tests/` through the directory rule);
- Scala: `*Spec.scala`, `*Suite.scala`, `*Test.scala`, `*Tests.scala` (and `src/test/...`);
- Rust: integration tests under `tests/` (the directory rule; inline `#[cfg(test)]` modules
  live in the file they test and are not told apart).
- Ruby: `*_spec.rb` (RSpec), `test_*.rb`, `*_test.rb` (Minitest, Test::Unit);
- Lua: `*_spec.lua` (busted);
- Bash: `*.bats`, `test_*.sh`.

The pattern is written once and used both by Cypher (`=~`, Java regex, whole-string match)
and by Python (`re.fullmatch`): it keeps to the syntax both share.
"""

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

_TEST_PATH = re.compile(TEST_PATH_PATTERN)


def is_test_path(path: str) -> bool:
    return _TEST_PATH.fullmatch(path) is not None
