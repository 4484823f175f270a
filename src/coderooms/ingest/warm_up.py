"""The statements of a save, warmed before the first save (the watcher's catch-up does it).

Neo4j compiles a statement's plan the first time its text runs and keeps it in its query cache
until the instance stops. On a freshly started instance the first save of a file paid that for
each statement it runs: `ingest/python_modules`, `claim_rows` and `foreign_rows` alone took
0.42, 0.82 and 1.14 s the first time and 15, 24 and 47 ms the second (docs/ingest-speed.md).

`warm_saves` makes two such saves, in one transaction that is rolled back: a file of the repo
as it is on disk with a function added at its top (a Python file; a file of another language an
empty line), so that a symbol is new and every row below moves, as an edit does; then the file
as it is, so that the symbol goes again (the statements of a removal). The plans are compiled
and cached, the file's pages come into the page cache, and nothing is written. Neo4j keys its
cache by the parameters' types too: a warm-up whose save named no new symbol left
`foreign_rows` to be compiled by the first real save (0.61 s). First save after a start, on the
stdlib: 4.4 s cold, 0.3-0.7 s after the warm-up (3-4 s, at the watcher's start). It is best
effort: a failure is logged, never raised (the save it prepares works without it)."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import neo4j

from coderooms.core import beneath
from coderooms.errors import CoderoomsError
from coderooms.graph.driver import Graph
from coderooms.ingest.changeset import apply_plan, plan_changeset, runner, sequential
from coderooms.ingest.gate import GATE
from coderooms.ingest.languages import LANGUAGES
from coderooms.ingest.plan import Changeset
from coderooms.ingest.reader import ReadJob, parse_data
from coderooms.ingest.rows import ParsedFile
from coderooms.ingest.targeted import check_path, relative_path

log = logging.getLogger(__name__)

NO_LANGUAGE_PREFIX = b"\n"
"""What the warming save puts before the text of a file of no deep language."""


def warm_saves(graph: Graph, root: Path, repo: str) -> float | None:
    """Seconds the warming saves of one of the repo's files took; None where the repo has no
    file to warm on or the warm-up failed."""
    started = time.perf_counter()
    try:
        rows = graph.read("ingest/warm_up_file", repo=repo)
        if not rows:
            return None
        path = rows[0]["path"]
        if relative_path(root, path) != path:  # as a save's path: under the root, normalised
            return None
        with GATE.paths(repo, [path]):  # no real save of the file meanwhile (gate.py)
            warmed = _warm(graph, root, repo, path, rows[0]["language"])
    except Exception:  # best effort: the saves it warms for run without it
        log.warning("warming the statements of a save in %s failed", repo, exc_info=True)
        return None
    return time.perf_counter() - started if warmed else None


def _warm(graph: Graph, root: Path, repo: str, path: str, language: str) -> bool:
    """The two saves of `path`, rolled back; False when the file cannot be warmed on."""
    entry = check_path(root, path)  # and the checks a save of it passes
    if isinstance(entry, str):
        return False
    try:  # beneath the root, as a save reads it (ingest/reader.py)
        text = beneath.read_file(root, path, max_bytes=entry.size).data
    except (CoderoomsError, OSError):
        return False
    if len(text) != entry.size:  # changed since it was checked: the next catch-up warms
        return False
    record = LANGUAGES.get(language)  # what it puts before the text: `Language.warm_up_prefix`
    edited = (NO_LANGUAGE_PREFIX if record is None else record.warm_up_prefix) + text
    saves = []
    for data in (edited, text):  # the edit, then its undo: a symbol added, then removed
        job = ReadJob(path, str(entry.absolute), len(data), entry.mtime_ns, None)
        parsed = parse_data(job, data)
        if not isinstance(parsed, ParsedFile):
            return False
        saves.append(Changeset(repo, [parsed], [], set(), fresh=False))
    graph.read("ingest/paths_state", repo=repo, paths=[path])

    def save(tx: neo4j.ManagedTransaction) -> None:
        run = runner(tx)
        for changes in saves:  # the second plan reads what the first wrote, in this tx
            plan = plan_changeset(run, changes)
            apply_plan(sequential(run), changes, plan, one_transaction=True)

    graph.rolled_back(save)
    return True
