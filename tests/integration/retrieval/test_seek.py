"""seek against the real graph of the retrieval fixture repo."""

from __future__ import annotations

from pathlib import Path

import pytest

from coderooms.errors import InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.retrieval.graph_limits import SEEK_TOP_K_MAX, WEIGHT_SEMANTIC
from coderooms.retrieval.seek import SeekRequest, seek
from coderooms.semantic import query as semantic
from tests.integration.retrieval.seek_repo import retrieval_repo, sid


@pytest.fixture(scope="module")
def shop(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> str:
    return retrieval_repo(graph, tmp_path_factory.mktemp("seek"))[1]


@pytest.fixture
def no_vectors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(semantic, "query_vector", lambda *a, **k: None)


def ids(answer: dict[str, object]) -> list[str]:
    return [hit["id"] for hit in answer["results"]]  # type: ignore[attr-defined]


def test_exact_identifier_comes_first(graph: Graph, shop: str, no_vectors: None) -> None:
    answer = seek(graph, SeekRequest(query="apply_discount", repo=shop))
    assert ids(answer)[0] == sid(shop, "shop/pricing.py", "apply_discount")
    assert answer["proof_state"] == "ready"
    top = answer["results"][0]
    assert top["signals"]["lexical"] == 1.0
    assert top["kind"] == "Function"
    assert top["path"] == "shop/pricing.py"
    assert (top["start_line"], top["end_line"]) == (16, 18)
    assert top["signature"].startswith("def apply_discount")
    assert "exact" in top["sources"]
    assert "fulltext" in top["sources"]


def test_qualname_query_finds_the_method(graph: Graph, shop: str, no_vectors: None) -> None:
    answer = seek(graph, SeekRequest(query="SeasonalRule.discount", repo=shop))
    assert ids(answer)[0] == sid(shop, "shop/pricing.py", "SeasonalRule.discount")
    answer = seek(graph, SeekRequest(query="Cart.add_item", repo=shop))
    assert ids(answer)[0] == sid(shop, "shop/cart.py", "Cart.add_item")


def test_natural_language_words(graph: Graph, shop: str, no_vectors: None) -> None:
    answer = seek(graph, SeekRequest(query="how do I parse a price string?", repo=shop))
    assert answer["tokens"] == ["parse", "price", "string"]
    assert ids(answer)[0] == sid(shop, "shop/pricing.py", "parse_price_string")
    answer = seek(graph, SeekRequest(query="total price of the cart", repo=shop))
    assert ids(answer)[0] == sid(shop, "shop/cart.py", "Cart.total_price")


def test_order_is_total(graph: Graph, shop: str, no_vectors: None) -> None:
    answer = seek(graph, SeekRequest(query="discount rule price", repo=shop, top_k=50))
    keys = [(-hit["score"], hit["id"]) for hit in answer["results"]]
    assert keys == sorted(keys)
    assert len(keys) >= 4
    assert answer == seek(graph, SeekRequest(query="discount rule price", repo=shop, top_k=50))


@pytest.mark.parametrize("query", ["", "   ", "the of and", "?!"])
def test_no_usable_words_is_blocked_with_a_playbook(graph: Graph, shop: str, query: str) -> None:
    answer = seek(graph, SeekRequest(query=query, repo=shop))
    assert answer["proof_state"] == "blocked"
    assert answer["blocked_reason"] == "no_usable_tokens"
    assert answer["results"] == []
    assert answer["embeddings_used"] is False
    verbs = [step["verb"] for step in answer["recovery_playbook"]]
    assert "search" in verbs


def test_empty_scope_is_blocked(graph: Graph, shop: str, tmp_path: Path) -> None:
    docs_only = tmp_path / "docs-only"
    docs_only.mkdir()
    (docs_only / "notes.md").write_text("apply_discount is documented here\n")
    repo = f"{shop}-docs"
    ingest_root(graph, docs_only, repo=repo, workers=1, git=False)
    answer = seek(graph, SeekRequest(query="apply_discount", repo=repo))
    assert answer["proof_state"] == "blocked"
    assert answer["blocked_reason"] == "empty_scope"
    assert answer["results"] == []
    assert {"seek", "glob", "ingest"} <= {s["verb"] for s in answer["recovery_playbook"]}
    scoped = seek(graph, SeekRequest(query="apply_discount", repo=shop, path_glob="docs/**"))
    assert scoped["blocked_reason"] == "empty_scope"
    go = seek(graph, SeekRequest(query="apply_discount", repo=shop, language="go"))
    assert go["blocked_reason"] == "empty_scope"


def test_no_match_is_blocked_never_invented(graph: Graph, shop: str, no_vectors: None) -> None:
    answer = seek(graph, SeekRequest(query="zzqxv wobblefrotz", repo=shop))
    assert answer["proof_state"] == "blocked"
    assert answer["blocked_reason"] == "no_candidates"
    assert answer["results"] == []


def test_unknown_repo_is_not_found(graph: Graph) -> None:
    with pytest.raises(NotFound) as raised:
        seek(graph, SeekRequest(query="x_y", repo="no-such-repo-here"))
    assert raised.value.field == "repo"


def test_bad_arguments_name_the_field(graph: Graph, shop: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        seek(graph, SeekRequest(query="cart", repo=shop, kinds=("struct",)))
    assert raised.value.field == "kinds"
    with pytest.raises(InvalidInput) as raised:
        seek(graph, SeekRequest(query="x" * 5000, repo=shop))
    assert raised.value.field == "query"


def test_scope_filters(graph: Graph, shop: str, no_vectors: None) -> None:
    classes = seek(graph, SeekRequest(query="rule", repo=shop, kinds=("class",)))
    assert {hit["kind"] for hit in classes["results"]} == {"Class"}
    assert set(ids(classes)) == {
        sid(shop, "shop/pricing.py", "PriceRule"),
        sid(shop, "shop/pricing.py", "SeasonalRule"),
    }
    in_tests = seek(graph, SeekRequest(query="total price", repo=shop, path_glob="tests/**"))
    assert ids(in_tests) == [sid(shop, "tests/test_cart.py", "test_total_price")]
    python = seek(graph, SeekRequest(query="checkout", repo=shop, language="python"))
    assert ids(python)[0] == sid(shop, "shop/checkout.py", "checkout")


def test_top_k_is_clamped_and_reported(graph: Graph, shop: str) -> None:
    answer = seek(graph, SeekRequest(query="price", repo=shop, top_k=10**6))
    assert answer["clamped"]["top_k"] == {
        "requested": 10**6,
        "used": SEEK_TOP_K_MAX,
        "min": 1,
        "max": SEEK_TOP_K_MAX,
    }
    one = seek(graph, SeekRequest(query="price", repo=shop, top_k=1))
    assert len(one["results"]) == 1
    assert one["truncated"] is True


def test_lucene_syntax_in_the_query_is_harmless(graph: Graph, shop: str) -> None:
    for query in ['name:(x OR y*) AND "cart"', "cart~2 [a TO b] \\ /", "add_item^4 -price +*"]:
        answer = seek(graph, SeekRequest(query=query, repo=shop))
        assert answer["proof_state"] in {"ready", "triaging", "blocked"}


def test_embeddings_used_is_false_without_vectors(
    graph: Graph, shop: str, no_vectors: None
) -> None:
    answer = seek(graph, SeekRequest(query="discount", repo=shop))
    assert answer["embeddings_used"] is False
    assert all(hit["signals"]["semantic"] is None for hit in answer["results"])
    assert max(hit["score"] for hit in answer["results"]) <= 0.7


def test_embeddings_used_tells_the_truth_with_the_real_source(graph: Graph, shop: str) -> None:
    answer = seek(graph, SeekRequest(query="discount", repo=shop))
    fed = any(hit["signals"]["semantic"] is not None for hit in answer["results"])
    assert answer["embeddings_used"] is fed


def test_semantic_neighbours_feed_scores(
    graph: Graph, shop: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    checkout = sid(shop, "shop/checkout.py", "checkout")
    monkeypatch.setattr(semantic, "query_vector", lambda *a, **k: None)
    lexical_only = seek(graph, SeekRequest(query="purchase the basket", repo=shop))
    assert checkout not in ids(lexical_only)
    [stored] = graph.read("semantic/symbol_vector", id=checkout)
    if stored["vector"] is None:
        pytest.skip("the embedding model is not installed: no symbol vectors")
    asked: list[str] = []

    def checkout_vector(text: str) -> list[float]:
        asked.append(text)
        return list(stored["vector"])  # a query whose nearest symbol is `checkout` itself

    monkeypatch.setattr(semantic, "query_vector", checkout_vector)
    answer = seek(graph, SeekRequest(query="purchase the basket", repo=shop))
    assert asked == ["purchase the basket"]
    assert answer["embeddings_used"] is True
    [hit] = [h for h in answer["results"] if h["id"] == checkout]
    assert hit["sources"] == ["semantic"]
    assert hit["signals"]["semantic"] == pytest.approx(1.0, abs=1e-5)
    assert hit["signals"]["lexical"] == 0.0
    cosine = hit["signals"]["semantic"]
    expected = WEIGHT_SEMANTIC * cosine + (0.2 * hit["signals"]["graph"] + 0.1 * 1.0) * cosine
    assert hit["score"] == pytest.approx(expected, abs=1e-5)
    assert answer["candidate_sources"]["semantic"] >= 1
    # every candidate with a stored vector has its real cosine, not only the index's neighbours
    assert all(h["signals"]["semantic"] is not None for h in answer["results"])
