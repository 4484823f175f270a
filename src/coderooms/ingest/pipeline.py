"""One path for full and incremental ingest: walk, compare fingerprints, read what changed (in
worker processes when there is a lot), and apply the changeset claim by claim.

`full` re-reads and rewrites every file; `incremental` skips a file whose size and mtime match
the graph, and one whose content hash matches (then only its mtime is refreshed).

Progress (`Steps`) counts files: those to read, then those to write, then one for git's
co-changes. The safe points where a cancelled ingest stops are before and between the reads
(nothing written yet) and after the write (the changeset is whole; the co-changes it skips are
brought to HEAD by the next ingest, the graph not recording that HEAD yet); never inside the
write, whose transactions together replace the claims of every file of the changeset.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from coderooms.core.ids import file_id, repo_id_for, validate_repo_id
from coderooms.errors import InvalidInput
from coderooms.graph.driver import Graph
from coderooms.graph.repo_parts import new_repo_part
from coderooms.ingest.changeset import WRITE_PHASES
from coderooms.ingest.collector import collector_paused
from coderooms.ingest.gate import whole_repo
from coderooms.ingest.git_history import update_co_changes
from coderooms.ingest.plan import Changeset, WriteStats
from coderooms.ingest.quarantine import write_isolating
from coderooms.ingest.reader import (
    ReadJob,
    Skipped,
    Unchanged,
    from_wire,
    read_files,
    read_files_wire,
)
from coderooms.ingest.rows import ParsedFile, symbol_rows
from coderooms.ingest.transactions import PhaseDone
from coderooms.ingest.walker import walk
from coderooms.semantic import INLINE_EMBED_MAX_SYMBOLS, embed_claims
from coderooms.steps import QUIET, Steps

Mode = Literal["full", "incremental"]
Progress = Callable[[int, int], None]

PARALLEL_MIN_FILES = 64
"""Below this many files to read, reading happens in-process (and the collector runs)."""
PARALLEL_MIN_BYTES = 8 * 2**20
"""Below this many bytes to read, reading happens in-process as well: a worker pool costs its
start (a forkserver that imports the main module and the reader, then forks the workers: 4-5 s
measured at load 20, before the first file is read) and the results' pickling, more than the
second core saves there: flask (1.4 MB) parsed in 0.8-1.5 s in-process against 4.3-7.0 s in a
pool of two, tornado (2.1 MB) in 2.1-3.5 s against 6.3-10.2 s (issue 31, item 1)."""
WORKER_PRELOAD = ["__main__", "coderooms.ingest.reader"]
"""Imported once in the forkserver, so that each worker is forked with the parsers loaded and
does not import the main module again (a process started from the `coderooms` script would
import the whole CLI in every worker: ~3 s each on a busy host)."""
JOBS_PER_CHUNK = 24
MAX_PROBLEMS_REPORTED = 50


@dataclass(slots=True)
class IngestReport:
    repo: str
    root: str
    mode: str
    files_seen: int = 0
    files_unchanged: int = 0
    files_added: int = 0
    files_changed: int = 0
    files_deleted: int = 0
    files_renamed: int = 0
    lines_parsed: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    problems: list[dict[str, str]] = field(default_factory=list)
    problems_total: int = 0
    """Problems found, those past MAX_PROBLEMS_REPORTED not listed."""
    files_quarantined: int = 0
    """Files written bare because their write failed (`ingest.quarantine`)."""
    writes: WriteStats = field(default_factory=WriteStats)
    co_changes: dict[str, Any] = field(default_factory=dict)
    embeddings: dict[str, Any] = field(default_factory=dict)
    """Inline embedding of the symbols written (see coderooms.semantic.store.embed_claims)."""
    timings: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        from dataclasses import asdict

        answer = asdict(self)
        del answer["writes"]["symbol_ids"]  # per-file lists for `apply`, not a report
        return answer


RACY_WINDOW_NS = 2_000_000_000
"""A file modified this recently may change again within the file system's timestamp
granularity without its size or mtime moving (git's "racy clean"): it is hashed, not trusted."""


def fingerprint_matches(old: dict[str, Any], size: int, mtime_ns: int) -> bool:
    """The graph's size and mtime equal the file's, and the mtime is old enough to trust."""
    if old["size"] != size or old["mtime_ns"] != mtime_ns:
        return False
    return time.time_ns() - mtime_ns > RACY_WINDOW_NS


def resolve_root(root: Path) -> Path:
    resolved = root.expanduser().resolve()
    if not resolved.is_dir():
        raise InvalidInput(f"ingest root {str(root)!r} is not a directory", field="roots")
    return resolved


RESOLVER_VERSION = 36
"""The rules references are resolved by (`Repo.resolver`). A repo resolved by other rules is
ingested in full once: an incremental ingest would re-resolve only what changed, leaving the
other references as the old rules left them (10: C++ macros, Kotlin object expressions, events;
12: JSDoc types; 13: C/C++ macro blocks and comments in `#define`s; 14: C# `#if false`; 15: the
`#else` branches of a C/C++ file read with its first branches; 16: Rust values out of
`Result`/`Option`, fields of other files' structs, blanket impls, a pointer's own methods; 17:
the extraction limits of `languages.parsing.limits`, `ref_keys` past 8,000 characters as ` %* `;
19: JS/TS scope first, a module's free names, CommonJS exports' definitions, a relative
directory's `package.json` entry; 22: C++ members of values, inherited bare calls, overloads
across files, base initialisers; 23: a Python lookup through a star import keys the name in
every star-imported module it looked into, found there or not; 25: Rust values a `Result` /
`Option` of another file carries, `use`s under a `#[cfg]` known false; 26: with them Java's
static imports past JDK interfaces, casts, and overloads told apart by their argument count; 27:
with them Go's embedded fields, slice and map elements across files, `x := y.f`, import paths
that are not Go names; 28: with them C++'s `\r\n` line ends, null directives, `using namespace`,
a local's type by the block that declares it; 29: with them JavaScript's returns inferred from
`new C(..)`, locals assigned one class, `f.name = function` members; 30: Rust names bound twice
in one function read by line, a block's binding ending with it, `T::m()` as its trait bound's
`Tr::m()`; 31: JS/TS declarations before the JavaScript they describe (`.d.ts` before `.js`, a
directory's `typings`/`types` before its `main`), TypeScript's `export = name`, `const me =
this`; 32: Java's static imports past the repo's own bases read to their end (`h` table
entries), a fluent builder's self type; 33: Go's `new(T)`, slice literals' elements, anonymous
structs' fields, variadic elements, parameters copied into locals and locals bound to several
calls that agree; 34: C++'s members of overloads split across files taken in the file no more,
told apart by argument count where one overload takes it, and C's quoted include found by the
one header of its name; 35: Go's package variables typed for the package's other files, `r`
entries of a variable's type and `x.m()` followed through them; 36: JS/TS module-level
variables' declared types published in the module table, `box.m()` of an imported `box: Box` as
`Box.m`)."""


def bind_repo(graph: Graph, root: Path, repo: str | None) -> str:
    """The repo id for `root`, creating the `:Repo` on first sight (a read otherwise)."""
    return bind_repo_resolver(graph, root, repo)[0]


def bind_repo_resolver(graph: Graph, root: Path, repo: str | None) -> tuple[str, bool]:
    """`bind_repo`, and (in the same read) whether `RESOLVER_VERSION` resolved its references."""
    repo_id = validate_repo_id(repo) if repo else repo_id_for(root)
    rows = graph.read("ingest/repo_root", repo=repo_id)
    if not rows:
        part = new_repo_part(graph, repo_id)  # its chunks' part (graph/chunk_parts.py)
        rows = graph.write("ingest/merge_repo", repo=repo_id, root=str(root), part=part)
    return repo_id, bound_current(rows, root, repo_id)


def bound_current(rows: list[dict[str, Any]], root: Path, repo_id: str) -> bool:
    """Whether `RESOLVER_VERSION` resolved the repo of `rows` (its `root` and `resolver`, as
    `ingest/repo_root` reads them); a repo of another root is refused without naming that root
    (an agent's watcher may reach here, and the other root may be another operator's)."""
    if rows and rows[0]["root"] != str(root):
        raise InvalidInput(
            f"repo id {repo_id!r} already belongs to another root",
            field="repo",
            hint="pass another repo id for this root (`coderooms repos list` shows each repo's "
            "root to the operator)",
        )
    return bool(rows) and rows[0].get("resolver") == RESOLVER_VERSION


@whole_repo
def ingest_root(
    graph: Graph,
    root: Path,
    *,
    repo: str | None = None,
    mode: Mode = "incremental",
    progress: Progress | None = None,
    workers: int | None = None,
    git: bool = True,
    embed: bool = True,
    steps: Steps = QUIET,
) -> IngestReport:
    """Bring `root` up to date in the graph. With `embed`, the symbols written get their vectors
    inline when there are few (a large ingest leaves them to `semantic.store.embed_pending`).
    `progress` is the CLI's bar (files read of those to read); `steps` the MCP call's progress
    and cancellation (see the module). No other ingest of the repo runs in this process
    meanwhile (gate.py)."""
    started = time.perf_counter()
    root = resolve_root(root)
    repo_id, current = bind_repo_resolver(graph, root, repo)
    report = IngestReport(repo=repo_id, root=str(root), mode=mode)

    walked = walk(root)
    report.files_seen = len(walked.files)
    report.skipped = dict(walked.skipped)
    report.problems = [
        {"path": path, "problem": reason}
        for path, reason in walked.skipped_paths[:MAX_PROBLEMS_REPORTED]
    ]
    report.problems_total = len(walked.skipped_paths)
    for path, problem in walked.problems:  # ignore-file lines left out
        note_problems(report, path, [problem])
    known = {row["path"]: row for row in graph.read("ingest/file_fingerprints", repo=repo_id)}
    if mode == "incremental" and known and not current:
        mode = "full"  # its references were resolved by other rules: every file once
        report.mode = mode
    report.timings["walk_s"] = time.perf_counter() - started

    jobs: list[ReadJob] = []
    for entry in walked.files:
        old = known.get(entry.path)
        if mode == "incremental" and old and fingerprint_matches(old, entry.size, entry.mtime_ns):
            report.files_unchanged += 1
            continue
        known_hash = old["hash"] if (old and mode == "incremental") else None
        jobs.append(
            ReadJob(entry.path, str(entry.absolute), entry.size, entry.mtime_ns, known_hash)
        )

    estimate = 2 * len(jobs) + 1  # read, write about as many, git
    steps.advance(0, estimate, f"{repo_id}: {len(jobs)} of {len(walked.files)} files to read")
    steps.checkpoint()
    with collector_paused(len(jobs) >= PARALLEL_MIN_FILES):
        parse_started = time.perf_counter()
        parsed: list[ParsedFile] = []
        touched: list[Unchanged] = []
        skipped: Counter[str] = Counter(report.skipped)
        for result in _read_all(jobs, progress, workers, ReadSteps(steps, repo_id, estimate)):
            if isinstance(result, ParsedFile):
                parsed.append(result)
                report.lines_parsed += result.lines
                note_problems(report, result.path, result.record.problems)
            elif isinstance(result, Unchanged):
                touched.append(result)
            else:
                skipped[result.reason.split(":", 1)[0]] += 1
                report.problems_total += 1
                if len(report.problems) < MAX_PROBLEMS_REPORTED:
                    report.problems.append({"path": result.path, "problem": result.reason})
        report.skipped = dict(skipped)
        report.files_unchanged += len(touched)
        report.timings["parse_s"] = time.perf_counter() - parse_started

        present = {p.path for p in parsed} | {t.path for t in touched}
        present |= {e.path for e in walked.files if e.path in known} - {j.path for j in jobs}
        deletes = sorted(path for path in known if path not in present)
        added = {p.path for p in parsed if p.path not in known}
        old_hashes = {known[path]["hash"] for path in deletes}
        report.files_renamed = sum(1 for p in parsed if p.path in added and p.hash in old_hashes)
        report.files_added = len(added)
        report.files_changed = len(parsed) - len(added)
        report.files_deleted = len(deletes)

        changes = Changeset(repo_id, parsed, deletes, added, fresh=not known)
        writing = len(parsed) + len(deletes)
        total = len(jobs) + writing + 1
        steps.advance(len(jobs), total, f"{repo_id}: writing {writing} files")
        steps.checkpoint()  # the last point before the write; the next is after it
        phases = WriteSteps(steps, repo_id, len(jobs), writing, total)
        write_changes(graph, report, changes, touched, embed=embed, phase_done=phases)
        if mode == "full" or not known:
            graph.write("ingest/record_resolver", repo=repo_id, version=RESOLVER_VERSION)
    steps.advance(total - 1, total, f"{repo_id}: {writing} files written")
    steps.checkpoint()
    if git:
        git_started = time.perf_counter()
        report.co_changes = update_co_changes(graph, repo_id, root).as_dict()
        report.timings["git_s"] = time.perf_counter() - git_started
    report.timings["total_s"] = time.perf_counter() - started
    steps.advance(total, total, f"{repo_id}: ingested")
    return report


def note_problems(report: IngestReport, path: str, problems: list[str]) -> None:
    """Count a file's problems, listing them while fewer than MAX_PROBLEMS_REPORTED are."""
    report.problems_total += len(problems)
    for problem in problems:
        if len(report.problems) < MAX_PROBLEMS_REPORTED:
            report.problems.append({"path": path, "problem": problem})


def write_changes(
    graph: Graph,
    report: IngestReport,
    changes: Changeset,
    touched: list[Unchanged],
    *,
    embed: bool,
    phase_done: PhaseDone | None = None,
) -> None:
    """Write a changeset (a file whose write fails is quarantined: `ingest.quarantine`),
    refresh the mtimes of files found unchanged by hash, and (with `embed`) give the written
    symbols their vectors; writes, timings, quarantines and embeddings go to `report`."""
    started = time.perf_counter()
    written = write_isolating(graph, changes, phase_done)
    report.writes = written.stats
    if written.bare:  # quarantined: the changeset holds what was written (for the embedding)
        stand_ins = {parsed.path: parsed for parsed in written.bare}
        changes.upserts = [stand_ins.get(p.path, p) for p in changes.upserts]
        report.files_quarantined += len(written.bare)
        for parsed in written.bare:
            note_problems(report, parsed.path, parsed.record.problems[-1:])
    if touched:
        rows = [
            {"id": file_id(changes.repo, t.path), "size": t.size, "mtime_ns": t.mtime_ns}
            for t in touched
        ]
        graph.write("ingest/touch_files", rows=rows)
    report.timings["write_s"] = time.perf_counter() - started
    if embed:
        report.embeddings = embed_written(graph, changes)
        report.timings["embed_s"] = report.embeddings["seconds"]


def embed_written(graph: Graph, changes: Changeset) -> dict[str, Any]:
    """Vectors for the symbols a changeset just wrote, inline when they are few."""
    claims = [file_id(changes.repo, p.path) for p in changes.upserts]
    symbols = sum(len(p.record.symbols) for p in changes.upserts)
    pending = None
    if changes.fresh and symbols <= INLINE_EMBED_MAX_SYMBOLS:  # nothing embedded yet: all
        pending = [
            {**row["props"], "key": row["props"]["embedding_key"]}
            for parsed in changes.upserts
            for row in symbol_rows(changes.repo, parsed)
        ]
    return embed_claims(graph, claims, symbols, pending=pending).as_dict()


@dataclass(frozen=True, slots=True)
class ReadSteps:
    """The reads' share of an ingest's steps: a checkpoint after each chunk of files."""

    steps: Steps
    repo: str
    estimate: int

    def read(self, done: int, total: int) -> None:
        self.steps.advance(done, self.estimate, f"{self.repo}: read {done} of {total} files")
        self.steps.checkpoint()


@dataclass(frozen=True, slots=True)
class WriteSteps:
    """The write's share of an ingest's steps: a large changeset's phases as they end."""

    steps: Steps
    repo: str
    read: int
    writing: int
    total: int

    def __call__(self, phases: int) -> None:
        share = min(phases, WRITE_PHASES) / (WRITE_PHASES + 1)  # the last share: embedding
        message = f"{self.repo}: writing {self.writing} files, phase {phases} of {WRITE_PHASES}"
        self.steps.advance(self.read + self.writing * share, self.total, message)


def _read_all(
    jobs: list[ReadJob], progress: Progress | None, workers: int | None, steps: ReadSteps
) -> Iterable[ParsedFile | Skipped | Unchanged]:
    total = len(jobs)
    done = 0
    if progress:
        progress(0, total)
    chunks = [jobs[i : i + JOBS_PER_CHUNK] for i in range(0, total, JOBS_PER_CHUNK)]
    count = workers if workers is not None else min(os.cpu_count() or 1, 8)
    size = sum(job.size for job in jobs)
    if total < PARALLEL_MIN_FILES or size < PARALLEL_MIN_BYTES or count <= 1:
        for chunk in chunks:
            yield from read_files(chunk)
            done += len(chunk)
            if progress:
                progress(done, total)
            steps.read(done, total)
        return
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(WORKER_PRELOAD)
    with ProcessPoolExecutor(max_workers=count, mp_context=context) as pool:
        try:
            for results in pool.map(read_files_wire, chunks):
                yield from map(from_wire, results)
                done += len(results)
                if progress:
                    progress(done, total)
                steps.read(done, total)
        except BaseException:  # cancelled (or failed): the chunks not started are not read
            pool.shutdown(wait=True, cancel_futures=True)
            raise
