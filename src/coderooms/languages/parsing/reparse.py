"""Incremental re-parsing: the last trees parsed, kept per (language, path), so a file parsed
again after an edit is parsed from its old tree, and tree-sitter reuses every subtree outside
the edited bytes (typing.py, 3,500 lines, a function inserted mid-file: 15 ms fresh, 1.4 ms
from the old tree). The edit is the span between the longest common prefix and suffix of the
old and new bytes; the tree that comes out equals a fresh parse of the new bytes (tested).

A path names a file in some repo; two repos with the same relative path only share a slot: the
edit is computed from the bytes the old tree was parsed from, so the result is right anyway.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from tree_sitter import Parser, Tree

MAX_TREES = 16
"""Trees kept (the files most recently parsed in this process)."""
MAX_TREE_BYTES = 512 * 1024
"""A larger file is parsed fresh every time and its tree not kept: a 2 MiB minified bundle's
tree holds ~120 MiB, generated files are not edited by hand, and the process should not keep
that after its ingest (or its failure)."""

_lock = threading.Lock()
_trees: OrderedDict[tuple[str, str], tuple[bytes, Tree]] = OrderedDict()


def parse(parser: Parser, language: str, path: str, source: bytes) -> Tree:
    """`source` parsed, from the previous tree of the same path when there is one."""
    key = (language, path)
    with _lock:  # taken out while in use: an old tree is edited in place
        previous = _trees.pop(key, None)
    if previous is None:
        tree = parser.parse(source)
    else:
        old_source, old_tree = previous
        if old_source == source:
            tree = old_tree
        else:
            start, old_end, new_end = changed_span(old_source, source)
            old_tree.edit(
                start_byte=start,
                old_end_byte=old_end,
                new_end_byte=new_end,
                start_point=point_at(old_source, start),
                old_end_point=point_at(old_source, old_end),
                new_end_point=point_at(source, new_end),
            )
            tree = parser.parse(source, old_tree)
    if len(source) > MAX_TREE_BYTES:
        return tree
    with _lock:  # the caller reads `tree`; the next parse of the path edits the copy
        _trees[key] = (source, tree.copy())
        while len(_trees) > MAX_TREES:
            _trees.popitem(last=False)
    return tree


def changed_span(old: bytes, new: bytes) -> tuple[int, int, int]:
    """(start, old end, new end): old[start:old_end] became new[start:new_end]."""
    limit = min(len(old), len(new))
    prefix = _common(old, new, limit, from_end=False)
    suffix = _common(old, new, limit - prefix, from_end=True)
    return prefix, len(old) - suffix, len(new) - suffix


def _common(old: bytes, new: bytes, limit: int, *, from_end: bool) -> int:
    """Length of the longest common prefix (or suffix) of at most `limit` bytes: a binary
    search over slice comparisons. Slices of `bytes` compare with memcmp; slices of a
    memoryview compare item by item (176 KB, test_enum.py: 8.3 ms against 0.26)."""
    low, high = 0, limit
    while low < high:
        mid = (low + high + 1) // 2
        if _same(old, new, mid, from_end=from_end):
            low = mid
        else:
            high = mid - 1
    return low


def _same(old: bytes, new: bytes, size: int, *, from_end: bool) -> bool:
    """Whether the first (or last) `size` bytes of both are equal."""
    if from_end:
        return old[len(old) - size :] == new[len(new) - size :]
    return old[:size] == new[:size]


def point_at(source: bytes, offset: int) -> tuple[int, int]:
    """(row, column in bytes) of a byte offset, as tree-sitter counts them."""
    row = source.count(b"\n", 0, offset)
    return row, offset - (source.rfind(b"\n", 0, offset) + 1)


def clear() -> None:
    with _lock:
        _trees.clear()
