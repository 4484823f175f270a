"""Focus resolution on the fixture shop: each match class, its rank, anchors, ambiguity."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from coderooms.errors import InvalidInput
from coderooms.graph.driver import Graph
from coderooms.perspective.focus import focus_by_id, resolve_focus
from coderooms.perspective.model import FocusResolution
from tests.integration.perspective.routes_fixture import build_tree, ingest_fixture, wipe_repo


@pytest.fixture(scope="module")
def repo(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    repo = f"focus-{uuid.uuid4().hex[:12]}"
    ingest_fixture(graph, build_tree(tmp_path_factory.mktemp("focus") / "shop"), repo)
    yield repo
    wipe_repo(graph, repo)


def bound(resolution: FocusResolution) -> tuple[str, str]:
    assert resolution.status == "bound", resolution
    assert resolution.node is not None
    assert resolution.candidates[0].node == resolution.node
    return resolution.node.node_id, resolution.candidates[0].match


@pytest.mark.parametrize(
    ("query", "target", "match"),
    [
        ("{repo}:shop/orders.py::place_order", "shop/orders.py::place_order", "id"),
        ("{repo}:shop/util.py", "shop/util.py", "id"),
        ("place_order", "shop/orders.py::place_order", "name"),
        ("shop/util.py", "shop/util.py", "name"),
        ("util", "shop/util.py", "name"),  # a module symbol stands for its file
        ("Order.save", "shop/models.py::Order.save", "qualified_name"),
        ("shop/models.py::Order.save", "shop/models.py::Order.save", "qualified_name"),
        ("shop.models.Order", "shop/models.py::Order", "qualified_name"),
        ("shop.models", "shop/models.py", "qualified_name"),
        ("build_rep", "shop/reports.py::build_report", "prefix"),
        ("uild_rep", "shop/reports.py::build_report", "substring"),
        ("odec.py", "shop/codec.py", "substring"),
        ("BUILD_REPORT", "shop/reports.py::build_report", "substring"),  # full-text words
    ],
)
def test_each_match_class_binds(
    graph: Graph, repo: str, query: str, target: str, match: str
) -> None:
    node_id, found = bound(resolve_focus(graph, query.format(repo=repo), repo=repo))
    assert (node_id, found) == (f"{repo}:{target}", match)


def test_bound_node_fields(graph: Graph, repo: str) -> None:
    node = resolve_focus(graph, "Order.total", repo=repo).node
    assert node is not None
    assert (node.label, node.name, node.path, node.repo, node.qualname) == (
        "method",
        "total",
        "shop/models.py",
        repo,
        "Order.total",
    )
    file = resolve_focus(graph, "shop/models.py", repo=repo).node
    assert file is not None
    assert (file.label, file.path, file.qualname) == ("file", "shop/models.py", None)


def test_ghost_binds_by_name(graph: Graph, repo: str) -> None:
    node_id, match = bound(resolve_focus(graph, "payments_gateway", repo=repo))
    assert (node_id, match) == (f"{repo}:?:payments_gateway", "name")


def test_better_class_wins_over_worse(graph: Graph, repo: str) -> None:
    # `save` is a name (two methods); it is also a prefix/substring of nothing else bound first
    resolution = resolve_focus(graph, "save", repo=repo)
    assert resolution.status == "ambiguous"
    assert {c.match for c in resolution.candidates} == {"name"}
    # `parse` names two functions exactly; the prefix match `parse...` never outranks them
    assert all(c.match == "name" for c in resolve_focus(graph, "parse", repo=repo).candidates)


def test_ambiguous_lists_ranked_candidates_and_binds_nothing(graph: Graph, repo: str) -> None:
    resolution = resolve_focus(graph, "parse", repo=repo)
    assert resolution.status == "ambiguous"
    assert resolution.node is None
    assert [c.node.node_id for c in resolution.candidates] == [
        f"{repo}:shop/catalog.py::parse",
        f"{repo}:shop/reports.py::parse",
    ]
    assert resolution.candidates_truncated is False
    assert resolution == resolve_focus(graph, "parse", repo=repo)  # deterministic


def test_anchor_path_narrows_to_its_file(graph: Graph, repo: str) -> None:
    node_id, _ = bound(resolve_focus(graph, "parse", anchor="shop/reports.py", repo=repo))
    assert node_id == f"{repo}:shop/reports.py::parse"


def test_anchor_node_id_narrows_and_implies_the_repo(graph: Graph, repo: str) -> None:
    anchor = f"{repo}:shop/catalog.py::list_products"
    node_id, _ = bound(resolve_focus(graph, "parse", anchor=anchor))
    assert node_id == f"{repo}:shop/catalog.py::parse"


def test_anchor_that_matches_nothing_only_biases(graph: Graph, repo: str) -> None:
    resolution = resolve_focus(graph, "parse", anchor="shop/cli.py", repo=repo)
    assert resolution.status == "ambiguous"
    assert len(resolution.candidates) == 2


def test_anchor_namespace_ranks_its_candidates_first(graph: Graph, repo: str) -> None:
    resolution = resolve_focus(graph, "place", anchor="tests/", repo=repo)
    # prefix `place` matches only place_order; substring would add test_place_order but the
    # prefix class decides first
    assert resolution.status == "bound"
    resolution = resolve_focus(graph, "lace_order", anchor="tests/", repo=repo)
    node_id, match = bound(resolution)
    assert (node_id, match) == (f"{repo}:tests/check_orders.py::test_place_order", "substring")
    assert resolution.candidates[0].score > 0.4


def test_not_found(graph: Graph, repo: str) -> None:
    for query in (
        "zz_nothing_here",
        "naïve™ 日本",
        'a:b( "*" [x',
        "x && y",
        "AND",
        "NOT OR",
        "!!!",
    ):
        resolution = resolve_focus(graph, query, repo=repo)
        assert resolution.status == "not_found", query
        assert resolution.node is None
        assert resolution.candidates == []


def test_repo_scopes_the_lookup(graph: Graph, repo: str) -> None:
    assert resolve_focus(graph, "place_order", repo=f"{repo}-other").status == "not_found"
    assert resolve_focus(graph, f"{repo}:shop/util.py", repo="another").status == "not_found"


@pytest.mark.parametrize(
    ("query", "anchor", "field"),
    [("", None, "query"), ("   ", None, "query"), ("x" * 501, None, "query"),
     ("parse", "", "anchor"), ("parse", "/etc/passwd", "anchor"), ("parse", "a/../b", "anchor")],
)  # fmt: skip
def test_bad_query_or_anchor_is_refused(
    graph: Graph, repo: str, query: str, anchor: str | None, field: str
) -> None:
    with pytest.raises(InvalidInput) as caught:
        resolve_focus(graph, query, anchor=anchor, repo=repo)
    assert caught.value.field == field


def test_focus_by_id(graph: Graph, repo: str, tmp_path: Path) -> None:
    method = focus_by_id(graph, f"{repo}:shop/models.py::Order.save")
    assert method is not None
    assert (method.label, method.qualname) == ("method", "Order.save")
    file = focus_by_id(graph, f"{repo}:shop/models.py")
    assert file is not None
    assert file.label == "file"
    module = focus_by_id(graph, f"{repo}:shop/models.py::")
    assert module == file
    ghost = focus_by_id(graph, f"{repo}:?:payments_gateway")
    assert ghost is not None
    assert (ghost.label, ghost.path) == ("ghost", None)
    assert focus_by_id(graph, f"{repo}:nope.py") is None
