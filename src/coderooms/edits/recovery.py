"""Finish the writes a crashed process left half done: once at start, for the repositories of the
served roots, and before every write, for the repositories it writes (apply.execute).

Journals live with the repository (locks.py, journal.py), so a server recovers a write whatever
state directory, user or container the crashed process ran with. At start it looks in the
coordination directory of each served root and of each git work tree directly in one (a root
that holds repositories, as `/repos` in the Docker image); a repository deeper down is recovered
by the next write into it.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path

from coderooms.config import Settings
from coderooms.edits import journal
from coderooms.edits.batch_write import write_check
from coderooms.edits.locks import coordination_dir
from coderooms.scope.served import served_scope

log = logging.getLogger(__name__)


def served_places(roots: list[Path]) -> list[Path]:
    """The coordination directories of `roots` and of the work trees directly in them that
    exist (nothing is made: a recovery only looks)."""
    places: set[Path] = set()
    for root in roots:
        candidates = [root]
        with contextlib.suppress(OSError):
            candidates += [child for child in root.iterdir() if (child / ".git").exists()]
        for directory in candidates:
            place = coordination_dir(directory, directory)
            if place.is_dir():
                places.add(place)
    return sorted(places)


def recover_writes(settings: Settings) -> dict[str, int]:
    """Replay every journal of the served roots' repositories whose owner died; never raises
    (the server must start)."""
    try:
        scope = served_scope(settings)
        return journal.recover(served_places(list(scope.roots)), write_check(scope))
    except Exception:
        log.exception("recovering interrupted writes failed; the next write retries")
        return {}
