"""Name tokens, parameter lists and the tag vocabulary used by route synthesis."""

from __future__ import annotations

from coderooms.graph.fulltext import escape_lucene
from coderooms.perspective.focus import module_path_pairs
from coderooms.perspective.route_shapes import (
    jaccard,
    name_tokens,
    parameter_names,
    signature_query,
    words_query,
)
from coderooms.perspective.route_tags import target_tags


def test_name_tokens() -> None:
    assert name_tokens("parse_known_args") == {"parse", "known", "args"}
    assert name_tokens("JSONDecoder") == {"json", "decoder"}
    assert name_tokens("re.compile") == {"compile"}
    assert name_tokens("_a_b") == frozenset()
    assert jaccard(name_tokens("parse_args"), name_tokens("parse_known_args")) == 2 / 3


def test_parameter_names() -> None:
    assert parameter_names("def parse(text, strict=False)", "parse", "python") == (
        "text",
        "strict",
    )
    assert parameter_names("def f(self, a: dict[str, int] = {}, *args, **kw)", "f", "python") == (
        "a",
        "*args",
        "**kw",
    )
    assert parameter_names("def f(a, *, b, /)", "f", "python") == ("a", "b")
    assert parameter_names("def f(a, b", "f", "python") is None
    assert parameter_names("class A(Base)", "A", "python") == ("Base",)
    assert parameter_names("func (r *T) Get(key string, n int) error", "Get", "go") == (
        "key",
        "n",
    )
    assert parameter_names("public int get(String key, int n)", "get", "java") == ("key", "n")
    assert parameter_names("function f(a: number, b?: string)", "f", "typescript") == ("a", "b")
    assert parameter_names("", "f", "python") is None


def test_lucene_queries_are_escaped() -> None:
    assert escape_lucene('a+b:(c)"') == 'a\\+b\\:\\(c\\)\\"'
    assert escape_lucene("x && y || z") == "x \\&\\& y \\|\\| z"
    assert words_query(frozenset({"decoder"}), "r", "path") == '+repo:"r" +path:(decoder)'
    assert words_query(frozenset({"parse", "args"}), "bench-stdlib-keep") == (
        '+repo:"bench stdlib keep" +name:(args OR parse)'
    )
    assert words_query(frozenset({"or"}), "123") == "+name:(or)"  # escaped words, no repo
    assert words_query(frozenset(), "r") is None
    assert signature_query(("text", "*max_len"), "my-repo") == (
        '+repo:"my repo" +signature:len +signature:max +signature:text'
    )
    assert signature_query(("a_b",), "42") == "+signature:a +signature:b"


def test_module_path_pairs() -> None:
    assert module_path_pairs("a/b.py::C.d") == [{"path": "a/b.py", "qualname": "C.d"}]
    pairs = module_path_pairs("json.decoder")
    assert {"path": "json.py", "qualname": "decoder"} in pairs
    assert {"path": "json/decoder.py", "qualname": ""} in pairs
    assert {"path": "json/decoder/__init__.py", "qualname": ""} in pairs
    assert module_path_pairs("plain") == []
    assert module_path_pairs("a..b") == []
    assert module_path_pairs("a/b.c") == []


def test_the_test_tag_follows_the_one_test_rule() -> None:
    """The `test` tag is `languages.is_test_path` (the rule surgical_context uses): JVM, .NET
    and Swift test classes are tests; a `testing/` directory or a `test_*` file of any
    extension no longer is (the older pattern of route_tags said so)."""
    for path in ("tests/a.py", "pkg/test/a.py", "test_x.py", "a/x_test.go", "conftest.py"):
        assert "test" in target_tags("function", "f", path, 0), path
    for path in ("src/main/java/FooTest.java", "Src/ReaderTests.cs", "app/UtilsTest.kt",
                 "Sources/AppTests/RequestTests.swift", "spec/models/user_spec.rb"):  # fmt: skip
        assert "test" in target_tags("function", "f", path, 0), path
    for path in ("shop/a.py", "contest.py", "pkg/testing/helpers.py", "docs/test_plan.md"):
        assert "test" not in target_tags("function", "f", path, 0), path
    assert "test" not in target_tags("ghost", "f", None, 0)


def test_target_tags() -> None:
    assert target_tags("function", "_helper", "shop/a.py", 0) == ("private",)
    assert target_tags("method", "__init__", "shop/a.py", 0) == ()
    assert target_tags("function", "main", "shop/cli.py", 12) == ("entrypoint", "hub")
    assert target_tags("file", "pkg/__main__.py", "pkg/__main__.py", 0) == ("entrypoint",)
    assert target_tags("file", "pkg/_impl.py", "pkg/_impl.py", 0) == ("private",)
    assert target_tags("ghost", "_x", None, 0) == ("ghost",)
    assert target_tags("function", "test_a", "tests/a.py", 0) == ("test",)
