"""Chunks this process has read (their lines and text), kept for the next search, and only ever
served for the content the graph holds now.

A search reads thousands of chunk texts over Bolt (the first ~2,000 chunks of the standard
library's scope for a regex without a literal: ~20 ms per 256 of 16 KiB). The graph stays
the one source of truth: every candidate row carries the chunk's `digest` (BLAKE3 of its line
range and text, written at ingest), and a cached chunk is used only under the same chunk id *and*
digest; a chunk that changed since is read again. So candidate statements return only what the
index `Chunk(repo, file, seq, digest)` holds, and the line range comes with the text. Least
recently used chunks go first once TEXT_CACHE_CHARS characters are held. One cache per process,
shared by its threads.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

from coderooms.graph.driver import Graph
from coderooms.search.limits import TEXT_CACHE_CHARS


@dataclass(frozen=True, slots=True)
class CachedChunk:
    digest: str | None
    """None for a chunk written before chunk digests (never kept)."""
    start_line: int
    end_line: int
    text: str


class ChunkTextCache:
    def __init__(self, limit_chars: int = TEXT_CACHE_CHARS) -> None:
        self.limit_chars = limit_chars
        self._chunks: OrderedDict[str, CachedChunk] = OrderedDict()
        """chunk id -> chunk, least recently used first."""
        self._chars = 0
        self._lock = threading.Lock()

    def put(self, chunk_id: str, chunk: CachedChunk) -> None:
        if chunk.digest is None or len(chunk.text) > self.limit_chars:
            return
        with self._lock:
            old = self._chunks.pop(chunk_id, None)
            if old is not None:
                self._chars -= len(old.text)
            self._chunks[chunk_id] = chunk
            self._chars += len(chunk.text)
            while self._chars > self.limit_chars:
                _, dropped = self._chunks.popitem(last=False)
                self._chars -= len(dropped.text)

    def get(self, chunk_id: str, digest: str | None) -> CachedChunk | None:
        with self._lock:
            held = self._chunks.get(chunk_id)
            if held is None or held.digest != digest:
                return None
            self._chunks.move_to_end(chunk_id)
            return held

    def chunks(
        self, graph: Graph, wanted: Iterable[tuple[str, str | None]]
    ) -> dict[str, CachedChunk]:
        """Chunk id -> chunk for each (id, digest) wanted: from the cache where the digest is the
        one held, the rest read in one statement (and kept). A chunk gone from the graph is
        missing from the answer; one read since it changed comes as it is now."""
        found: dict[str, CachedChunk] = {}
        missing: list[str] = []
        for chunk_id, digest in wanted:
            held = self.get(chunk_id, digest)
            if held is None:
                missing.append(chunk_id)
            else:
                found[chunk_id] = held
        if missing:
            for row in graph.read("search/chunk_texts", ids=missing):
                chunk = CachedChunk(row["digest"], row["start_line"], row["end_line"], row["text"])
                found[row["id"]] = chunk
                self.put(row["id"], chunk)
        return found

    @property
    def chars(self) -> int:
        return self._chars

    def clear(self) -> None:
        with self._lock:
            self._chunks.clear()
            self._chars = 0


CHUNK_TEXTS = ChunkTextCache()
"""The process's cache."""
