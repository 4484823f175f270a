"""The one content hash (BLAKE3 of a file's bytes: what the graph stores as `File.hash`, what an
edit's `old_hash` is checked against, what a proof and a preview hold) and the short digests
of written rows (an incremental write compares them with the graph's)."""

from __future__ import annotations

from typing import Any

from blake3 import blake3

HASH_ALGORITHM = "blake3"
"""Named in every answer that carries a content hash."""
DIGEST_CHARS = 16
"""Hex digits of a row digest (64 bits: rows of one file never collide in practice)."""


def content_hash(data: bytes) -> str:
    """The hex BLAKE3 of a file's bytes."""
    return blake3(data).hexdigest()


def row_digest(*parts: Any) -> str:
    """What a written row holds, as a short BLAKE3: an incremental write compares the digests the
    graph has with the new ones and rewrites only the rows that differ. `repr` of plain values
    (str, int, float, bool, None, lists, dicts) is deterministic; a dict's in insertion order,
    which is fixed: every row's props come from one builder (`coderooms.ingest.rows`), keys
    always in one order (a builder writing them in another order would only make rows rewrite
    once, never wrong)."""
    return blake3(repr(parts).encode()).hexdigest()[:DIGEST_CHARS]


def text_digest(start: int, end: int, text: str) -> str:
    """A chunk's digest: its lines and its text, hashed as bytes (`repr` of 16 KiB is slow)."""
    hasher = blake3(f"{start}:{end}:".encode())
    hasher.update(text.encode("utf-8", "surrogatepass"))
    return hasher.hexdigest()[:DIGEST_CHARS]
