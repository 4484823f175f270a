"""The ingest ladder (issue 31, item 6): a full ingest paired with codegraph 1.6.1 on five rungs
of growing size, alternating, each rung's figures with the load average before and after it.

Rungs (`--rungs`, in this order by default; `--path NAME=DIR` points a rung elsewhere):

* `30k`: a ~30k-line Python repository: flask (`/work/corpus/flask`, 231 files, ~36k lines
  of all kinds, ~18k of them Python).
* `60k`: a ~60k-line Python repository: tornado (a `git archive` of tornadoweb/tornado at
  e530031, 322 files, ~58k lines, ~46k of them Python; `/work/tools/corpora/tornado`).
* `django`: Django 5.1.4's sdist (`pip download --no-deps --no-binary :all: django==5.1.4`,
  unpacked: 6,809 files, ~1.08M lines, ~474k of them Python; `/work/tools/corpora/django`).
* `stdlib`: the running interpreter's standard library (see corpora.py).
* `go`: Go's own source tree, `$(go env GOROOT)/src` (millions of lines).

A rung whose directory is missing is skipped and said so. Each contender ingests its own copy
(corpora.copy_corpus); every round runs every contender once, the order rotated per round.
coderooms runs as in ingest_paired.py (`benchmarks/ingest_worker.py`: `ingest_root(mode="full",
git=False, embed=False)` into a fresh repo; on a managed `bench-*` instance an emptied database
each round); codegraph as `codegraph init -y` after removing `.codegraph/`. Figures: coderooms'
ingest wall (and its process wall: interpreter, imports, connection), codegraph's process
wall, the per-round ratio, and each process's peak RSS (GNU time's %M, where /usr/bin/time
exists).
Run: `CODEROOMS_INSTANCE=bench-NAME PYTHONPATH=src:benchmarks python benchmarks/ingest_ladder.py
--codegraph /work/tools/codegraph/node_modules/.bin/codegraph --rungs 30k,60k,django
[--rounds 2] [--ref COMMIT] [--json PATH]`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from corpora import copy_corpus, stdlib_corpus
from ingest_paired import (
    CHECKOUT,
    HERE,
    WORKER_TIMEOUT_S,
    describe,
    extract_ref,
    fresh_database,
)

GNU_TIME = "/usr/bin/time"
RSS_MARK = "peak-rss-kib="


@dataclass(frozen=True, slots=True)
class Rung:
    name: str
    description: str
    root: Path | None


def go_source() -> Path | None:
    go = shutil.which("go")
    if go is None:
        return None
    done = subprocess.run([go, "env", "GOROOT"], capture_output=True, text=True, check=False)
    return Path(done.stdout.strip()) / "src" if done.returncode == 0 and done.stdout else None


def default_rungs() -> dict[str, Rung]:
    return {
        "30k": Rung("30k", "flask (~36k lines)", Path("/work/corpus/flask")),
        "60k": Rung("60k", "tornado (~58k lines)", Path("/work/tools/corpora/tornado")),
        "django": Rung("django", "Django 5.1.4 (~1.08M lines)", Path("/work/tools/corpora/django")),
        "stdlib": Rung("stdlib", "the Python standard library", stdlib_corpus().root),
        "go": Rung("go", "Go's own source tree", go_source()),
    }


def measured(command: list[str], env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str],
                                                                 float, int | None]:  # fmt: skip
    """Run `command`: its result, its wall seconds and its peak RSS in KiB (None without GNU
    time)."""
    wrap = [GNU_TIME, "-f", f"{RSS_MARK}%M"] if Path(GNU_TIME).exists() else []
    started = time.perf_counter()
    done = subprocess.run(wrap + command, env=env, capture_output=True, text=True,
                          timeout=WORKER_TIMEOUT_S, check=False)  # fmt: skip
    elapsed = time.perf_counter() - started
    rss = None
    for line in done.stderr.splitlines()[::-1]:
        if line.startswith(RSS_MARK):
            rss = int(line[len(RSS_MARK) :])
            break
    return done, elapsed, rss


def run_coderooms(src: Path, root: Path, repo: str, out: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": f"{src / 'src'}{os.pathsep}{HERE}"}
    command = [sys.executable, str(HERE / "ingest_worker.py"), str(root), repo, str(out)]
    if fresh_database():
        command.append("--fresh")
    done, elapsed, rss = measured(command, env)
    if done.returncode != 0:
        raise RuntimeError(f"coderooms worker failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(out.read_text())
    result.update(process_s=elapsed, rss_kib=rss)
    return result


def run_codegraph(binary: str, root: Path) -> dict[str, Any]:
    shutil.rmtree(root / ".codegraph", ignore_errors=True)
    env = {**os.environ, "CODEGRAPH_TELEMETRY": "0", "NO_COLOR": "1"}
    done, elapsed, rss = measured([binary, "init", "-y", str(root)], env)
    if done.returncode != 0:
        raise RuntimeError(f"codegraph failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    summary = [line for line in done.stdout.splitlines() if "nodes" in line and "edges" in line]
    return {"process_s": elapsed, "rss_kib": rss,
            "summary": summary[-1].strip(" ●│") if summary else ""}  # fmt: skip


def size_of(root: Path) -> tuple[int, int]:
    """Files and lines (newlines) of a corpus copy."""
    files = lines = 0
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            files += 1
            lines += path.read_bytes().count(b"\n")
    return files, lines


def figure(name: str, row: dict[str, Any]) -> float:
    return float(row["process_s"] if name == "codegraph" else row["ingest_s"])


def climb(rung: Rung, contenders: list[tuple[str, Path | None]], args: argparse.Namespace,
          scratch: Path) -> dict[str, Any]:  # fmt: skip
    assert rung.root is not None
    loads = [round(x, 2) for x in os.getloadavg()]
    roots = {name: copy_corpus(rung.root, scratch / f"{rung.name}-{i}")
             for i, (name, _) in enumerate(contenders)}  # fmt: skip
    files, lines = size_of(next(iter(roots.values())))
    print(f"\nrung {rung.name}: {rung.description}, {files:,} files, {lines:,} lines; "
          f"load average {loads}", flush=True)  # fmt: skip
    results: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in contenders}
    for round_no in range(args.rounds):
        shift = round_no % len(contenders)
        for serial, (name, src) in enumerate(contenders[shift:] + contenders[:shift]):
            if src is None:
                result = run_codegraph(args.codegraph, roots[name])
                line = f"{result['process_s']:.1f} s ({result['summary']})"
            else:
                out = scratch / f"{rung.name}-{round_no}-{serial}.json"
                repo = f"bench-ladder-{os.getpid()}-{rung.name}-{round_no}-{serial}"
                result = run_coderooms(src, roots[name], repo, out)
                line = describe(result)
            rss = result.get("rss_kib")
            line += f"; peak RSS {rss / 1024:.0f} MiB" if rss else ""
            results[name].append(result)
            print(f"  round {round_no + 1}  {name:<22} {line}", flush=True)
    for name, _ in contenders:
        shutil.rmtree(roots[name], ignore_errors=True)
    loads_after = [round(x, 2) for x in os.getloadavg()]
    summary = summarize(results)
    print(f"  load average after the rung {loads_after}")
    return {"rung": rung.name, "description": rung.description, "root": str(rung.root),
            "files": files, "lines": lines, "load_before": loads, "load_after": loads_after,
            "results": results, "summary": summary}  # fmt: skip


def summarize(results: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    medians = {name: statistics.median(figure(name, r) for r in rows)
               for name, rows in results.items() if rows}  # fmt: skip
    base = results.get("codegraph")
    summary: dict[str, Any] = {"medians_s": medians, "ratios": {}}
    for name, rows in results.items():
        rss = [r["rss_kib"] for r in rows if r.get("rss_kib")]
        peak = f", peak RSS {max(rss) / 1024:.0f} MiB" if rss else ""
        if base is None or name == "codegraph":
            print(f"  median {name:<22} {medians[name]:6.1f} s{peak}")
            continue
        pairs = zip(rows, base, strict=False)
        ratios = [figure(name, a) / figure("codegraph", b) for a, b in pairs]
        summary["ratios"][name] = ratios
        shown = ", ".join(f"{r:.2f}" for r in ratios)
        process = statistics.median(r["process_s"] for r in rows)
        print(f"  median {name:<22} {medians[name]:6.1f} s (process {process:.1f} s){peak}; "
              f"÷ codegraph per round {shown}, median {statistics.median(ratios):.2f}")  # fmt: skip
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rungs", default="30k,60k,django,stdlib,go")
    parser.add_argument("--path", action="append", default=[], help="NAME=DIR: a rung's corpus")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--codegraph", help="path of the codegraph binary (npm, 1.6.1)")
    parser.add_argument("--ref", action="append", default=[], help="an older commit to pair")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rungs = default_rungs()
    for override in args.path:
        name, _, directory = override.partition("=")
        if name not in rungs or not directory:
            parser.error(f"--path wants NAME=DIR with NAME one of {', '.join(rungs)}")
        rungs[name] = Rung(name, f"{directory}", Path(directory))
    wanted = [name.strip() for name in args.rungs.split(",") if name.strip()]
    unknown = [name for name in wanted if name not in rungs]
    if unknown:
        parser.error(f"unknown rungs {unknown}: choose from {', '.join(rungs)}")
    print(f"{os.cpu_count()} cpus, load average {[round(x, 2) for x in os.getloadavg()]}")
    report: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="coderooms-ladder-") as scratch_name:
        scratch = Path(scratch_name)
        contenders: list[tuple[str, Path | None]] = [("coderooms", CHECKOUT)]
        contenders += [(f"coderooms@{ref}", extract_ref(ref, scratch)) for ref in args.ref]
        if args.codegraph:
            contenders.append(("codegraph", None))
        for name in wanted:
            rung = rungs[name]
            if rung.root is None or not rung.root.is_dir():
                print(f"\nrung {name}: skipped, {rung.root or 'no directory'} is not here")
                report.append({"rung": name, "skipped": f"{rung.root} missing"})
                continue
            report.append(climb(rung, contenders, args, scratch))
            if args.json:  # after every rung: a long ladder cut short keeps what it measured
                args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
