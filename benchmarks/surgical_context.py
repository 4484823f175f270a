"""surgical_context / surgical_context_v2 latency on the standard-library graph: p50/p95/max
over a fixed set of files of varied size, hubs included (typing.py, os.py, logging/__init__.py,
json/decoder.py, unittest/case.py with ~10,000 incoming call edges).

Each verb is called through its ToolSpec function, as the MCP server calls it (path resolution,
disk hash, neighbour queries, ranking, and for v2 the proof mark at ready_to_edit). One warm-up
pass over every file is not counted (Neo4j plans, page cache). Prints figures; asserts nothing.

    PYTHONPATH=. python benchmarks/surgical_context.py [--rounds 5] [--no-refresh] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.surgical.context_tools import surgical_context_tools
from coderooms.verbs.context import AppContext, GraphProvider
from stdlib_graph import REPO, ensure_stdlib_graph

FILES = [
    "typing.py", "os.py", "logging/__init__.py", "json/decoder.py", "json/__init__.py",
    "unittest/case.py", "re/__init__.py", "re/_parser.py", "collections/__init__.py",
    "asyncio/base_events.py", "argparse.py", "pathlib.py", "subprocess.py", "functools.py",
    "dataclasses.py", "inspect.py", "email/message.py", "http/client.py", "shutil.py",
    "tempfile.py", "textwrap.py", "abc.py", "enum.py", "csv.py", "urllib/parse.py",
]  # fmt: skip
AGENT = "bench-surgical-context"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(
    verbs: dict[str, Callable[..., dict[str, Any]]], files: list[str], rounds: int
) -> tuple[dict[str, list[float]], dict[str, dict[str, list[float]]], dict[str, Any]]:
    """Both verbs on each file in turn (so both see the same machine load), `rounds` times."""
    answers = {path: verbs["surgical_context_v2"](AGENT, path=path, repo=REPO) for path in files}
    for path in files:  # warm-up, not counted
        verbs["surgical_context"](AGENT, path=path, repo=REPO)
    samples: dict[str, list[float]] = {name: [] for name in verbs}
    per_file: dict[str, dict[str, list[float]]] = {name: {p: [] for p in files} for name in verbs}
    for _ in range(rounds):
        for path in files:
            for name, verb in verbs.items():
                started = time.perf_counter()
                verb(AGENT, path=path, repo=REPO)
                elapsed = (time.perf_counter() - started) * 1000
                samples[name].append(elapsed)
                per_file[name][path].append(elapsed)
    return samples, per_file, answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="passes over the file set")
    parser.add_argument("--no-refresh", action="store_true", help="skip the incremental ingest")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    settings = Settings()
    graph = open_graph(settings)
    try:
        if not args.no_refresh:
            ensure_stdlib_graph(graph)
        ctx = AppContext(settings=settings, graphs=GraphProvider.ready(settings, graph))
        verbs = {spec.name: spec.fn for spec in surgical_context_tools(ctx)}
        figures: dict[str, Any] = {"files": len(FILES), "rounds": args.rounds,
                                   "load_average": os.getloadavg()}  # fmt: skip
        all_samples, all_per_file, answers = measure(verbs, FILES, args.rounds)
        for name in ("surgical_context", "surgical_context_v2"):
            samples, per_file = all_samples[name], all_per_file[name]
            slowest = sorted(per_file, key=lambda p: -statistics.median(per_file[p]))[:3]
            figures[name] = {
                "calls": len(samples),
                "p50_ms": round(statistics.median(samples), 2),
                "p95_ms": round(percentile(samples, 0.95), 2),
                "max_ms": round(max(samples), 2),
                "slowest_files_p50_ms": {
                    p: round(statistics.median(per_file[p]), 2) for p in slowest
                },
            }
            print(
                f"{name:22} {len(samples)} calls over {len(FILES)} files: "
                f"p50 {figures[name]['p50_ms']:.1f} ms  p95 {figures[name]['p95_ms']:.1f} ms  "
                f"max {figures[name]['max_ms']:.1f} ms  slowest (p50) "
                f"{figures[name]['slowest_files_p50_ms']}"
            )
        states: dict[str, int] = {}
        for answer in answers.values():
            for key in [answer["proof_state"], *(r["code"] for r in answer["reasons"])]:
                states[key] = states.get(key, 0) + 1
        figures["surgical_context_v2"]["proof_states"] = states
        print(f"proof states and reasons (v2, default max_connected): {states}")
        print(f"load average during the run: {figures['load_average']}")
        if args.json:
            args.json.write_text(json.dumps(figures, indent=2))
    finally:
        graph.close()


if __name__ == "__main__":
    main()
