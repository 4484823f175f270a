"""A changeset whose write fails is written in halves down to the file that fails alone, which is
written bare with the reason; the rest lands (issue 29, class 4). Neo4j is faked here: the
integration tests (tests/integration/redteam) make a real Neo4j refuse real rows."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from unittest.mock import MagicMock

import pytest

from coderooms.core.kinds import SymbolKind
from coderooms.errors import CoderoomsError, GraphTimeout, GraphUnavailable
from coderooms.graph.driver import Graph
from coderooms.ingest import quarantine
from coderooms.ingest.plan import Changeset, Plan, WriteStats
from coderooms.ingest.rows import ParsedFile
from coderooms.ingest.triggers import Triggers
from coderooms.resolution.extraction import SymbolDef
from coderooms.resolution.ref_requests import FileRecord

REFUSAL = (
    "Property value is too large to index, please see index documentation for limitations."
    " Index: Index( id=61, name='symbol_name_id', type='RANGE' ), element id:"
    " 4:7995ed7b-c192-4348-8fd5-9abd93d7a6fa:1579, property size: 8177."
)
REASON = "quarantined: not written: a value too large for a Neo4j index"


def refused() -> CoderoomsError:
    return CoderoomsError(f"Neo4j rejected a statement: {REFUSAL}")


def parsed(path: str, symbols: int = 3) -> ParsedFile:
    defs = [
        SymbolDef(SymbolKind.FUNCTION, f"f{i}", f"f{i}", i + 1, i + 1, "", "")
        for i in range(symbols)
    ]
    record = FileRecord(path, "python", defs, problems=["syntax errors: 1 region, first at line 2"])
    return ParsedFile(path, 100, 1, f"hash-{path}", 10, "python", record, [(1, 10, "x")])


@dataclass
class FakeNeo4j:
    """Refuses any transaction holding a file named bad*.py with more than its module."""

    calls: list[tuple[list[str], bool, Triggers | None]] = field(default_factory=list)
    landed: list[str] = field(default_factory=list)
    landed_fresh: list[bool] = field(default_factory=list)
    refuse: type[Exception] | None = None

    def write_one(
        self, graph: Graph, changes: Changeset, carried: Triggers | None = None
    ) -> WriteStats:
        paths = [p.path for p in changes.upserts]
        self.calls.append((paths, changes.fresh, carried))
        if any(p.path.startswith("bad") and len(p.record.symbols) > 1 for p in changes.upserts):
            raise refused()
        if self.refuse is not None:
            raise self.refuse("no")
        self.landed += paths
        self.landed_fresh.append(changes.fresh)
        symbols = sum(len(p.record.symbols) for p in changes.upserts)
        return WriteStats(files_written=len(paths), symbols_written=symbols)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeNeo4j:
    neo = FakeNeo4j()
    monkeypatch.setattr(quarantine, "write_one_transaction", neo.write_one)
    return neo


def test_the_failing_file_is_written_bare_and_the_rest_lands(fake: FakeNeo4j) -> None:
    files = [parsed(f"ok{i}.py") for i in range(6)]
    files.insert(4, parsed("bad.py"))
    changes = Changeset("r", files, [], {p.path for p in files}, fresh=True)
    written = quarantine.write_isolating(MagicMock(spec=Graph), changes)
    assert sorted(fake.landed) == sorted(p.path for p in files)
    assert written.stats.files_written == 7
    assert written.stats.symbols_written == 6 * 3 + 1  # the bad file's module symbol only
    [stand_in] = written.bare
    assert stand_in.path == "bad.py"
    assert [s.qualname for s in stand_in.record.symbols] == [""]
    assert stand_in.record.problems == ["syntax errors: 1 region, first at line 2", REASON]
    assert (stand_in.hash, stand_in.lines, stand_in.chunks) == ("hash-bad.py", 10, [])
    # the first part to land is planned as fresh, every later one against what landed
    assert fake.landed_fresh[0] is True
    assert not any(fake.landed_fresh[1:])
    assert len(fake.calls) <= 2 * 3 + 2  # about 2·log2(7) more transactions


def test_two_failing_files_are_both_isolated(fake: FakeNeo4j) -> None:
    files = [parsed("bad1.py"), parsed("ok.py"), parsed("bad2.py")]
    changes = Changeset("r", files, ["gone.py"], set(), fresh=False)
    written = quarantine.write_isolating(MagicMock(spec=Graph), changes)
    assert sorted(p.path for p in written.bare) == ["bad1.py", "bad2.py"]
    assert sorted(fake.landed) == ["bad1.py", "bad2.py", "ok.py"]


@pytest.mark.parametrize("error", [GraphUnavailable, GraphTimeout])
def test_neo4j_out_of_reach_or_past_its_time_limit_is_not_the_files_fault(
    fake: FakeNeo4j, error: type[CoderoomsError]
) -> None:
    fake.refuse = error  # a time limit passed depends on the load: no file is quarantined for it
    changes = Changeset("r", [parsed("a.py"), parsed("b.py")], [], set(), fresh=False)
    with pytest.raises(error):
        quarantine.write_isolating(MagicMock(spec=Graph), changes)
    assert len(fake.calls) == 1


def test_a_failure_every_file_has_is_raised_not_quarantined(fake: FakeNeo4j) -> None:
    fake.refuse = CoderoomsError  # the bare file fails too: a statement Neo4j refuses anyway
    files = [parsed(f"f{i}.py") for i in range(8)]
    with pytest.raises(CoderoomsError, match="no"):
        quarantine.write_isolating(MagicMock(spec=Graph), Changeset("r", files, [], set()))
    assert len(fake.calls) <= 2 * 4  # log2(8) halvings, each trying its file bare once


def test_a_write_in_batches_that_failed_midway_is_written_again_in_parts(
    fake: FakeNeo4j, monkeypatch: pytest.MonkeyPatch
) -> None:
    triggers = Triggers(names=frozenset({"moved"}), stems=frozenset({"lib"}))
    monkeypatch.setattr(
        quarantine, "fits_one_transaction", lambda changes: len(changes.upserts) < 3
    )
    plan = Plan(triggers=triggers)
    monkeypatch.setattr(quarantine, "plan_apart", lambda graph, changes, carried=None: plan)

    def half_written(*_: Any, **__: Any) -> WriteStats:
        raise refused()

    monkeypatch.setattr(quarantine, "write_batches", half_written)
    monkeypatch.setattr(quarantine, "MAX_TRANSACTION_BYTES", 250)  # two files a part
    graph = MagicMock(spec=Graph)
    graph.read = lambda *_, **__: [{"path": "ok0.py"}]  # written by the failed attempt
    files = [parsed("ok0.py"), parsed("bad.py"), parsed("ok1.py")]
    changes = Changeset("r", files, ["gone.py"], {"ok0.py", "bad.py", "ok1.py"}, fresh=True)
    written = quarantine.write_isolating(graph, changes)
    assert [p.path for p in written.bare] == ["bad.py"]
    assert sorted(fake.landed) == ["bad.py", "ok0.py", "ok1.py"]
    # every part is planned against the graph as it is (never fresh), carrying the triggers
    assert all(not was_fresh and carried == triggers for _, was_fresh, carried in fake.calls)


def test_failure_reasons_are_the_same_on_every_run() -> None:
    assert quarantine.failure_reason(refused()) == REASON
    other = CoderoomsError(
        "Neo4j rejected a statement: boom at 4:7995ed7b-c192-4348-8fd5-9abd93d7a6fa:12\nmore"
    )
    assert (
        quarantine.failure_reason(other)
        == "quarantined: not written: Neo4j rejected a statement: boom at …"
    )
    assert quarantine.failure_reason(RecursionError("maximum recursion depth exceeded")) == (
        "quarantined: not written: RecursionError: maximum recursion depth exceeded"
    )
