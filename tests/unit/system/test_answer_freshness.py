"""The `freshness` field is attached by the tool wrapper from what each verb declares
(`ToolSpec.freshness`), after the answer's own fields, in the declared form."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from coderooms.config import Settings
from coderooms.graph.driver import Graph
from coderooms.protocol import answer_freshness
from coderooms.protocol.tool_errors import guarded
from coderooms.server import room_tools
from coderooms.verbs.context import AppContext, GraphProvider
from coderooms.verbs.effects import READS
from coderooms.verbs.spec import Covering, Freshness, ToolSpec

GRAPH: Any = object()
FRESH = {"r": {"watched": False, "unacked_alerts": {}}}


@pytest.fixture(autouse=True)
def stand_in(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Graph, list[str]]]:
    asked: list[tuple[Graph, list[str]]] = []

    def freshness_of(graph: Graph, repos: list[str]) -> dict[str, Any]:
        asked.append((graph, list(repos)))
        return FRESH

    monkeypatch.setattr(answer_freshness, "freshness_of", freshness_of)
    return asked


def spec(freshness: Freshness, answer: dict[str, Any]) -> ToolSpec:
    def verb() -> dict[str, Any]:
        return answer

    return ToolSpec(verb, READS, freshness=freshness)


def test_brief_and_full_freshness_come_last(stand_in: list[Any]) -> None:
    covering = Covering({"a": 1, "b": 2}, GRAPH, ["r"])
    brief = guarded(spec(Freshness.BRIEF, covering), answer_freshness.attach_freshness)()
    assert brief == {"a": 1, "b": 2}  # no news: no field
    FRESH["r"]["unacked_alerts"] = {"callers_affected": 2}
    try:
        alerted = guarded(spec(Freshness.BRIEF, covering), answer_freshness.attach_freshness)()
    finally:
        FRESH["r"]["unacked_alerts"] = {}
    assert list(alerted) == ["a", "b", "freshness"]
    assert alerted["freshness"] == {"watched": False, "unacked_alerts": {"callers_affected": 2}}
    full = guarded(spec(Freshness.FULL, covering), answer_freshness.attach_freshness)()
    assert full["freshness"] == FRESH
    assert type(full) is dict
    assert stand_in == [(GRAPH, ["r"])] * 3


def test_a_plain_answer_or_no_declared_freshness_goes_out_as_it_is(stand_in: list[Any]) -> None:
    plain = {"a": 1}
    assert guarded(spec(Freshness.BRIEF, plain), answer_freshness.attach_freshness)() is plain
    covering = Covering(plain, GRAPH, ["r"])
    none = guarded(spec(Freshness.NONE, covering), answer_freshness.attach_freshness)()
    assert none == plain
    assert not stand_in


def test_the_verbs_that_read_the_graph_declare_their_freshness(tmp_path: Path) -> None:
    settings = Settings(neo4j_uri="bolt://127.0.0.1:1", neo4j_password="x", roots=[tmp_path])
    ctx = AppContext(settings=settings, graphs=GraphProvider(settings, start_managed=False))
    declared = {s.name: s.freshness for s in room_tools(ctx) if s.freshness is not Freshness.NONE}
    brief = {"search", "glob", "view", "seek", "impact"}
    assert declared == dict.fromkeys(brief, Freshness.BRIEF) | {
        "batch_view": Freshness.FULL,
        "activate": Freshness.FULL,
    }
