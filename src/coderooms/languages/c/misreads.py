"""What tree-sitter reads as a C/C++ function and is none (see `c`): a statement after an error,
a macro given a block."""

from __future__ import annotations

import re

from tree_sitter import Node

from coderooms.languages.parsing.collector import Scope

MACRO_NAME = re.compile(r"[A-Z_][A-Z0-9_]*")
"""A macro's name, as written by convention: capitals, digits and underscores."""
STATEMENT_KEYWORDS = frozenset({"if", "else", "for", "while", "switch", "catch", "return"})


def misread_statement(node: Node, name: str) -> bool:
    """A statement read as a function after an error: `else if (x) {` (a function `if`), or
    `JSON_CATCH (e) { }` in a function body (a typeless macro in a statement's place)."""
    if name in STATEMENT_KEYWORDS:
        return True
    parent = node.parent
    return (
        node.child_by_field_name("type") is None
        and parent is not None
        and parent.type == "compound_statement"
        and MACRO_NAME.fullmatch(name) is not None
    )


def macro_block(node: Node, parts: list[str], outer: Scope) -> bool:
    """`TEST(DBTest, Empty) { }` outside a class: a macro given a block (gtest's `TEST`,
    `TEST_F`, gmock's `MATCHER`), no function of that name: a typeless, unqualified one whose
    name is a macro's (a constructor has a class's scope or stands in its class)."""
    return (
        len(parts) == 1
        and not outer.in_type
        and node.child_by_field_name("type") is None
        and MACRO_NAME.fullmatch(parts[0]) is not None
    )
