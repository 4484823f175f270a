"""The plan of a changeset written in batches (transactions.plan_apart) is read in a transaction
that stays open while Python resolves and builds the plan: it gets a write transaction's time
limit, not a read statement's (issue 31: Django's plan ran past 60 s on a loaded host)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from coderooms.ingest import transactions
from coderooms.ingest.plan import Changeset, Plan


class FakeGraph:
    read_timeout_s = 60.0
    write_timeout_s = 600.0

    def __init__(self) -> None:
        self.timeouts: list[float | None] = []

    def execute_read(self, work: Callable[[Any], Plan], *, timeout_s: float | None = None) -> Plan:
        self.timeouts.append(timeout_s)
        return work(object())


def test_the_plan_of_a_large_changeset_gets_the_write_time_limit(monkeypatch: Any) -> None:
    planned: list[Changeset] = []

    def plan_changeset(run: Any, changes: Changeset, carried: Any = None) -> Plan:
        planned.append(changes)
        return Plan()

    monkeypatch.setattr(transactions, "plan_changeset", plan_changeset)
    monkeypatch.setattr(transactions, "runner", lambda tx: tx)
    graph = FakeGraph()
    changes = Changeset("repo", [], [], set(), fresh=True)
    assert isinstance(transactions.plan_apart(graph, changes), Plan)  # type: ignore[arg-type]
    assert graph.timeouts == [600.0]
    assert planned == [changes]
