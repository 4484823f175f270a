"""A file parsed again after an edit is parsed from its old tree, and the tree equals a fresh
parse of the new bytes, wherever the edit is."""

from __future__ import annotations

import pytest
import tree_sitter_python
from hypothesis import given
from hypothesis import strategies as st
from tree_sitter import Language, Parser

from coderooms.languages.parsing import reparse

OLD = b"import os\n\n\ndef a(x):\n    return os.path.join(x, 'y')\n\n\nclass B:\n    pass\n"
EDITS = [
    OLD.replace(b"def a", b"def a_renamed"),  # in the middle
    b"# a comment first\n" + OLD,  # at the start
    OLD + b"\n\ndef c():\n    return B()\n",  # at the end
    OLD.replace(b"    return os.path.join(x, 'y')\n", b""),  # a deletion (now broken)
    b"",  # everything gone
    OLD,  # unchanged
    OLD.replace(b"'y'", "'ü'".encode()),  # multi-byte characters
]


@pytest.fixture
def parser() -> Parser:
    reparse.clear()
    return Parser(Language(tree_sitter_python.language()))


@pytest.mark.parametrize("new", EDITS)
def test_a_reparse_equals_a_fresh_parse(parser: Parser, new: bytes) -> None:
    reparse.parse(parser, "python", "pkg/m.py", OLD)
    again = reparse.parse(parser, "python", "pkg/m.py", new)
    assert str(again.root_node) == str(parser.parse(new).root_node)
    assert again.root_node.end_byte == len(new)


def test_a_chain_of_edits_and_another_file_under_the_same_path(parser: Parser) -> None:
    for new in EDITS:
        tree = reparse.parse(parser, "python", "pkg/m.py", new)
        assert str(tree.root_node) == str(parser.parse(new).root_node)
    other = b"x = 1\n"  # another repo's file with the same relative path
    tree = reparse.parse(parser, "python", "pkg/m.py", other)
    assert str(tree.root_node) == str(parser.parse(other).root_node)


@pytest.mark.parametrize(
    ("old", "new", "span"),
    [
        (b"abcdef", b"abXYef", (2, 4, 4)),
        (b"aaaa", b"aaaaa", (4, 4, 5)),
        (b"abc", b"", (0, 3, 0)),
        (b"", b"abc", (0, 0, 3)),
        (b"same", b"same", (4, 4, 4)),
    ],
)
def test_changed_span(old: bytes, new: bytes, span: tuple[int, int, int]) -> None:
    assert reparse.changed_span(old, new) == span
    start, old_end, new_end = span
    assert old[:start] + new[start:new_end] + old[old_end:] == new


def naive_span(old: bytes, new: bytes) -> tuple[int, int, int]:
    prefix = 0
    while prefix < min(len(old), len(new)) and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < min(len(old), len(new)) - prefix
        and old[len(old) - 1 - suffix] == new[len(new) - 1 - suffix]
    ):
        suffix += 1
    return prefix, len(old) - suffix, len(new) - suffix


@given(
    st.binary(max_size=64), st.binary(max_size=16), st.binary(max_size=16), st.binary(max_size=64)
)
def test_changed_span_equals_a_byte_by_byte_scan(
    head: bytes, cut: bytes, put: bytes, tail: bytes
) -> None:
    old, new = head + cut + tail, head + put + tail
    assert reparse.changed_span(old, new) == naive_span(old, new)
