"""Edits as text: exact-match replacement, and a real line diff of what changed."""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from coderooms.errors import InvalidInput

MAX_DIFF_CHARS = 20_000
"""Longest unified diff returned; longer ones are cut and marked `truncated`."""

DIFF_CONTEXT_LINES = 3


@dataclass(frozen=True, slots=True)
class DiffSummary:
    added: int
    removed: int
    unified: str
    truncated: bool

    def as_dict(self) -> dict[str, Any]:
        return {
            "added": self.added,
            "removed": self.removed,
            "unified": self.unified,
            "truncated": self.truncated,
        }


def line_diff(old: str, new: str, path: str, limit: int = MAX_DIFF_CHARS) -> DiffSummary:
    """A unified diff (difflib's matcher, so moved or repeated lines count right) of what
    changed. The lines both texts start and end with are set aside first and only the middle is
    matched: an edit to a 5,000-line file diffs a few lines, not the file (14 → ~1 ms). The text
    is cut past `limit` characters (the counts stay whole)."""
    a = old.splitlines(keepends=True)
    b = new.splitlines(keepends=True)
    lines = list(_unified(a, b, f"a/{path}", f"b/{path}", _opcodes(a, b)))
    added = removed = 0
    for line in lines[2:]:  # after the ---/+++ header
        if line.startswith("+"):
            added += 1
        elif line.startswith("-"):
            removed += 1
    text = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines)  # fmt: skip
    limit = max(0, min(limit, MAX_DIFF_CHARS))
    truncated = len(text) > limit
    return DiffSummary(added, removed, text[:limit] if truncated else text, truncated)


Opcode = tuple[Literal["replace", "delete", "insert", "equal"], int, int, int, int]


def _opcodes(a: list[str], b: list[str]) -> list[Opcode]:
    """difflib's opcodes for a → b, the common first and last lines matched without it."""
    head = 0
    shorter = min(len(a), len(b))
    while head < shorter and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < shorter - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    middle = difflib.SequenceMatcher(None, a[head : len(a) - tail], b[head : len(b) - tail])
    codes: list[Opcode] = []
    _append(codes, ("equal", 0, head, 0, head))
    for tag, i1, i2, j1, j2 in middle.get_opcodes():
        _append(codes, (tag, i1 + head, i2 + head, j1 + head, j2 + head))
    _append(codes, ("equal", len(a) - tail, len(a), len(b) - tail, len(b)))
    return codes


def _append(codes: list[Opcode], code: Opcode) -> None:
    """Add an opcode; an empty one is dropped, an `equal` after an `equal` extends it."""
    tag, i1, i2, j1, j2 = code
    if i1 == i2 and j1 == j2:
        return
    if tag == "equal" and codes and codes[-1][0] == "equal":
        _, i1, _, j1, _ = codes.pop()
    codes.append((tag, i1, i2, j1, j2))


class _Opcodes(difflib.SequenceMatcher[str]):
    """A matcher whose opcodes are given: difflib's grouping into hunks, unchanged."""

    def __init__(self, codes: list[Opcode]) -> None:
        super().__init__(None, [], [])
        self._codes = codes

    def get_opcodes(self) -> list[Opcode]:
        return list(self._codes)


def _unified(
    a: list[str], b: list[str], fromfile: str, tofile: str, codes: list[Opcode]
) -> Iterator[str]:
    """difflib.unified_diff's lines, from the opcodes given."""
    started = False
    for group in _Opcodes(codes).get_grouped_opcodes(DIFF_CONTEXT_LINES):
        if not started:
            started = True
            yield f"--- {fromfile}\n"
            yield f"+++ {tofile}\n"
        first, last = group[0], group[-1]
        yield f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n"
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                yield from (" " + line for line in a[i1:i2])
                continue
            if tag in {"replace", "delete"}:
                yield from ("-" + line for line in a[i1:i2])
            if tag in {"replace", "insert"}:
                yield from ("+" + line for line in b[j1:j2])


def _range(start: int, stop: int) -> str:
    """A hunk range as unified diffs write it (difflib's _format_range_unified)."""
    beginning, length = start + 1, stop - start
    if length == 1:
        return f"{beginning}"
    if not length:
        beginning -= 1
    return f"{beginning},{length}"


def replace_exact(content: str, old_text: str, new_text: str, *, field: str = "old_text") -> str:
    """`content` with the single occurrence of `old_text` replaced by `new_text`."""
    if not old_text:
        raise InvalidInput("old_text is empty", field=field, hint="quote the exact text to replace")
    first = content.find(old_text)
    if first < 0:
        raise InvalidInput(
            "old_text was not found in the file",
            field=field,
            hint="copy the exact current text (whitespace and line endings included); "
            "view the file again if it may have changed",
        )
    if content.find(old_text, first + 1) >= 0:
        raise InvalidInput(
            "old_text occurs more than once in the file; it must occur exactly once",
            field=field,
            hint="include more surrounding lines so that old_text is unique",
        )
    return content[:first] + new_text + content[first + len(old_text) :]
