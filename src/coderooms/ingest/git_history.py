"""`CO_CHANGES {weight}` edges between files, counted from the git history of an ingest root.

weight(a, b) is the number of recent commits of HEAD in which both a and b changed. One `git log`
reads the window; pairs below MIN_WEIGHT, commits wider than MAX_FILES_PER_COMMIT (bulk reformats
say nothing about coupling) and files that are not `:File` nodes of the repo are left out.

There is one edge per unordered pair, directed from the smaller path (code-point order) to the
larger; readers traverse it undirected, `(a)-[:CO_CHANGES]-(b)`, which costs Neo4j the same.

Incremental: the HEAD the edges were computed at is kept on the Repo node (`co_change_head`).
Same HEAD and same settings: nothing is read from git and nothing is written. Otherwise the counts
are recomputed and only the difference is written, so a pair whose weight did not change costs no
write. A file deleted from the graph loses its edges with it (ingest DETACH DELETEs it); a file
that comes back gets its edges again at the next HEAD change.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any, Literal, TypeVar

import neo4j

from coderooms.core.git import (
    GIT_PROBE_TIMEOUT_S,
    NO_EXEC_DIFF_OPTIONS,
    GitRepository,
    NoRepository,
    find_repository,
    first_line,
    root_relative,
    run_git,
)
from coderooms.core.ids import file_id
from coderooms.errors import CoderoomsError, InvalidInput
from coderooms.graph.cypher import load
from coderooms.graph.driver import Graph

MAX_COMMITS = 500
"""Commits of HEAD read per computation (merges excluded: they list no files of their own)."""
MAX_COMMITS_CAP = 10_000
"""`max_commits` is clamped to 1..MAX_COMMITS_CAP."""
MAX_FILES_PER_COMMIT = 50
"""A commit changing more files than this (anywhere in the repo) is skipped as a bulk change."""
MIN_WEIGHT = 2
"""Pairs that changed together fewer times than this get no edge."""
WRITE_BATCH_ROWS = 5_000
"""Rows per UNWIND statement; every batch still runs in the one transaction of the update."""
GIT_LOG_TIMEOUT_S = 120.0

COMMIT_MARKER = b"\x1e"
"""Starts each commit header in the log output; a header is its own NUL-separated token."""

Status = Literal["not_a_git_repo", "no_commits", "up_to_date", "updated"]
Pair = tuple[str, str]
T = TypeVar("T")


@dataclass(slots=True)
class CoChangeReport:
    repo: str
    root: str
    status: Status
    detail: str = ""
    head: str | None = None
    previous_head: str | None = None
    commits_read: int = 0
    commits_skipped_bulk: int = 0
    commits_considered: int = 0
    pairs_at_head: int | None = None
    """Edges the repo has after an update; None when nothing was computed."""
    created: int = 0
    updated: int = 0
    deleted: int = 0
    unchanged: int = 0
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def edge_writes(self) -> int:
        return self.created + self.updated + self.deleted

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class WorkTree:
    repository: GitRepository
    """Where every git command of the root runs, pinned (`core.git`)."""
    head: str

    @property
    def prefix(self) -> str:
        """The root relative to the git top level: "" or "a/b/"."""
        return self.repository.prefix


@dataclass(frozen=True, slots=True)
class NoHistory:
    status: Status
    detail: str


@dataclass(frozen=True, slots=True)
class Commit:
    sha: str
    paths: list[str]
    """Every path the commit changed, relative to the git top level."""


@dataclass(slots=True)
class CoChangeCounts:
    weights: Counter[Pair] = field(default_factory=Counter)
    commits_read: int = 0
    commits_skipped_bulk: int = 0

    @property
    def commits_considered(self) -> int:
        return self.commits_read - self.commits_skipped_bulk


@dataclass(slots=True)
class EdgeDiff:
    upserts: list[tuple[str, str, int]] = field(default_factory=list)
    deletes: list[Pair] = field(default_factory=list)
    unchanged: int = 0


@dataclass(slots=True)
class EdgeWrites:
    created: int = 0
    updated: int = 0
    deleted: int = 0
    unchanged: int = 0
    pairs_at_head: int = 0


def update_co_changes(
    graph: Graph, repo: str, root: Path, *, max_commits: int = MAX_COMMITS
) -> CoChangeReport:
    """Bring the repo's CO_CHANGES edges to the git HEAD of `root`, writing only what changed."""
    started = time.perf_counter()
    root = root.expanduser().resolve()
    report = CoChangeReport(repo=repo, root=str(root), status="up_to_date")
    stored = read_stored_state(graph, repo, root)
    report.previous_head = stored.get("head")
    location = locate_work_tree(root)
    report.timings["git_probe_s"] = time.perf_counter() - started
    if isinstance(location, NoHistory):
        report.status, report.detail = location.status, location.detail
        return _finished(report, started)
    report.head = location.head
    window = min(max(max_commits, 1), MAX_COMMITS_CAP)
    settings = settings_key(window)
    if stored.get("head") == location.head and stored.get("settings") == settings:
        return _finished(report, started)

    log_started = time.perf_counter()
    commits = read_commits(root, location, window)
    report.timings["git_log_s"] = time.perf_counter() - log_started

    count_started = time.perf_counter()
    known_paths = {row["path"] for row in graph.read("git/file_paths", repo=repo)}
    counts = count_co_changes(commits, location.prefix, known_paths)
    wanted = {pair: weight for pair, weight in counts.weights.items() if weight >= MIN_WEIGHT}
    report.commits_read = counts.commits_read
    report.commits_skipped_bulk = counts.commits_skipped_bulk
    report.commits_considered = counts.commits_considered
    report.timings["count_s"] = time.perf_counter() - count_started

    write_started = time.perf_counter()
    writes = write_co_changes(graph, repo, wanted, location.head, settings, counts)
    report.timings["write_s"] = time.perf_counter() - write_started
    report.status = "updated"
    report.created, report.updated, report.deleted = writes.created, writes.updated, writes.deleted
    report.unchanged, report.pairs_at_head = writes.unchanged, writes.pairs_at_head
    return _finished(report, started)


def _finished(report: CoChangeReport, started: float) -> CoChangeReport:
    report.timings["total_s"] = time.perf_counter() - started
    return report


def settings_key(window: int) -> str:
    """What else the edges depend on besides HEAD; a change recomputes them."""
    return f"commits={window};max_files={MAX_FILES_PER_COMMIT};min_weight={MIN_WEIGHT}"


def read_stored_state(graph: Graph, repo: str, root: Path) -> dict[str, Any]:
    rows = graph.read("git/co_change_state", repo=repo)
    if not rows:
        raise InvalidInput(
            f"repo {repo!r} is not in the graph", field="repo", hint="ingest its root first"
        )
    if rows[0]["root"] != str(root):
        raise InvalidInput(
            f"repo {repo!r} was ingested from {rows[0]['root']}, not {root}",
            field="root",
            hint="pass the root the repo was ingested from",
        )
    return rows[0]


# --- git ----------------------------------------------------------------------------------------


def locate_work_tree(root: Path) -> WorkTree | NoHistory:
    """Where `root` sits in its git work tree, and the commit HEAD points at."""
    found = find_repository(root)
    if isinstance(found, NoRepository):
        return NoHistory("not_a_git_repo", found.why)
    try:
        done = run_git(found, ["rev-parse", "--verify", "--quiet", "HEAD"], GIT_PROBE_TIMEOUT_S)
    except OSError as e:
        return NoHistory("not_a_git_repo", f"git could not be run: {e}")
    except subprocess.TimeoutExpired:
        return NoHistory("not_a_git_repo", f"git rev-parse took over {GIT_PROBE_TIMEOUT_S} s")
    head = done.stdout.strip()
    if done.returncode != 0 or not _is_sha(head):
        return NoHistory("no_commits", first_line(done.stderr) or "HEAD has no commit")
    return WorkTree(repository=found, head=head.decode("ascii"))


def read_commits(root: Path, location: WorkTree, max_commits: int) -> list[Commit]:
    """The last `max_commits` non-merge commits of HEAD that touch `root`, each with every path
    it changed (`--full-diff`: the whole commit, so the bulk threshold sees its real width)."""
    args = [
        "log",
        "-z",
        "--name-only",
        "--no-renames",
        "--no-merges",
        *NO_EXEC_DIFF_OPTIONS,
        "--format=%x1e%H",
        f"--max-count={max_commits}",
        location.head,
    ]
    if location.prefix:
        args += ["--full-diff", "--", "."]
    try:
        done = run_git(location.repository, args, GIT_LOG_TIMEOUT_S)
    except subprocess.TimeoutExpired as e:
        raise CoderoomsError(
            f"git log in {root} took over {GIT_LOG_TIMEOUT_S} s",
            hint="retry later, or pass a smaller max_commits",
        ) from e
    if done.returncode != 0:
        raise CoderoomsError(
            f"git log in {root} failed: {first_line(done.stderr)}",
            hint="check that the repository is readable (git status)",
        )
    return parse_log(done.stdout)


def parse_log(output: bytes) -> list[Commit]:
    """Parse `git log -z --name-only --format=%x1e%H`: a header token `\\x1e<sha>`, then the
    commit's paths as NUL-terminated tokens, the first one preceded by a newline."""
    commits: list[Commit] = []
    first_path = False
    for token in output.split(b"\0"):
        if token.startswith(COMMIT_MARKER) and _is_sha(token[1:]):
            commits.append(Commit(sha=token[1:].decode("ascii"), paths=[]))
            first_path = True
            continue
        path = token.removeprefix(b"\n") if first_path else token
        first_path = False
        if path and commits:
            commits[-1].paths.append(os.fsdecode(path))
    return commits


def _is_sha(candidate: bytes) -> bool:
    return len(candidate) in {40, 64} and all(c in b"0123456789abcdef" for c in candidate)


# --- counting -----------------------------------------------------------------------------------


def count_co_changes(
    commits: Iterable[Commit], prefix: str, known_paths: set[str]
) -> CoChangeCounts:
    """Pair counts over the commits, on root-relative paths that are `:File` nodes now."""
    counts = CoChangeCounts()
    for commit in commits:
        counts.commits_read += 1
        if len(commit.paths) > MAX_FILES_PER_COMMIT:
            counts.commits_skipped_bulk += 1
            continue
        files = sorted(set(root_relative(commit.paths, prefix)) & known_paths)
        counts.weights.update(combinations(files, 2))
    return counts


def diff_edges(wanted: dict[Pair, int], existing: dict[Pair, int]) -> EdgeDiff:
    diff = EdgeDiff()
    for pair in sorted(wanted):
        weight = wanted[pair]
        if existing.get(pair) == weight:
            diff.unchanged += 1
        else:
            diff.upserts.append((*pair, weight))
    diff.deletes = sorted(pair for pair in existing if pair not in wanted)
    return diff


# --- writing ------------------------------------------------------------------------------------


def write_co_changes(
    graph: Graph,
    repo: str,
    wanted: dict[Pair, int],
    head: str,
    settings: str,
    counts: CoChangeCounts,
) -> EdgeWrites:
    """One transaction: read the edges there are, write the difference, record the head."""

    def work(tx: neo4j.ManagedTransaction) -> EdgeWrites:
        rows = _run(tx, "git/co_change_edges", repo=repo)[0]
        existing = {(row["a"], row["b"]): row["weight"] for row in rows}
        diff = diff_edges(wanted, existing)
        writes = EdgeWrites(unchanged=diff.unchanged, pairs_at_head=len(wanted))
        for batch in _batches(diff.deletes):
            delete_rows = [{"a": file_id(repo, a), "b": file_id(repo, b)} for a, b in batch]
            counters = _run(tx, "git/delete_co_changes", rows=delete_rows)[1]
            writes.deleted += counters.relationships_deleted
        for upserts in _batches(diff.upserts):
            upsert_rows: list[dict[str, Any]] = [
                {"a": file_id(repo, a), "b": file_id(repo, b), "weight": weight}
                for a, b, weight in upserts
            ]
            records, counters = _run(
                tx,
                "git/upsert_co_changes",
                rows=upsert_rows,
                repo=repo,
                claim=f"git:{repo}",
                commits_considered=counts.commits_considered,
            )
            writes.created += counters.relationships_created
            writes.updated += records[0]["merged"] - counters.relationships_created
        _run(
            tx,
            "git/record_co_change_head",
            repo=repo,
            head=head,
            settings=settings,
            commits_considered=counts.commits_considered,
        )
        return writes

    return graph.execute_write(work)


def _run(
    tx: neo4j.ManagedTransaction, statement: str, /, **params: Any
) -> tuple[list[dict[str, Any]], neo4j.SummaryCounters]:
    result = tx.run(load(statement), params)
    records = [record.data() for record in result]
    return records, result.consume().counters


def _batches(items: Sequence[T]) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), WRITE_BATCH_ROWS):
        yield items[start : start + WRITE_BATCH_ROWS]
