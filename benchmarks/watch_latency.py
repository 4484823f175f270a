"""Watcher benchmark: save-to-graph latency of single-file edits, a burst of file changes, and
the idle cost of a running watcher, next to the targets of the freshness issue.

A generated Python tree (`--files` modules that import and call each other) is watched by the
real engine (watchdog + pump, default debounce unless `--debounce-ms`). Then:

- `--edits` single-file edits, one at a time, each a function appended to a random module, in two
  styles: a plain write, and an editor's atomic save (temporary file renamed over the original).
  Latency is from the end of the write to the new symbol answering an indexed lookup in Neo4j
  (polled every POLL_S). One warm-up edit per style is not counted.
- a burst: `--burst` new files written as fast as possible; time until the watcher settles and
  the graph holds every file (nothing lost), the queue's peak length, overflows (reconciliations
  instead of per-path batches) and the process's peak RSS.
- idle: CPU seconds the process spends over IDLE_WINDOW_S with the watcher running and nothing
  happening.

Targets (issue 6): p95 ≤ 1 s for a single-file edit with the default debounce; a burst of 5,000
changes settles with nothing lost and bounded memory; idle CPU near zero.

Writes only to the repo `bench-watch-<pid>` and deletes it, its watcher node and its alerts at
the end. Needs the Neo4j that `coderooms` finds (NEO4J_URI, or the managed instance).
Run: `python benchmarks/watch_latency.py [--files 300] [--edits 40] [--burst 5000]`.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import tempfile
import threading
import time
from pathlib import Path

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.freshness.engine import DEFAULT_DEBOUNCE_MS, FreshnessEngine, WatchOptions
from coderooms.graph.driver import Graph

POLL_S = 0.005
DEADLINE_S = 120.0
IDLE_WINDOW_S = 10.0
WARMUP_EDITS = 1
WIPE_BATCH = 20_000


def generate_tree(root: Path, files: int, rng: random.Random) -> list[str]:
    paths = [f"pkg{i % 10}/mod{i}.py" for i in range(files)]
    for i, path in enumerate(paths):
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        other = rng.randrange(files)
        target.write_text(
            f"from pkg{other % 10}.mod{other} import f{other}\n\n\n"
            f"def f{i}(x):\n    return f{other}(x) + {i}\n\n\n"
            f"class C{i}:\n    def run(self):\n        return f{i}(1)\n",
            encoding="utf-8",
        )
    return paths


def wait_for(predicate: object, what: str) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while not predicate():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out waiting for {what}")
        time.sleep(POLL_S)


def symbol_exists(graph: Graph, symbol_id: str) -> bool:
    return bool(graph.run_text("MATCH (s:Symbol {id: $id}) RETURN 1 AS one", id=symbol_id))


def edit_latencies(
    graph: Graph, root: Path, repo: str, paths: list[str], edits: int, atomic: bool, seed: int
) -> list[float]:
    rng = random.Random(seed)
    latencies = []
    for number in range(edits + WARMUP_EDITS):
        path = rng.choice(paths)
        name = f"bench_{'atomic' if atomic else 'write'}_{number}"
        target = root / path
        text = target.read_text(encoding="utf-8") + f"\n\ndef {name}():\n    return {number}\n"
        if atomic:
            temporary = target.with_name(f".{target.name}.tmp")
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, target)
        else:
            target.write_text(text, encoding="utf-8")
        written = time.perf_counter()
        symbol = f"{repo}:{path}::{name}"
        wait_for(lambda symbol=symbol: symbol_exists(graph, symbol), f"edit {number}")
        if number >= WARMUP_EDITS:
            latencies.append(time.perf_counter() - written)
    return latencies


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def report_latencies(label: str, values: list[float]) -> None:
    print(
        f"  {label:<14} n={len(values):<4} p50 {percentile(values, 0.5) * 1000:7.0f} ms   "
        f"p95 {percentile(values, 0.95) * 1000:7.0f} ms   max {max(values) * 1000:7.0f} ms   "
        f"mean {statistics.fmean(values) * 1000:7.0f} ms   (target p95 ≤ 1000 ms)"
    )


def burst(graph: Graph, engine: FreshnessEngine, root: Path, repo: str, count: int) -> None:
    before = len(graph.run_text("MATCH (f:File {repo: $repo}) RETURN f.id", repo=repo))
    peak = [0]
    done = threading.Event()

    def sample_queue() -> None:
        while not done.wait(POLL_S * 4):
            peak[0] = max(peak[0], engine.queue.pending_paths())

    sampler = threading.Thread(target=sample_queue, daemon=True)
    sampler.start()
    started = time.perf_counter()
    for i in range(count):
        target = root / "burst" / f"b{i // 500}" / f"burst{i}.py"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"def burst_{i}():\n    return {i}\n", encoding="utf-8")
    written = time.perf_counter()

    def all_there() -> bool:
        rows = graph.run_text("MATCH (f:File {repo: $repo}) RETURN count(f) AS n", repo=repo)
        return bool(rows[0]["n"] == before + count and engine.settled())

    wait_for(all_there, "the burst to settle")
    settled = time.perf_counter()
    done.set()
    counters = engine.all_counters()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"  burst of {count} new files: written in {written - started:.2f} s, graph equal "
        f"{settled - written:.2f} s after the last write; queue peak {peak[0]} paths; "
        f"overflows {counters.get('overflows', 0)}, reconciliations "
        f"{counters.get('reconciliations', 0)}, batches {counters.get('batches', 0)}; "
        f"peak RSS {rss_mb:.0f} MB"
    )


def idle_cpu(engine: FreshnessEngine) -> None:
    ticks_before = engine.all_counters().get("ticks", 0)
    cpu_before, wall_before = time.process_time(), time.perf_counter()
    time.sleep(IDLE_WINDOW_S)
    cpu = time.process_time() - cpu_before
    wall = time.perf_counter() - wall_before
    ticks = engine.all_counters().get("ticks", 0) - ticks_before
    print(
        f"  idle: {cpu * 1000:.0f} ms CPU over {wall:.1f} s ({100 * cpu / wall:.2f} % of one "
        f"core), {ticks} idle polls (backoff up to 10 s)"
    )


def wipe(graph: Graph, repo: str, watcher_id: str) -> None:
    while True:
        rows = graph.run_text(
            "MATCH (n) WHERE n.repo = $repo OR (n:Repo AND n.id = $repo) "
            "WITH n LIMIT $batch DETACH DELETE n RETURN count(*) AS n",
            repo=repo,
            batch=WIPE_BATCH,
        )
        if not rows or rows[0]["n"] == 0:
            break
    graph.run_text("MATCH (a:Alert {repo_id: $repo}) DETACH DELETE a", repo=repo)
    graph.run_text("MATCH (w:Watcher {id: $id}) DETACH DELETE w", id=watcher_id)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=300)
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--burst", type=int, default=5000)
    parser.add_argument("--debounce-ms", type=int, default=DEFAULT_DEBOUNCE_MS)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    graph = open_graph(Settings(), start_managed=True)
    repo = f"bench-watch-{os.getpid()}"
    with tempfile.TemporaryDirectory(prefix="coderooms-watch-bench-") as scratch:
        root = Path(scratch) / "tree"
        paths = generate_tree(root, args.files, random.Random(args.seed))
        engine = FreshnessEngine(
            graph, [root], repos=[repo], options=WatchOptions(debounce_ms=args.debounce_ms)
        )
        try:
            started = time.perf_counter()
            engine.start()
            print(
                f"watch_latency: {args.files} files, debounce {engine.debounce_ms} ms; "
                f"catch-up {time.perf_counter() - started:.2f} s"
            )
            for atomic in (False, True):
                values = edit_latencies(
                    graph, root, repo, paths, args.edits, atomic, args.seed + int(atomic)
                )
                report_latencies("atomic save" if atomic else "plain write", values)
            batches = [r.latency_ms for t in engine.recent for r in t.roots if r.latency_ms]
            if batches:
                print(
                    f"  engine-measured first event → written: p50 "
                    f"{percentile(batches, 0.5):.0f} ms, p95 {percentile(batches, 0.95):.0f} ms"
                )
            idle_cpu(engine)
            if args.burst:
                burst(graph, engine, root, repo, args.burst)
        finally:
            engine.stop(drain=False)
            wipe(graph, repo, engine.watcher_id)
            graph.close()


if __name__ == "__main__":
    main()
