"""The process's chunk text cache: a text is served only under the digest it was read with, and
the least recently used texts go first once the limit is held."""

from __future__ import annotations

from coderooms.search.text_cache import ChunkTextCache


def test_a_text_is_served_only_under_its_digest() -> None:
    cache = ChunkTextCache(limit_chars=100)
    cache.put("r:a.py#0", "d1", "old text\n")
    assert cache.get("r:a.py#0", "d1") == "old text\n"
    assert cache.get("r:a.py#0", "d2") is None  # the chunk changed since: read it again
    assert cache.get("r:a.py#1", "d1") is None
    cache.put("r:a.py#0", "d2", "new\n")
    assert cache.get("r:a.py#0", "d1") is None
    assert cache.get("r:a.py#0", "d2") == "new\n"
    assert cache.chars == len("new\n")


def test_a_chunk_without_a_digest_is_never_kept() -> None:
    cache = ChunkTextCache(limit_chars=100)
    cache.put("r:a.py#0", None, "text\n")
    assert cache.get("r:a.py#0", None) is None
    assert cache.chars == 0


def test_the_least_recently_used_go_first() -> None:
    cache = ChunkTextCache(limit_chars=10)
    cache.put("a", "d", "aaaa")
    cache.put("b", "d", "bbbb")
    assert cache.get("a", "d") == "aaaa"  # now b is the least recently used
    cache.put("c", "d", "cccc")
    assert cache.get("b", "d") is None
    assert (cache.get("a", "d"), cache.get("c", "d")) == ("aaaa", "cccc")
    assert cache.chars == 8
    cache.put("huge", "d", "x" * 11)  # larger than the whole cache: not kept, nothing dropped
    assert cache.get("huge", "d") is None
    assert cache.chars == 8
