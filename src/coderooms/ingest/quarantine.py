"""One file never stops a changeset: a file that cannot be read, extracted or written is
quarantined, and the rest of the changeset lands.

A quarantined file is written bare (`ingest.bare`): its `:File` node and module symbol, and
its `problems` naming why. A file whose read raises is made bare by the reader
(`reader.read_file`); extraction never raises (a failure or a limit leaves the module symbol
and a problem: `languages.extract`, `languages.parsing.limits`); this module isolates the
files whose write fails.

The write (`write_isolating`): a changeset whose write fails with anything but Neo4j being
unreachable is written in halves, each again in halves while it fails, down to the one file
that fails alone, which is written bare. A write in one transaction that failed left nothing,
so its halves are planned against the graph as it was. A write in batches that failed midway
left some of its statements committed: it is written again in parts that each fit one
transaction (`_recover`), each part carrying the first plan's triggers (`ingest.triggers`) so
that what the changeset would have re-resolved in other files still is. If a file's bare
version fails too, the failure is not the file's: the first error is raised, as before.

Cost: one failing file among n costs about 2·log2(n) more plans and transactions; a failure
common to every file (a statement Neo4j refuses whatever the rows) is raised after log2(n).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace

from coderooms.errors import CoderoomsError, GraphTimeout, GraphUnavailable
from coderooms.graph.driver import Graph
from coderooms.ingest.bare import MAX_REASON_CHARS, QUARANTINED, bare
from coderooms.ingest.plan import Changeset, WriteStats
from coderooms.ingest.rows import ParsedFile
from coderooms.ingest.transactions import (
    MAX_TRANSACTION_BYTES,
    SINGLE_TRANSACTION_FILES,
    PhaseDone,
    file_weight,
    fits_one_transaction,
    plan_apart,
    write_batches,
    write_one_transaction,
)
from coderooms.ingest.triggers import Triggers

_ELEMENT_IDS = re.compile(r"\d+:[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}:\d+")
_KNOWN_REFUSALS = (
    ("too large to index", "a value too large for a Neo4j index"),
    ("dbms.memory.transaction", "over Neo4j's transaction memory limit"),
)


@dataclass(slots=True)
class Written:
    stats: WriteStats = field(default_factory=WriteStats)
    bare: list[ParsedFile] = field(default_factory=list)
    """The files written bare in place of the changeset's own (their last problem says why)."""

    def __add__(self, other: Written) -> Written:
        stats = WriteStats()
        for spec in fields(WriteStats):
            if spec.name == "symbol_ids":
                stats.symbol_ids = {**self.stats.symbol_ids, **other.stats.symbol_ids}
            else:
                total = getattr(self.stats, spec.name) + getattr(other.stats, spec.name)
                setattr(stats, spec.name, total)
        return Written(stats, self.bare + other.bare)


def failure_reason(error: BaseException) -> str:
    """Why a file was quarantined, in words that are the same on every run (Neo4j's element
    ids cut out) and short."""
    cause = error.__cause__ if isinstance(error, CoderoomsError) else None
    if isinstance(error, CoderoomsError):
        message = str(getattr(cause, "message", None) or error.message)
    else:
        message = f"{type(error).__name__}: {error}"
    for needle, said in _KNOWN_REFUSALS:
        if needle in message:
            message = said
            break
    first = _ELEMENT_IDS.sub("…", (message.splitlines() or [type(error).__name__])[0])
    return f"{QUARANTINED}: not written: {first[:MAX_REASON_CHARS]}"


def isolable(error: Exception) -> bool:
    """A failure a file of the changeset may cause: not Neo4j out of reach, and not a statement
    past its time limit (that depends on the load, and a file quarantined for it would make the
    graph depend on the machine; the write fails whole and is retried)."""
    return not isinstance(error, GraphUnavailable | GraphTimeout)


def write_isolating(
    graph: Graph,
    changes: Changeset,
    phase_done: PhaseDone | None = None,
    carried: Triggers | None = None,
) -> Written:
    """Write `changes`, quarantining the files whose write fails (see the module)."""
    if not changes.upserts and not changes.deletes:
        return Written()
    if fits_one_transaction(changes):
        return _write_one_isolating(graph, changes, carried)
    try:
        plan = plan_apart(graph, changes, carried)
    except Exception as error:  # nothing of `changes` is written
        if not isolable(error):
            raise
        return _isolate(graph, changes, _without_frames(error), carried)
    try:
        return Written(write_batches(graph, changes, plan, phase_done))
    except Exception as error:  # some of its statements committed
        if not isolable(error):
            raise
        failure = _without_frames(error)
    triggers = plan.triggers if carried is None else plan.triggers | carried
    del plan  # its rows are most of the changeset's memory, and not needed again
    return _recover(graph, changes, failure, triggers)


def _isolate(
    graph: Graph, changes: Changeset, error: Exception, carried: Triggers | None
) -> Written:
    """`changes` failed with `error` and left nothing written: its halves, or its one file
    bare."""
    units: list[ParsedFile | str] = [*changes.upserts, *changes.deletes]
    if len(units) == 1:
        if not changes.upserts:
            raise error  # a deletion: nothing to quarantine
        return _write_bare(graph, changes, error, carried)
    half = len(units) // 2
    first = _part(changes, units[:half], fresh=changes.fresh)
    second = _part(changes, units[half:], fresh=False)  # the first half has landed
    written = write_isolating(graph, first, carried=carried)
    return written + write_isolating(graph, second, carried=carried)


def _recover(graph: Graph, changes: Changeset, error: Exception, triggers: Triggers) -> Written:
    """`changes` failed in batches after some committed: again in parts of one transaction
    each, planned against the graph as it is now (never fresh, `added` read again)."""
    if len(changes.upserts) == 1 and not changes.deletes:
        again = replace(changes, added=_absent(graph, changes), fresh=False)
        return _write_bare(graph, again, error, triggers)  # too much alone even in batches
    written = Written()
    for part in _parts(changes):
        again = replace(part, added=_absent(graph, part), fresh=False)
        if fits_one_transaction(again):
            written += _write_one_isolating(graph, again, triggers)
        else:  # a file heavier than one transaction, alone: in batches again
            written += write_isolating(graph, again, carried=triggers)
    return written


def _write_one_isolating(graph: Graph, changes: Changeset, carried: Triggers | None) -> Written:
    try:
        return Written(write_one_transaction(graph, changes, carried))
    except Exception as error:
        if not isolable(error):
            raise
        return _isolate(graph, changes, _without_frames(error), carried)


def _write_bare(
    graph: Graph, changes: Changeset, error: Exception, carried: Triggers | None
) -> Written:
    [parsed] = changes.upserts
    stand_in = bare(parsed, failure_reason(error))
    try:
        stats = write_one_transaction(graph, replace(changes, upserts=[stand_in]), carried)
    except Exception:
        stats = None
    if stats is None:
        raise error  # the file alone, bare, fails too: not the file's failure
    return Written(stats, [stand_in])


def _part(changes: Changeset, units: list[ParsedFile | str], *, fresh: bool) -> Changeset:
    upserts = [u for u in units if isinstance(u, ParsedFile)]
    deletes = [u for u in units if isinstance(u, str)]
    added = {p.path for p in upserts} & changes.added
    return Changeset(changes.repo, upserts, deletes, added, fresh=fresh)


def _parts(changes: Changeset) -> list[Changeset]:
    """`changes` cut into parts that each fit one transaction (a file heavier than that alone
    is a part of its own), deletions last."""
    parts: list[list[ParsedFile | str]] = [[]]
    weight = 0
    for parsed in changes.upserts:
        if parts[-1] and not _fits(len(parts[-1]) + 1, weight + file_weight(parsed)):
            parts.append([])
            weight = 0
        parts[-1].append(parsed)
        weight += file_weight(parsed)
    for path in changes.deletes:
        if len(parts[-1]) >= SINGLE_TRANSACTION_FILES:
            parts.append([])
        parts[-1].append(path)
    return [_part(changes, units, fresh=False) for units in parts if units]


def _fits(files: int, weight: int) -> bool:
    return files <= SINGLE_TRANSACTION_FILES and weight <= MAX_TRANSACTION_BYTES


def _absent(graph: Graph, changes: Changeset) -> set[str]:
    """The upserted paths the graph holds no file of now."""
    paths = sorted(p.path for p in changes.upserts)
    if not paths:
        return set()
    rows = graph.read("ingest/files_by_path", repo=changes.repo, paths=paths)
    return set(paths) - {row["path"] for row in rows}


def _without_frames(error: Exception) -> Exception:
    """`error` without its traceback, whose frames hold the plan and every row of it: a
    failed changeset's memory is freed before its parts are written."""
    error.__traceback__ = None
    return error
