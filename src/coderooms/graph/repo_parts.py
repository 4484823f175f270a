"""The chunk part each repo holds (graph/chunk_parts.py), as the graph has it."""

from __future__ import annotations

from coderooms.graph.chunk_parts import choose_part, effective_part
from coderooms.graph.driver import Graph


def held_parts(graph: Graph) -> dict[str, str]:
    """Repo id -> the chunk part its chunks carry, for every repo: the `chunk_part` its `:Repo`
    holds, or its hash's part when it holds none."""
    rows = graph.read("ingest/repo_parts")
    return {str(row["id"]): effective_part(str(row["id"]), row["part"]) for row in rows}


def new_repo_part(graph: Graph, repo: str) -> str:
    """The chunk part for a repo about to be created (`choose_part` over every repo's)."""
    return choose_part(repo, held_parts(graph))
