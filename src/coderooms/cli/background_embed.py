"""The vectors `coderooms ingest` leaves behind it: a detached `coderooms embed --repo R
--detached` process (its own session, so it outlives the ingest and the terminal), unless one
already computes the repo's vectors. It resumes from the graph's state, so a backfill that was
killed is simply started again by the next ingest or `coderooms embed`."""

from __future__ import annotations

import os
import subprocess
import sys

from coderooms.config import Settings
from coderooms.semantic.backfill_claim import claim_paths, claim_state

_started: list[subprocess.Popen[bytes]] = []
"""The processes started here (kept, so that a long-lived caller such as a test does not warn
about a child it dropped while it ran)."""


def start_backfill(settings: Settings, repo: str) -> int:
    """The pid of the process computing `repo`'s vectors: the one that already does, or one
    started now (detached, its output in the claim's log)."""
    state = claim_state(settings, repo)
    if state["running"] and isinstance(state.get("pid"), int):
        return int(state["pid"])
    paths = claim_paths(settings, repo)
    paths.log.parent.mkdir(parents=True, exist_ok=True)
    with open(paths.log, "ab") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "coderooms", "embed", "--repo", repo, "--detached"],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            close_fds=True,
            env=os.environ.copy(),
        )
    _started.append(process)
    return process.pid
