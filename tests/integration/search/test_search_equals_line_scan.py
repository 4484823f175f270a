"""`search` finds exactly the lines a per-line scan of the same files finds (grep semantics)."""

from __future__ import annotations

import shutil
import sysconfig
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.search import text_search
from coderooms.search.limits import SEARCH_TOP_K_MAX
from coderooms.search.text_search import SearchRequest, search
from tests.integration.search.tree import (
    graph_paths,
    line_scan,
    literal,
    regex,
    unique_repo,
)

LITERALS = [
    "TODO",
    "Engine",
    "def ",
    "(",
    "(nested (parens))",
    "a.b",
    "C:\\temp\\x",
    "Grüße, 世界",
    "🚀",
    "engine",  # case: no hit in lower case where only Engine exists
    "NEEDLE_IN_LONG_LINE",
    "after long",
    "function_1199",
    "\ufffd",  # the replacement character of undecodable bytes
    "line\r",
]
REGEXES = [
    r"def \w+\(",
    r"^\s+return",
    r"function_1\d\d\(",
    r"\d+\.\d+",
    r"TODO$",
    r"(?i)todo",
    r"Gr[üu]",
    r"x\s*\*\s*2",
    r"[A-Z]{5,}",
    r"^$",
    r"NEEDLE_\w+_LINE",
    r"a(b|c)d",
    # no literal: a scan, each chunk searched whole by RE2 in multi-line mode
    r"[^\x00-\x7f]+",
    r"\w{3}\W\w{3}$",
    r"(?:^|[^a-z])\d\b",
    r"\S+\s+\S+$",
    r"\pL\pL\pL\b",
    r"(?i)GRÜSSE|grüße",
    r"[[:upper:]]{3}",
    r"\Adef|TODO\z",
    r"[A-Z]{6}_[A-Z]{2}",  # inside the 40 KB line: its pieces are checked alone first
    r"ab\BNEEDLE_\w{2}",  # boundaries inside the 40 KB line: pieces checked alone first
    r"\bNEEDLE_IN",
    r"LINE\b",
]


ROUTES = {"trigram": 0, "path order": 10**9}
"""Chunks read in path order before the trigram index is asked: none, or the whole scope."""


@pytest.fixture(params=sorted(ROUTES))
def route(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Top-k search by each route: the trigram index's candidates, or the scope in path order
    (for a regex without a literal: pages of a few chunks, so lines cut into pieces straddle
    pages)."""
    monkeypatch.setattr(text_search, "PATH_ORDER_PROBE_CHUNKS", ROUTES[request.param])
    if request.param == "path order":
        monkeypatch.setattr(text_search, "PATH_ORDER_SCAN_PAGE", 3)
        monkeypatch.setattr(text_search, "PATH_ORDER_SCAN_PAGE_MAX", 5)
    return str(request.param)


def assert_first_page_equals(
    graph: Graph, repo: str, mode: Any, query: str, expected: list, route: str, top_k: int
) -> None:
    answer = search(graph, SearchRequest(query=query, mode=mode, repo=repo, top_k=top_k))
    assert answer["index"] == ("scan" if answer["index_literal"] is None else route)
    hits = [(hit["file"], hit["line"], hit["text"]) for hit in answer["results"]]
    assert hits == capped(expected[:top_k])
    assert answer["truncated"] is (len(expected) > top_k)


def capped(hits: list[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
    return [(path, line, text[:2000]) for path, line, text in hits]


@pytest.mark.parametrize("query", LITERALS)
def test_literal_equals_line_scan(
    graph: Graph, search_tree: tuple[Path, str], query: str, route: str
) -> None:
    root, repo = search_tree
    expected = line_scan(root, graph_paths(graph, repo), literal(query))
    for top_k in (SEARCH_TOP_K_MAX, 3):  # a short page stops reading early
        assert_first_page_equals(graph, repo, "literal", query, expected, route, top_k)
    count = search(graph, SearchRequest(query=query, repo=repo, count_only=True))
    assert count["count"] == len(expected)


@pytest.mark.parametrize("pattern", REGEXES)
def test_regex_equals_line_scan(
    graph: Graph, search_tree: tuple[Path, str], pattern: str, route: str
) -> None:
    root, repo = search_tree
    expected = line_scan(root, graph_paths(graph, repo), regex(pattern))
    count = search(graph, SearchRequest(query=pattern, mode="regex", repo=repo, count_only=True))
    assert count["count"] == len(expected)
    assert count["files"] == len({path for path, _, _ in expected})
    for top_k in (SEARCH_TOP_K_MAX, 3):
        assert_first_page_equals(graph, repo, "regex", pattern, expected, route, top_k)


def test_count_only_counts_beyond_top_k(graph: Graph, search_tree: tuple[Path, str]) -> None:
    root, repo = search_tree
    expected = line_scan(root, graph_paths(graph, repo), literal("return"))
    assert len(expected) > SEARCH_TOP_K_MAX
    answer = search(graph, SearchRequest(query="return", repo=repo, count_only=True))
    assert answer["count"] == len(expected)
    assert "results" not in answer
    page = search(graph, SearchRequest(query="return", repo=repo, top_k=10))
    assert page["truncated"] is True
    assert [(h["file"], h["line"]) for h in page["results"]] == [
        (path, line) for path, line, _ in expected[:10]
    ]


STDLIB_PACKAGES = ("json", "email", "html", "urllib")
STDLIB_QUERIES: list[tuple[str, str]] = [
    ("literal", "def "),
    ("literal", "import re"),
    ("literal", "raise ValueError("),
    ("literal", "self._"),
    ("literal", "\\\\"),
    ("literal", "'utf-8'"),
    ("regex", r"^class \w+\((\w+)\):"),
    ("regex", r"def _?parse\w*\("),
    ("regex", r"\bre\.compile\(r?['\"]"),
    ("regex", r"[0-9a-f]{8}"),
    ("regex", r"except \w+Error as \w+:$"),
]


@pytest.fixture(scope="module")
def stdlib_slice(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    source = Path(sysconfig.get_paths()["stdlib"])
    root = tmp_path_factory.mktemp("stdlib-slice")
    for package in STDLIB_PACKAGES:
        shutil.copytree(
            source / package, root / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    repo = unique_repo()
    ingest_root(graph, root, repo=repo, workers=1, git=False)
    return root, repo


@pytest.mark.parametrize(("mode", "query"), STDLIB_QUERIES)
def test_stdlib_slice_equals_line_scan(
    graph: Graph, stdlib_slice: tuple[Path, str], mode: str, query: str
) -> None:
    root, repo = stdlib_slice
    matcher: Callable[[str], bool] = literal(query) if mode == "literal" else regex(query)
    expected = line_scan(root, graph_paths(graph, repo), matcher)
    answer = search(graph, SearchRequest(query=query, mode=mode, repo=repo, count_only=True))  # type: ignore[arg-type]
    assert answer["count"] == len(expected)
    # the default routing: a probe in path order, maybe a longer read, else the trigram index
    for top_k in (200, 20, 1):
        first = search(graph, SearchRequest(query=query, mode=mode, repo=repo, top_k=top_k))  # type: ignore[arg-type]
        hits = [(h["file"], h["line"], h["text"]) for h in first["results"]]
        assert hits == capped(expected[:top_k])
        assert first["truncated"] is (len(expected) > top_k)
