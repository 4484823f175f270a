"""A large changeset's write reports progress by phase: `WRITE_PHASES` is how many times
`apply_plan` runs a phase's jobs."""

from __future__ import annotations

from typing import Any

from coderooms.ingest.changeset import WRITE_PHASES, apply_plan
from coderooms.ingest.plan import Changeset, Plan
from coderooms.ingest.write_jobs import Job


def test_apply_plan_runs_exactly_write_phases_phases() -> None:
    phases: list[int] = []

    def run_jobs(jobs: list[Job]) -> list[list[dict[str, Any]]]:
        phases.append(len(jobs))
        return [[] for _ in jobs]

    apply_plan(run_jobs, Changeset("r"), Plan())
    assert len(phases) == WRITE_PHASES
