"""Each lens field changes the synthesized routes as documented (lens.py's table)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from coderooms.perspective.focus import focus_by_id
from coderooms.perspective.lens import LENS_TOP_K_MAX, namespace_matches, parse_lens
from coderooms.perspective.model import Route
from coderooms.perspective.routes import synthesize_routes
from tests.integration.perspective.routes_fixture import build_tree, ingest_fixture, wipe_repo

FOCI = ("shop/orders.py::place_order", "shop/util.py", "shop/catalog.py::parse")


@pytest.fixture(scope="module")
def repo(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    repo = f"lens-{uuid.uuid4().hex[:12]}"
    ingest_fixture(graph, build_tree(tmp_path_factory.mktemp("lens") / "shop"), repo)
    yield repo
    wipe_repo(graph, repo)


def synth(graph: Graph, repo: str, node: str, raw: dict[str, Any] | None = None) -> list[Route]:
    focus = focus_by_id(graph, f"{repo}:{node}")
    assert focus is not None
    lens = {"top_k": LENS_TOP_K_MAX, **(raw or {})}
    return synthesize_routes(graph, focus, parse_lens(lens))


def everything(graph: Graph, repo: str) -> dict[str, list[Route]]:
    return {node: synth(graph, repo, node) for node in FOCI}


def test_route_families_keeps_only_those(graph: Graph, repo: str) -> None:
    for node, full in everything(graph, repo).items():
        only = synth(graph, repo, node, {"route_families": ["causal", "temporal"]})
        assert only == [r for r in full if r.family in ("causal", "temporal")]
        assert len(only) < len(full)


def test_node_types_filter_targets(graph: Graph, repo: str) -> None:
    for node, full in everything(graph, repo).items():
        files = synth(graph, repo, node, {"node_types": ["file"]})
        assert files == [r for r in full if r.target_label == "file"]
        assert files
        assert len(files) < len(full)
        assert synth(graph, repo, node, {"node_types": ["module"]}) == files
    ghosts = synth(graph, repo, FOCI[0], {"node_types": ["ghost"]})
    assert {r.family for r in ghosts} == {"ghost"}


def test_namespaces_filter_by_path_prefix(graph: Graph, repo: str) -> None:
    for node, full in everything(graph, repo).items():
        tests = synth(graph, repo, node, {"namespaces": ["tests/"]})
        assert tests == [
            r for r in full if r.target_path and namespace_matches("tests", r.target_path)
        ]
        assert len(tests) < len(full)
    place = synth(graph, repo, FOCI[0], {"namespaces": ["tests"]})
    assert {r.target_id for r in place} == {
        f"{repo}:tests/check_orders.py",
        f"{repo}:tests/check_orders.py::test_place_order",
    }


def test_tags_keep_any_listed_and_drop_negated(graph: Graph, repo: str) -> None:
    full = synth(graph, repo, FOCI[0])
    tagged = synth(graph, repo, FOCI[0], {"tags": ["test", "ghost"]})
    assert tagged == [r for r in full if {"test", "ghost"} & set(r.tags)]
    assert {t for r in tagged for t in r.tags} >= {"test", "ghost"}
    untested = synth(graph, repo, FOCI[0], {"tags": ["!test"]})
    assert untested == [r for r in full if "test" not in r.tags]
    assert len(untested) < len(full)
    private = synth(graph, repo, "shop/util.py", {"tags": ["private"]})
    assert [r.target_id for r in private] == [f"{repo}:shop/util.py::_words"] * len(private)
    assert private


def test_include_ghost_edges_false_drops_ghosts(graph: Graph, repo: str) -> None:
    for node, full in everything(graph, repo).items():
        assert any(r.target_label == "ghost" for r in full)
        without = synth(graph, repo, node, {"include_ghost_edges": False})
        assert without == [r for r in full if r.family != "ghost" and r.target_label != "ghost"]


def test_include_structural_holes_false_drops_holes(graph: Graph, repo: str) -> None:
    for node, full in everything(graph, repo).items():
        assert any(r.family == "hole" for r in full)
        without = synth(graph, repo, node, {"include_structural_holes": False})
        assert without == [r for r in full if r.family != "hole"]


def test_ranking_weights_multiply_a_familys_scores(graph: Graph, repo: str) -> None:
    full = synth(graph, repo, FOCI[0])
    weighted = synth(graph, repo, FOCI[0], {"ranking_weights": {"causal": 0.25, "hole": 1.0}})
    assert {r.route_id for r in weighted} == {r.route_id for r in full}
    by_id = {r.route_id: r for r in full}
    for route in weighted:
        factor = 0.25 if route.family == "causal" else 1.0
        assert route.score == round(by_id[route.route_id].score * factor, 6)
    assert weighted == sorted(weighted, key=Route.order_key)
    assert [r.route_id for r in weighted] != [r.route_id for r in full]
    causal = next(r for r in weighted if r.family == "causal")
    assert causal.evidence["weight"] == 0.25


def test_top_k_cuts_after_the_total_order(graph: Graph, repo: str) -> None:
    for node, full in everything(graph, repo).items():
        for k in (1, 3, 5):
            assert synth(graph, repo, node, {"top_k": k}) == full[:k]
    default = synthesize_routes(graph, focus_by_id(graph, f"{repo}:{FOCI[0]}"), parse_lens(None))  # type: ignore[arg-type]
    assert len(default) <= parse_lens(None).top_k
