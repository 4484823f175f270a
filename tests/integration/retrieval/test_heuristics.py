"""heuristics_surface against the real graph of the retrieval fixture repo."""

from __future__ import annotations

import pytest

from coderooms.errors import NotFound
from coderooms.graph.driver import Graph
from coderooms.languages import is_test_path
from coderooms.retrieval.graph_limits import SEEK_WEIGHTS
from coderooms.retrieval.heuristics import heuristics_surface
from coderooms.retrieval.seek import SeekRequest, seek
from coderooms.semantic import query as semantic
from tests.integration.retrieval.seek_repo import retrieval_repo, sid


@pytest.fixture(scope="module")
def shop(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> str:
    return retrieval_repo(graph, tmp_path_factory.mktemp("heuristics"))[1]


@pytest.fixture(autouse=True)
def no_vectors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(semantic, "query_vector", lambda *a, **k: None)


def test_graph_facts(graph: Graph, shop: str) -> None:
    node = sid(shop, "shop/cart.py", "Cart.total_price")
    answer = heuristics_surface(graph, node)
    facts = answer["graph_facts"]
    assert facts["degrees"]["calls"] == {"in": 2, "out": 2}
    assert facts["degrees"]["contains"] == {"in": 1, "out": 0}
    assert facts["degrees"]["defines"] == {"in": 1, "out": 0}
    assert facts["callers"] == 2
    assert facts["callers_from_other_files"] == 2
    assert facts["caller_files_other"] == 2
    assert facts["test_callers"] == 1
    assert facts["test_callers_sample"] == [sid(shop, "tests/test_cart.py", "test_total_price")]
    assert facts["ghost_references"] == 1
    assert facts["ghost_references_sample"] == [{"name": "sum", "edge": "CALLS"}]
    assert facts["co_change_partners"] == 0
    assert facts["file"] == f"{shop}:shop/cart.py"
    assert answer["node"]["qualname"] == "Cart.total_price"
    assert answer["query"] is None
    assert answer["signals"]["lexical"]["raw"] == 0.0
    assert answer["signals"]["semantic"]["raw"] is None


def test_signals_match_what_seek_scored(graph: Graph, shop: str) -> None:
    node = sid(shop, "shop/pricing.py", "apply_discount")
    answer = heuristics_surface(graph, node, "apply discount")
    found = seek(graph, SeekRequest(query="apply discount", repo=shop))
    [hit] = [h for h in found["results"] if h["id"] == node]
    assert answer["score"] == hit["score"]
    assert answer["seek_rank"] == [h["id"] for h in found["results"]].index(node) + 1
    assert answer["weights"] == SEEK_WEIGHTS
    assert answer["candidate_sources"] == hit["sources"]
    assert answer["is_candidate"] is True
    assert answer["embeddings_used"] is False
    for name, signal in answer["signals"].items():
        assert signal["raw"] == hit["signals"][name]
        assert signal["weight"] == SEEK_WEIGHTS[name]
    assert answer["signals"]["lexical"]["weighted"] == pytest.approx(
        0.4 * hit["signals"]["lexical"], abs=1e-6
    )


def test_a_symbol_that_is_no_candidate_says_so(graph: Graph, shop: str) -> None:
    node = sid(shop, "shop/pricing.py", "MAX_DISCOUNT")
    answer = heuristics_surface(graph, node, "checkout")
    assert answer["is_candidate"] is False
    assert answer["candidate_sources"] == []
    assert answer["seek_rank"] is None
    assert "not a seek candidate" in answer["note"]


def test_unknown_id_is_not_found(graph: Graph, shop: str) -> None:
    with pytest.raises(NotFound) as raised:
        heuristics_surface(graph, f"{shop}:nope.py::missing")
    assert raised.value.field == "node_id"


@pytest.mark.parametrize(
    ("path", "is_test"),
    [
        ("tests/test_cart.py", True),
        ("pkg/tests/helpers.py", True),
        ("test_x.py", True),
        ("src/a/foo_test.go", True),
        ("web/app.spec.ts", True),
        ("web/app.test.js", True),
        ("src/test/java/shop/CartTest.java", True),
        ("Shop.Tests/CartTests.cs", True),
        ("app/src/CartTest.kt", True),
        ("pkg/testing/helpers.py", False),
        ("spec/support/helpers.rb", False),
        ("src/contest.py", False),
        ("src/latest/x.py", False),
        ("shop/cart.py", False),
    ],
)
def test_test_paths(path: str, is_test: bool) -> None:
    assert is_test_path(path) is is_test
