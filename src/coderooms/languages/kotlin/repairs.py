"""A second reading of a Kotlin file that tree-sitter-kotlin 1.1 parses with errors: what the
grammar misreads, rewritten without moving a line of what follows (each rewrite replaces bytes
one for one, or moves a line break within the declaration it mends). `languages.extract` keeps
the second reading only when it parses with fewer errors.

* A `}` closing a body on the line it opened (`{ fun f() {} }`, `fun interface F { fun f() }`):
  the space before it becomes `;` (`{};}`).
* A primary constructor with modifiers on the line after its class (`class ByteString` /
  `internal actual constructor(`): the two lines are joined, and the line break moves to the
  indentation of the line after (a parameter's).

`top_level_annotations` is applied to every file before its first reading: a top-level
declaration starting with `actual`, `expect`, `annotation`, `data` or `enum` below annotations
on lines of their own (`@OptIn(X::class)` above `actual class C {`, `@Target(CLASS)` above
`annotation class A`) parses without an error as an annotated expression, and the declaration is
lost. The annotation lines are blanked: the declaration parses on its own line, where its symbol
starts (the annotation is no part of its signature then).
"""

from __future__ import annotations

import re

_ONE_LINE_CLOSE = re.compile(rb"(?<=[^\s{;])[ \t](?=\}[ \t]*(?:\n|$|\)|,|\}))")
_ANNOTATION_ABOVE = re.compile(
    rb"^((?:@[A-Za-z_][A-Za-z0-9_.]*(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?[ \t]*\n)+)"
    rb"(?=(?:actual|expect|annotation|data|enum)\b)",
    re.MULTILINE,
)
_NOT_NEWLINE = re.compile(rb"[^\n]")
_CONSTRUCTOR_BELOW = re.compile(
    rb"^([ \t]*(?:[a-z]+[ \t]+)*class[ \t]+[A-Za-z_][A-Za-z0-9_]*(?:<[^\n]*>)?)\n"
    rb"([ \t]*(?:[a-z]+[ \t]+)*constructor\([ \t]*)\n([ \t])",
    re.MULTILINE,
)


def second_reading(source: bytes) -> bytes:
    """`source` with the misreadings of the module docstring rewritten (lines stay)."""
    read = _ONE_LINE_CLOSE.sub(b";", source)
    return _CONSTRUCTOR_BELOW.sub(lambda m: m.group(1) + b" " + m.group(2) + b"\n\n", read)


def top_level_annotations(source: bytes) -> bytes:
    """`source` with each annotation line above a lost top-level declaration blanked (see the
    module docstring)."""
    if b"@" not in source:
        return source
    return _ANNOTATION_ABOVE.sub(lambda m: _NOT_NEWLINE.sub(b" ", m.group(1)), source)
