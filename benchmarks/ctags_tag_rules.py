"""What `definitions_vs_ctags` counts of ctags' tags, per language: the filters that drop what
ctags tags by mistake (each case named where its rule is), and the regex taggers it defines in
Universal Ctags for Swift and Scala, which ctags (5.9 and 6.2 alike) has no parser for (ctags'
own regex languages, `--langdef`, one line per definition, independent of tree-sitter)."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from coderooms.languages.csharp.branches import branch_counts, nth_branches

_SWIFT_MODIFIERS = (
    r"((@[A-Za-z_][A-Za-z0-9_.]*(\([^)]*\))?|public|private|fileprivate|internal|open|package"
    r"|final|static|class|override|mutating|nonmutating|convenience|required|indirect|lazy"
    r"|dynamic|optional|nonisolated|distributed|(private|fileprivate|internal|public)"
    r"\(set\))[ \t]+)*"
)
_SWIFT_OPERATOR = r"[^ \t(A-Za-z_`][^ \t(A-Za-z_]*"
SWIFT_OPTIONS = (
    "--langdef=SwiftRegex",
    "--kinddef-SwiftRegex=t,type,types",
    "--kinddef-SwiftRegex=f,function,functions",
    rf"--regex-SwiftRegex=/^[ \t]*{_SWIFT_MODIFIERS}(class|struct|enum|actor|protocol)"
    r"[ \t]+([A-Za-z_][A-Za-z0-9_]*)/\6/t/",
    rf"--regex-SwiftRegex=/^[ \t]*{_SWIFT_MODIFIERS}func[ \t]+([A-Za-z_][A-Za-z0-9_]*)/\5/f/",
    rf"--regex-SwiftRegex=/^[ \t]*{_SWIFT_MODIFIERS}func[ \t]*({_SWIFT_OPERATOR})/\5/f/",
    rf"--regex-SwiftRegex=/^[ \t]*{_SWIFT_MODIFIERS}func[ \t]+`([^`]+)`/\5/f/",
    rf"--regex-SwiftRegex=/^[ \t]*{_SWIFT_MODIFIERS}(init)[?!]?[ \t]*[(<]/\5/f/",
)
"""Universal Ctags 5.9 has no Swift parser: a regex tagger of its own (optlib), one line per
definition, independent of tree-sitter. Modifiers and attributes may precede the keyword;
operator functions (`static func == (`) are tagged by their operator; a name on the line after
`func` is missed (a line regex)."""


def swift_tag(tag: dict[str, Any]) -> bool:
    """`class func`/`class var` read as a type named `func`/`var` to the regex."""
    return tag.get("name") not in {"func", "var", "let", "subscript", "case", "override"}


_SCALA_MODIFIERS = (
    r"((@[A-Za-z_][A-Za-z0-9_.]*(\([^)]*\))?|private|protected|final|sealed|abstract|implicit"
    r"|lazy|override|case|open|inline|transparent|infix|opaque)(\[[A-Za-z_.]*\])?[ \t]+)*"
)
_SCALA_NAME = r"[A-Za-z_$][A-Za-z0-9_$]*(_[-!#%&*+\/:<=>?@^|~]+)?|[-!#%&*+\/:<=>?@^|~]+"
"""A Scala name: alphanumeric (optionally `_` and an operator, `unary_!`) or an operator (`/`
escaped: it delimits ctags's regex)."""
SCALA_OPTIONS = (
    "--langdef=ScalaRegex",
    "--kinddef-ScalaRegex=t,type,types",
    "--kinddef-ScalaRegex=f,function,functions",
    rf"--regex-ScalaRegex=/^[ \t]*{_SCALA_MODIFIERS}(class|trait|object|enum)"
    r"[ \t]+([A-Za-z_][A-Za-z0-9_$]*)/\6/t/",
    rf"--regex-ScalaRegex=/^[ \t]*{_SCALA_MODIFIERS}package[ \t]+object[ \t]+"
    r"([A-Za-z_][A-Za-z0-9_]*)/\5/t/",
    rf"--regex-ScalaRegex=/^[ \t]*{_SCALA_MODIFIERS}def[ \t]+({_SCALA_NAME})/\5/f/",
    rf"--regex-ScalaRegex=/^[ \t]*{_SCALA_MODIFIERS}def[ \t]+`([^`]+)`/\5/f/",
)
"""Universal Ctags 5.9 has no Scala parser: a regex tagger of its own, as for Swift, one line
per `class`/`trait`/`object`/`enum` and `def` at a line's start (a `def` after `new X {` on the
same line is missed); `def this` (an auxiliary constructor, no symbol of ours) is dropped
(`scala_tag`)."""


def scala_tag(tag: dict[str, Any]) -> bool:
    return tag.get("name") not in {"this", "class", "object", "trait"}


def kotlin_tag(tag: dict[str, Any]) -> bool:
    """ctags tags Kotlin lambda parameters (`{ segment -> ...}`) and `for (i in ...)` loop
    variables as methods: a method tag counts only when its line has `fun`. A companion object
    is no symbol of ours on purpose (its members are the class's)."""
    pattern = tag.get("pattern", "")
    if tag.get("kind") == "object":
        return "companion object" not in pattern
    return tag.get("kind") != "method" or "fun " in pattern


def ruby_tag(tag: dict[str, Any]) -> bool:
    """ctags 6 tags a local variable holding an anonymous class (`c = Class.new do`, `@app ||=
    Class.new`) as a class named by the variable: no symbol of ours on purpose (a constant,
    `E = Class.new(Base)`, is a class of ours, and compared). An alias counts when ctags has its
    name whole: it cuts `alias include? has_key?` to `include` and `alias x= y=` to `x`
    (neither side compares an alias whose name is no identifier)."""
    name = tag.get("name", "")
    if tag.get("kind") == "alias":
        if not name.isidentifier():
            return False  # `alias_method :_safe?, :safe?`: as ours, not compared
        written = rf"\balias(?:_method)?[ \t(]+:?{re.escape(name)}(?=[\s,)])"
        return re.search(written, tag.get("pattern", "")) is not None
    return tag.get("kind") not in ("class", "module") or name[:1].isupper()


def last_segment(name: str) -> str:
    """`M.f` / `M:m` -> `f` / `m`; `""` (not compared) for what is no name (`t["x"]`)."""
    last = name.replace(":", ".").rsplit(".", 1)[-1]
    return last if last.isidentifier() else ""


def sh_tag(tag: dict[str, Any]) -> bool:
    """ctags 5.9 tags an array assignment `name=()` as a function `name=` (6.2 does not)."""
    return not tag.get("name", "").endswith("=")


def lua_tag(tag: dict[str, Any]) -> bool:
    """ctags (5.9 and 6.2 alike) reads Lua by line: it tags a name on any line where the word
    `function` occurs, `local ok, err = pcall(function()` (`err`), `local t = f(x, function()`
    (`t`), `local has_len = type(x) == "function"`, `for i = #scheduled_functions` (`i`). A tag
    counts only when its line defines the name as a function: `function [a.b.|a:]name(`,
    `[a.b.]name = function`, or the fallback `name = a.b or function` (what we define too).
    A definition written inside a string (a test fixture's file text) still counts: no line
    rule can tell, and those are ctags' misreadings."""
    last = re.escape(last_segment(tag.get("name", "")))
    prefix = r"(?<![\w.:])(?:[A-Za-z_][\w]*[.:])*"
    line = tag.get("pattern", "")
    return bool(
        re.search(rf"\bfunction\s+{prefix}{last}\s*\(", line)
        or re.search(rf"{prefix}{last}\s*=\s*(?:function\b|[\w.]+\s+or\s+function\b)", line)
    )


_MACRO_BLOCK = re.compile(r"/\^[ \t]*([A-Z][A-Z0-9_]+)[ \t]*\(")


def c_tag(tag: dict[str, Any]) -> bool:
    """ctags tags a macro given a block outside a class, `TEST(DBTest, Empty) {` (gtest), as a
    function `TEST`: no function, and none of ours (`languages.c`: a typeless, unqualified,
    all-capitals name). A tag counts unless it is such a function written at its line's start
    outside a class or struct."""
    if tag.get("kind") != "function" or tag.get("scopeKind") in ("class", "struct"):
        return True
    written = _MACRO_BLOCK.match(tag.get("pattern", ""))
    return written is None or written[1] != tag.get("name")


@functools.cache
def _dead_csharp_lines(path: str) -> frozenset[int]:
    """The lines of a C# file that no preprocessor configuration compiles (`#if false`), as
    `languages.csharp.branches.live_branches` finds them: blank in every reading, not in the
    source."""
    source = Path(path).read_bytes()
    if b"#" not in source:
        return frozenset()
    readings = [nth_branches(source, k) for k in range(max(branch_counts(source), default=1))]
    return frozenset(
        number
        for number, line in enumerate(source.split(b"\n"), start=1)
        if line.strip() and all(not r.split(b"\n")[number - 1].strip() for r in readings)
    )


def csharp_tag(tag: dict[str, Any]) -> bool:
    """ctags reads a `#if false` branch as code (Newtonsoft's `JsonConvertTest.cs:1181`,
    `StackOverflowTest`); no configuration compiles it, and ours has no symbol there."""
    return tag["line"] not in _dead_csharp_lines(tag["path"])
