"""The first ingest after Neo4j starts against a warm one (issue 31, item 2; target 1.2x).

Each round, on the managed instance (`CODEROOMS_INSTANCE`; never an external `NEO4J_URI`):

1. `coderooms neo4j stop`, then `coderooms neo4j start` (timed: the start includes its
   warm-up, `warmed_s`, printed apart);
2. **cold**: `coderooms ingest CORPUS --full --embed off --json` under a fresh repo id, a new
   process, the first statements this instance runs after its start;
3. the repo removed (`coderooms repos remove`), then **warm**: the same ingest again under
   another fresh repo id (same process kind, same files, same empty repo), removed after.

Printed per round: the start's seconds, each ingest's wall time (the command, start to exit)
and its own `total_s` and `write_s`, the ratio cold ÷ warm of both, and the load average before
each ingest; then the medians. Run:

    CODEROOMS_INSTANCE=bench-cold PYTHONPATH=src python benchmarks/cold_start.py \
        --corpus /work/corpus/flask --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any


def coderooms(*args: str) -> tuple[float, str]:
    """Run the CLI in a new process: (wall seconds, stdout); a failure stops the benchmark."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "coderooms", *args], capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"coderooms {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return wall, done.stdout


def ingest(corpus: Path, label: str) -> dict[str, Any]:
    repo = f"bench-{label}-{uuid.uuid4().hex[:8]}"
    load = os.getloadavg()[0]
    wall, out = coderooms(
        "ingest", str(corpus), "--repo", repo, "--full", "--embed", "off", "--json"
    )
    (report,) = json.loads(out)
    coderooms("repos", "remove", repo)
    timings = report["timings"]
    return {
        "wall": wall,
        "total": timings["total_s"],
        "write": timings["write_s"],
        "load": load,
        "files": report["files_seen"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=Path("/work/corpus/flask"))
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if os.environ.get("NEO4J_URI"):
        sys.exit("this benchmark restarts the managed instance: unset NEO4J_URI")
    walls: list[float] = []
    totals: list[float] = []
    print(f"corpus {args.corpus}, instance {os.environ.get('CODEROOMS_INSTANCE', 'default')}")
    print(
        "round  start_s (warm-up)  cold wall/total/write  warm wall/total/write  "
        "ratio wall  total  load"
    )
    for n in range(1, args.rounds + 1):
        coderooms("neo4j", "stop")
        start_s, started = coderooms("neo4j", "start", "--json")
        warmed = json.loads(started).get("warmed_s") or 0.0
        cold = ingest(args.corpus, "cold")
        warm = ingest(args.corpus, "warm")
        walls.append(cold["wall"] / warm["wall"])
        totals.append(cold["total"] / warm["total"])
        print(
            f"{n:5}  {start_s:7.1f} ({warmed:5.1f})  "
            f"{cold['wall']:5.1f} / {cold['total']:5.1f} / {cold['write']:5.1f}     "
            f"{warm['wall']:5.1f} / {warm['total']:5.1f} / {warm['write']:5.1f}    "
            f"{walls[-1]:9.2f}  {totals[-1]:5.2f}  {cold['load']:.1f}, {warm['load']:.1f}",
            flush=True,
        )
    print(
        f"median cold ÷ warm: wall {statistics.median(walls):.2f}, "
        f"ingest total {statistics.median(totals):.2f} ({cold['files']} files)"
    )


if __name__ == "__main__":
    main()
