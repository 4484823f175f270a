"""The rules that leave a symbol out of `dead_code`, and the reading of names and lines they
rest on: each rule holds for what it names and for nothing else."""

from __future__ import annotations

from typing import Any

import pytest

from coderooms.deadcode.find import _enclosing, _lines_wanted, word_of
from coderooms.deadcode.mentions import Mentions
from coderooms.deadcode.rules import rule_of


def row(name: str, **fields: Any) -> dict[str, Any]:
    base = {
        "name": name,
        "qualname": name,
        "path": "pkg/_mod.py",
        "kind": "Function",
        "language": "python",
        "first": 10,
        "last": 12,
        "signature": "",
    }
    return base | fields


def rule(candidate: dict[str, Any], above: str = "", first: str = "", **kw: Any) -> str | None:
    return rule_of(candidate, (above, first), include_public=False, **kw)


@pytest.mark.parametrize(
    ("candidate", "lines", "expected"),
    [
        (row("__eq__", kind="Method"), ("", "    def __eq__(self, o):"), "dunder"),
        (row("~Buffer", kind="Method", language="cpp"), ("", "Buffer::~Buffer() {"), "operator"),
        (row("operator==", language="cpp"), ("", "bool operator==(A a, A b) {"), "operator"),
        (row("<<", kind="Method", language="ruby"), ("", "  def <<(x)"), "operator"),
        (row("[]=", kind="Method", language="ruby"), ("", "  def []=(k, v)"), "operator"),
        (
            row("plus", kind="Method", language="kotlin"),
            ("", "operator fun plus(o: V)"),
            "operator",
        ),
        (
            row("Deconstruct", kind="Method", language="csharp"),
            ("", "void Deconstruct("),
            "operator",
        ),
        (row("find_spec", kind="Method"), ("", "    def find_spec(self, n, p):"), "protocol"),
        (row("helper", path="tests/test_x.py"), ("", "def helper():"), "test"),
        (row("main"), ("", "def main():"), "entry_point"),
        (row("init", language="go", path="x.go"), ("", "func init() {"), "entry_point"),
        (row("_route"), ("@app.route('/')", "def _route():"), "decorated"),
        (row("_it", language="rust", path="x.rs"), ("#[test]", "fn _it() {"), "decorated"),
        (row("_hook", kind="Method", override=True), ("", "    def _hook(self):"), "override"),
        (
            row("_visit", kind="Method", language="kotlin", path="X.kt"),
            ("", "    override fun _visit(n: Node) {"),
            "override",
        ),
        (
            row("_visit_Name", kind="Method", external_base=True),
            ("", "def _visit_Name"),
            "framework_hook",
        ),
        (
            row("GetUtcNow", kind="Method", language="csharp", path="T.cs"),
            ("", "    public virtual DateTimeOffset GetUtcNow() => DateTimeOffset.UtcNow;"),
            "override",
        ),
        (row("open", language="javascript", path="x.js"), ("", "function open() {"), None),
        (row("_f", path="pkg/m.py"), ("", "def _f(opener=open):"), None),
        (
            row("respond_to_missing?", kind="Method", language="ruby", path="a.rb"),
            ("", "  def respond_to_missing?(name, all = false)"),
            "protocol",
        ),
        (
            row("__invoke", kind="Method", language="php"),
            ("", "public function __invoke("),
            "dunder",
        ),
        (row("__helper", language="python", path="pkg/m.py"), ("", "def __helper():"), None),
        (
            row("unapply", kind="Method", language="scala"),
            ("", "  def unapply(p: Path)"),
            "operator",
        ),
        (
            row("fromInt", kind="Method", language="scala", path="M.scala"),
            ("", "  implicit def fromInt(value: Int): PermSet = new PermSet(value)"),
            "operator",
        ),
        (
            row("timeParse", qualname="ParseBenchmark.timeParse", kind="Method", language="java"),
            ("", "  public void timeParse(int reps) {"),
            "test",
        ),
        (row("api", path="pkg/mod.py"), ("", "def api():"), "public_api"),
        (row("_private"), ("", "def _private():"), None),
        (row("api", path="pkg/_impl.py"), ("", "def api():"), None),
        (row("Api", language="go", path="x.go"), ("", "func Api() {"), "public_api"),
        (row("api", language="go", path="x.go"), ("", "func api() {"), None),
        (
            row("f", language="rust", path="x.rs", signature="pub fn f()"),
            ("", "pub fn f() {"),
            "public_api",
        ),
        (row("f", language="rust", path="x.rs", signature="fn f()"), ("", "fn f() {"), None),
        (row("f", language="c", path="x.c"), ("", "static int f(void) {"), None),
        (row("f", language="c", path="x.c"), ("", "int f(void) {"), "public_api"),
        (row("f", language="typescript", path="x.ts"), ("", "export function f() {"), "public_api"),
        (row("f", language="typescript", path="x.ts"), ("", "function f() {"), None),
        (row("inner", parent_kind="Function"), ("", "    def inner():"), None),
    ],
)
def test_each_rule_names_what_it_leaves_out(
    candidate: dict[str, Any], lines: tuple[str, str], expected: str | None
) -> None:
    assert rule(candidate, *lines) == expected


def test_a_member_of_an_anonymous_class_is_a_framework_hook() -> None:
    nested = row("visitFile", language="scala", path="a.scala", parent_kind="Function")
    assert rule(nested, enclosing="    new FileVisitor[java.nio.file.Path] {") == "framework_hook"
    assert rule(nested, enclosing="  new Runnable() {") == "framework_hook"
    assert rule(nested, enclosing="  val x = object : Comparator<T> {") == "framework_hook"
    assert rule(nested, enclosing="  def walk(p: Path) = {") is None


def test_the_enclosing_line_is_the_nearest_one_indented_less() -> None:
    nested = row("visitFile", first=6, last=7, parent_kind="Function", parent_first=1)
    text = [
        "def walk(p: Path) = {",
        "  new FileVisitor[Path] {",
        "    def preVisitDirectory(d: Path) = {",
        "      go(d)",
        "    }",
        "    def visitFile(f: Path) = {",
        "      go(f)",
    ]
    mentions = Mentions(lines={("pkg/_mod.py", n + 1): line for n, line in enumerate(text)})
    assert list(_lines_wanted(nested)) == [1, 2, 3, 4, 5, 6]
    assert _enclosing(nested, mentions) == "  new FileVisitor[Path] {"
    assert list(_lines_wanted(row("f", first=10))) == [9, 10]


def test_ruby_names_are_read_as_the_word_they_are_written_with() -> None:
    assert [word_of(n) for n in ("empty?", "save!", "name=", "run", "==")] == [
        "empty", "save", "name", "run", "==",
    ]  # fmt: skip
