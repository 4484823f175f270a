"""Which process computes a repo's vectors, and how far it got, across processes: the CLI's
background backfill (`coderooms ingest` starts `coderooms embed --detached`), a foreground
`coderooms embed` and a server's backfill all take the same claim, so a repo is embedded by one
of them at a time, and `coderooms embed --status` can say who and how far.

Under `<home>/backfill/`, per database and repo (named by a hash of the two: the URI, or the
managed instance's name, the database and the repo id):

- `<key>.lock`: an exclusive `flock` held while a backfill runs. The kernel drops it when its
  process ends, however it ends, so a killed backfill never leaves a stale claim; the next one
  (another `coderooms ingest` or `embed`, a server's start) resumes with what is still missing,
  which is read from the graph, never from these files.
- `<key>.json`: the progress its holder last wrote (pid, embedded of total, state, time).
- `<key>.log`: the output of the detached process.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from coderooms.config import Settings


@dataclass(frozen=True, slots=True)
class ClaimPaths:
    lock: Path
    progress: Path
    log: Path


def claim_paths(settings: Settings, repo: str) -> ClaimPaths:
    """Where the claim of `repo`'s backfill in the database `settings` name lies."""
    where = settings.neo4j_uri or f"managed:{settings.instance}"
    digest = hashlib.blake2b(
        "\0".join((where, settings.neo4j_database, repo)).encode(), digest_size=12
    ).hexdigest()
    folder = settings.home / "backfill"
    return ClaimPaths(
        folder / f"{digest}.lock", folder / f"{digest}.json", folder / f"{digest}.log"
    )


class BackfillClaim:
    """The claim on one repo's backfill: `acquire` (waiting or not), `note` progress, `release`
    (also on exit of a `with` block)."""

    def __init__(self, settings: Settings, repo: str) -> None:
        self.repo = repo
        self.paths = claim_paths(settings, repo)
        self._handle: IO[bytes] | None = None
        self._last_note = 0.0

    def acquire(self, *, wait: bool = False) -> bool:
        """True once held; without `wait`, False at once when another process holds it."""
        self.paths.lock.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.paths.lock, "ab")  # noqa: SIM115 (held until release)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            handle.close()
            return False
        self._handle = handle
        return True

    def note(
        self, embedded: int, total: int, state: str = "running", *, force: bool = False
    ) -> None:
        """Record the progress (at most every half second unless `force`); never raises."""
        now = time.time()
        if not force and now - self._last_note < 0.5:
            return
        self._last_note = now
        record = {
            "repo": self.repo,
            "pid": os.getpid(),
            "embedded": embedded,
            "total": total,
            "state": state,
            "updated": now,
        }
        temporary = self.paths.progress.with_suffix(f".{os.getpid()}.tmp")
        with contextlib.suppress(OSError):
            temporary.write_text(json.dumps(record))
            os.replace(temporary, self.paths.progress)

    def release(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._handle, fcntl.LOCK_UN)
            self._handle.close()
            self._handle = None

    def __enter__(self) -> BackfillClaim:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def claim_state(settings: Settings, repo: str) -> dict[str, Any]:
    """`running` (another process holds the claim now) and the last progress written, if any
    (`pid`, `embedded`, `total`, `state`, `updated`)."""
    paths = claim_paths(settings, repo)
    state: dict[str, Any] = {"running": False}
    with contextlib.suppress(OSError, ValueError):
        state.update(json.loads(paths.progress.read_text()))
    if not paths.lock.exists():
        return state
    probe = BackfillClaim(settings, repo)
    try:
        held = probe.acquire(wait=False)
    except OSError:
        return state
    if held:
        probe.release()
    state["running"] = not held
    return state
