"""A one-transaction changeset's chunk phases are one statement when each fits one; otherwise
(several transactions, a phase of several batches, a single statement anyway) they stay apart."""

from __future__ import annotations

from typing import Any

from coderooms.ingest.plan import Plan
from coderooms.ingest.write_jobs import CHUNKS_PER_STATEMENT, chunk_jobs


def chunk(n: int) -> dict[str, Any]:
    return {"id": f"r:a.py#{n}", "claim": "r:a.py", "text": "x", "digest": str(n)}


def names(phases: list[list[tuple[str, dict[str, Any]]]]) -> list[list[str]]:
    return [[name for name, _ in jobs] for jobs in phases]


def saved_file_plan() -> Plan:
    moved = [{"old": "r:a.py#2", "id": "r:a.py#3", "seq": 3, "start_line": 9, "end_line": 12}]
    return Plan(chunk_rows=[chunk(1)], stale_chunks=["r:a.py#1"], moved_chunks=moved)


def test_one_transaction_writes_the_chunks_in_one_statement() -> None:
    plan = saved_file_plan()
    phases = chunk_jobs("r", plan, one_transaction=True)
    assert names(phases) == [["ingest/replace_chunks"], [], []]
    params = phases[0][0][1]
    assert params["ids"] == plan.stale_chunks
    assert params["moves"] == plan.moved_chunks
    assert params["rows"] == plan.chunk_rows


def test_several_transactions_keep_the_three_statements() -> None:
    phases = chunk_jobs("r", saved_file_plan())
    assert names(phases) == [
        ["ingest/delete_chunks_by_id"],
        ["ingest/move_chunks"],
        ["ingest/create_chunks"],
    ]


def test_a_phase_of_several_batches_keeps_them_apart() -> None:
    plan = Plan(chunk_rows=[chunk(n) for n in range(CHUNKS_PER_STATEMENT + 1)], stale_chunks=["x"])
    phases = chunk_jobs("r", plan, one_transaction=True)
    assert names(phases) == [
        ["ingest/delete_chunks_by_id"],
        [],
        ["ingest/create_chunks", "ingest/create_chunks"],
    ]


def test_a_single_statement_stays_itself() -> None:
    phases = chunk_jobs("r", Plan(chunk_rows=[chunk(1)]), one_transaction=True)
    assert names(phases) == [[], [], ["ingest/create_chunks"]]
