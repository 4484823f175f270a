"""The process's chunk cache: a chunk is served only under the digest it was read with, and the
least recently used chunks go first once the limit is held."""

from __future__ import annotations

from coderooms.search.text_cache import CachedChunk, ChunkTextCache


def chunk(digest: str, text: str) -> CachedChunk:
    return CachedChunk(digest, 1, text.count("\n"), text)


def test_a_chunk_is_served_only_under_its_digest() -> None:
    cache = ChunkTextCache(limit_chars=100)
    old = chunk("d1", "old text\n")
    cache.put("r:a.py#0", old)
    assert cache.get("r:a.py#0", "d1") == old
    assert cache.get("r:a.py#0", "d2") is None  # the chunk changed since: read it again
    assert cache.get("r:a.py#0", None) is None
    assert cache.get("r:a.py#1", "d1") is None
    new = chunk("d2", "new\n")
    cache.put("r:a.py#0", new)
    assert cache.get("r:a.py#0", "d1") is None
    assert cache.get("r:a.py#0", "d2") == new
    assert cache.chars == len("new\n")


def test_the_least_recently_used_go_first() -> None:
    cache = ChunkTextCache(limit_chars=10)
    cache.put("a", chunk("d", "aaaa"))
    cache.put("b", chunk("d", "bbbb"))
    assert cache.get("a", "d") is not None  # now b is the least recently used
    cache.put("c", chunk("d", "cccc"))
    assert cache.get("b", "d") is None
    assert cache.get("a", "d") is not None
    assert cache.get("c", "d") is not None
    assert cache.chars == 8
    cache.put("huge", chunk("d", "x" * 11))  # larger than the whole cache: not kept
    assert cache.get("huge", "d") is None
    assert cache.chars == 8


def test_a_chunk_without_a_digest_is_never_kept() -> None:
    cache = ChunkTextCache(limit_chars=100)
    cache.put("r:a.py#0", CachedChunk(None, 1, 1, "text\n"))
    assert cache.get("r:a.py#0", None) is None
    assert cache.chars == 0
