"""Which lines a diff touches, per file, from `git diff -U0` output (pure: no git runs here).

Lines are those of the new side (the working tree, or the range's end): a hunk `+c,d` with
d > 0 touches lines c..c+d-1; a pure deletion (`+c,0`) touches the lines on either side of
where the text went, c and c+1 (a deleted line belonged to whatever surrounds it). Paths come
from the `---`/`+++` headers (git C-quotes the unusual ones; they are unquoted here); a file
whose block has no hunk (binary, mode change) touches no line. The lines of a range's end are
carried onto the working tree (which the graph holds) through the hunks of a second diff, the
end against the working tree (`carry_span`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

Span = tuple[int, int]
"""First and last line, 1-based, inclusive."""

HUNK_HEADER = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
DEV_NULL = b"/dev/null"
_ESCAPES = {b"a": 7, b"b": 8, b"t": 9, b"n": 10, b"v": 11, b"f": 12, b"r": 13, b'"': 34, b"\\": 92}


def touched_spans(start: int, count: int) -> Span:
    """The new-side lines a hunk `+start,count` touches."""
    if count > 0:
        return (start, start + count - 1)
    return (max(start, 1), start + 1)


Hunk = tuple[int, int, int, int]
"""`@@ -a,b +c,d @@`: (a, b, c, d)."""


def parse_hunks(output: bytes) -> dict[str, list[Span]]:
    """Per path (relative, as git printed it after the `a/` / `b/` prefix), the spans touched."""
    return {
        path: [touched_spans(c, d) for _, _, c, d in hunks]
        for path, hunks in parse_hunk_headers(output).items()
    }


def parse_hunk_headers(output: bytes) -> dict[str, list[Hunk]]:
    """Per path, its hunks' line numbers, both sides."""
    hunks: dict[str, list[Hunk]] = {}
    old: str | None = None
    current: str | None = None
    for line in output.split(b"\n"):
        if line.startswith(b"diff --git "):
            old = current = None
        elif line.startswith(b"--- "):
            old = _header_path(line[4:], b"a/")
        elif line.startswith(b"+++ "):
            current = _header_path(line[4:], b"b/") or old
            if current is not None:
                hunks.setdefault(current, [])
        elif current is not None and (match := HUNK_HEADER.match(line)):
            a, b, c, d = (1 if g is None else int(g) for g in match.group(1, 2, 3, 4))
            hunks[current].append((a, b, c, d))
    return hunks


def carry_span(span: Span, hunks: list[Hunk]) -> Span:
    """The lines `span` (old-side numbers) became on the new side of `hunks`: lines outside the
    hunks move by what the hunks before them added or removed; a line a hunk replaced becomes
    the hunk's new lines (or, when it was only deleted, the lines around where it was)."""
    lo, _ = carry_line(span[0], hunks)
    _, hi = carry_line(span[1], hunks)
    return (min(lo, hi), max(lo, hi))


def carry_line(line: int, hunks: list[Hunk]) -> Span:
    offset = 0
    for a, b, c, d in sorted(hunks):
        before = a if b > 0 else a + 1  # the first line it removes, or its insertion's next
        if line < before:
            break
        if b > 0 and line < a + b:
            return touched_spans(c, d)
        offset = (c + d if d > 0 else c + 1) - (a + b if b > 0 else a + 1)
    moved = max(line + offset, 1)
    return (moved, moved)


def _header_path(raw: bytes, prefix: bytes) -> str | None:
    raw = raw.rstrip(b"\r")
    if raw == DEV_NULL:
        return None
    if raw.startswith(b'"') and raw.endswith(b'"') and len(raw) >= 2:
        raw = unquote_c(raw[1:-1])
    if raw.endswith(b"\t"):  # git adds a tab after a path holding a space, in some versions
        raw = raw[:-1]
    return os.fsdecode(raw.removeprefix(prefix))


def unquote_c(text: bytes) -> bytes:
    """git's C-style quoting undone: `\\t`, `\\"`, `\\\\`, and octal bytes such as `\\303`."""
    out = bytearray()
    i = 0
    while i < len(text):
        ch = text[i : i + 1]
        if ch != b"\\" or i + 1 == len(text):
            out += ch
            i += 1
            continue
        nxt = text[i + 1 : i + 2]
        if nxt in _ESCAPES:
            out.append(_ESCAPES[nxt])
            i += 2
        elif re.fullmatch(rb"[0-7]{3}", text[i + 1 : i + 4]):
            out.append(int(text[i + 1 : i + 4], 8) & 0xFF)
            i += 4
        else:
            out += ch
            i += 1
    return bytes(out)


def parse_name_status(output: bytes) -> list[tuple[str, str]]:
    """`git diff --name-status -z --no-renames`: (status letter, path) pairs."""
    tokens = output.split(b"\0")
    pairs: list[tuple[str, str]] = []
    for status, path in zip(tokens[::2], tokens[1::2], strict=False):
        if status and path:
            pairs.append((status[:1].decode("ascii", "replace"), os.fsdecode(path)))
    return pairs


def merge_spans(spans: Iterable[Span]) -> list[Span]:
    """Overlapping or adjacent spans joined, in order."""
    merged: list[Span] = []
    for lo, hi in sorted(spans):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
        else:
            merged.append((lo, hi))
    return merged
