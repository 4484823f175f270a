"""The warm-up of a whole ingest after Neo4j starts: it runs the ingest's statements on a
made-up repository and leaves nothing in the graph (issue 31, item 2)."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest.warm_ingest import FILES, WARM_REPO, _parsed_files, warm_ingest

warm_ingest_module = import_module("coderooms.ingest.warm_ingest")  # the module, not its function
CYPHER = Path(__file__).resolve().parents[3] / "cypher"
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


def test_warming_runs_every_statement_of_git_mining(
    graph: Graph, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first ingest of a git repository after a start compiles no co-change statement."""
    seen: set[str] = set()
    inner = warm_ingest_module.runner

    def recording(tx: Any) -> Any:
        run = inner(tx)

        def named(statement: str, /, **params: Any) -> Any:
            seen.add(statement)
            return run(statement, **params)

        return named

    monkeypatch.setattr(warm_ingest_module, "runner", recording)
    assert warm_ingest(graph, copies=1) is not None
    git = {f"git/{path.stem}" for path in (CYPHER / "git").glob("*.cypher")}
    assert git <= seen, sorted(git - seen)


def test_the_warm_write_writes_the_made_up_repository(graph: Graph) -> None:
    """Its statements find the repo they write into (a warm-up without the `:Repo` matched
    nothing and left the commit's paths cold): files, symbols, chunks and their edges."""
    parsed = _parsed_files()
    part = warm_ingest_module.new_repo_part(graph, WARM_REPO)

    def work(tx: Any) -> dict[str, int]:
        warm_ingest_module._write(tx, parsed=parsed, part=part, one_transaction=True)
        rows = tx.run(
            "MATCH (n) WHERE n.id STARTS WITH $prefix RETURN labels(n)[0] AS label, count(*) AS n",
            prefix=f"{WARM_REPO}:",
        ).data()
        return {row["label"]: row["n"] for row in rows}

    counts = graph.rolled_back(work)
    assert counts["File"] == len(FILES)
    assert counts["Symbol"] >= len(FILES)
    assert counts["Chunk"] >= 1


def test_a_warm_up_stopped_half_way_is_removed_by_the_next(graph: Graph) -> None:
    parsed = _parsed_files()
    part = warm_ingest_module.new_repo_part(graph, WARM_REPO)
    graph.execute_write(
        lambda tx: warm_ingest_module._write(tx, parsed=parsed, part=part, one_transaction=True)
    )
    assert warm_ingest(graph, copies=1) is not None
    left = graph.run_text(
        "MATCH (n) WHERE n.repo = $repo OR n.id = $repo OR n.id STARTS WITH $prefix "
        "RETURN count(n) AS n",
        repo=WARM_REPO,
        prefix=f"{WARM_REPO}:",
    )
    assert left[0]["n"] == 0


def test_a_users_repo_of_the_same_id_is_left_alone(graph: Graph) -> None:
    """A repo named like the made-up one (a directory `coderooms-warm-up`) is not removed, and
    nothing is committed into it."""
    file = f"{WARM_REPO}:a.py"
    graph.run_text(
        "MERGE (r:Repo {id: $repo}) SET r.root = '/home/someone/coderooms-warm-up' "
        "MERGE (f:File {id: $file}) SET f.repo = $repo, f.path = 'a.py' MERGE (r)-[:HAS_FILE]->(f)",
        repo=WARM_REPO,
        file=file,
    )
    try:
        assert warm_ingest(graph, copies=1) is not None
        rows = graph.run_text(
            "MATCH (n) WHERE n.id = $repo OR n.id STARTS WITH $prefix RETURN n.id AS id",
            repo=WARM_REPO,
            prefix=f"{WARM_REPO}:",
        )
        assert sorted(row["id"] for row in rows) == sorted([WARM_REPO, file])
    finally:
        graph.run_text(
            "MATCH (n) WHERE n.id = $repo OR n.id STARTS WITH $prefix DETACH DELETE n",
            repo=WARM_REPO,
            prefix=f"{WARM_REPO}:",
        )
