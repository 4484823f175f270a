"""Bash extraction (`.sh`, `.bash`, `.bats`).

* Functions: `f() { }`, `function f { }`, `function f() ( )` -> FUNCTION `f`. Shell functions
  are global whichever body defines them, so a function defined inside another is `g`, not
  `f.g` (parent `""`); calls written in it are still its own.
* Imports: `source x.sh` and `. x.sh` with a literal path (a word or a quoted string without
  expansions) -> ImportRef("x.sh"); a path that starts with the script's own directory
  (`"$(dirname "$0")/x.sh"`, `"$(dirname "${BASH_SOURCE[0]}")/x.sh"`, `"${BASH_SOURCE%/*}/x.sh"`)
  -> ImportRef("./x.sh"). In a bats file (one with an `@test`), `load x` -> ImportRef("./x.bash")
  (what bats sources), and `run cmd args` is a call of `run` and of `cmd`. Any other path
  (`"$DIR/x.sh"`) is not an import.
* Calls: every simple command whose name is a literal word (`helper "$x"`, `grep -q`, the
  commands of pipelines, conditions and `$(...)` substitutions) -> a call of that name; a name
  that is an expansion (`$cmd`, `"${fn}"`) or a path (`./configure`) is not recorded.
  `source`/`.` are imports, not calls.
  Which calls name a function is settled in resolution (`reference_requests`): builtins and external
  commands are never linked to a symbol.
* bats: a `@test "name" {` header is read as a function header of no symbol (`bats_source`
  rewrites it in place before parsing, as bats itself turns each test into a function), so the
  test's body parses; its calls belong to the file.
* Doc: the `#` comment block right above the function.
"""

from __future__ import annotations

import re

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.parsing.collector import Collector, Scope, nest, spans
from coderooms.languages.parsing.nodes import header, string_value, text

QUERY = """
(function_definition) @function
(command name: (command_name . (word) @name .)) @command
"""

_SOURCES = frozenset({"source", "."})
_OWN_DIRECTORY = re.compile(
    r"""^"?(?:\$\(\s*dirname\s+"?\$(?:0|\{0\}|BASH_SOURCE|\{BASH_SOURCE(?:\[0\])?\})"?\s*\)"""
    r"""|\$\{BASH_SOURCE(?:\[0\])?%/\*\}|\$\{0%/\*\})"?/(?P<rest>[^"$`\s]+)"?$"""
)
_COMMAND_NAME = re.compile(r"[\w:+-][\w.:+@-]*|\[\[?")
"""What a call is recorded for: a name a function may have (not a path, `./configure`, nor a
bats `@test` or the `}` closing its body)."""
_LITERAL = re.compile(r"[^\s$`\"'\\*?\[\]{}()<>|;&]+")


_BATS_TEST = re.compile(
    rb'^([ \t]*)@test([ \t]+)("(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\')([ \t]*)\{', re.M
)
BATS_PLACEHOLDER = "_____"
"""The name a bats `@test "..." {` header is read under (as bats itself turns each test into a
function); no symbol is made of it."""


def bats_source(source: bytes) -> bytes:
    """`source` with each bats `@test "name" {` header rewritten, byte for byte in place, as the
    function header `_____()       {`, which tree-sitter-bash parses (a `@test` line reads as a
    command whose `{` opens nothing, and what follows as broken statements)."""
    if b"@test" not in source:
        return source

    def header(match: re.Match[bytes]) -> bytes:
        indent, gap, name, space = match.groups()
        filler = b" " * (len(gap) + len(name) + len(space) - 2)
        return indent + BATS_PLACEHOLDER.encode() + b"()" + filler + b"{"

    return _BATS_TEST.sub(header, source)


def extract(root: Node, query: Query, c: Collector) -> None:
    source = c.source
    caps = QueryCursor(query).captures(root)

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return outer
        name = text(name_node, source)
        if name == BATS_PLACEHOLDER:
            return outer  # a bats `@test`: its calls belong to the file
        c.define(SymbolKind.FUNCTION, name, "", node, header(node, _body(node), source))
        return Scope(name, "", in_type=False)

    functions = caps.get("function", ())
    nest(spans(functions, "function"), handle)
    bats = any(  # a bats file: `load` sources a helper, `run f` runs `f`
        (test_name := n.child_by_field_name("name")) is not None
        and text(test_name, source) == BATS_PLACEHOLDER
        for n in functions
    )
    for node in caps.get("command", ()):
        name_node = node.child_by_field_name("name")
        if name_node is None:
            continue
        name = text(name_node, source)
        if name in _SOURCES or (bats and name == "load"):
            _source(node, name, c, source)
        elif _COMMAND_NAME.fullmatch(name):
            c.call(node, name)
            if bats and name == "run":
                _run(node, c, source)


def _run(node: Node, c: Collector, source: bytes) -> None:
    """bats `run [-N] [--separate-stderr] [!] cmd args`: also a call of `cmd`."""
    for argument in node.children_by_field_name("argument"):
        word = text(argument, source)
        if argument.type != "word" or word.startswith("-") or word == "!":
            if argument.type == "word":
                continue
            return
        if _COMMAND_NAME.fullmatch(word):
            c.call(argument, word)
        return


def _body(node: Node) -> Node | None:
    return node.child_by_field_name("body")


def _source(node: Node, name: str, c: Collector, source: bytes) -> None:
    argument = node.child_by_field_name("argument")
    if argument is None:
        return
    path = _literal_path(argument, source)
    if path is None:
        return
    if name == "load":
        path = path if path.endswith((".bash", ".sh")) else path + ".bash"
        path = path if path.startswith(("/", ".")) else "./" + path
    c.imp(path, (), None, node)


def _literal_path(node: Node, source: bytes) -> str | None:
    """A word or a quoted string without expansions, else a path under the script's own
    directory (`"$(dirname "$0")/x.sh"` -> `./x.sh`), else None."""
    raw = text(node, source)
    if node.type in ("word", "raw_string", "string"):
        value = string_value(node, source) if node.type != "word" else raw
        if _LITERAL.fullmatch(value):
            return value
    own = _OWN_DIRECTORY.match(raw)
    if own is not None:
        return "./" + own.group("rest")
    return None
