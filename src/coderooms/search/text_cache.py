"""Chunk texts this process has read, kept for the next search, and only ever served for the
content the graph holds now.

A search reads thousands of 16 KiB chunk texts over Bolt (the first 1,216 chunks of the
standard library's scope for a regex without a literal: ~20 ms per 256 of them). The graph stays
the one source of truth: every candidate row carries the chunk's `digest` (BLAKE3 of its line
range and text, written at ingest), and a cached text is used only under the same chunk id *and*
digest; a chunk that changed since is read again. Least recently used texts go first once
TEXT_CACHE_CHARS characters are held. One cache per process, shared by its threads.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable

from coderooms.graph.driver import Graph
from coderooms.search.limits import TEXT_CACHE_CHARS


class ChunkTextCache:
    def __init__(self, limit_chars: int = TEXT_CACHE_CHARS) -> None:
        self.limit_chars = limit_chars
        self._texts: OrderedDict[str, tuple[str, str]] = OrderedDict()
        """chunk id -> (digest, text), least recently used first."""
        self._chars = 0
        self._lock = threading.Lock()

    def put(self, chunk_id: str, digest: str | None, text: str) -> None:
        if digest is None or len(text) > self.limit_chars:
            return
        with self._lock:
            old = self._texts.pop(chunk_id, None)
            if old is not None:
                self._chars -= len(old[1])
            self._texts[chunk_id] = (digest, text)
            self._chars += len(text)
            while self._chars > self.limit_chars:
                _, (_, dropped) = self._texts.popitem(last=False)
                self._chars -= len(dropped)

    def get(self, chunk_id: str, digest: str | None) -> str | None:
        with self._lock:
            held = self._texts.get(chunk_id)
            if held is None or held[0] != digest:
                return None
            self._texts.move_to_end(chunk_id)
            return held[1]

    def texts(self, graph: Graph, wanted: Iterable[tuple[str, str | None]]) -> dict[str, str]:
        """Chunk id -> text for each (id, digest) wanted: from the cache where the digest is the
        one held, the rest read in one statement (and kept). A chunk gone from the graph is
        missing from the answer."""
        found: dict[str, str] = {}
        missing: list[str] = []
        for chunk_id, digest in wanted:
            text = self.get(chunk_id, digest)
            if text is None:
                missing.append(chunk_id)
            else:
                found[chunk_id] = text
        if missing:
            for row in graph.read("search/chunk_texts", ids=missing):
                found[row["id"]] = row["text"]
                self.put(row["id"], row["digest"], row["text"])
        return found

    @property
    def chars(self) -> int:
        return self._chars

    def clear(self) -> None:
        with self._lock:
            self._texts.clear()
            self._chars = 0


CHUNK_TEXTS = ChunkTextCache()
"""The process's cache."""
