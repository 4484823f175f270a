"""How a query matches lines (grep semantics), and which lines of a chunk can match at all.

Checking a chunk line by line in Python costs a few microseconds per line; most candidate lines
do not match. A literal's lines are found with `str.find` over the whole chunk (a literal holds no
line break, so every occurrence lies within one line). A regex (RE2, see regex_dialect) is run
over the chunk's UTF-8 bytes in multi-line mode, each search starting at a line start: a line that
matches alone gives a match there too (RE2 has no lookarounds; `^`, `$`, `\\b` see a line break
where the line alone sees its edge), so only lines where a whole-chunk match starts are checked,
each alone. A pattern that anchors at the text's edges or turns multi-line mode off has no chunk
form and is checked line by line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, AnyStr

from coderooms.core.chunks import PIECE_OVERLAP
from coderooms.search.regex_dialect import Re2Pattern, as_utf8, first_match
from coderooms.search.regex_literals import regex_width


@dataclass(frozen=True, slots=True)
class LineMatcher:
    literal: str | None = None
    regex: Re2Pattern | None = None
    piece_safe: bool = False
    """Whether candidate_lines over one piece of an over-long line finds every match that lies
    in it: a literal, or a regex with a chunk form whose matches are at most PIECE_OVERLAP
    characters long (pieces overlap by that much, so every match lies whole in some piece).
    A word boundary looks at the character beside a match, which a piece's edge hides: with
    one, matches must be two characters shorter, so that every match lies in some piece with
    its neighbour on each side (a boundary the edge makes up only adds a candidate line, which
    is then checked whole)."""

    @classmethod
    def for_literal(cls, query: str) -> LineMatcher:
        return cls(literal=query, piece_safe=len(query) <= PIECE_OVERLAP)

    @classmethod
    def for_regex(cls, compiled: Re2Pattern) -> LineMatcher:
        width = regex_width(compiled.pattern)
        margin = 2 if compiled.has_boundary else 0
        piece_safe = (
            compiled.chunk is not None and width is not None and width + margin <= PIECE_OVERLAP
        )
        return cls(regex=compiled, piece_safe=piece_safe)

    def matches(self, line: str) -> bool:
        if self.literal is not None:
            return self.literal in line
        assert self.regex is not None
        return self.regex.search_line(line)

    def candidate_lines(self, text: str) -> list[int] | None:
        """Offsets (0-based) of the lines of `text` (whole lines, `\\n`-separated) that can
        match; None: any of them."""
        if self.literal is not None:
            return literal_lines(text, self.literal)
        assert self.regex is not None
        if self.regex.chunk is None:
            return None
        return chunk_lines(as_utf8(text), self.regex.chunk)


def literal_lines(text: str, literal: str) -> list[int]:
    """Offsets of the lines of `text` holding `literal` (no line break in it), ascending."""
    return _lines_where(text, "\n", lambda at: text.find(literal, at))


def chunk_lines(data: bytes, chunk: Any) -> list[int]:
    """Offsets of the lines of `data` (a chunk's UTF-8 bytes) where a match of `chunk` (an RE2
    pattern in multi-line mode) starts, each one searched from the start of the line after the
    previous: a match that runs past its line's end cannot hide a later line's own match. Every
    line that matches on its own is among them (the caller checks each line alone)."""

    def next_start(at: int) -> int:
        return first_match(chunk, data, at)

    return _lines_where(data, b"\n", next_start)


def _lines_where(text: AnyStr, newline: AnyStr, next_start: Callable[[int], int]) -> list[int]:
    """Offsets of the lines where `next_start(at)` (the first hit at or after `at`, -1 for none)
    finds a hit, searching again from the start of the next line after each."""
    found: list[int] = []
    line, counted_to = 0, 0
    at = next_start(0)
    while at != -1:
        line += text.count(newline, counted_to, at)
        found.append(line)
        end = text.find(newline, at)
        if end == -1:
            break
        line += 1
        counted_to = end + 1
        at = next_start(counted_to)
    return found
