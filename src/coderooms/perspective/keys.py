"""Content-addressed route ids: the same target reached by the same family has the same id in
every route set, every process and after every rebuild of the same tree."""

from __future__ import annotations

import blake3

from coderooms.perspective.model import Family

ROUTE_ID_PREFIX = "R_"
ROUTE_ID_HEX_CHARS = 16
"""64 bits of the BLAKE3 digest: ids of one route set (at most a few hundred) never collide in
practice, and stay short enough to read back."""


def route_content_id(target_id: str, family: Family) -> str:
    """`R_` + hex of BLAKE3(family, NUL, target id). The focus plays no part, so a route keeps its
    id when reached from another focus; any string (lone surrogates included) is hashed."""
    data = f"{family}\x00{target_id}".encode("utf-8", "surrogatepass")
    return ROUTE_ID_PREFIX + blake3.blake3(data).hexdigest()[:ROUTE_ID_HEX_CHARS]
