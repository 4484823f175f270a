"""How a query matches lines (grep semantics), and which lines of a chunk can match at all.

Checking a chunk line by line in Python costs a few microseconds per line; most candidate lines
do not match. A literal's lines are found with `str.find` over the whole chunk (a literal holds no
line break, so every occurrence lies within one line). A regex is run over the whole chunk with
MULTILINE (`^`/`$` at line boundaries), each search starting at a line start: a line that matches
alone gives a match there too, so only lines where a whole-chunk match starts are checked (each
alone). That holds unless the pattern looks across the line's end or changes what `^`/`$` mean:
lookarounds, `\\A`, `\\Z`, a scoped flag group removing a flag (`(?-m:...)`); such patterns are
checked line by line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, AnyStr

from coderooms.ingest.chunks import PIECE_OVERLAP
from coderooms.search.regex_twin import regex_twin, regex_width

WHOLE_CHUNK_UNSAFE = re.compile(r"\\[AZ]|\(\?<|\(\?=|\(\?!|\(\?[a-zA-Z]*-")
"""Pattern text that may make a whole-chunk search miss a line's match (checked conservatively:
an escaped backslash before them counts too)."""


@dataclass(frozen=True, slots=True)
class LineMatcher:
    literal: str | None = None
    regex: re.Pattern[str] | None = None
    whole_chunk: re.Pattern[str] | None = None
    """The regex compiled with MULTILINE, when running it over a whole chunk is safe."""
    twin: Any | None = None
    """The regex's RE2 twin (regex_twin), run over a whole chunk's bytes."""
    piece_safe: bool = False
    """Whether candidate_lines over one piece of an over-long line finds every match that lies
    in it: a literal, or a regex with a twin whose matches are at most PIECE_OVERLAP characters
    long (pieces overlap by that much, so every match lies whole in some piece; the twin has no
    anchors or boundaries a piece's edges could make fail)."""

    @classmethod
    def for_literal(cls, query: str) -> LineMatcher:
        return cls(literal=query, piece_safe=len(query) <= PIECE_OVERLAP)

    @classmethod
    def for_regex(cls, compiled: re.Pattern[str]) -> LineMatcher:
        whole = None
        if not WHOLE_CHUNK_UNSAFE.search(compiled.pattern):
            try:
                whole = re.compile(compiled.pattern, compiled.flags | re.MULTILINE)
            except re.error:
                whole = None
        twin = regex_twin(compiled)
        width = regex_width(compiled)
        piece_safe = twin is not None and width is not None and width <= PIECE_OVERLAP
        return cls(regex=compiled, whole_chunk=whole, twin=twin, piece_safe=piece_safe)

    def matches(self, line: str) -> bool:
        if self.literal is not None:
            return self.literal in line
        assert self.regex is not None
        return self.regex.search(line) is not None

    def candidate_lines(self, text: str) -> list[int] | None:
        """Offsets (0-based) of the lines of `text` (whole lines, `\\n`-separated) that can
        match; None: any of them."""
        if self.literal is not None:
            return literal_lines(text, self.literal)
        if self.twin is not None:
            try:
                return twin_lines(text.encode(), self.twin)
            except UnicodeEncodeError:  # a lone surrogate: not UTF-8, left to Python
                pass
        if self.whole_chunk is not None:
            return regex_lines(text, self.whole_chunk)
        return None


def literal_lines(text: str, literal: str) -> list[int]:
    """Offsets of the lines of `text` holding `literal` (no line break in it), ascending."""
    return _lines_where(text, "\n", lambda at: text.find(literal, at))


def regex_lines(text: str, whole: re.Pattern[str]) -> list[int]:
    """Offsets of the lines of `text` where a match of `whole` (MULTILINE) starts, each one
    searched from the start of the line after the previous: a match that runs past its line's
    end cannot hide a later line's own match. Every line that matches on its own is among them
    (the caller checks each line alone)."""

    def next_start(at: int) -> int:
        match = whole.search(text, at)
        return -1 if match is None else match.start()

    return _lines_where(text, "\n", next_start)


def twin_lines(data: bytes, twin: Any) -> list[int]:
    """Offsets of the lines of `data` (a chunk's UTF-8 bytes) where a match of the RE2 `twin`
    starts, searched like regex_lines."""

    def next_start(at: int) -> int:
        match = twin.search(data, at)
        return -1 if match is None else int(match.start())

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
