"""One-file re-ingest (`ingest_paths`, the path of `apply` and of a watcher save) of big files,
the old and the new code paths paired in one process, alternating on the same edits (issue 31,
item 5: a save in a 5k-line file, p95 <= 100 ms).

CORPUS (`--corpus`, default the standard library) is copied to a temporary directory and
ingested into a repo `bench-save-<pid>` (`git=False`, no embeddings); the edited files are its
Python files of `--min-lines` to `--max-lines` lines. Each edit adds a function to a random one
of them (every other edit in the middle of the file, before the top-level `def`/`class`
nearest its middle line, so every line after it moves; the others at the end) and removes it
again: two re-ingests. Each edit is run once with the old path and once with the new one, the
order swapped every edit, so both sides see the same edits, files and load. The first edit
warms up and is not counted.

The pair (`--pair`):
- `freeze`: how a save decides whether the saves since the last full collection froze more
  than `collector.SAVE_SLACK` objects: old, `gc.get_freeze_count()` (walks every frozen
  object); new, the count the saves kept (`collector.saves_past_slack`).
- `reuse`: old, every reference of the saved file resolved; new, the references the last save
  of the file resolved alike given that answer (`resolution_memo.REUSE`). Both sides keep the
  memo (its cost is in both). Each edit first saves the file with a newline added, not
  counted, so that both sides' first save follows a save of the same file (a watcher's saves
  of a file being edited).

Printed: per side the re-ingest's wall p50 / p95 / max and CPU (`time.process_time`) p50 / p95,
the CPU of the read (hash, parse, extraction) and of the plan, statements per re-ingest, then
the median ratio new / old per edit and the load (`os.getloadavg`) before and after. Run:

    CODEROOMS_INSTANCE=NAME CODEROOMS_EMBEDDINGS=off PYTHONPATH=src:benchmarks \\
        python benchmarks/save_paired.py --corpus DIR --min-lines 4000 --max-lines 6500
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from apply_latency import delete_repo, line_count, percentile, with_function_in_middle
from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.graph import driver
from coderooms.ingest import changeset, collector, resolution_memo, targeted, transactions
from coderooms.ingest.pipeline import ingest_root
from coderooms.ingest.targeted import ingest_paths
from corpora import copy_corpus, stdlib_corpus


class Meter:
    """CPU seconds in the read and the plan, and statements run, summed until `take`n."""

    def __init__(self) -> None:
        self.spent = {"read": 0.0, "plan": 0.0, "statements": 0.0, "reused": 0.0, "refs": 0.0}

    def wrap(self, module: Any, attribute: str, phase: str) -> None:
        inner = getattr(module, attribute)

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return inner(*args, **kwargs)
            finally:
                self.spent[phase] += time.process_time() - started

        setattr(module, attribute, timed)

    def count(self, module: Any, attribute: str) -> None:
        inner = getattr(module, attribute)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.spent["statements"] += 1
            return inner(*args, **kwargs)

        setattr(module, attribute, counted)

    def reuses(self) -> None:
        inner = changeset._resolve_all

        def counted(*args: Any) -> Any:
            resolved, reused = inner(*args)
            self.spent["reused"] += reused
            self.spent["refs"] += sum(len(p.record.references) for p in args[2].upserts)
            return resolved, reused

        changeset._resolve_all = counted  # type: ignore[assignment]

    def install(self) -> None:
        self.reuses()
        self.wrap(targeted, "read_file", "read")
        self.wrap(transactions, "plan_changeset", "plan")
        self.count(changeset, "run_named")  # the write transaction's statements
        self.count(driver.Graph, "read")  # autocommit reads
        self.count(driver.Graph, "write")

    def take(self) -> dict[str, float]:
        taken = dict(self.spent)
        self.spent = dict.fromkeys(self.spent, 0.0)
        return taken


def old_freeze_check(frozen_at_collection: list[int]) -> Callable[[], bool]:
    """The check before this change: every save walks the frozen objects to count them."""

    def check() -> bool:
        return gc.get_freeze_count() > frozen_at_collection[0] + collector.SAVE_SLACK

    return check


@contextmanager
def side(pair: str, old: bool, frozen_at_collection: list[int]) -> Iterator[None]:
    if pair == "reuse":
        resolution_memo.REUSE = not old
        yield
        return
    if pair != "freeze" or not old:
        yield
        return
    new = collector.saves_past_slack
    collector.saves_past_slack = old_freeze_check(frozen_at_collection)
    try:
        yield
    finally:
        collector.saves_past_slack = new


def summary(name: str, runs: list[dict[str, float]]) -> str:
    wall = [r["wall"] for r in runs]
    cpu = [r["cpu"] for r in runs]
    read = [r["read"] for r in runs]
    plan = [r["plan"] for r in runs]
    statements = statistics.mean(r["statements"] for r in runs)
    reused = sum(r["reused"] for r in runs) / max(1.0, sum(r["refs"] for r in runs))
    return (
        f"{name}: n={len(runs)} wall p50 {statistics.median(wall):.1f} p95 "
        f"{percentile(wall, 0.95):.1f} max {max(wall):.1f} ms; cpu p50 "
        f"{statistics.median(cpu):.1f} p95 {percentile(cpu, 0.95):.1f} ms; read cpu p50 "
        f"{statistics.median(read):.1f}, plan cpu p50 {statistics.median(plan):.1f} ms; "
        f"{statements:.1f} statements; {reused:.0%} of the references reused"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--min-lines", type=int, default=4000)
    parser.add_argument("--max-lines", type=int, default=6500)
    parser.add_argument("--corpus", type=Path, help="a directory (default: the stdlib)")
    parser.add_argument("--pair", choices=["freeze", "reuse"], default="freeze")
    args = parser.parse_args()
    graph = open_graph(Settings())
    repo = f"bench-apply-save-{os.getpid()}"  # apply_latency.delete_repo's prefix
    load_before = os.getloadavg()
    try:
        with tempfile.TemporaryDirectory() as scratch:
            root = copy_corpus(args.corpus or stdlib_corpus().root, Path(scratch) / "corpus")
            started = time.perf_counter()
            report = ingest_root(graph, root, repo=repo, git=False, embed=False)
            print(f"ingested {report.files_seen} files in {time.perf_counter() - started:.1f} s")
            frozen_at_collection = [gc.get_freeze_count()]
            candidates = sorted(
                p.relative_to(root).as_posix()
                for p in root.rglob("*.py")
                if p.is_file()
                and not p.is_symlink()
                and args.min_lines <= line_count(p) <= args.max_lines
            )
            print(f"{len(candidates)} files of {args.min_lines}-{args.max_lines} lines")
            meter = Meter()
            meter.install()
            rng = random.Random(args.seed)
            runs: dict[bool, list[dict[str, float]]] = {False: [], True: []}
            ratios: list[float] = []
            for n in range(args.edits + 1):
                path = rng.choice(candidates)
                original = (root / path).read_text(encoding="utf-8")
                block = f"def _bench_save_{n}():\n    return {n}\n\n\n"
                edited = (
                    with_function_in_middle(original, block) if n % 2 else original + "\n\n" + block
                )
                order = (True, False) if n % 2 else (False, True)
                walls: dict[bool, float] = {}
                if args.pair == "reuse":  # the first side's first save follows one of the file
                    (root / path).write_text(original + "\n", encoding="utf-8")
                    ingest_paths(graph, root, [path], repo=repo, embed=False)
                    meter.take()
                for old in order:
                    with side(args.pair, old, frozen_at_collection):
                        for content in (edited, original):
                            (root / path).write_text(content, encoding="utf-8")
                            wall, cpu = time.perf_counter(), time.process_time()
                            ingest_paths(graph, root, [path], repo=repo, embed=False)
                            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                            taken = meter.take()
                            if n:
                                runs[old].append(
                                    {
                                        "wall": wall * 1000,
                                        "cpu": cpu * 1000,
                                        "read": taken["read"] * 1000,
                                        "plan": taken["plan"] * 1000,
                                        "statements": taken["statements"],
                                        "reused": taken["reused"],
                                        "refs": taken["refs"],
                                    }
                                )
                                walls[old] = walls.get(old, 0.0) + wall
                if n:
                    ratios.append(walls[False] / walls[True])
            print(summary("old", runs[True]))
            print(summary("new", runs[False]))
            print(
                f"new / old per edit (add + remove): median {statistics.median(ratios):.3f} "
                f"(min {min(ratios):.3f}, max {max(ratios):.3f})"
            )
            print(f"frozen objects at the end: {gc.get_freeze_count()}")
    finally:
        delete_repo(graph, repo)
        graph.close()
    print(f"load before {load_before}, after {os.getloadavg()}")


if __name__ == "__main__":
    main()
