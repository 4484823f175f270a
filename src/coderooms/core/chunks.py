"""File content as `:Chunk` nodes: the text search index.

A file's text is cut on line boundaries into chunks of at most CHUNK_BYTES (UTF-8); a TEXT index
(trigram-based in Neo4j 5) on `Chunk.text` answers `CONTAINS` without reading every byte, and
the search room verifies each candidate exactly. A line longer than a chunk is cut into pieces
that overlap by PIECE_OVERLAP characters, so any literal up to that length is still found whole.

Where a chunk ends is decided by the text, not by position (content-defined chunking): after a
line that is not blank and whose CRC-32 is divisible by BOUNDARY_EVERY, once the chunk holds
CHUNK_MIN_BYTES; or where the next line would not fit. So an edit in the middle of a file changes
the chunk it falls in (rarely a neighbour too), while every later chunk keeps its text and only
moves to other line numbers: the re-ingest updates their line numbers in place instead of
writing their text into the trigram index again (ingest/changeset.py). Cutting at a fixed
size instead shifts every later cut by the edit's length.
"""

from __future__ import annotations

from zlib import crc32

CHUNK_BYTES = 16 * 1024
"""Largest chunk text; Neo4j's TEXT index refuses values over ~32 KiB."""
CHUNK_MIN_BYTES = 2 * 1024
"""A chunk ends at a content-defined boundary only from this size on."""
BOUNDARY_EVERY = 128
"""One non-blank line in this many ends a chunk (by its CRC-32): ~4.5 KiB of source per chunk."""
PIECE_OVERLAP = 1024
"""Overlap of the pieces of an over-long line; also the longest literal search guarantees."""

Chunk = tuple[int, int, str]
"""(first line, last line, text) — lines 1-based, text including its newlines."""


def decode(data: bytes) -> str:
    """Text as search sees it: UTF-8, undecodable bytes as U+FFFD."""
    return data.decode("utf-8", errors="replace")


def chunk_text(text: str) -> list[Chunk]:
    chunks: list[Chunk] = []
    buffer: list[str] = []
    size = 0
    first = 1
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    ascii_only = text.isascii()  # then a character is a byte: no encoding per line
    for number, line in enumerate(lines, start=1):
        piece = line + "\n"
        piece_size = len(piece) if ascii_only else len(piece.encode("utf-8"))
        if piece_size > CHUNK_BYTES:
            if buffer:
                chunks.append((first, number - 1, "".join(buffer)))
                buffer, size = [], 0
            chunks.extend((number, number, part) for part in _pieces(piece))
            first = number + 1
            continue
        if size + piece_size > CHUNK_BYTES and buffer:
            chunks.append((first, number - 1, "".join(buffer)))
            buffer, size, first = [], 0, number
        buffer.append(piece)
        size += piece_size
        if size >= CHUNK_MIN_BYTES and is_boundary(line):
            chunks.append((first, number, "".join(buffer)))
            buffer, size, first = [], 0, number + 1
    if buffer:
        chunks.append((first, len(lines), "".join(buffer)))
    return chunks


def is_boundary(line: str) -> bool:
    """Whether a chunk may end after this line: decided by the line's text alone."""
    return (
        bool(line)
        and not line.isspace()
        and crc32(line.encode("utf-8", "surrogatepass")) % BOUNDARY_EVERY == 0
    )


def _pieces(line: str) -> list[str]:
    """Cut one over-long line into overlapping pieces that each fit a chunk."""
    width = CHUNK_BYTES // 4  # characters: at most 4 UTF-8 bytes each
    step = width - PIECE_OVERLAP
    return [
        line[start : start + width] for start in range(0, max(len(line) - PIECE_OVERLAP, 1), step)
    ]
