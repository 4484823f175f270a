"""The statements a planned changeset's writes are made of (`changeset.apply_plan` runs them,
phase by phase): rows in batches, files and symbols, chunks, ghosts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from coderooms.graph.chunk_parts import part_label
from coderooms.ingest.plan import Plan
from coderooms.ingest.rows import EdgeRow
from coderooms.resolution.lookup import GHOST

ROWS_PER_STATEMENT = 5000
CHUNKS_PER_STATEMENT = 200
"""Chunks carry up to 16 KiB of text each: fewer per statement keeps a batch near 3 MiB."""

Job = tuple[str, dict[str, Any]]
"""A statement and its parameters."""
RunJobs = Callable[[list[Job]], list[list[dict[str, Any]]]]
"""Runs a phase's jobs (statement, params); the jobs of one phase are independent of each other."""


def batched(rows: Sequence[Any], size: int = ROWS_PER_STATEMENT) -> Iterable[Sequence[Any]]:
    for start in range(0, len(rows), size):
        yield rows[start : start + size]


def node_jobs(repo: str, plan: Plan, *, bump: bool = False) -> tuple[list[Job], list[Job]]:
    """The file and symbol upserts; with `bump` the first file statement moves the repo's
    generation on (one transaction only: see `apply_plan`)."""
    files = [
        ("ingest/upsert_files", {"repo": repo, "rows": list(r), "bump": bump and not n})
        for n, r in enumerate(batched(plan.file_rows))
    ]
    symbols = [("ingest/upsert_symbols", {"rows": list(r)}) for r in batched(plan.symbol_rows)]
    created = [{"label": r["kind"], "props": r["props"]} for r in plan.new_symbol_rows]
    symbols += [("ingest/create_symbols", {"rows": list(r)}) for r in batched(created)]
    return files, symbols


def chunk_jobs(repo: str, plan: Plan, *, one_transaction: bool = False) -> list[list[Job]]:
    """The three chunk phases: stale chunks deleted, moved ones updated, new ones created. In
    one transaction, when each fits one statement, the three are one statement
    (`ingest/replace_chunks`, two round trips less for a saved file) and two empty phases."""
    part = part_label(repo)
    phases: list[list[Job]] = [
        [("ingest/delete_chunks_by_id", {"ids": list(ids)}) for ids in batched(plan.stale_chunks)],
        [("ingest/move_chunks", {"rows": list(rows)}) for rows in batched(plan.moved_chunks)],
        [
            ("ingest/create_chunks", {"rows": list(r), "repo": repo, "part": part})
            for r in batched(plan.chunk_rows, CHUNKS_PER_STATEMENT)
        ],
    ]
    if not one_transaction or sum(map(len, phases)) < 2 or any(len(p) > 1 for p in phases):
        return phases
    params = {
        "ids": plan.stale_chunks,
        "moves": plan.moved_chunks,
        "rows": plan.chunk_rows,
        "repo": repo,
        "part": part,
    }
    return [[("ingest/replace_chunks", params)], [], []]


def ghost_jobs(repo: str, edges: Sequence[EdgeRow], ghosts: dict[str, str]) -> list[Job]:
    wanted = sorted({e.target for e in edges if e.label == GHOST})
    rows = [{"id": g, "name": ghosts[g]} for g in wanted]
    return [("ingest/merge_ghosts", {"repo": repo, "rows": list(r)}) for r in batched(rows)]


def ghosts_of(results: list[list[dict[str, Any]]]) -> set[str]:
    return {row["ghost"] for rows in results for row in rows}
