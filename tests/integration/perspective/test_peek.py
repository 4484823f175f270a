"""Peek is closed by default: only files under the target repo's ingest root, bounded, with the
staleness, size, binary and UTF-8 checks of the pipeline."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from coderooms.perspective.errors import PeekRefused, RouteSetStale
from coderooms.perspective.limits import PEEK_CONTEXT_LINES, PEEK_MAX_FILE_BYTES, PEEK_MAX_LINES
from coderooms.perspective.peek import _window
from tests.integration.perspective.conftest import Shop, Verbs, start_at
from tests.integration.perspective.test_verbs import all_routes


def peekable(verbs: Verbs, agent: str, started: dict[str, Any]) -> dict[str, Any]:
    """A route whose target is a symbol of another file of the shop."""
    for route in all_routes(verbs, agent, started["perspective_id"]):
        elsewhere = route["target_path"] not in {None, started["focus"]["path"]}
        if route["target_label"] not in {"ghost", "file", "module"} and elsewhere:
            return route
    raise AssertionError("the fixture has no peekable route from this focus")


def peek(verbs: Verbs, agent: str, started: dict[str, Any], route: dict[str, Any]) -> Any:
    return verbs["peek"](agent, started["perspective_id"], started["route_set_version"],
                         route_id=route["route_id"])  # fmt: skip


def test_peek_shows_the_target_lines(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    started = start_at(verbs, agent, shared_shop)
    route = peekable(verbs, agent, started)
    shown = peek(verbs, agent, started, route)
    assert shown["repo"] == shared_shop.repo
    assert shown["path"] == route["target_path"]
    assert shown["stale"] is False
    assert shown["replaced_invalid_utf8"] is False
    start = shown["target_lines"]["start"]
    assert shown["start_line"] == max(1, start - PEEK_CONTEXT_LINES)
    numbers = [line["line"] for line in shown["lines"]]
    assert start in numbers
    assert numbers == list(range(shown["start_line"], shown["end_line"] + 1))
    disk = (shared_shop.root / route["target_path"]).read_text().splitlines()
    assert [line["text"] for line in shown["lines"]] == disk[numbers[0] - 1 : numbers[-1]]
    assert route["target_name"].split(".")[-1] in shown["lines"][start - numbers[0]]["text"]
    with pytest.raises(RouteSetStale):
        verbs["peek"](agent, started["perspective_id"], 1, route_index=1)


def test_ghost_targets_are_refused(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    started = start_at(verbs, agent, shared_shop)
    ghosts = [r for r in all_routes(verbs, agent, started["perspective_id"])
              if r["target_label"] == "ghost"]  # fmt: skip
    if not ghosts:
        pytest.skip("no ghost route from this focus")
    with pytest.raises(PeekRefused, match="no source file"):
        peek(verbs, agent, started, ghosts[0])


def test_disk_checks(verbs: Verbs, agent: str, shop: Shop, graph: Graph, tmp_path: Path) -> None:
    started = start_at(verbs, agent, shop)
    route = peekable(verbs, agent, started)
    target = shop.root / route["target_path"]
    original = target.read_bytes()

    target.write_bytes(original + b"# edited, not ingested\n")
    assert peek(verbs, agent, started, route)["stale"] is True

    target.write_bytes(original.replace(b"\n", b"\n\xff\xfe", 1))
    shown = peek(verbs, agent, started, route)
    assert shown["replaced_invalid_utf8"] is True
    assert shown["stale"] is True

    target.write_bytes(b"\x00\x01binary" + original)
    with pytest.raises(PeekRefused, match="binary"):
        peek(verbs, agent, started, route)

    target.write_bytes(original + b"#" * (PEEK_MAX_FILE_BYTES + 1))
    with pytest.raises(PeekRefused, match="over the peek cap"):
        peek(verbs, agent, started, route)

    outside = tmp_path / "outside.py"
    outside.write_bytes(original)
    target.unlink()
    with pytest.raises(PeekRefused, match="no longer exists"):
        peek(verbs, agent, started, route)

    os.symlink(outside, target)  # a link that leaves the ingest root
    with pytest.raises(PeekRefused, match="outside the ingest root"):
        peek(verbs, agent, started, route)
    target.unlink()
    target.write_bytes(original)
    assert peek(verbs, agent, started, route)["stale"] is False

    graph.run_text("MATCH (r:Repo {id: $repo}) SET r.root = $root",
                   repo=shop.repo, root=str(tmp_path / "gone"))  # fmt: skip
    with pytest.raises(PeekRefused, match="no ingest root"):
        peek(verbs, agent, started, route)


def test_window_is_bounded() -> None:
    assert _window(10, 12, 100) == (10 - PEEK_CONTEXT_LINES, 12 + PEEK_CONTEXT_LINES, False)
    assert _window(1, 1, 2) == (1, 2, False)
    first, last, truncated = _window(5, 900, 1000)
    assert (first, last - first + 1, truncated) == (5 - PEEK_CONTEXT_LINES, PEEK_MAX_LINES, True)
    assert _window(None, None, 500) == (1, PEEK_MAX_LINES, True)
    assert _window(50, 60, 20) == (20 - PEEK_CONTEXT_LINES, 20, False)
    assert _window(1, 1, 0) == (1, 0, False)
