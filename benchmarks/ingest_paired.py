"""Paired full-ingest benchmark: coderooms (this checkout, and optionally older commits of it)
against codegraph, on the same files, in one run, alternating, a fresh graph or index each round.

Each contender ingests its own copy of the corpus (the Python standard library by default, see
corpora.py; copied without the directories the walker excludes), so codegraph's `.codegraph/`
never lands in the tree coderooms walks. Every round runs every contender once; the order is
rotated from round to round so that no contender always runs first on a cooled-down host.

* `coderooms` (`--ref HEAD~1` adds `coderooms@HEAD~1`: that commit's `src/` and `cypher/`,
  extracted with `git archive` into a scratch directory) runs in a subprocess of its own:
  `ingest_root(mode="full", git=False, embed=False)` into a fresh repo `bench-paired-<pid>-<n>`
  (what `coderooms ingest --full --no-embed` does), deleted again after the round (not timed).
  With the managed instance named `bench-*` (CODEROOMS_INSTANCE), each such round starts on an
  empty database: the instance is stopped, its `neo4j` database's store and transaction logs
  are removed, and it is started again, then migrated and warmed as `coderooms neo4j start`
  does (not timed; `CODEROOMS_BENCH_COLD=1`: neither); elsewhere the worker deletes its repo
  after the round instead.
  Figures: the ingest's wall time and its phases (walk, parse, write), and the process's wall
  time with interpreter start-up and `open_graph`.
* `codegraph` (`--codegraph PATH`: the `codegraph` binary of `npm install
  @colbymchenry/codegraph@1.6.1` into a scratch prefix, done beforehand; telemetry off):
  `.codegraph/` removed, then `codegraph init -y` on its copy; the process's wall time.

`--profile` adds one more coderooms round (not counted among the timed ones) with every write
statement timed (wall, server-side available + consumed, rows, transactions) and the first batch
of each bulk statement run under PROFILE (db hits and page-cache hits/misses per operator);
the planning (reads, resolution, row building) and the write phase are timed apart.
Run: `PYTHONPATH=src:benchmarks python benchmarks/ingest_paired.py --rounds 3
--codegraph /tmp/cg/node_modules/.bin/codegraph [--ref REF] [--profile] [--json PATH]`.
Needs the Neo4j `coderooms` finds (use a benchmark instance: CODEROOMS_INSTANCE=bench-...).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parent
WORKER_TIMEOUT_S = 1800
WARM = os.environ.get("CODEROOMS_BENCH_COLD") != "1"
"""Each emptied database is warmed as `coderooms neo4j start` warms it (migrations and
`warm_ingest`, not timed), so that a round measures the ingest a user runs after that start;
CODEROOMS_BENCH_COLD=1 leaves it cold (the statements' plans compile inside the timed ingest:
flask's write took 40 s instead of ~10 at load 25, issue 31)."""


def extract_ref(ref: str, scratch: Path) -> Path:
    """`src/` and `cypher/` of commit `ref`, as a checkout layout under `scratch`."""
    target = scratch / f"ref-{ref.replace('/', '_').replace('~', '_')}"
    target.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(CHECKOUT), "archive", ref, "src", "cypher"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def fresh_database() -> bool:
    """Empty the managed benchmark instance's `neo4j` database (stop, remove, start); False
    where the instance is not a managed `bench-*` one (then the worker deletes its repo)."""
    from coderooms.config import Settings

    settings = Settings()
    if settings.neo4j_uri is not None or not settings.instance.startswith("bench-"):
        return False
    from coderooms.neo4j_local.instance import Instance

    instance = Instance(settings)
    instance.stop()
    for folder in ("databases", "transactions"):
        shutil.rmtree(instance.data_dir / folder / "neo4j", ignore_errors=True)
    instance.start()
    if WARM:  # what `coderooms neo4j start` does after the start: migrations, then the warm-up
        from coderooms.cli.warm_start import warm_if_cold
        from coderooms.connect import open_graph

        graph = open_graph(settings)
        try:
            warm_if_cold(settings, graph)
        finally:
            graph.close()
    return True


def run_coderooms(src: Path, root: Path, repo: str, *, profile: bool, out: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": f"{src / 'src'}{os.pathsep}{HERE}"}
    command = [sys.executable, str(HERE / "ingest_worker.py"), str(root), repo, str(out)]
    if profile:
        command.append("--profile")
    if fresh_database():
        command.append("--fresh")
    started = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True,
                          timeout=WORKER_TIMEOUT_S, check=False)  # fmt: skip
    process_s = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"coderooms worker failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(out.read_text())
    result["process_s"] = process_s
    return result


def run_codegraph(binary: str, root: Path) -> dict[str, Any]:
    shutil.rmtree(root / ".codegraph", ignore_errors=True)
    env = {**os.environ, "CODEGRAPH_TELEMETRY": "0", "NO_COLOR": "1"}
    started = time.perf_counter()
    done = subprocess.run([binary, "init", "-y", str(root)], env=env, capture_output=True,
                          text=True, timeout=WORKER_TIMEOUT_S, check=False)  # fmt: skip
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"codegraph failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    summary = [line for line in done.stdout.splitlines() if "nodes" in line and "edges" in line]
    return {"process_s": elapsed, "summary": summary[-1].strip(" ●│") if summary else ""}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--codegraph", help="path of the codegraph binary (npm, 1.6.1)")
    parser.add_argument("--ref", action="append", default=[], help="an older commit to pair")
    parser.add_argument("--corpus", type=Path, help="a directory (default: the stdlib)")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--only-refs", action="store_true", help="leave this checkout out (the refs only)"
    )
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    from corpora import copy_corpus, stdlib_corpus

    source = args.corpus or stdlib_corpus().root
    loads = [round(x, 2) for x in os.getloadavg()]
    print(f"python {platform.python_version()}, {os.cpu_count()} cpus, load average {loads}")
    print(f"corpus {source}")
    contenders: list[tuple[str, Path | None]] = [] if args.only_refs else [("coderooms", CHECKOUT)]
    results: dict[str, list[dict[str, Any]]] = {} if args.only_refs else {"coderooms": []}
    with tempfile.TemporaryDirectory(prefix="coderooms-paired-") as scratch_name:
        scratch = Path(scratch_name)
        for ref in args.ref:
            contenders.append((f"coderooms@{ref}", extract_ref(ref, scratch)))
            results[f"coderooms@{ref}"] = []
        if args.codegraph:
            contenders.append(("codegraph", None))
            results["codegraph"] = []
        profiled_src = contenders[0][1] or CHECKOUT
        roots = {name: copy_corpus(source, scratch / f"corpus-{i}") for i, (name, _) in
                 enumerate(contenders)}  # fmt: skip
        serial = 0
        if args.profile:
            serial += 1
            out = scratch / "profile.json"
            repo = f"bench-paired-{os.getpid()}-p"
            root = roots[contenders[0][0]]
            profiled = run_coderooms(profiled_src, root, repo, profile=True, out=out)
            print_profile(profiled)
        for round_no in range(args.rounds):
            shift = round_no % len(contenders)
            for name, src in contenders[shift:] + contenders[:shift]:
                serial += 1
                if src is None:
                    result = run_codegraph(args.codegraph, roots[name])
                    line = f"{result['process_s']:.1f} s ({result['summary']})"
                else:
                    out = scratch / f"round-{serial}.json"
                    repo = f"bench-paired-{os.getpid()}-{serial}"
                    result = run_coderooms(src, roots[name], repo, profile=False, out=out)
                    line = describe(result)
                results[name].append(result)
                print(f"round {round_no + 1}  {name:<22} {line}", flush=True)
    print_summary(results)
    loads_after = [round(x, 2) for x in os.getloadavg()]
    print(f"load average at the end {loads_after}")
    if args.json:
        payload = {"load_before": loads, "load_after": loads_after, "results": results}
        args.json.write_text(json.dumps(payload, indent=2) + "\n")


def describe(result: dict[str, Any]) -> str:
    t = result["timings"]
    return (
        f"{result['ingest_s']:.1f} s (walk {t['walk_s']:.1f}, parse {t['parse_s']:.1f}, "
        f"write {t['write_s']:.1f}; process {result['process_s']:.1f} s; "
        f"{result['nodes']:,} nodes, {result['edges']:,} edges)"
    )


def print_summary(results: dict[str, list[dict[str, Any]]]) -> None:
    def figure(name: str, row: dict[str, Any]) -> float:
        return float(row["process_s"] if name == "codegraph" else row["ingest_s"])

    medians = {name: statistics.median(figure(name, r) for r in rows)
               for name, rows in results.items() if rows}  # fmt: skip
    print("\nmedians (coderooms: ingest_root wall; codegraph: process wall)")
    base = medians.get("codegraph")
    for name, value in medians.items():
        ratio = f"  {value / base:.2f}x codegraph" if base and name != "codegraph" else ""
        if name.startswith("coderooms"):
            writes = statistics.median(r["timings"]["write_s"] for r in results[name])
            process = statistics.median(r["process_s"] for r in results[name])
            print(f"  {name:<22} {value:6.1f} s (write {writes:.1f}; process {process:.1f}){ratio}")
        else:
            print(f"  {name:<22} {value:6.1f} s{ratio}")
    # per-round ratios against the first contender: the paired figure
    first = next(iter(results))
    for name, rows in results.items():
        if name == first or not rows:
            continue
        pairs = zip(results[first], rows, strict=False)
        ratios = [figure(first, a) / figure(name, b) for a, b in pairs]
        shown = ", ".join(f"{r:.2f}" for r in ratios)
        print(f"  {first} / {name}: per round {shown}; median {statistics.median(ratios):.2f}")


def print_profile(result: dict[str, Any]) -> None:
    profile = result["profile"]
    print(f"\nprofile round: {describe(result)}")
    phases = profile["phases"]
    print(
        "  write phase: plan (graph reads, resolution, row building) "
        f"{phases['plan_s']:.2f} s, apply (statements + commits) {phases['apply_s']:.2f} s, "
        f"of which rows as dicts (EdgeRow.as_row) {phases['edge_rows_s']:.2f} s"
    )
    print(
        f"  {'statement':<34} {'calls':>5} {'rows':>8} {'wall s':>7} {'server s':>8} "
        f"{'rows/s*':>8} {'MiB sent':>8} {'commit s':>8}"
    )
    commits = profile.get("commits", {})
    for name, s in sorted(profile["statements"].items(), key=lambda kv: -kv[1]["wall_s"]):
        spent = s["wall_s"] + commits.get(name, 0.0)
        rate = s["rows"] / spent if spent else 0.0
        print(
            f"  {name:<34} {s['calls']:>5} {s['rows']:>8,} {s['wall_s']:>7.2f} "
            f"{s['server_s']:>8.2f} {rate:>8,.0f} {s['bytes'] / 2**20:>8.1f} "
            f"{commits.get(name, 0.0):>8.2f}"
        )
    print("  * rows/s: rows over statement wall plus commit wall")
    print(f"  transactions committed: {profile['transactions']}, commit wall "
          f"{profile['commit_s']:.2f} s (summed over writer threads)")  # fmt: skip
    for name, plan in profile["plans"].items():
        print(f"  PROFILE {name} ({plan['rows']:,} rows, {plan['db_hits']:,} db hits, "
              f"page cache {plan['hits']:,} hits / {plan['misses']:,} misses)")  # fmt: skip
        for operator in plan["operators"]:
            print(f"      {operator}")


if __name__ == "__main__":
    main()
