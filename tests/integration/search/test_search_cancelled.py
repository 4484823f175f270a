"""A text search stops when its call is cancelled: the verification checks the call's steps
between batches of chunks (a read: stopping anywhere is safe)."""

from __future__ import annotations

from pathlib import Path

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.search.text_search import SearchRequest, search
from coderooms.steps import Steps, steps_of_call
from tests.integration.ingest.graph_snapshot import wipe


class Cancelled(BaseException):
    """Stands for the request's cancellation."""


class CancelledCall(Steps):
    def checkpoint(self) -> None:
        raise Cancelled


def test_a_cancelled_search_stops(graph: Graph, tmp_path: Path, repo_id: str) -> None:
    (tmp_path / "m.py").write_text("needle = 1\n")
    ingest_root(graph, tmp_path, repo=repo_id, workers=1, git=False, embed=False)
    try:
        request = SearchRequest(query="needle", mode="literal", repo=repo_id)
        assert search(graph, request)["results"]  # outside a call: never stopped
        with steps_of_call(CancelledCall()), pytest.raises(Cancelled):
            search(graph, request)
    finally:
        wipe(graph, repo_id)
