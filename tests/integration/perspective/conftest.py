"""Shared by the perspective integration tests: the fixture shop (a git tree, ingested), a fresh
agent id per test, and the verbs by name."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from coderooms.perspective.tools import perspective_tools
from coderooms.verbs.context import AppContext
from tests.integration.perspective.routes_fixture import build_tree, ingest_fixture

Verbs = dict[str, Callable[..., Any]]


@dataclass(frozen=True)
class Shop:
    root: Path
    repo: str

    def node(self, path: str, qualname: str = "") -> str:
        return f"{self.repo}:{path}::{qualname}"


def make_shop(graph: Graph, top: Path) -> Shop:
    repo = f"persp-{uuid.uuid4().hex[:12]}"
    ingest_fixture(graph, build_tree(top), repo)
    return Shop(top, repo)


@pytest.fixture(scope="module")
def shared_shop(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Shop:
    """One ingested shop per module, for tests that never change the tree."""
    return make_shop(graph, tmp_path_factory.mktemp("persp") / "shop")


@pytest.fixture
def shop(graph: Graph, tmp_path: Path) -> Shop:
    """A shop of this test's own, for tests that edit and re-ingest it."""
    return make_shop(graph, tmp_path / "shop")


@pytest.fixture
def agent() -> str:
    return f"agent-{uuid.uuid4().hex[:10]}"


def verbs_of(ctx: AppContext) -> Verbs:
    return {spec.name.removeprefix("perspective_"): spec.fn for spec in perspective_tools(ctx)}


@pytest.fixture
def verbs(app_context: AppContext) -> Verbs:
    return verbs_of(app_context)


PLACE_ORDER = "shop/orders.py::place_order"


def start_at(verbs: Verbs, agent: str, shop: Shop, qualified: str = PLACE_ORDER) -> dict[str, Any]:
    """A perspective bound to `<repo>:<qualified>` (an exact node id never is ambiguous)."""
    path, _, qualname = qualified.partition("::")
    started = dict(verbs["start"](agent, shop.node(path, qualname), repo=shop.repo))
    assert started["status"] == "bound", started
    return started
