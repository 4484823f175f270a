"""Doc comments and docstrings of definitions, cut to their first sentence (at most DOC_MAX
characters), for every deep language."""

from __future__ import annotations

import re
from collections.abc import Iterable

from tree_sitter import Node

DOC_MAX = 200
"""A symbol's `doc` is the first sentence of its docstring or leading comment, capped here."""
_WRAPPERS = frozenset(
    {
        "decorated_definition",
        "export_statement",
        "lexical_declaration",
        "variable_declaration",
        "ambient_declaration",
        "type_declaration",
        "const_declaration",
        "var_declaration",
        "var_spec_list",
    }
)
"""Nodes that wrap a definition and start with it, so its leading comment precedes them."""
_SKIPPED_SIBLINGS = frozenset({"attribute_item", "decorator", "annotation", "marker_annotation"})
_COMMENT_MARKERS = re.compile(r"^\s*(?:/\*\*?|\*/|\*(?!/)|///?!?|#+!?)?\s?")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s")
_NOT_DOCS = ("copyright", "spdx-", "eslint", "noqa", "type: ignore", "pylint", "prettier-")


def doc_of(node: Node, source: bytes) -> str | None:
    """The first sentence of the definition's docstring (Python: the string that opens its body)
    or else of the comment block right above it (no blank line between), at most DOC_MAX
    characters; None when there is neither."""
    body = node.child_by_field_name("body")
    if body is not None and body.type == "block":
        doc = docstring(body, source)
        if doc:
            return doc
    anchor = node
    while anchor.parent is not None and anchor.parent.type in _WRAPPERS:
        anchor = anchor.parent
    lines: list[str] = []
    below = anchor.start_point.row
    sibling = anchor.prev_named_sibling
    while sibling is not None:
        if sibling.type in _SKIPPED_SIBLINGS:
            below = sibling.start_point.row
        elif "comment" in sibling.type and sibling.end_point.row >= below - 1:
            lines[:0] = _text(sibling, source).splitlines()
            below = sibling.start_point.row
        else:
            break
        sibling = sibling.prev_named_sibling
    return first_sentence(_COMMENT_MARKERS.sub("", line) for line in lines)


def docstring(block: Node, source: bytes) -> str | None:
    """The first sentence of the string literal that opens `block` (a Python body or module)."""
    first = block.named_children[0] if block.named_child_count else None
    if first is None or first.type != "expression_statement" or not first.named_child_count:
        return None
    literal = first.named_children[0]
    if literal.type != "string":
        return None
    raw = _text(literal, source)
    start = 0
    while start < len(raw) and raw[start] not in "'\"":
        start += 1  # string prefixes: r, u, b, f
    quote = raw[start : start + 3] if raw[start : start + 3] in ('"""', "'''") else raw[start]
    inner = raw[start + len(quote) :]
    if inner.endswith(quote):
        inner = inner[: -len(quote)]
    return first_sentence(inner.splitlines())


def first_sentence(lines: Iterable[str]) -> str | None:
    """The first sentence of the first paragraph of `lines`, whitespace collapsed, capped."""
    paragraph: list[str] = []
    for line in lines:
        stripped = line.strip()
        if not stripped or stripped.startswith("@"):  # a blank line or a JSDoc/Javadoc tag
            if paragraph:
                break
            continue
        paragraph.append(stripped)
    joined = " ".join(paragraph)
    if not joined or any(marker in joined.lower() for marker in _NOT_DOCS):
        return None
    sentence = _SENTENCE_END.split(joined, maxsplit=1)[0]
    return sentence[:DOC_MAX] or None


def _text(node: Node, source: bytes) -> str:
    return source[node.start_byte : node.end_byte].decode("utf-8", "replace")


_PACKAGE_CLAUSES = frozenset({"package_clause", "package_declaration", "package_header"})


def package_clause_doc(root: Node, source: bytes) -> str | None:
    """A module's doc where no docstring opens it: the comment right above its package clause
    (Go, Java, Kotlin), None for a file without one."""
    for child in root.named_children:
        if child.type in _PACKAGE_CLAUSES:
            return doc_of(child, source)
        if "comment" not in child.type:
            return None
    return None
