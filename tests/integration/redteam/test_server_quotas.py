"""Issue 29, class 8: quotas keyed on the self-chosen `agent_id` (12 rotating ids stored 60
previews of 1.9 MiB in 7 s). A server process now caps what all its agents keep together, so
ids an agent invents buy it nothing past the server's caps (quotas.py)."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from coderooms.errors import Forbidden
from coderooms.graph.driver import Graph
from coderooms.perspective.tools import perspective_tools
from coderooms.verbs.context import AppContext
from coderooms.verbs.quotas import MAX_LIVE_PREVIEW_BYTES_PER_SERVER, ServerQuota
from tests.integration.edits.helpers import make_repo, verbs

ROTATING_IDS = 12
BIG = "x = 1\n" * (1_900_000 // 6)
"""A 1.9 MiB file: the issue's previews."""

pytestmark = pytest.mark.integration


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Path:
    return make_repo(graph, tmp_path / "proj", repo_id)


def rotating(n: int) -> list[str]:
    return [f"rotating-{uuid.uuid4().hex[:8]}-{i}" for i in range(n)]


def previews(
    ctx: AppContext, repo_id: str, agents: list[str], per_agent: int, content: str
) -> list[Any]:
    """Each agent stages `per_agent` previews of `content`: what was kept, what refused."""
    outcomes: list[Any] = []
    for round_ in range(per_agent):
        for agent in agents:
            try:
                staged = verbs(ctx)["edit_preview"](
                    agent, f"new/{round_}.py", repo=repo_id, content=content
                )
            except Forbidden as e:
                outcomes.append(e)
            else:
                outcomes.append(staged)
    return outcomes


def test_rotating_ids_keep_no_more_than_the_servers_bytes_of_previews(
    app_context: AppContext, root: Path, repo_id: str
) -> None:
    outcomes = previews(app_context, repo_id, rotating(ROTATING_IDS), 2, BIG)
    kept = [o for o in outcomes if isinstance(o, dict)]
    refused = [o for o in outcomes if isinstance(o, Forbidden)]
    assert len(kept) * len(BIG) <= MAX_LIVE_PREVIEW_BYTES_PER_SERVER
    assert len(kept) == MAX_LIVE_PREVIEW_BYTES_PER_SERVER // len(BIG)  # 16 of 24
    assert refused
    assert {e.code for e in refused} == {"server_quota"}
    assert "whatever agent_id" in refused[0].hint


def test_rotating_ids_keep_no_more_than_the_servers_count_and_a_commit_frees_one(
    app_context: AppContext, root: Path, repo_id: str
) -> None:
    app_context.quotas.previews = ServerQuota("edit previews", 10)
    agents = rotating(ROTATING_IDS)
    outcomes = previews(app_context, repo_id, agents, 2, "X = 1\n")
    kept = [o for o in outcomes if isinstance(o, dict)]
    assert len(kept) == 10
    assert all(isinstance(o, Forbidden) for o in outcomes[10:])
    owner = agents[0]  # the first preview is the first agent's
    verbs(app_context)["edit_commit"](owner, kept[0]["preview_id"], confirm=True)
    again = verbs(app_context)["edit_preview"](
        agents[-1], "new/again.py", repo=repo_id, content="Y = 2\n"
    )
    assert again["preview_id"]


def test_rotating_ids_open_no_more_than_the_servers_perspectives(
    app_context: AppContext, root: Path, repo_id: str
) -> None:
    app_context.quotas.perspectives = ServerQuota("open perspectives", 5)
    start = {s.name: s.fn for s in perspective_tools(app_context)}["perspective_start"]
    close = {s.name: s.fn for s in perspective_tools(app_context)}["perspective_close"]
    focus = f"{repo_id}:pkg/core.py::helper"
    opened, refused = [], []
    for agent in rotating(ROTATING_IDS):
        try:
            opened.append((agent, start(agent, focus, repo=repo_id)["perspective_id"]))
        except Forbidden as e:
            refused.append(e.code)
    assert len(opened) == 5
    assert refused == ["server_quota"] * (ROTATING_IDS - 5)
    agent, perspective = opened[0]
    close(agent, perspective)
    one_more = f"one-more-{uuid.uuid4().hex[:8]}"  # perspectives outlive a run in the store
    again = start(one_more, focus, repo=repo_id)["perspective_id"]
    assert again
    for agent, perspective in [*opened[1:], (one_more, again)]:
        close(agent, perspective)
