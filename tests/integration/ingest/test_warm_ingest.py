"""The warm-up of a whole ingest after Neo4j starts: it runs the ingest's statements on a
made-up repository and leaves nothing in the graph (issue 31, item 2)."""

from __future__ import annotations

from coderooms.graph.driver import Graph
from coderooms.ingest import warm_ingest
from coderooms.ingest.warm_ingest import FILES, WARM_REPO, _parsed_files

COUNTS = (
    "MATCH (n) WITH count(n) AS nodes OPTIONAL MATCH ()-[r]->() RETURN nodes, count(r) AS edges"
)


def test_the_made_up_repository_gives_every_code_file_symbols_and_references() -> None:
    parsed = {p.path: p for p in _parsed_files()}
    assert set(parsed) == set(FILES)
    code = [path for path in FILES if not path.endswith((".md", ".h"))]
    for path in code:
        assert parsed[path].record.symbols, path
        if not path.endswith("__init__.py"):  # it imports and exports, calls nothing
            assert parsed[path].record.references, path


def test_warming_writes_nothing(graph: Graph) -> None:
    before = graph.run_text(COUNTS)
    seconds = warm_ingest(graph)
    assert seconds is not None
    assert seconds > 0
    assert graph.run_text(COUNTS) == before
    left = graph.run_text(
        "MATCH (n) WHERE n.repo = $repo OR n.id = $repo OR n.id STARTS WITH $prefix "
        "RETURN count(n) AS n",
        repo=WARM_REPO,
        prefix=f"{WARM_REPO}:",
    )
    assert left[0]["n"] == 0
