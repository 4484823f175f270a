"""The same graph gives the same routes; a rebuild of the same tree gives the same route ids."""

from __future__ import annotations

import uuid
from pathlib import Path

from coderooms.graph.driver import Graph
from coderooms.perspective.focus import focus_by_id, resolve_focus
from coderooms.perspective.keys import route_content_id
from coderooms.perspective.lens import parse_lens
from coderooms.perspective.model import Route
from coderooms.perspective.routes import synthesize_routes
from tests.integration.perspective.routes_fixture import build_tree, ingest_fixture, wipe_repo

FOCI = (
    "shop/orders.py::place_order",
    "shop/util.py",
    "shop/catalog.py::parse",
    "shop/cli.py::main",
    "?:payments_gateway",
)


def all_routes(graph: Graph, repo: str) -> dict[str, list[Route]]:
    lens = parse_lens({"top_k": 128})
    found = {}
    for node in FOCI:
        focus = focus_by_id(graph, f"{repo}:{node}")
        assert focus is not None
        found[node] = synthesize_routes(graph, focus, lens)
    return found


def test_same_routes_twice_and_after_a_rebuild(graph: Graph, tmp_path: Path) -> None:
    repo = f"det-{uuid.uuid4().hex[:12]}"
    top = build_tree(tmp_path / "shop")
    try:
        ingest_fixture(graph, top, repo)
        first = all_routes(graph, repo)
        assert all_routes(graph, repo) == first
        for routes in first.values():
            assert routes
            for route in routes:
                assert route.route_id == route_content_id(route.target_id, route.family)
        wipe_repo(graph, repo)
        ingest_fixture(graph, top, repo)
        assert all_routes(graph, repo) == first
        resolution = resolve_focus(graph, "place_order", repo=repo)
        assert resolution.node is not None
        assert resolution.node.node_id == f"{repo}:shop/orders.py::place_order"
    finally:
        wipe_repo(graph, repo)
