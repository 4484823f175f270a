"""The room's caps: open perspectives and branches per agent (refused past the cap, freed by
close), and the cap holding when two writers race for the last slot."""

from __future__ import annotations

import dataclasses
import threading
import uuid

import pytest

from coderooms.graph.driver import Graph
from coderooms.perspective import store
from coderooms.perspective.errors import PerspectiveLimit
from coderooms.perspective.ids import new_perspective_id
from coderooms.perspective.limits import MAX_OPEN_BRANCHES, MAX_OPEN_PERSPECTIVES
from tests.integration.perspective.conftest import Shop, Verbs, start_at
from tests.integration.perspective.test_state import new_state


def test_open_perspectives_are_capped_and_close_frees_a_slot(
    verbs: Verbs, agent: str, shared_shop: Shop
) -> None:
    opened = [start_at(verbs, agent, shared_shop)["perspective_id"]
              for _ in range(MAX_OPEN_PERSPECTIVES)]  # fmt: skip
    with pytest.raises(PerspectiveLimit) as raised:
        start_at(verbs, agent, shared_shop)
    assert raised.value.code == "perspective_limit"
    assert len(verbs["list"](agent)["perspectives"]) == MAX_OPEN_PERSPECTIVES
    start_at(verbs, agent + "-other", shared_shop)  # the cap is per agent
    verbs["close"](agent, opened[0])
    start_at(verbs, agent, shared_shop)


def test_branches_have_their_own_cap(verbs: Verbs, agent: str, shared_shop: Shop) -> None:
    started = start_at(verbs, agent, shared_shop)
    pid = started["perspective_id"]
    followed = verbs["follow"](agent, pid, started["route_set_version"], route_index=1)
    assert followed["depth"] == 1
    branches = [verbs["branch"](agent, pid)["perspective_id"] for _ in range(MAX_OPEN_BRANCHES)]
    assert len(set(branches)) == MAX_OPEN_BRANCHES
    with pytest.raises(PerspectiveLimit, match="branches"):
        verbs["branch"](agent, branches[0])
    listing = verbs["list"](agent)
    assert listing["open"] == {
        "started": 1,
        "max_started": MAX_OPEN_PERSPECTIVES,
        "branches": MAX_OPEN_BRANCHES,
        "max_branches": MAX_OPEN_BRANCHES,
    }
    verbs["close"](agent, branches[-1])
    verbs["branch"](agent, branches[0])


def test_racing_writers_never_exceed_the_cap(graph: Graph) -> None:
    agent = f"racer-{uuid.uuid4().hex[:8]}"
    for _ in range(MAX_OPEN_PERSPECTIVES - 1):
        store.create(graph, new_state(agent), cap=MAX_OPEN_PERSPECTIVES)
    outcomes: list[str] = []

    def race() -> None:
        state = dataclasses.replace(new_state(agent), id=new_perspective_id(agent))
        try:
            store.create(graph, state, cap=MAX_OPEN_PERSPECTIVES)
            outcomes.append("created")
        except PerspectiveLimit:
            outcomes.append("refused")

    threads = [threading.Thread(target=race) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["created", "refused", "refused", "refused"]
    assert len(store.list_states(graph, agent)) == MAX_OPEN_PERSPECTIVES
