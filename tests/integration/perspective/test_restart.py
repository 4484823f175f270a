"""State lives in Neo4j: a restarted server, or a second server process, continues the same
perspective (two AppContexts, each with its own driver, over one database)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from coderooms.config import Settings
from coderooms.graph.driver import Connection, Graph
from coderooms.perspective.errors import RouteSetStale
from coderooms.verbs.context import AppContext, GraphProvider
from tests.integration.perspective.conftest import Shop, start_at, verbs_of


@pytest.fixture
def second_process(settings: Settings, connection: Connection) -> Iterator[AppContext]:
    other = Graph(connection)
    try:
        yield AppContext(settings=settings, graphs=GraphProvider.ready(settings, other))
    finally:
        other.close()


def test_a_second_process_continues_the_perspective(
    app_context: AppContext, second_process: AppContext, agent: str, shared_shop: Shop
) -> None:
    one, two = verbs_of(app_context), verbs_of(second_process)
    started = start_at(one, agent, shared_shop)
    pid, version = started["perspective_id"], started["route_set_version"]

    seen = two["routes"](agent, pid)
    assert seen["route_set_version"] == version
    assert seen["routes"] == started["routes"]
    moved = two["follow"](agent, pid, version, route_index=1)
    with pytest.raises(RouteSetStale):  # process one's view is stale now
        one["inspect"](agent, pid, version, route_index=1)
    assert one["list"](agent)["perspectives"][0]["depth"] == 1
    back = one["back"](agent, pid)
    assert back["focus"] == started["focus"]
    assert back["route_set_version"] > moved["route_set_version"] > version
    branch_source = two["follow"](agent, pid, back["route_set_version"], route_index=1)
    forked = one["branch"](agent, pid)
    assert two["compare"](agent, pid, forked["perspective_id"])["depth"]["delta"] == 0
    assert forked["focus"] == branch_source["focus"]
    two["close"](agent, pid)
    assert [p["perspective_id"] for p in one["list"](agent)["perspectives"]] == [
        forked["perspective_id"]
    ]


def test_a_server_restart_keeps_everything(
    settings: Settings, connection: Connection, agent: str, shared_shop: Shop
) -> None:
    first = Graph(connection)
    ctx = AppContext(settings=settings, graphs=GraphProvider.ready(settings, first))
    started = start_at(verbs_of(ctx), agent, shared_shop)
    moved = verbs_of(ctx)["follow"](agent, started["perspective_id"],
                                    started["route_set_version"], route_index=1)  # fmt: skip
    first.close()  # the process is gone

    second = Graph(connection)
    try:
        again = verbs_of(
            AppContext(settings=settings, graphs=GraphProvider.ready(settings, second))
        )
        seen = again["routes"](agent, started["perspective_id"])
        assert seen["route_set_version"] == moved["route_set_version"]
        assert seen["focus"] == moved["focus"]
        assert seen["depth"] == 1
        assert again["back"](agent, started["perspective_id"])["focus"] == started["focus"]
    finally:
        second.close()


def test_two_processes_following_from_one_version_one_wins(
    app_context: AppContext, second_process: AppContext, agent: str, shared_shop: Shop
) -> None:
    one, two = verbs_of(app_context), verbs_of(second_process)
    started = start_at(one, agent, shared_shop)
    pid, version = started["perspective_id"], started["route_set_version"]
    outcomes: list[str] = []

    def follow(verbs: dict[str, Any], index: int) -> None:
        try:
            verbs["follow"](agent, pid, version, route_index=index)
            outcomes.append("moved")
        except RouteSetStale:
            outcomes.append("stale")

    threads = [threading.Thread(target=follow, args=(v, i)) for v, i in ((one, 1), (two, 2))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["moved", "stale"]
    listed = two["list"](agent)["perspectives"][0]
    assert listed["depth"] == 1
    assert one["back"](agent, pid)["focus"] == started["focus"]


ROUNDS = 12
RACERS = 4


def race_once(
    processes: tuple[dict[str, Any], ...], verb: str, agent: str, pid: str, version: int
) -> list[str]:
    """RACERS threads over the processes, released together, each moving from `version`."""
    gate = threading.Barrier(RACERS)
    outcomes: list[str] = []

    def race(verbs: dict[str, Any]) -> None:
        gate.wait()
        try:
            if verb == "follow":
                verbs["follow"](agent, pid, version, route_index=1)
            else:
                verbs["back"](agent, pid)
            outcomes.append("moved")
        except RouteSetStale:
            outcomes.append("stale")

    threads = [
        threading.Thread(target=race, args=(processes[n % len(processes)],)) for n in range(RACERS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(outcomes)


@pytest.mark.parametrize("verb", ["follow", "back"])
def test_compare_and_set_admits_one_writer_per_version_under_contention(
    app_context: AppContext, second_process: AppContext, agent: str, shared_shop: Shop, verb: str
) -> None:
    """Racers released together, round after round, over two drivers. The version is checked
    under the node's write lock (checked by the statement's WHERE alone, a read-committed read,
    several writers could pass it): racing follows from one version, exactly one moves; racing
    backs (each from the version it loaded) lose no update, so the depth drops by exactly the
    number that moved."""
    processes = (verbs_of(app_context), verbs_of(second_process))
    started = start_at(processes[0], agent, shared_shop)
    pid = started["perspective_id"]
    if verb == "back":  # a history deep enough to go back from in every round
        version = started["route_set_version"]
        for _ in range(ROUNDS * RACERS):
            version = processes[0]["follow"](agent, pid, version, route_index=1)[
                "route_set_version"
            ]
    for _ in range(ROUNDS):
        before = processes[0]["routes"](agent, pid)
        outcomes = race_once(processes, verb, agent, pid, before["route_set_version"])
        after = processes[0]["routes"](agent, pid)
        moved = outcomes.count("moved")
        if verb == "follow":
            assert outcomes == ["moved"] + ["stale"] * (RACERS - 1)
        else:
            assert moved >= 1
            assert after["depth"] == before["depth"] - moved
