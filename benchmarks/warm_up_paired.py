"""The first full ingest after a Neo4j start against the next one, the start's warm-up being
this checkout's or an older commit's, alternating (issue 31, item 2; target first ÷ next ≤ 1.2).

Each cycle, for each warm-up (this checkout's, then `--ref`'s; the order swapped every other
cycle), on the managed instance (`CODEROOMS_INSTANCE`, which must be a `bench-*` one: its
database is emptied): stop, remove the `neo4j` database, start, run the warm-up as `coderooms
neo4j start` does (`cli/warm_start.warm_if_cold`, in a process importing that commit's `src/`;
timed), then two full ingests of CORPUS into new repos with this checkout's code
(`ingest_worker.py`, as ingest_paired.py runs it): the first after the start, then the next.
Printed per cycle: the warm-up's seconds, both ingests' `ingest_root` wall and write phase,
first ÷ next, and the load; then per warm-up the ratios and their median. Run:

    CODEROOMS_INSTANCE=bench-NAME PYTHONPATH=src:benchmarks python benchmarks/warm_up_paired.py \
        --corpus /work/corpus/flask --ref COMMIT --cycles 3
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
from pathlib import Path

from ingest_paired import CHECKOUT, HERE, WORKER_TIMEOUT_S, extract_ref

WARM = (
    "from coderooms.config import Settings; from coderooms.connect import open_graph; "
    "from coderooms.cli.warm_start import warm_if_cold; s = Settings(); g = open_graph(s); "
    "print(warm_if_cold(s, g)); g.close()"
)


def fresh_start(src: Path) -> float:
    """Empty the instance's database, start it, warm it with `src`'s warm-up: its seconds."""
    from coderooms.config import Settings
    from coderooms.neo4j_local.instance import Instance

    settings = Settings()
    if settings.neo4j_uri is not None or not settings.instance.startswith("bench-"):
        raise SystemExit("needs a managed bench-* instance (CODEROOMS_INSTANCE=bench-NAME)")
    instance = Instance(settings)
    instance.stop()
    for folder in ("databases", "transactions"):
        shutil.rmtree(instance.data_dir / folder / "neo4j", ignore_errors=True)
    instance.start()
    env = {**os.environ, "PYTHONPATH": str(src / "src")}
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", WARM], env=env, check=True, capture_output=True,
                   timeout=WORKER_TIMEOUT_S)  # fmt: skip
    return time.perf_counter() - started


def ingest(corpus: Path, repo: str, out: Path) -> tuple[float, float]:
    """(ingest_root wall, write phase) of one full ingest with this checkout's code."""
    env = {**os.environ, "PYTHONPATH": f"{CHECKOUT / 'src'}{os.pathsep}{HERE}"}
    command = [sys.executable, str(HERE / "ingest_worker.py"), str(corpus), repo, str(out)]
    subprocess.run([*command, "--fresh"], env=env, check=True, capture_output=True,
                   timeout=WORKER_TIMEOUT_S)  # fmt: skip
    result = json.loads(out.read_text())
    return float(result["ingest_s"]), float(result["timings"]["write_s"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=Path("/work/corpus/flask"))
    parser.add_argument("--ref", required=True, help="the older commit whose warm-up to pair")
    parser.add_argument("--cycles", type=int, default=3)
    args = parser.parse_args()
    ratios: dict[str, list[float]] = {"this checkout": [], args.ref: []}
    with tempfile.TemporaryDirectory(prefix="coderooms-warm-paired-") as scratch_name:
        scratch = Path(scratch_name)
        sources = {"this checkout": CHECKOUT, args.ref: extract_ref(args.ref, scratch)}
        serial = 0
        for cycle in range(args.cycles):
            names = list(sources) if cycle % 2 == 0 else list(reversed(sources))
            for name in names:
                load = os.getloadavg()[0]
                warm_s = fresh_start(sources[name])
                serial += 1
                first = ingest(args.corpus, f"bench-warm-{os.getpid()}-{serial}a", scratch / "a")
                nxt = ingest(args.corpus, f"bench-warm-{os.getpid()}-{serial}b", scratch / "b")
                ratios[name].append(first[0] / nxt[0])
                print(f"cycle {cycle + 1}  warm-up of {name:<14} {warm_s:5.1f} s; first "
                      f"{first[0]:.2f} s (write {first[1]:.2f}), next {nxt[0]:.2f} s (write "
                      f"{nxt[1]:.2f}); first / next {first[0] / nxt[0]:.2f}; load "
                      f"{load:.1f}-{os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
    for name, values in ratios.items():
        shown = ", ".join(f"{r:.2f}" for r in values)
        print(f"warm-up of {name}: first / next per cycle {shown}; "
              f"median {statistics.median(values):.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
