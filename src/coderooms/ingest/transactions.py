"""How a changeset's writes are cut into transactions.

A changeset of at most SINGLE_TRANSACTION_FILES files whose rows weigh at most
MAX_TRANSACTION_BYTES is planned and written in one transaction: a save, a checkout of a few
files. A larger one is planned in a read transaction, then written phase by phase, each
statement (at most `write_jobs.ROWS_PER_STATEMENT` rows, `CHUNKS_PER_STATEMENT` chunks) its own
transaction, WRITER_THREADS at a time.

The weight bound is what keeps a transaction inside Neo4j's transaction memory
(`dbms.memory.transaction.total.max`, 70 % of the heap: 716.8 MiB with the managed instance's
1 GiB). Measured on it, one transaction holding a generated minified JavaScript file: 1 MiB
(36,086 symbols, references and chunks) wrote, 2 MiB (70,950) passed the limit, and the whole
changeset, every innocent file with it, failed. A row costs Neo4j ~10 KB of transaction state
(node, properties, index entries), so weight counts rows more than bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import neo4j

from coderooms.graph.driver import Graph
from coderooms.ingest import resolution_memo
from coderooms.ingest.changeset import apply_plan, plan_changeset, runner, sequential
from coderooms.ingest.plan import Changeset, Plan, WriteStats
from coderooms.ingest.rows import ParsedFile
from coderooms.ingest.triggers import Triggers
from coderooms.ingest.write_jobs import Job

SINGLE_TRANSACTION_FILES = 400
"""Changesets up to this many files (and MAX_TRANSACTION_BYTES) are written in one
transaction; larger ones in batches."""
MAX_TRANSACTION_BYTES = 8 * 1024 * 1024
"""The most a changeset written in one transaction may weigh (`file_weight`): 8 MiB is ~32k
rows, about 320 MiB of Neo4j's transaction state, under half the managed instance's limit."""
ROW_BYTES = 256
"""What a symbol, reference or import row counts for in a file's weight (a symbol row of a
minified bundle is ~480 bytes of parameters, an edge ~120)."""
WRITER_THREADS = 2
"""Large changesets write each phase's batches in this many concurrent transactions."""

PhaseDone = Callable[[int], None]
"""Told the number of a large changeset's write phases done so far (of `WRITE_PHASES`)."""


def file_weight(parsed: ParsedFile) -> int:
    """The bytes a file's rows stand for: its text (chunks) and ROW_BYTES a row."""
    record = parsed.record
    rows = len(record.symbols) + len(record.references) + len(record.imports)
    return parsed.size + ROW_BYTES * rows


def fits_one_transaction(changes: Changeset) -> bool:
    if len(changes.upserts) + len(changes.deletes) > SINGLE_TRANSACTION_FILES:
        return False
    return sum(map(file_weight, changes.upserts)) <= MAX_TRANSACTION_BYTES


def write_one_transaction(
    graph: Graph, changes: Changeset, carried: Triggers | None = None
) -> WriteStats:
    """Plan and write `changes` in one transaction: all of it lands, or nothing."""

    planned: list[Plan] = []

    def work(tx: neo4j.ManagedTransaction) -> WriteStats:
        run = runner(tx)
        plan = plan_changeset(run, changes, carried)
        planned[:] = [plan]  # a retried transaction plans again: the last plan committed
        return apply_plan(sequential(run), changes, plan, one_transaction=True)

    stats = graph.execute_write(work)
    resolution_memo.keep(planned[0].memos if planned else ())
    return stats


def plan_apart(graph: Graph, changes: Changeset, carried: Triggers | None = None) -> Plan:
    """The plan of a changeset written in batches, read in its own transaction. That
    transaction stays open while the plan is resolved and built in Python, so it gets a write
    transaction's time limit, not a read's: Django's plan ran past 60 s on a host at load 20-27
    and the whole ingest failed (issue 31, the ladder)."""
    work = partial(_plan, changes=changes, carried=carried)
    return graph.execute_read(work, timeout_s=graph.write_timeout_s)


def _plan(tx: neo4j.ManagedTransaction, *, changes: Changeset, carried: Triggers | None) -> Plan:
    return plan_changeset(runner(tx), changes, carried)


def write_batches(
    graph: Graph, changes: Changeset, plan: Plan, phase_done: PhaseDone | None = None
) -> WriteStats:
    """Write a planned changeset statement by statement, each its own transaction. What a
    failure leaves is written: the claims of the changeset stand half replaced."""
    with ThreadPoolExecutor(max_workers=WRITER_THREADS) as pool:
        phases = 0

        def run_jobs(jobs: list[Job]) -> list[list[dict[str, Any]]]:
            nonlocal phases

            def one(job: Job) -> list[dict[str, Any]]:
                return graph.execute_write(lambda tx: runner(tx)(job[0], **job[1]))

            results = list(pool.map(one, jobs))
            phases += 1
            if phase_done is not None:
                phase_done(phases)
            return results

        return apply_plan(run_jobs, changes, plan)


def apply_changeset(
    graph: Graph, changes: Changeset, phase_done: PhaseDone | None = None
) -> WriteStats:
    """Write `changes` as it is (no file isolated when it fails: `ingest.quarantine`)."""
    if not changes.upserts and not changes.deletes:
        return WriteStats()
    if fits_one_transaction(changes):
        return write_one_transaction(graph, changes)
    return write_batches(graph, changes, plan_apart(graph, changes), phase_done)
