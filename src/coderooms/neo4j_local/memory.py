"""How much page cache the managed Neo4j gets.

The page cache holds the store files and the native indexes (range, token lookup); the Lucene
ones (text, full-text, vector) are read through the operating system. A read that misses the page
cache goes to the operating system too, and a graph larger than the cache keeps evicting what the
next query needs. With `CODEROOMS_NEO4J_PAGECACHE=auto` (the default) each start sizes it to the
store as it is then (Neo4j's rule of thumb: the store plus its growth): 1.25 times the store and
native indexes plus 256 MiB, at least 512 MiB, at most a quarter of the machine's memory and
4 GiB. A graph that grows a lot after a start gets a fitting size at the next one. Any other value
(`2g`, `900m`) is used as given.
"""

from __future__ import annotations

import os
from pathlib import Path

AUTO = "auto"
MIB = 1024 * 1024
MIN_BYTES = 512 * MIB
MAX_BYTES = 4096 * MIB
ROOM_BYTES = 256 * MIB
STORE_FACTOR = 1.25
RAM_SHARE = 0.25


def page_cache_size(setting: str, database_dir: Path) -> str:
    """The `server.memory.pagecache.size` value for `setting` (AUTO or a Neo4j size)."""
    if setting.strip().lower() != AUTO:
        return setting
    return f"{auto_bytes(store_bytes(database_dir), memory_bytes()) // MIB}m"


def auto_bytes(store: int, memory: int | None) -> int:
    """Page cache for a store of `store` bytes on a machine with `memory` bytes (None: unknown)."""
    wanted = int(store * STORE_FACTOR) + ROOM_BYTES
    ceiling = MAX_BYTES if memory is None else min(MAX_BYTES, int(memory * RAM_SHARE))
    return max(MIN_BYTES, min(wanted, ceiling))


LUCENE_PROVIDERS = ("text-", "fulltext-", "vector-")
"""Index provider directories (`schema/index/<provider>`) whose files the page cache does not
hold."""


def store_bytes(directory: Path) -> int:
    """Bytes of the files under `directory` the page cache holds (0 when it does not exist)."""
    total = 0
    for folder, subfolders, files in os.walk(directory):
        subfolders[:] = [name for name in subfolders if not name.startswith(LUCENE_PROVIDERS)]
        for name in files:
            try:
                total += (Path(folder) / name).stat().st_size
            except OSError:
                continue  # a file rotated away while walking
    return total


def memory_bytes() -> int | None:
    """Physical memory of the machine, or None where the platform does not say."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None
