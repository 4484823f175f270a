"""Edits as text: exact-match replacement, and a real line diff of what changed."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

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


def line_diff(old: str, new: str, path: str) -> DiffSummary:
    """difflib's unified diff (an LCS-style matcher, so moved or repeated lines count right)."""
    lines = list(
        difflib.unified_diff(
            old.splitlines(keepends=True),
            new.splitlines(keepends=True),
            fromfile=f"a/{path}",
            tofile=f"b/{path}",
            n=DIFF_CONTEXT_LINES,
        )
    )
    added = removed = 0
    for line in lines[2:]:  # after the ---/+++ header
        if line.startswith("+"):
            added += 1
        elif line.startswith("-"):
            removed += 1
    text = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines)  # fmt: skip
    truncated = len(text) > MAX_DIFF_CHARS
    return DiffSummary(added, removed, text[:MAX_DIFF_CHARS] if truncated else text, truncated)


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
