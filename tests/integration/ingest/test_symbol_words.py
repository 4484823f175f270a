"""Every symbol carries `words` (its qualname and name cut into words) and `repo_key` (its repo as
one term), which the `symbol_text` full-text index holds: ingest writes them, and migration 12
fills them in for older graphs."""

from __future__ import annotations

from pathlib import Path

from coderooms.graph.driver import Graph
from coderooms.graph.fulltext import repo_key
from coderooms.graph.schema import backfill_symbol_words
from coderooms.ingest.pipeline import ingest_root


def test_ingest_writes_words(graph: Graph, tmp_path: Path, repo_id: str) -> None:
    (tmp_path / "pricing.py").write_text(
        "class PriceRule:\n    def applyTo(self, cart):\n        return cart\n"
    )
    ingest_root(graph, tmp_path, repo=repo_id, workers=1, git=False)
    rows = graph.run_text(
        "MATCH (s:Symbol {repo: $repo}) RETURN s.qualname AS qualname, s.words AS words",
        repo=repo_id,
    )
    words = {row["qualname"]: row["words"] for row in rows}
    assert words["PriceRule"] == "price rule"
    assert words["PriceRule.applyTo"] == "price rule apply to"
    # a tail word of a camelCase name is a full-text term of its own
    found = graph.run_text(
        "CALL db.index.fulltext.queryNodes('symbol_text', 'words:rule') YIELD node "
        "WHERE node.repo = $repo RETURN node.qualname AS qualname",
        repo=repo_id,
    )
    assert {"PriceRule", "PriceRule.applyTo"} <= {row["qualname"] for row in found}


def test_backfill_fills_only_missing_words(graph: Graph, repo_id: str) -> None:
    ids = [f"{repo_id}:m.py::HTTPServer.handleRequest", f"{repo_id}:m.py::kept"]
    graph.run_text(
        "CREATE (:Symbol {id: $a, repo: $repo, name: 'handleRequest', "
        "qualname: 'HTTPServer.handleRequest'}), "
        "(:Symbol {id: $b, repo: $repo, name: 'kept', qualname: 'kept', words: 'as written', "
        "repo_key: 'as written'})",
        a=ids[0],
        b=ids[1],
        repo=repo_id,
    )
    try:
        assert backfill_symbol_words(graph) >= 1
        rows = graph.run_text(
            "UNWIND $ids AS id MATCH (s:Symbol {id: id}) "
            "RETURN s.id AS id, s.words AS words, s.repo_key AS key",
            ids=ids,
        )
        assert {row["id"]: (row["words"], row["key"]) for row in rows} == {
            ids[0]: ("http server handle request", repo_key(repo_id)),
            ids[1]: ("as written", "as written"),
        }
        assert backfill_symbol_words(graph) == 0  # idempotent: nothing is missing any more
    finally:
        graph.run_text("UNWIND $ids AS id MATCH (s:Symbol {id: id}) DELETE s", ids=ids)
