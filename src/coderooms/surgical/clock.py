"""Wall-clock milliseconds: previews and proof marks are shared by server processes through
Neo4j, so their expiry is an absolute time every process reads the same way."""

from __future__ import annotations

import time


def now_ms() -> int:
    return int(time.time() * 1000)
