"""Ingest named paths only: what the watcher and the edit verbs use after a write.

The same changeset path as a full walk, without the walk: each path is checked against the same
rules (ignore files along its directories, default excludes, symlinks, size cap), compared with
the graph's fingerprint for just that path, and read, parsed and written only when it changed. A
path that is gone, or no longer ingestible, is deleted from the graph.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Any

from coderooms.core.files import (
    MAX_FILE_BYTES,
    has_binary_suffix,
    is_excluded_dir,
    is_virtualenv,
    is_write_temp,
    path_too_long,
)
from coderooms.core.ids import repo_id_for, validate_repo_id
from coderooms.errors import InvalidInput
from coderooms.graph.driver import Graph
from coderooms.ingest.collector import collector_paused
from coderooms.ingest.gate import GATE
from coderooms.ingest.languages import is_kept_file
from coderooms.ingest.pipeline import (
    PARALLEL_MIN_FILES,
    RESOLVER_VERSION,
    IngestReport,
    bind_repo_resolver,
    bound_current,
    fingerprint_matches,
    ingest_root,
    note_problems,
    resolve_root,
    write_changes,
)
from coderooms.ingest.plan import Changeset
from coderooms.ingest.reader import ReadJob, Unchanged, read_file
from coderooms.ingest.rows import ParsedFile
from coderooms.ingest.walker import IgnoreRules, WalkedFile

MAX_PATHS_PER_CALL = 10_000


def check_path(root: Path, relative: str, *, max_bytes: int = MAX_FILE_BYTES) -> WalkedFile | str:
    """The file as the walker would list it, or why the walker would not. Every directory on
    the way is looked at itself, as the walker meets it: one that is now a symlink (a
    directory replaced by a link, a checkout of `dir -> ../outside`) is `symlink`, one that
    is a file or gone makes the path `missing`. (The read that follows is beneath the root by
    descriptor, `reader.read_file`, so a swap after this check is not followed either.)"""
    parts = PurePosixPath(relative).parts
    rules = IgnoreRules().load(root, "")
    directory, prefix = root, ""
    for part in parts[:-1]:
        prefix = f"{prefix}/{part}" if prefix else part
        if is_excluded_dir(part) and not is_kept_file(relative):
            return "excluded"
        if rules.ignored(prefix, is_dir=True):
            return "ignored"
        directory = directory / part
        refused = _not_a_directory(directory)
        if refused is not None:
            return refused
        if is_virtualenv(directory):
            return "excluded"
        rules = rules.load(directory, prefix)
    absolute = root / relative
    try:
        info = absolute.lstat()
    except FileNotFoundError:
        return "missing"
    except OSError:
        return "unreadable"
    if stat.S_ISLNK(info.st_mode):
        return "symlink"
    if not stat.S_ISREG(info.st_mode):
        return "not_a_regular_file"
    if rules.ignored(relative, is_dir=False):
        return "ignored"
    if is_write_temp(relative):
        return "write_temp"
    if info.st_size > max_bytes:
        return "too_large"
    if path_too_long(relative):
        return "path_too_long"
    if has_binary_suffix(relative):
        return "binary"
    return WalkedFile(relative, absolute, info.st_size, info.st_mtime_ns)


def _not_a_directory(directory: Path) -> str | None:
    """Why the walker would not enter `directory` (never through a symlink), or None."""
    try:
        info = directory.lstat()
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    except OSError:
        return "unreadable"
    if stat.S_ISLNK(info.st_mode):
        return "symlink"
    return None if stat.S_ISDIR(info.st_mode) else "missing"


def relative_path(root: Path, path: str | Path) -> str:
    candidate = Path(path)
    absolute = candidate if candidate.is_absolute() else root / candidate
    try:
        # normalised, not resolved: a symlink stays a symlink, and the walker skips those
        relative = Path(os.path.normpath(absolute)).relative_to(root)
    except ValueError as e:
        raise InvalidInput(f"{path} is not under the ingest root {root}", field="paths") from e
    text = relative.as_posix()
    if text in {"", "."}:
        raise InvalidInput(f"{path} is the root itself, not a file", field="paths")
    return text


def ingest_paths(
    graph: Graph,
    root: Path,
    paths: Iterable[str | Path],
    *,
    repo: str | None = None,
    embed: bool = True,
) -> IngestReport:
    """Bring just `paths` (absolute, or relative to `root`) up to date in the graph; with
    `embed`, the symbols written get their vectors inline when there are few. No other ingest
    of these paths of the repo runs in this process meanwhile (gate.py)."""
    started = time.perf_counter()
    root = resolve_root(root)
    repo_id = validate_repo_id(repo) if repo else repo_id_for(root)
    wanted = sorted({relative_path(root, p) for p in paths})
    with GATE.paths(repo_id, wanted):
        report = _ingest_held(graph, root, repo_id, wanted, started, embed=embed)
    if report is None:
        # the repo's references were resolved by other rules: all of them once, not these only
        # (its paths let go first: a whole-repo ingest waits for every path of the repo)
        return ingest_root(graph, root, repo=repo_id, mode="full", embed=embed)
    report.timings["total_s"] = time.perf_counter() - started
    return report


def _ingest_held(
    graph: Graph, root: Path, repo_id: str, wanted: list[str], started: float, *, embed: bool
) -> IngestReport | None:
    """`ingest_paths` under the gate; None when the whole repo must be ingested instead."""
    # the repo, whether it has files and the paths' fingerprints in one round trip
    asked = wanted if len(wanted) <= MAX_PATHS_PER_CALL else []
    rows = graph.read("ingest/paths_state", repo=repo_id, paths=asked)
    if rows:
        current, has_files = bound_current(rows, root, repo_id), rows[0]["has_files"]
    else:  # first sight: the :Repo is created
        repo_id, current = bind_repo_resolver(graph, root, repo_id)
        has_files = False
    if not current and has_files:
        return None
    if len(wanted) > MAX_PATHS_PER_CALL:
        raise InvalidInput(f"at most {MAX_PATHS_PER_CALL} paths per call", field="paths")
    # a save's young collections run after its write; a large batch collects, as ingest_root
    with collector_paused(collect=len(wanted) >= PARALLEL_MIN_FILES):
        return _ingest_known(graph, root, repo_id, wanted, rows, has_files, started, embed=embed)


def _ingest_known(
    graph: Graph,
    root: Path,
    repo_id: str,
    wanted: list[str],
    rows: list[dict[str, Any]],
    has_files: bool,
    started: float,
    *,
    embed: bool,
) -> IngestReport:
    """`ingest_paths` once the repo is bound: `rows` is what `ingest/paths_state` read."""
    report = IngestReport(repo=repo_id, root=str(root), mode="paths", files_seen=len(wanted))
    known = {row["path"]: row for row in (rows[0]["files"] if rows else [])}
    parsed: list[ParsedFile] = []
    touched: list[Unchanged] = []
    deletes: list[str] = []
    skipped: dict[str, int] = {}
    for path in wanted:
        entry = check_path(root, path)
        old = known.get(path)
        if isinstance(entry, str):
            if entry != "missing":
                skipped[entry] = skipped.get(entry, 0) + 1
            if old is not None:
                deletes.append(path)
            continue
        if old and fingerprint_matches(old, entry.size, entry.mtime_ns):
            report.files_unchanged += 1
            continue
        job = ReadJob(
            path, str(entry.absolute), entry.size, entry.mtime_ns, old["hash"] if old else None
        )
        result = read_file(job)
        if isinstance(result, ParsedFile):
            parsed.append(result)
            report.lines_parsed += result.lines
            note_problems(report, result.path, result.record.problems)
        elif isinstance(result, Unchanged):
            touched.append(result)
        else:
            skipped[result.reason.split(":", 1)[0]] = (
                skipped.get(result.reason.split(":", 1)[0], 0) + 1
            )
            note_problems(report, result.path, [result.reason])
            if old is not None:
                deletes.append(path)
    report.skipped = skipped
    report.files_unchanged += len(touched)
    added = {p.path for p in parsed if p.path not in known}
    report.files_added, report.files_changed = len(added), len(parsed) - len(added)
    report.files_deleted = len(deletes)
    report.timings["parse_s"] = time.perf_counter() - started
    fresh = not known and not has_files
    changes = Changeset(repo_id, parsed, deletes, added, fresh=fresh)
    write_changes(graph, report, changes, touched, embed=embed)
    if fresh:
        graph.write("ingest/record_resolver", repo=repo_id, version=RESOLVER_VERSION)
    return report
