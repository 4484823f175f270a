"""The write path shared by `apply`, `apply_batch` and `edit_commit`.

1. every target is resolved (path safety) and checked before anything is written;
2. a crashed write of any server process is finished first (journal.recover); then under
   cross-process locks (locks.py: flock in the repository's coordination directory, which every
   process finds whatever its state directory) each file is read once: its
   BLAKE3 hash checked against what the caller expected, the new content computed, the proof
   gate asked about every target;
3. still under the locks, all new contents are written journaled (batch_write): staged in
   fsynced temp files, then renamed into place one by one; a failure or a crash puts every old
   file back, or (a crash after every temp was durable) every new one in place. Just before each
   file is staged and again before it is renamed, its canonical path is checked once more
   against the operator's scope (a symlink or hooks path made since step 1 is caught); a
   rewritten file loses its executable bits unless the operator allows them;
4. one `ingest_paths` call per repo brings the graph to the new files in one transaction.
"""

from __future__ import annotations

import logging
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from coderooms.config import Settings
from coderooms.core import beneath
from coderooms.core.files import MAX_FILE_BYTES
from coderooms.core.hashing import HASH_ALGORITHM, content_hash
from coderooms.core.ids import file_id
from coderooms.core.paths import Target, resolve_target
from coderooms.edits import journal
from coderooms.edits.atomic import EXEC_BITS
from coderooms.edits.batch_write import write_all, write_check
from coderooms.edits.diffs import line_diff, replace_exact
from coderooms.edits.errors import SourceModified
from coderooms.edits.locks import places_of, target_locks
from coderooms.errors import CoderoomsError, InvalidInput
from coderooms.graph.driver import Graph
from coderooms.ingest import ingest_paths
from coderooms.scope.readable import ingest_roots
from coderooms.scope.served import served_scope
from coderooms.surgical import ABSENT_HASH, require_proof

log = logging.getLogger(__name__)

MAX_CONTENT_BYTES = MAX_FILE_BYTES
"""Largest file an edit may produce: larger ones would not be ingested."""

MAX_BATCH_FILES = 100
"""Files one `apply_batch` may write (one ingest transaction holds up to 400)."""

MAX_SYMBOL_IDS_REPORTED = 200
"""Symbol ids listed per file in a result; the counts are always complete."""

ANSWER_DETAIL_CHARS = 60_000
"""What the diffs and symbol-id lists of one answer may spend together, files in order: a
100-file batch must not pass a client's message limit (the official SDK's is 1 MiB) and look
failed although every file was written. Paths, hashes and counts are always there."""


@dataclass(frozen=True, slots=True)
class EditRequest:
    """One file edit: either `content` (the whole new file) or `old_text` -> `new_text`."""

    path: str
    repo: str | None = None
    content: str | None = None
    old_text: str | None = None
    new_text: str | None = None
    expected_hash: str | None = None
    field_prefix: str = ""
    """How error fields name this edit (`edits[2].` in a batch)."""


@dataclass(frozen=True, slots=True)
class PlannedEdit:
    target: Target
    old_bytes: bytes | None
    new_bytes: bytes
    old_text: str
    new_text: str
    old_mode: int | None = None
    """Permission bits of the file before the edit (None: it did not exist)."""

    @property
    def old_hash(self) -> str:
        return content_hash(self.old_bytes) if self.old_bytes is not None else ABSENT_HASH

    @property
    def new_hash(self) -> str:
        return content_hash(self.new_bytes)

    @property
    def changed(self) -> bool:
        return self.old_bytes != self.new_bytes


def resolve_requests(
    graph: Graph, settings: Settings, requests: Sequence[EditRequest]
) -> list[Target]:
    named = {r.repo for r in requests if r.repo is not None}
    scope = served_scope(settings)
    roots = ingest_roots(graph, scope, named if all(r.repo is not None for r in requests) else None)
    targets: list[Target] = []
    seen: dict[tuple[str, str], int] = {}
    for request in requests:
        _check_shape(request)
        target = resolve_target(
            roots,
            request.path,
            scope=scope,
            repo=request.repo,
            field=f"{request.field_prefix}path",
        )
        if target.key in seen:
            raise InvalidInput(
                f"{target.relative} is edited twice in one batch",
                field=f"{request.field_prefix}path",
                hint="merge the edits of one file into one entry",
            )
        seen[target.key] = len(targets)
        targets.append(target)
    return targets


def _check_shape(request: EditRequest) -> None:
    prefix = request.field_prefix
    if request.content is not None and (
        request.old_text is not None or request.new_text is not None
    ):
        raise InvalidInput(
            "pass either content or old_text/new_text, not both", field=f"{prefix}content"
        )
    if request.content is None and (request.old_text is None or request.new_text is None):
        raise InvalidInput(
            "pass content (the whole new file) or both old_text and new_text",
            field=f"{prefix}old_text" if request.new_text is not None else f"{prefix}content",
        )


def read_current(target: Target, field: str = "path") -> bytes | None:
    """The target's bytes now (None: it does not exist), read beneath its root by descriptor:
    a file or a directory on the way swapped for a symlink since the target was resolved is
    refused (typed, naming `field`), never read through."""
    try:
        return beneath.read_file(target.root, target.relative, max_bytes=None, field=field).data
    except beneath.Missing:
        return None


def current_hash(target: Target) -> str:
    data = read_current(target)
    return content_hash(data) if data is not None else ABSENT_HASH


def plan_edit(target: Target, request: EditRequest) -> PlannedEdit:
    prefix = request.field_prefix
    old_bytes = read_current(target, f"{prefix}path")
    old_hash = content_hash(old_bytes) if old_bytes is not None else ABSENT_HASH
    if request.expected_hash is not None and request.expected_hash != old_hash:
        raise SourceModified(
            f"{target.relative} changed on disk: its {HASH_ALGORITHM} hash is {old_hash}, "
            f"the edit was made against {request.expected_hash}",
            field=f"{prefix}expected_hash",
            hint="read the file again and redo the edit against its current content",
        )
    try:
        old_text = old_bytes.decode("utf-8") if old_bytes is not None else ""
    except UnicodeDecodeError as e:
        raise InvalidInput(
            f"{target.relative} is not UTF-8 text; edits only write text files",
            field=f"{prefix}path",
        ) from e
    if request.content is not None:
        new_text = request.content
    else:
        if old_bytes is None:
            raise InvalidInput(
                f"{target.relative} does not exist, so old_text cannot be replaced",
                field=f"{prefix}old_text",
                hint="pass content to create the file",
            )
        new_text = replace_exact(
            old_text, request.old_text or "", request.new_text or "", field=f"{prefix}old_text"
        )
    new_bytes = new_text.encode("utf-8", errors="strict")
    if len(new_bytes) > MAX_CONTENT_BYTES:
        raise InvalidInput(
            f"the new content is {len(new_bytes)} bytes; at most {MAX_CONTENT_BYTES} are allowed",
            field=f"{prefix}content",
        )
    return PlannedEdit(target, old_bytes, new_bytes, old_text, new_text, _mode_of(target))


def _mode_of(target: Target) -> int | None:
    """The target's permission bits (None: no regular file there now)."""
    try:
        info = beneath.lstat_file(target.root, target.relative)
    except (CoderoomsError, OSError):
        return None
    return stat.S_IMODE(info.st_mode) if info is not None and stat.S_ISREG(info.st_mode) else None


def symbols_of(graph: Graph, targets: Sequence[Target]) -> dict[tuple[str, str], list[str]]:
    found: dict[tuple[str, str], list[str]] = {t.key: [] for t in targets}
    for repo, group in _by_repo(targets).items():
        rows = graph.read("edits/file_symbols", repo=repo, paths=[t.relative for t in group])
        for row in rows:
            found[(repo, row["path"])] = row["ids"]
    return found


def _by_repo(targets: Sequence[Target]) -> dict[str, list[Target]]:
    groups: dict[str, list[Target]] = {}
    for target in targets:
        groups.setdefault(target.repo, []).append(target)
    return groups


SymbolIds = dict[tuple[str, str], tuple[list[str], list[str]]]
"""Per target key: the file's symbol ids before and after the write."""


def reingest(graph: Graph, targets: Sequence[Target]) -> tuple[dict[str, Any], SymbolIds]:
    """One ingest_paths call (one transaction) per repo; a failure is reported, not raised:
    the files on disk are already right and the watcher or the next ingest will catch up.
    Also the symbol ids the ingest replaced and wrote, per file it wrote or deleted."""
    reports = []
    symbol_ids: SymbolIds = {}
    for group in _by_repo(targets).values():
        try:
            report = ingest_paths(
                graph, group[0].root, [t.relative for t in group], repo=group[0].repo
            )
        except CoderoomsError as e:
            log.warning("re-ingest after an edit failed: %s", e)
            return {"updated": False, "error": e.message}, symbol_ids
        for target in group:
            ids = report.writes.symbol_ids.get(file_id(target.repo, target.relative))
            if ids is not None:
                symbol_ids[target.key] = ids
        reports.append(
            {
                "repo": report.repo,
                "files_changed": report.files_changed,
                "files_added": report.files_added,
                "files_deleted": report.files_deleted,
                "skipped": report.skipped,
                "seconds": round(report.timings.get("total_s", 0.0), 4),
            }
        )
    return {"updated": True, "ingests": reports}, symbol_ids


def execute(
    graph: Graph,
    settings: Settings,
    agent_id: str,
    requests: Sequence[EditRequest],
) -> dict[str, Any]:
    """Validate every edit, pass the proof gate, write all files atomically, re-ingest once."""
    targets = resolve_requests(graph, settings, requests)
    scope = served_scope(settings)
    places = places_of((t.absolute, t.root) for t in targets)
    journal.recover(places, write_check(scope))  # a crashed process's write, finished
    with target_locks(places):
        plans = [plan_edit(t, r) for t, r in zip(targets, requests, strict=True)]
        if settings.proof_gate:
            require_proof(graph, agent_id, [(p.target.repo, p.target.relative, p.old_hash)
                                            for p in plans])  # fmt: skip
        changed = [p for p in plans if p.changed]
        if changed:
            write_all(changed, scope, places)
    graph_state, symbol_ids = (
        reingest(graph, [p.target for p in changed]) if changed else ({"updated": True}, {})
    )
    # a file the ingest did not write (unchanged, or the ingest failed) has the symbols it had
    unwritten = symbols_of(graph, [t for t in targets if t.key not in symbol_ids])
    symbol_ids |= {key: (ids, ids) for key, ids in unwritten.items()}
    budget = _Budget(ANSWER_DETAIL_CHARS)
    files = [_file_result(p, *symbol_ids[p.target.key], budget) for p in plans]
    answer: dict[str, Any] = {
        "files": files,
        "graph": graph_state,
        "hash_algorithm": HASH_ALGORITHM,
    }
    if budget.cut:
        answer["details_cut"] = {
            "files": budget.cut,
            "hint": "diffs or symbol ids of these files were cut to keep the answer small (the "
            "counts are whole); view a file, or git diff, for the whole change",
        }
    return answer


class _Budget:
    """Characters left for details; which files had theirs cut."""

    def __init__(self, chars: int) -> None:
        self.left = chars
        self.cut = 0

    def ids(self, ids: list[str]) -> list[str]:
        kept: list[str] = []
        for symbol_id in ids[:MAX_SYMBOL_IDS_REPORTED]:
            cost = len(symbol_id) + 4  # quotes, comma, space
            if cost > self.left:
                break
            self.left -= cost
            kept.append(symbol_id)
        return kept


def _exec_bit_removed(plan: PlannedEdit) -> bool:
    now = _mode_of(plan.target) or 0
    return bool((plan.old_mode or 0) & EXEC_BITS) and not now & EXEC_BITS


def _file_result(
    plan: PlannedEdit, before: list[str], after: list[str], budget: _Budget
) -> dict[str, Any]:
    diff = line_diff(plan.old_text, plan.new_text, plan.target.relative, limit=budget.left)
    budget.left -= len(diff.unified)
    added = sorted(set(after) - set(before))
    removed = sorted(set(before) - set(after))
    listed = {"added": budget.ids(added), "removed": budget.ids(removed), "ids": budget.ids(after)}
    if diff.truncated or any(
        len(listed[name]) < min(len(full), MAX_SYMBOL_IDS_REPORTED)
        for name, full in (("added", added), ("removed", removed), ("ids", after))
    ):
        budget.cut += 1
    return {
        "repo": plan.target.repo,
        "path": plan.target.relative,
        "created": plan.old_bytes is None,
        "changed": plan.changed,
        "exec_bit_removed": plan.changed and _exec_bit_removed(plan),
        "old_hash": plan.old_hash,
        "new_hash": plan.new_hash,
        "diff": diff.as_dict(),
        "symbols": {"count": len(after), **listed},
    }
