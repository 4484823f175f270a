"""The statements of a whole-repo ingest, warmed right after Neo4j starts (issue 31, item 2).

Neo4j compiles a statement's plan the first time its text runs (with those parameter types) and
keeps it until the instance stops; its JIT compiles the hot paths of the store the first time
they run. On a freshly started instance the first ingest paid both: flask's full ingest took 2.5
to 2.9 times the same ingest a minute later (docs/benchmarks.md). `warm_ingest` makes a small
made-up repository (`FILES`: Python, JavaScript, TypeScript, Go, Java, Rust and C, with imports,
calls and inheritance across files, and a Markdown page) go through the same statements a fresh
ingest runs: the reads before the write, then the write of the whole changeset, once as a small
repo writes it (one transaction) and once as a large one does (statement by statement).

The first is committed, then the made-up repository is removed again (`graph.repos.delete_repo`,
committed too): a rolled-back transaction never runs the commit, and on a fresh database the
commit was most of what a first ingest paid over a warm one. The commit applies the rows to the
store and to every index on their labels (the range indexes, the Lucene-backed TEXT and
full-text ones), and those paths, compiled by the JVM's JIT on first use, run nowhere else.
Flask, a start into an emptied database, then two ingests (benchmarks/warm_up_paired.py, 5
cycles paired with the rolled-back warm-up, load 6-14): first / next median 1.05 against 1.54,
lower in 4 of 5 cycles (docs/benchmarks.md, issue 31). While it runs, the made-up repo is in
the graph (`repos list` may show it for a few seconds); a warm-up stopped half-way leaves it
there, and the next one removes it first (only its own: `WARM_ROOT`). The second pass,
statement by statement, is rolled back and writes one copy of the files: its plans are what it
is for. (Until issue 31's second pass the made-up repo had no `:Repo`, so every statement below
`ingest/upsert_files` matched nothing: the plans were compiled, no row was written, and the
commit stayed cold.)

It is best effort: a failure is logged, never raised (the ingest it prepares runs without it).
`coderooms neo4j start` runs it once per start of the managed instance (cli/warm_start.py).
"""

from __future__ import annotations

import logging
import time
from functools import partial

import neo4j

from coderooms.core.ids import file_id
from coderooms.graph.driver import Graph
from coderooms.graph.repo_parts import new_repo_part
from coderooms.graph.repos import delete_repo
from coderooms.ingest.changeset import Run, apply_plan, plan_changeset, runner, sequential
from coderooms.ingest.git_history import MAX_COMMITS, MIN_WEIGHT, settings_key
from coderooms.ingest.plan import Changeset
from coderooms.ingest.reader import ReadJob, parse_data
from coderooms.ingest.rows import ParsedFile

log = logging.getLogger(__name__)

WARM_REPO = "coderooms-warm-up"
"""The repo id of the made-up repository (written, committed and removed again at each start)."""
WARM_ROOT = "made-up:coderooms-warm-up"
"""The root its `:Repo` records: not an absolute path, so never the root of a real repo. A repo
of that id with another root is a user's (a directory named so): the warm-up neither removes
nor commits into it, and writes its rows in a transaction rolled back instead."""

FILES: dict[str, str] = {
    "README.md": "# Warm-up\n\nA made-up project.\n\n## Use\n\nCall `run`.\n",
    "pkg/__init__.py": (
        '"""The package."""\nfrom pkg.core import Base, run\n\n__all__ = ["Base", "run"]\n'
    ),
    "pkg/core.py": (
        '"""Core."""\nimport os\n\n\nclass Base:\n    """A base."""\n\n'
        "    def go(self) -> str:\n        return os.path.join('a', helper())\n\n\n"
        "class Child(Base):\n    def go(self) -> str:\n        return super().go()\n\n\n"
        'def run() -> str:\n    """Run it."""\n    return Child().go()\n\n\n'
        "def helper() -> str:\n    return 'b'\n"
    ),
    "pkg/use.py": (
        "from . import core\nfrom .core import Child\nfrom pkg import missing_name\n\n\n"
        "def main() -> None:\n    child = Child()\n    child.go()\n    core.run()\n"
        "    missing_name()\n"
    ),
    "web/a.js": (
        "export function format(x) {\n  return pad(x);\n}\n\nfunction pad(x) {\n"
        "  return String(x);\n}\n\nexport class Widget {\n  draw() { return format(1); }\n}\n"
    ),
    "web/b.ts": (
        "import { format, Widget } from './a';\n\nexport class Fancy extends Widget {\n"
        "  draw(): string {\n    return format(2);\n  }\n}\n\nexport function make(): Fancy {\n"
        "  return new Fancy();\n}\n"
    ),
    "go/main.go": (
        'package main\n\nimport "fmt"\n\ntype Box struct{ n int }\n\n'
        "func (b Box) Size() int { return b.n }\n\nfunc main() {\n"
        "\tfmt.Println(helper(Box{1}))\n}\n\nfunc helper(b Box) int { return b.Size() }\n"
    ),
    "java/App.java": (
        "package app;\n\nimport java.util.List;\n\npublic class App extends Base {\n"
        "  void run(List<String> a) { helper(); }\n  void helper() {}\n}\n\n"
        "class Base {}\n"
    ),
    "rust/lib.rs": (
        "mod inner {\n    pub fn b() -> u8 { 1 }\n}\n\n"
        "pub trait Shape { fn area(&self) -> u8; }\n\n"
        "pub struct Sq;\n\nimpl Shape for Sq {\n    fn area(&self) -> u8 { inner::b() }\n}\n"
    ),
    "c/m.h": "#ifndef M_H\n#define M_H\nint g(void);\n#endif\n",
    "c/m.c": '#include "m.h"\n\nint g(void) { return 1; }\n\nint f(void) { return g(); }\n',
}


COPIES = 40
"""Copies of `FILES` written (each under its own directory): enough rows that the server's JIT
compiles the write paths too, not only the planner its plans."""


def warm_ingest(graph: Graph, copies: int = COPIES) -> float | None:
    """Seconds the warm-up took; None when it failed (logged)."""
    started = time.perf_counter()
    try:
        parsed = _parsed_files(copies)
        rows = graph.read("ingest/repo_root", repo=WARM_REPO)
        ours = not rows or rows[0]["root"] == WARM_ROOT
        if rows and ours:
            delete_repo(graph, WARM_REPO)  # what a warm-up stopped half-way left
        graph.read("ingest/file_fingerprints", repo=WARM_REPO)
        part = new_repo_part(graph, WARM_REPO)
        one = partial(_write, parsed=parsed, part=part, one_transaction=True)
        if not ours:  # a user's repo of that id: nothing of it is touched
            graph.rolled_back(one)
        else:  # as a small changeset is written, committed: the commit's paths are warmed too
            try:
                graph.execute_write(one)
            finally:
                delete_repo(graph, WARM_REPO)
        # as a large one is, rolled back: its plans are what is kept (one copy compiles them)
        first = [p for p in parsed if not p.path.startswith("copy")]
        graph.rolled_back(partial(_write, parsed=first, part=part, one_transaction=False))
    except Exception:  # best effort: the ingest it prepares runs without it
        log.warning("warming the statements of an ingest failed", exc_info=True)
        return None
    return time.perf_counter() - started


def _write(
    tx: neo4j.ManagedTransaction, *, parsed: list[ParsedFile], part: str, one_transaction: bool
) -> None:
    """The made-up repo's `:Repo` (as `pipeline.bind_repo` makes it: without it the ingest's
    statements match no repo and write nothing), then its files as a fresh ingest writes them."""
    run = runner(tx)
    run("ingest/merge_repo", repo=WARM_REPO, root=WARM_ROOT, part=part)
    changes = Changeset(WARM_REPO, parsed, [], {p.path for p in parsed}, fresh=True)
    plan = plan_changeset(run, changes)
    apply_plan(sequential(run), changes, plan, one_transaction=one_transaction)
    if one_transaction:
        _co_changes(run, [parsed.path for parsed in changes.upserts[:2]])


def _co_changes(run: Run, paths: list[str]) -> None:
    """The statements of git mining (`git_history`) on two of the made-up files, so that the
    first ingest of a git repository does not compile them: ~1.4 s of its 2.4 s of co-changes
    on attrs at load 20 (issue 31, item 1)."""
    repo, (a, b) = WARM_REPO, (file_id(WARM_REPO, path) for path in paths)
    run("git/co_change_state", repo=repo)
    run("git/file_paths", repo=repo)
    run("git/co_change_edges", repo=repo)
    rows = [{"a": a, "b": b, "weight": MIN_WEIGHT}]
    claim, considered = f"git:{repo}", MIN_WEIGHT
    run("git/upsert_co_changes", rows=rows, repo=repo, claim=claim, commits_considered=considered)
    run("git/delete_co_changes", rows=[{"a": a, "b": b}])
    head, settings = "0" * 40, settings_key(MAX_COMMITS)
    run("git/record_co_change_head", repo=repo, head=head, settings=settings,
        commits_considered=considered)  # fmt: skip


def _parsed_files(copies: int = 1) -> list[ParsedFile]:
    parsed = []
    for n, (name, text) in ((n, item) for n in range(copies) for item in FILES.items()):
        path = name if n == 0 else f"copy{n}/{name}"
        data = text.encode()
        result = parse_data(ReadJob(path, f"/{WARM_REPO}/{path}", len(data), 0, None), data)
        if isinstance(result, ParsedFile):
            parsed.append(result)
    return parsed
