"""`apply` latency: one atomic write plus the claim-scoped re-ingest of that file, on the
standard-library graph (target of the search & surgical issue: p95 <= 150 ms).

The stdlib is copied to a temporary directory and ingested into a repo named
`bench-apply-<pid>` (`git=False`); then `--edits` seeded single-file edits go through the same
code path as the `apply` verb (path safety, BLAKE3 check, atomic write, `ingest_paths`, symbol
ids before and after): each adds a function to a random Python file, and the next one in the
series removes it again (an exact `old_text` replacement), so additions and deletions of symbols
are both measured. Every other edit adds the function at the end of the file, the others in the
middle (before the top-level `def`/`class` nearest the middle line), where every line after it
moves: the re-ingest rewrites only rows whose content changed (digests), so the two differ.
One warm-up edit is not counted. The repo is deleted at the end.
`--min-lines N` (and `--max-lines`) picks the edited files among those of that many lines
(issue 31, item 5: a save in a 5k-line file, `--min-lines 4000 --max-lines 6500`); `--corpus DIR`
ingests another directory instead of the standard library. Each edit's re-ingest is split into
the read (hash, parse, extraction), the plan (graph reads, resolution, rows) and the apply
(statements and commit), timed around those functions.
Run: `python benchmarks/apply_latency.py [--edits N] [--seed N] [--min-lines N]
[--max-lines N] [--corpus DIR]`.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.edits.apply import EditRequest, execute
from coderooms.graph.driver import Graph
from coderooms.ingest import targeted, transactions
from coderooms.ingest.pipeline import ingest_root
from corpora import copy_corpus, stdlib_corpus

AGENT = "bench-apply"
DELETE_BATCH = 500
"""Nodes deleted per transaction when the bench repo is dropped (small: test instances have
little transaction memory)."""
DELETE_NODES = (
    "MATCH (n) WHERE n.repo = $repo WITH n LIMIT $limit DETACH DELETE n RETURN count(*) AS deleted"
)
DELETE_REPO_NODE = "MATCH (r:Repo {id: $repo}) DETACH DELETE r"


def delete_repo(graph: Graph, repo: str) -> None:
    if not repo.startswith("bench-apply-"):
        raise ValueError(f"refusing to delete repo {repo!r}: not this benchmark's repo")
    while graph.run_text(DELETE_NODES, repo=repo, limit=DELETE_BATCH)[0]["deleted"]:
        pass
    graph.run_text(DELETE_REPO_NODE, repo=repo)


def with_function_in_middle(text: str, block: str) -> str:
    """`block` inserted before the top-level `def`/`class` line nearest the middle of `text` (at
    the end when there is none): every line after it moves."""
    lines = text.splitlines(keepends=True)
    tops = [i for i, line in enumerate(lines) if line.startswith(("def ", "class "))]
    if not tops or not text.endswith("\n"):
        return text + block
    at = min(tops, key=lambda i: abs(i - len(lines) // 2))
    return "".join(lines[:at]) + block + "".join(lines[at:])


class PhaseTimer:
    """Seconds spent in the re-ingest's read, plan and apply, summed until `take`n."""

    def __init__(self) -> None:
        self.spent = {"read": 0.0, "plan": 0.0, "apply": 0.0}

    def wrap(self, module: Any, attribute: str, phase: str) -> None:
        inner = getattr(module, attribute)

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return inner(*args, **kwargs)
            finally:
                self.spent[phase] += time.perf_counter() - started

        setattr(module, attribute, timed)

    def install(self) -> None:
        self.wrap(targeted, "read_file", "read")
        self.wrap(transactions, "plan_changeset", "plan")
        self.wrap(transactions, "apply_plan", "apply")

    def take(self) -> dict[str, float]:
        taken = {phase: seconds * 1000 for phase, seconds in self.spent.items()}
        self.spent = dict.fromkeys(self.spent, 0.0)
        return taken


def line_count(path: Path) -> int:
    return path.read_bytes().count(b"\n")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--edits", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--min-lines", type=int, default=0)
    parser.add_argument("--max-lines", type=int, default=10**9)
    parser.add_argument("--corpus", type=Path, help="a directory (default: the stdlib)")
    args = parser.parse_args()
    settings = Settings()
    graph = open_graph(settings)
    repo = f"bench-apply-{os.getpid()}"
    try:
        with tempfile.TemporaryDirectory() as scratch:
            source = args.corpus or stdlib_corpus().root
            root = copy_corpus(source, Path(scratch) / "corpus")
            # edits are confined to the operator's roots (the working directory by default)
            settings = settings.model_copy(update={"roots": [root]})
            started = time.perf_counter()
            report = ingest_root(graph, root, repo=repo, git=False)
            print(f"ingested {report.files_seen} files in {time.perf_counter() - started:.1f} s")
            candidates = sorted(
                p.relative_to(root).as_posix()
                for p in root.rglob("*.py")
                if p.is_file()
                and not p.is_symlink()
                and p.stat().st_size < 200_000
                and args.min_lines <= line_count(p) <= args.max_lines
            )
            print(f"{len(candidates)} candidate files of {args.min_lines}-{args.max_lines} lines")
            timer = PhaseTimer()
            timer.install()
            phases: dict[str, list[float]] = {"read": [], "plan": [], "apply": []}
            rng = random.Random(args.seed)
            added: list[float] = []
            removed: list[float] = []
            reingest: list[float] = []
            middle: list[float] = []
            for n in range(args.edits + 1):
                path = rng.choice(candidates)
                body = f"\n\ndef _bench_apply_{n}():\n    return {n}\n"
                text = (root / path).read_text(encoding="utf-8", errors="strict")
                in_middle = n % 2 == 1
                inserted = body.lstrip("\n") + "\n\n" if in_middle else body
                content = with_function_in_middle(text, inserted) if in_middle else text + body
                started = time.perf_counter()
                result = execute(graph, settings, AGENT, [EditRequest(path, repo, content=content)])
                add_s = time.perf_counter() - started
                add_phases = timer.take()
                started = time.perf_counter()
                undo = EditRequest(path, repo, old_text=inserted, new_text="")
                execute(graph, settings, AGENT, [undo])
                remove_s = time.perf_counter() - started
                remove_phases = timer.take()
                if n:  # the first pair warms caches up
                    for phase, values in phases.items():
                        values += [add_phases[phase], remove_phases[phase]]
                    reingest.append(result["graph"]["ingests"][0]["seconds"] * 1000)
                    added.append(add_s * 1000)
                    removed.append(remove_s * 1000)
                    if in_middle:
                        middle += [add_s * 1000, remove_s * 1000]
            series = (
                ("add a function", added),
                ("remove it", removed),
                ("of which ingest_paths (adds)", reingest),
                ("edits in the middle of a file", middle),
            )
            for name, values in series:
                print(
                    f"apply + re-ingest, {name}: n={len(values)} "
                    f"p50={statistics.median(values):.1f} ms p95={percentile(values, 0.95):.1f} ms "
                    f"max={max(values):.1f} ms"
                )
            for phase, values in phases.items():
                print(
                    f"  of which {phase}: p50={statistics.median(values):.1f} ms "
                    f"p95={percentile(values, 0.95):.1f} ms"
                )
            both = added + removed
            print(f"all: p50={statistics.median(both):.1f} ms p95={percentile(both, 0.95):.1f} ms")
    finally:
        delete_repo(graph, repo)
        graph.close()


if __name__ == "__main__":
    main()
