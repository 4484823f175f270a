"""Each route family appears on the fixture shop, in both directions where it has two."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from coderooms.graph.driver import Graph
from coderooms.perspective import route_families
from coderooms.perspective.focus import focus_by_id
from coderooms.perspective.lens import Lens, parse_lens
from coderooms.perspective.model import FAMILIES, Route
from coderooms.perspective.routes import synthesize_routes
from coderooms.semantic.query import Neighbour
from tests.integration.perspective.routes_fixture import (
    build_tree,
    ingest_fixture,
    wipe_repo,
)

ALL = Lens(top_k=128)


@pytest.fixture(scope="module")
def repo(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    repo = f"routes-{uuid.uuid4().hex[:12]}"
    ingest_fixture(graph, build_tree(tmp_path_factory.mktemp("routes") / "shop"), repo)
    yield repo
    wipe_repo(graph, repo)


def routes_of(graph: Graph, repo: str, node: str, lens: Lens = ALL) -> list[Route]:
    focus = focus_by_id(graph, f"{repo}:{node}")
    assert focus is not None, node
    return synthesize_routes(graph, focus, lens)


def edges(routes: list[Route], family: str, repo: str) -> set[tuple[str, str, str]]:
    """(relation, direction, target without the repo) of one family's routes."""
    return {
        (r.relation, r.direction, r.target_id.removeprefix(f"{repo}:"))
        for r in routes
        if r.family == family
    }


def test_every_family_appears_somewhere(graph: Graph, repo: str) -> None:
    seen: set[str] = set()
    for node in ("shop/catalog.py::parse", "shop/orders.py::place_order", "shop/cli.py::main"):
        seen |= {r.family for r in routes_of(graph, repo, node)}
    assert seen == set(FAMILIES)


def test_structural_both_ways(graph: Graph, repo: str) -> None:
    method = edges(routes_of(graph, repo, "shop/models.py::Order.save"), "structural", repo)
    assert ("member of", "in", "shop/models.py::Order") in method
    assert ("defined in", "in", "shop/models.py") in method
    assert ("sibling of", "none", "shop/models.py::Order.total") in method
    cls = edges(routes_of(graph, repo, "shop/models.py::Order"), "structural", repo)
    assert ("has member", "out", "shop/models.py::Order.save") in cls
    file = edges(routes_of(graph, repo, "shop/util.py"), "structural", repo)
    assert ("defines", "out", "shop/util.py::slugify") in file
    assert ("defines", "out", "shop/util.py::_words") in file
    assert ("imported by", "in", "shop/orders.py") in file
    orders = edges(routes_of(graph, repo, "shop/orders.py"), "structural", repo)
    assert ("imports", "out", "shop/util.py") in orders


def test_causal_calls_and_inheritance_both_ways(graph: Graph, repo: str) -> None:
    place = edges(routes_of(graph, repo, "shop/orders.py::place_order"), "causal", repo)
    assert ("calls", "out", "shop/util.py::slugify") in place
    assert ("called by", "in", "shop/cli.py::main") in place
    assert ("called by", "in", "tests/check_orders.py::test_place_order") in place
    assert ("inherits from", "out", "shop/models.py::Base") in edges(
        routes_of(graph, repo, "shop/models.py::Order"), "causal", repo
    )
    assert ("inherited by", "in", "shop/models.py::Order") in edges(
        routes_of(graph, repo, "shop/models.py::Base"), "causal", repo
    )
    main = edges(routes_of(graph, repo, "shop/cli.py::main"), "causal", repo)
    assert ("called by", "in", "shop/cli.py") in main  # module-level call: the file


def test_causal_from_a_file_aggregates_its_symbols(graph: Graph, repo: str) -> None:
    routes = [r for r in routes_of(graph, repo, "shop/util.py") if r.family == "causal"]
    called_from = {r.target_id.removeprefix(f"{repo}:"): r for r in routes}
    assert set(called_from) == {
        "shop/models.py",
        "shop/orders.py",
        "shop/catalog.py",
        "shop/reports.py",
    }
    reports = called_from["shop/reports.py"]
    assert (reports.relation, reports.direction) == ("called from", "in")
    assert reports.evidence["calls"] == 2  # build_report calls slugify and format_price
    outgoing = edges(routes_of(graph, repo, "shop/orders.py"), "causal", repo)
    assert ("calls into", "out", "shop/models.py") in outgoing


def test_semantic_falls_back_to_lexical_and_says_so(
    graph: Graph, repo: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(route_families, "similar_symbols", lambda *a, **k: None)  # no vectors
    routes = [
        r for r in routes_of(graph, repo, "shop/orders.py::place_order") if r.family == "semantic"
    ]
    targets = {r.target_id.removeprefix(f"{repo}:") for r in routes}
    assert "shop/orders.py::cancel_order" in targets  # shares `order`
    assert all(r.evidence["lexical"] is True for r in routes)
    assert all(0 < r.score <= route_families.LEXICAL_MAX_SCORE for r in routes)
    files = [r for r in routes_of(graph, repo, "shop/orders.py") if r.family == "semantic"]
    assert [(r.target_id, r.evidence["shared_words"]) for r in files] == [
        (f"{repo}:tests/check_orders.py", ["orders"])
    ]


def test_semantic_uses_vectors_when_there_are_some(
    graph: Graph, repo: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def nearest(
        graph: Graph, symbol_id: str, *, k: int, repo: str | None = None
    ) -> list[Neighbour]:
        assert repo is not None
        assert symbol_id.startswith(repo)
        return [Neighbour(f"{repo}:shop/codec.py::decode", 0.83)]

    monkeypatch.setattr(route_families, "similar_symbols", nearest)
    routes = [r for r in routes_of(graph, repo, "shop/catalog.py::parse") if r.family == "semantic"]
    assert [(r.target_id, r.score, r.evidence["lexical"]) for r in routes] == [
        (f"{repo}:shop/codec.py::decode", 0.83, False)
    ]


def test_temporal_partners_both_directions(graph: Graph, repo: str) -> None:
    forward = edges(routes_of(graph, repo, "shop/orders.py"), "temporal", repo)
    assert forward == {("changes with", "none", "tests/check_orders.py")}
    backward = edges(routes_of(graph, repo, "tests/check_orders.py"), "temporal", repo)
    assert backward == {("changes with", "none", "shop/orders.py")}
    symbol = [
        r for r in routes_of(graph, repo, "shop/orders.py::place_order") if r.family == "temporal"
    ]
    assert [(r.evidence["weight"], r.score) for r in symbol] == [(3, 0.5)]


def test_ghost_references(graph: Graph, repo: str) -> None:
    place = edges(routes_of(graph, repo, "shop/orders.py::place_order"), "ghost", repo)
    assert ("calls unresolved", "out", "?:payments_gateway.charge") in place
    file = edges(routes_of(graph, repo, "shop/orders.py"), "ghost", repo)
    assert ("imports unresolved", "out", "?:payments_gateway") in file
    assert ("inherits unresolved", "out", "?:refunds_missing.RefundBase") in edges(
        routes_of(graph, repo, "shop/models.py::Refund"), "ghost", repo
    )
    ghost = edges(routes_of(graph, repo, "?:payments_gateway"), "ghost", repo)
    assert ghost == {("imported by", "in", "shop/orders.py")}


def test_hole_untested_hub(graph: Graph, repo: str) -> None:
    for node in ("shop/util.py::slugify", "shop/util.py", "shop/catalog.py::parse"):
        holes = {
            r.target_id.removeprefix(f"{repo}:"): r
            for r in routes_of(graph, repo, node)
            if r.family == "hole" and r.evidence["hole"] == "untested_hub"
        }
        assert set(holes) == {"shop/util.py::slugify"}, node
        assert holes["shop/util.py::slugify"].evidence["caller_files"] == 4


def test_hole_bridge(graph: Graph, repo: str) -> None:
    bridges = {
        r.target_id.removeprefix(f"{repo}:"): r
        for r in routes_of(graph, repo, "shop/cli.py::main")
        if r.family == "hole" and r.evidence["hole"] == "bridge"
    }
    assert "shop/orders.py::place_order" in bridges
    reach = bridges["shop/orders.py::place_order"].evidence
    assert reach["exclusive_reach"] == 3
    assert f"{repo}:tests/check_orders.py::test_place_order" in reach["reach_sample"]


def test_a_test_caller_closes_the_hole(graph: Graph, tmp_path: Path) -> None:
    repo = f"routes-{uuid.uuid4().hex[:12]}"
    top = build_tree(tmp_path / "shop")
    shutil.copy(top / "tests" / "check_orders.py", top / "tests" / "check_util.py")
    (top / "tests" / "check_util.py").write_text(
        "from shop.util import slugify\n\n\ndef test_slugify():\n    assert slugify('A b')\n"
    )
    try:
        ingest_fixture(graph, top, repo)
        holes = [r for r in routes_of(graph, repo, "shop/util.py::slugify") if r.family == "hole"]
        assert all(r.evidence["hole"] != "untested_hub" for r in holes)
    finally:
        wipe_repo(graph, repo)


def test_resonant_same_name_and_signature(graph: Graph, repo: str) -> None:
    routes = {
        r.target_id.removeprefix(f"{repo}:"): r
        for r in routes_of(graph, repo, "shop/catalog.py::parse")
        if r.family == "resonant"
    }
    assert routes["shop/reports.py::parse"].relation == "same name and signature"
    assert routes["shop/codec.py::decode"].relation == "same signature"
    assert routes["shop/codec.py::decode"].evidence["parameters"] == ["text", "strict"]
    assert routes["shop/reports.py::parse"].score > routes["shop/codec.py::decode"].score
    save = edges(routes_of(graph, repo, "shop/models.py::Order.save"), "resonant", repo)
    assert {t for _, _, t in save} == {"shop/models.py::Base.save"}
    assert (
        edges(routes_of(graph, repo, "shop/models.py::Order.__init__"), "resonant", repo) == set()
    )


def test_routes_are_sorted_unique_and_scored(graph: Graph, repo: str) -> None:
    for node in ("shop/orders.py::place_order", "shop/util.py", "?:payments_gateway"):
        routes = routes_of(graph, repo, node)
        assert routes == sorted(routes, key=Route.order_key)
        assert len({r.route_id for r in routes}) == len(routes)
        assert all(0.0 <= r.score <= 1.0 for r in routes)
        assert all(r.target_id != f"{repo}:{node}" or r.family == "hole" for r in routes)


def test_default_lens_cuts_at_top_k(graph: Graph, repo: str) -> None:
    focus = focus_by_id(graph, f"{repo}:shop/util.py")
    assert focus is not None
    assert len(synthesize_routes(graph, focus, parse_lens({"top_k": 2}))) == 2
