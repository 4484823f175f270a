"""Every search statement is answered from an index: no label scans, no whole-graph scans."""

from __future__ import annotations

from typing import Any

import pytest

from coderooms.graph.chunk_parts import CHUNK_PARTS
from coderooms.graph.cypher import statement_names
from coderooms.graph.driver import Graph
from tests.plan_operators import SCANS, plan_operators

PARAMS: dict[str, dict[str, Any]] = {
    "search/repo_ids": {},
    "search/repo_by_id": {"repo": "r"},
    "search/chunk_parts_of": {"repos": ["r", "s"]},
    "search/literal_candidates": {
        "needle": "Engine",
        "repos": ["r"],
        "prefix": "",
        "language": None,
    },
    "search/scope_chunks": {"repos": ["r"], "prefix": "src/", "language": "python"},
    "search/ordered_candidates": {
        "repo": "r",
        "needle": "Engine",
        "prefix": "",
        "language": None,
        "budget": 128,
        "wanted": 51,
    },
    "search/ordered_chunks": {
        "repo": "r",
        "prefix": "",
        "language": "python",
        "skip": 256,
        "page": 512,
    },
    "search/chunk_texts": {"ids": ["r:a.py#0"]},
    "search/chunks_in_lines": {"wanted": [{"claim": "r:a.py", "first": 1, "last": 3}]},
    "search/files_by_prefix": {"repos": ["r"], "prefix": "src/"},
    "search/file_for_view": {"path": "a.py", "repos": ["r"]},
    "search/symbols_in_lines": {"claim": "r:a.py", "first": 1, "last": 9, "skip_kind": "Module"},
}


def operators(graph: Graph, name: str) -> list[str]:
    return plan_operators(graph, name, PARAMS[name])


def test_every_search_statement_is_covered() -> None:
    assert set(PARAMS) == {name for name in statement_names() if name.startswith("search/")}


@pytest.mark.parametrize("name", sorted(set(PARAMS) - {"search/repo_ids"}))
def test_statement_seeks_an_index(graph: Graph, name: str) -> None:
    assert not SCANS & set(operators(graph, name))


@pytest.mark.parametrize("parts", [[0], [17], [3, 9, CHUNK_PARTS - 1]])
def test_literal_search_uses_the_text_index_of_each_part(graph: Graph, parts: list[int]) -> None:
    labels = [f"ChunkPart{part:02d}" for part in parts]
    name = "search/literal_candidates"
    found = plan_operators(graph, name, PARAMS[name], parts=labels)
    assert found.count("NodeIndexContainsScan") == len(parts)


def test_glob_prefix_uses_the_path_index(graph: Graph) -> None:
    assert "NodeIndexSeek" in operators(graph, "search/files_by_prefix")


@pytest.mark.parametrize("name", ["search/ordered_candidates", "search/ordered_chunks"])
def test_path_order_reads_the_composite_index_in_order(graph: Graph, name: str) -> None:
    """The chunks come in (path, seq) order from chunk_repo_file_seq_digest: no sort, so LIMIT
    stops the read after the budget (or the page)."""
    found = operators(graph, name)
    assert "NodeIndexSeek" in found
    assert not {"Sort", "PartialSort", "Top"} & set(found)
