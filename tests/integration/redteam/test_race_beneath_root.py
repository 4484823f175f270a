"""Issue 29, classes 5 and 6: a file or a directory of the repo swapped for a symlink to an
outside twin while the verbs read and write it. The checks on the path run before the open, so
only reading and writing beneath the root by descriptor keeps the outside out: no answer may
hold the outside secret (or name where the outside lies), no file may appear outside, and no
temp file may be left anywhere."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from coderooms.edits.tools import surgical_tools
from coderooms.graph.driver import Graph
from coderooms.impact.tools import impact_tools
from coderooms.surgical.context_tools import surgical_context_tools
from coderooms.verbs.context import AppContext
from tests.integration.perspective.conftest import verbs_of
from tests.integration.perspective.test_verbs import all_routes
from tests.integration.redteam.outside import Flipper, Layout, answer_of, internal, make_layout

ROUNDS = 300
"""Calls of each verb while the flipper runs."""
DEADLINE_S = 60.0
"""A slow machine stops early, but not before MIN_ROUNDS. A round of the readers is three calls
(0.5-1 s on two cores): 60 s gives each of the two swaps 60-120 rounds, every one of them under
the flipper; 240 s made this file a quarter of the suite's time."""
MIN_ROUNDS = 30


@pytest.fixture
def layout(graph: Graph, tmp_path: Path, repo_id: str) -> Layout:
    return make_layout(graph, tmp_path, repo_id)


def readers(ctx: AppContext, layout: Layout) -> list[Callable[[], Any]]:
    """surgical_context with the text, perspective_peek of a route into pkg/core.py, and impact
    of a revision range that changed pkg/core.py (which reads it to say whether it is stale)."""
    context = {spec.name: spec.fn for spec in surgical_context_tools(ctx)}["surgical_context"]
    (impact,) = (spec.fn for spec in impact_tools(ctx))
    perspective = verbs_of(ctx)
    agent = f"redteam-{uuid.uuid4().hex[:8]}"
    started = perspective["start"](agent, f"{layout.repo}:pkg/use.py::run", repo=layout.repo)
    route = next(r for r in all_routes(perspective, agent, started["perspective_id"])
                 if r["target_path"] == "pkg/core.py")  # fmt: skip
    return [
        lambda: context(agent, path="pkg/core.py", repo=layout.repo, include_text=True),
        lambda: perspective["peek"](agent, started["perspective_id"],
                                    started["route_set_version"], route_id=route["route_id"]),
        lambda: impact(agent, changes="HEAD~1..HEAD", repo=layout.repo),
    ]  # fmt: skip


@dataclass
class Rounds:
    """What the calls answered while the flipper ran."""

    done: int = 0
    leaks: list[str] = field(default_factory=list)
    """Each answer's outside secret or outside path."""
    internal: list[str] = field(default_factory=list)
    """Answers that were the internal error."""


def run_rounds(calls: list[Callable[[], Any]], layout: Layout) -> Rounds:
    deadline = time.monotonic() + DEADLINE_S
    seen = Rounds()
    while seen.done < ROUNDS and (seen.done < MIN_ROUNDS or time.monotonic() < deadline):
        for call in calls:
            got = answer_of(call)
            seen.leaks += layout.leaked(got)
            if internal(got):
                seen.internal.append(str(got)[:300])
        seen.done += 1
    return seen


@pytest.mark.parametrize("swapped", ["pkg/core.py", "pkg"])
def test_reads_never_return_the_outside(
    app_context: AppContext, layout: Layout, swapped: str
) -> None:
    calls = readers(app_context, layout)
    for call in calls:  # untouched, each reads the file
        assert layout.leaked(call()) == []
    twin = layout.outside / swapped.removeprefix("pkg/")
    with Flipper(layout.root / swapped, twin) as flipper:
        seen = run_rounds(calls, layout)
    assert seen.done >= MIN_ROUNDS
    assert flipper.flips > seen.done
    assert (len(seen.leaks), len(seen.internal)) == (0, 0), (seen.leaks[:3], seen.internal[:3])


@pytest.mark.parametrize("swapped", ["pkg/core.py", "pkg"])
def test_writes_never_land_outside(app_context: AppContext, layout: Layout, swapped: str) -> None:
    apply = {spec.name: spec.fn for spec in surgical_tools(app_context)}["apply"]
    before = layout.outside_tree()
    count = iter(range(10**9))

    def write() -> Any:
        return apply("redteam", "pkg/core.py", repo=layout.repo, content=f"N = {next(count)}\n")

    twin = layout.outside / swapped.removeprefix("pkg/")
    with Flipper(layout.root / swapped, twin) as flipper:
        seen = run_rounds([write], layout)
    assert seen.done >= MIN_ROUNDS
    assert flipper.flips > seen.done
    outside = layout.outside_tree()
    written = sorted(name for name in outside.keys() | before.keys()
                     if outside.get(name) != before.get(name))  # fmt: skip
    # an apply answers the diff of the file it read: no leak there either
    assert (len(seen.leaks), len(seen.internal), written, layout.temps()) == (0, 0, [], []), (
        seen.leaks[:3],
        seen.internal[:3],
    )
