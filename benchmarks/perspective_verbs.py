"""Perspective verb latency on the standard-library graph (`bench-stdlib-keep`), state
persistence in Neo4j included (target of the perspective issue: p95 <= 50 ms).

Measured through the verb functions the MCP tools call (`perspective.lifecycle`, `moves`,
`reading`):
- `perspective_start` on --calls seeded random functions/methods (each closed again, untimed);
- `perspective_follow` along a seeded random walk (a random non-ghost route each step; `back`,
  untimed, when a focus has no route to follow);
- `perspective_routes` of a cached route set (random page), and after the graph moved
  (`ingest/bump_generation`, the statement every changeset runs): reconcile + resynthesis;
- the parts of a move: state load, compare-and-set save, and route synthesis alone.
Warm-up calls are not counted. Run: `python benchmarks/perspective_verbs.py
[--calls N] [--seed N]` with CODEROOMS_HOME pointing at the managed instance.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.graph.driver import Graph
from coderooms.perspective import lifecycle, moves, reading, store
from coderooms.perspective.requests import (
    BackArguments,
    CloseArguments,
    FollowArguments,
    RoutesArguments,
    StartArguments,
)
from coderooms.perspective.routes import synthesize_routes
from stdlib_graph import ensure_stdlib_graph

WARMUP = 10
FOCI = "MATCH (s:Function|Method {repo: $repo}) RETURN s.id AS id ORDER BY s.id"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = fn()
    return (time.perf_counter() - started) * 1000, result


def report(name: str, samples: list[float]) -> None:
    print(
        f"{name:34s} n={len(samples):4d}  p50={statistics.median(samples):7.1f} ms  "
        f"p95={percentile(samples, 0.95):7.1f} ms  max={max(samples):7.1f} ms"
    )


def bench_start(graph: Graph, agent: str, repo: str, foci: list[str], calls: int) -> list[float]:
    samples = []
    for i, focus in enumerate(foci[: calls + WARMUP]):
        ms, started = timed(
            lambda f=focus: lifecycle.start(graph, agent, StartArguments(f, repo=repo))
        )
        lifecycle.close(graph, agent, CloseArguments(started["perspective_id"]))
        if i >= WARMUP:
            samples.append(ms)
    return samples


def bench_follow(
    graph: Graph, agent: str, repo: str, focus: str, calls: int, rng: random.Random
) -> tuple[list[float], str]:
    state = lifecycle.start(graph, agent, StartArguments(focus, repo=repo))
    pid, samples = state["perspective_id"], []
    while len(samples) < calls + WARMUP:
        options = [r for r in all_routes(graph, agent, pid) if r["target_label"] != "ghost"]
        if not options:
            state = moves.back(graph, agent, BackArguments(pid))
            continue
        pick = rng.choice(options)
        version = state["route_set_version"]
        route_id = pick["route_id"]
        ms, state = timed(
            lambda v=version, r=route_id: moves.follow(graph, agent, FollowArguments(pid, v, r))
        )
        samples.append(ms)
    return samples[WARMUP:], pid


def all_routes(graph: Graph, agent: str, pid: str) -> list[dict[str, Any]]:
    first = reading.routes(graph, agent, RoutesArguments(pid, 1, 10))
    found = list(first["routes"])
    for page in range(2, first["total_pages"] + 1):
        found += reading.routes(graph, agent, RoutesArguments(pid, page, 10))["routes"]
    return found


def bench_routes(
    graph: Graph, agent: str, pid: str, repo: str, calls: int, rng: random.Random
) -> tuple[list[float], list[float]]:
    pages = reading.routes(graph, agent, RoutesArguments(pid, 1, 6))["total_pages"]
    cached = []
    for i in range(calls + WARMUP):
        ms, _ = timed(
            lambda: reading.routes(graph, agent, RoutesArguments(pid, rng.randint(1, pages), 6))
        )
        if i >= WARMUP:
            cached.append(ms)
    rebuilt = []
    for i in range(calls // 4 + WARMUP):
        graph.write("ingest/bump_generation", repo=repo)
        ms, result = timed(lambda: reading.routes(graph, agent, RoutesArguments(pid, 1, 6)))
        assert result["resynthesized"], result
        if i >= WARMUP:
            rebuilt.append(ms)
    return cached, rebuilt


def bench_parts(graph: Graph, agent: str, pid: str, calls: int) -> dict[str, list[float]]:
    """Where a follow's time goes: the state round trips (load; compare-and-set save) against
    the route synthesis of H4's `synthesize_routes` at the same focus."""
    parts: dict[str, list[float]] = {"load": [], "save": [], "synthesis": []}
    for i in range(calls + WARMUP):
        ms_load, loaded = timed(lambda: store.load(graph, agent, pid))
        state = loaded.state
        moved = dataclasses.replace(state, route_set_version=state.route_set_version + 1)
        ms_save, saved = timed(
            lambda m=moved, v=state.route_set_version: store.save(graph, m, expected_version=v)
        )
        assert saved
        ms_synth, _ = timed(lambda s=state: synthesize_routes(graph, s.focus, s.lens))
        if i >= WARMUP:
            parts["load"].append(ms_load)
            parts["save"].append(ms_save)
            parts["synthesis"].append(ms_synth)
    return parts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=120)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    graph = open_graph(Settings())
    agent = f"bench-perspective-{os.getpid()}"
    try:
        repo = ensure_stdlib_graph(graph)
        foci = [row["id"] for row in graph.run_text(FOCI, repo=repo)]
        rng.shuffle(foci)
        print(f"{repo}: {len(foci)} functions and methods to focus", file=sys.stderr)
        report("perspective_start", bench_start(graph, agent, repo, foci, args.calls))
        follow, pid = bench_follow(graph, agent, repo, foci[-1], args.calls, rng)
        report("perspective_follow", follow)
        cached, rebuilt = bench_routes(graph, agent, pid, repo, args.calls, rng)
        report("perspective_routes (cached set)", cached)
        report("perspective_routes (graph moved)", rebuilt)
        for name, samples in bench_parts(graph, agent, pid, args.calls).items():
            report(f"  part: {name}", samples)
    finally:
        for item in lifecycle.list_perspectives(graph, agent)["perspectives"]:
            lifecycle.close(graph, agent, CloseArguments(item["perspective_id"]))
        graph.close()


if __name__ == "__main__":
    main()
