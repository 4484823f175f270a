"""Which files are tests (`languages.TEST_PATH_PATTERN`): the one rule surgical_context, impact,
the routes' `test` tag and heuristics_surface use (the Cypher side is checked against Neo4j in
tests/integration/surgical/test_surgical_context_plans.py)."""

from __future__ import annotations

import pytest

from coderooms.languages import is_test_path


@pytest.mark.parametrize(
    ("path", "test"),
    [
        ("tests/unit/a.py", True), ("test/test_typing.py", True), ("pkg/test_a.py", True),
        ("pkg/a_test.py", True), ("conftest.py", True), ("cmd/main_test.go", True),
        ("web/a.test.ts", True), ("web/a.spec.tsx", True), ("web/__tests__/a.js", True),
        ("src/main/java/FooTest.java", True), ("src/test/java/Foo.java", True),
        ("crate/tests/it.rs", True),
        ("Src/Json.Tests/ReaderTests.cs", True), ("Src/Json/ReaderTest.cs", True),
        ("Src/Json/Latest.cs", False), ("Src/Json/Reader.cs", False),
        ("src/Client/ClientTest.php", True), ("src/Client.php", False),
        ("unittest/case.py", False), ("pkg/testing.py", False), ("latest/a.py", False),
        ("contest.py", False), ("cmd/main.go", False), ("web/a.ts", False),
        ("src/main/java/Foo.java", False), ("pkg/tests_util.py", False),
        ("okio/src/jvmTest/kotlin/okio/BufferTest.kt", True), ("app/src/UtilsTests.kt", True),
        ("okio/src/commonMain/kotlin/okio/Buffer.kt", False), ("src/Testing.kt", False),
        ("Sources/AppTests/RequestTests.swift", True), ("Sources/App/Request.swift", False),
        ("core/shared/ParserSpec.scala", True), ("os/src-jvm/PathSuite.scala", True),
        ("os/src/ZipOpTests.scala", True), ("os/src/Spec.scala.txt", False),
        ("os/src/Inspect.scala", False),
        ("spec/models/user_spec.rb", True), ("lib/test_cart.rb", True), ("lib/cart_test.rb", True),
        ("lib/cart.rb", False), ("spec/spec_helper.rb", False), ("src/a_spec.lua", True),
        ("src/a.lua", False), ("t/run.bats", True), ("bin/test_run.sh", True),
        ("bin/run.sh", False),
    ],
)  # fmt: skip
def test_test_paths(path: str, test: bool) -> None:
    assert is_test_path(path) is test


@pytest.mark.parametrize(
    "path",
    ["pkg/testing/helpers.py", "spec/support/helpers.rb", "Tests/x.py", "docs/test_plan.md",
     "src/a_test.c", "web/a.test.css"],
)  # fmt: skip
def test_paths_the_older_route_and_heuristics_patterns_called_tests_are_not(path: str) -> None:
    """The routes' tag and heuristics_surface had shorter patterns of their own (a `testing/` or
    `spec/` directory, any case, `test_*` and `*_test.*` of any extension); they use this rule
    now, and see the tests surgical_context does."""
    assert not is_test_path(path)


def test_no_file_is_no_test() -> None:
    assert not is_test_path(None)
