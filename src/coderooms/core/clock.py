"""Wall-clock milliseconds: previews, proof marks and perspective versions are shared by server
processes through Neo4j, so their times are absolute, read the same way by every process."""

from __future__ import annotations

import time


def now_ms() -> int:
    return int(time.time() * 1000)
