"""What an edit only moved: held chunks whose text reappears at other lines, and held reference
edges that differ from a new one only in `line`. Both are updated in place rather than deleted
and created again (an edit above a definition moves everything below it)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from coderooms.core.hashing import text_digest
from coderooms.ingest.rows import EdgeRow

MOVE_TRIES = 8
"""Held chunks of one file and line count a new chunk's text is compared with, at most."""


def moved_chunks(stale: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Pairs of a held chunk and a new one with the same text at other lines, as move rows. The
    text of a held chunk is not read: its digest is that of (its lines, its text), so the new
    text hashed with the held chunk's lines gives the held digest exactly when the texts are
    equal (only chunks of the same file and line count are compared)."""
    by_shape: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for row in stale:
        if row["digest"] is not None and row["start_line"] is not None:
            shape = (row["claim"], row["end_line"] - row["start_line"])
            by_shape.setdefault(shape, []).append(row)
    moves: list[dict[str, Any]] = []
    for row in new:
        held = by_shape.get((row["claim"], row["end_line"] - row["start_line"]), [])
        for at, old in enumerate(held[:MOVE_TRIES]):
            if text_digest(old["start_line"], old["end_line"], row["text"]) == old["digest"]:
                del held[at]
                moves.append(
                    {
                        "old": old["id"],
                        "id": row["id"],
                        "seq": row["seq"],
                        "start_line": row["start_line"],
                        "end_line": row["end_line"],
                        "digest": row["digest"],
                    }
                )
                break
    return moves


def moved_edges(stale: list[dict[str, Any]], new: list[EdgeRow]) -> list[tuple[str, EdgeRow]]:
    """Pairs (old edge id, new edge) that differ only in `line`: the old one, given the new
    one's props with its own line, has the digest it holds. An edit above a reference moves every
    reference below it; these are updated in place instead of deleted and created."""
    by_key: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in stale:
        if row["key"] is not None and row["digest"] is not None:
            source, kind, target = row["key"]
            by_key[(source, kind, target)].append(row)
    if not by_key:
        return []
    pairs: list[tuple[str, EdgeRow]] = []
    for edge in new:
        candidates = by_key.get((edge.source, edge.type, edge.target))
        if not candidates or "line" not in edge.props:
            continue
        for at, row in enumerate(candidates):
            before = EdgeRow(edge.source, edge.source_label, edge.target, edge.label, edge.type,
                             {**edge.props, "line": row["line"]})  # fmt: skip
            if before.digest == row["digest"]:
                pairs.append((row["rid"], edge))
                del candidates[at]
                break
    return pairs
