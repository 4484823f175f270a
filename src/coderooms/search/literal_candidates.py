"""Literal candidates from the trigram index: the chunks of a scope that hold a literal, asked of
the TEXT index of each chunk part the scope's repos hold (graph/chunk_parts.py)."""

from __future__ import annotations

from typing import Any

from coderooms.graph.chunk_parts import parts_of
from coderooms.graph.driver import Graph


def literal_candidates(
    graph: Graph, needle: str, params: dict[str, Any], held: dict[str, str | None] | None = None
) -> list[Any]:
    """[repo, path, seq, digest] of the scope's chunks holding `needle`, from the trigram index
    of each part the scope's repos hold (one statement: a branch per part). `held`: the chunk
    part of each repo (`chunk_part`, None: its hash's), when a statement before read it; else it
    is read here (one round trip)."""
    if held is None:
        rows = graph.read("search/chunk_parts_of", repos=params["repos"])
        held = {str(row["id"]): row["part"] for row in rows}
    parts = list(parts_of(params["repos"], held))
    if not parts:
        return []
    return graph.read_parts("search/literal_candidates", parts, needle=needle, **params)
