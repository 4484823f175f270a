"""Lines of a file rebuilt from its `:Chunk` nodes, as grep sees them.

A chunk holds whole lines (text split on `\\n` only, like grep); a line longer than a chunk is
stored as several pieces, all with that line as start and end, overlapping by PIECE_OVERLAP
characters, which are joined back here.
"""

from __future__ import annotations

from bisect import bisect_right, insort
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from coderooms.core.chunks import PIECE_OVERLAP
from coderooms.graph.driver import Graph


@dataclass(frozen=True, slots=True)
class ChunkText:
    claim: str
    seq: int
    start_line: int
    end_line: int
    text: str

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> ChunkText:
        return cls(row["claim"], row["seq"], row["start_line"], row["end_line"], row["text"])


def split_lines(text: str) -> list[str]:
    """A chunk's lines without their newlines (the chunk ends with one unless it ends the file)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


class FileLines:
    """The lines of one file known so far, from whichever of its chunks were fetched. A chunk of
    whole lines is split only when one of its lines is asked for (verification asks for the few
    lines that can match, not for the hundreds of every chunk it reads), and its lines stay in
    that list: a line is found by its chunk (bisect over the chunks' first lines), not copied
    into a per-line map (a count of a frequent literal asks for lines of a thousand chunks)."""

    def __init__(self) -> None:
        self._chunks: dict[int, tuple[int, str | list[str]]] = {}
        """First line -> (last line, the text, or its lines once split) of whole-line chunks."""
        self._starts: list[int] = []
        """The keys of `_chunks`, sorted."""
        self._pieces: dict[int, dict[int, str]] = {}
        self._joined: dict[int, str] = {}
        """Over-long lines joined from their pieces."""

    def add(self, chunk: ChunkText) -> None:
        if chunk.start_line == chunk.end_line:
            # possibly one piece of an over-long line: kept apart until all are known
            self._pieces.setdefault(chunk.start_line, {})[chunk.seq] = chunk.text
            self._joined.pop(chunk.start_line, None)
            return
        if chunk.start_line not in self._chunks:
            insort(self._starts, chunk.start_line)
        self._chunks[chunk.start_line] = (chunk.end_line, chunk.text)

    def _chunk_holding(self, number: int) -> int | None:
        """First line of the whole-line chunk holding line `number`."""
        at = bisect_right(self._starts, number) - 1
        if at < 0:
            return None
        start = self._starts[at]
        return start if self._chunks[start][0] >= number else None

    def get(self, number: int) -> str | None:
        start = self._chunk_holding(number)
        if start is not None:
            last, content = self._chunks[start]
            if isinstance(content, str):
                content = split_lines(content)
                self._chunks[start] = (last, content)
            offset = number - start
            return content[offset] if offset < len(content) else None
        if number in self._joined:
            return self._joined[number]
        pieces = self._pieces.get(number)
        if pieces is None:
            return None
        ordered = [pieces[seq] for seq in sorted(pieces)]
        joined = ordered[0] + "".join(piece[PIECE_OVERLAP:] for piece in ordered[1:])
        line = joined[:-1] if joined.endswith("\n") else joined
        self._joined[number] = line
        return line

    def has(self, number: int) -> bool:
        return (
            number in self._pieces
            or number in self._joined
            or self._chunk_holding(number) is not None
        )


def fetch_line_ranges(
    graph: Graph, wanted: Iterable[tuple[str, int, int]], files: dict[str, FileLines]
) -> None:
    """Fetch every chunk of `claim` overlapping lines first..last into `files[claim]`."""
    rows = [{"claim": claim, "first": first, "last": last} for claim, first, last in wanted]
    if not rows:
        return
    for row in graph.read("search/chunks_in_lines", wanted=rows):
        files.setdefault(row["claim"], FileLines()).add(ChunkText.from_row(row))
