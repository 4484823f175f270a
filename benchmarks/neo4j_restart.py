"""How coderooms' graph handle rides a Neo4j restart (issue 29, class 8; target: calls answer or
fail within 3 s of Neo4j becoming ready or unreachable).

A managed local instance (`--instance`, default `bench-restart`; started when it is not) is
stopped (SIGTERM) and started again while two probes run, each one call after another:

- `coderooms`: one `Graph` handle opened before the restart, as a server holds it, calling the
  named statement `graph/server_version`;
- `neo4j`: Neo4j's own answer, a fresh driver per attempt (`RETURN 1` on the database).

Printed: how long coderooms' calls took while Neo4j was down or starting (the longest is the
time a call hangs), when Neo4j first answered again, and how long after that coderooms' first
call succeeded (a call that *started* after Neo4j answered). Figures are per run; run a few.
Run: `python benchmarks/neo4j_restart.py [--instance NAME] [--restarts N]`.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from dataclasses import dataclass, field

from neo4j import GraphDatabase

from coderooms.config import Settings
from coderooms.errors import CoderoomsError
from coderooms.graph.driver import Connection, Graph
from coderooms.neo4j_local.instance import Instance

PROBE_PAUSE_S = 0.05
TRUTH_TIMEOUT_S = 1.0


@dataclass
class Calls:
    """(started, ended, ok, error code) of each call of one probe."""

    rows: list[tuple[float, float, bool, str]] = field(default_factory=list)

    def first_ok_started_after(self, moment: float) -> float | None:
        return next((s for s, _, ok, _ in self.rows if ok and s >= moment), None)

    def first_ok_ended_after(self, moment: float) -> float | None:
        return next((e for s, e, ok, _ in self.rows if ok and e >= moment), None)


def coderooms_probe(graph: Graph, calls: Calls, stop: threading.Event) -> None:
    while not stop.is_set():
        started = time.monotonic()
        try:
            graph.read("graph/server_version")
        except CoderoomsError as e:
            calls.rows.append((started, time.monotonic(), False, e.code))
        else:
            calls.rows.append((started, time.monotonic(), True, ""))
        time.sleep(PROBE_PAUSE_S)


def neo4j_probe(connection: Connection, calls: Calls, stop: threading.Event) -> None:
    while not stop.is_set():
        started = time.monotonic()
        try:
            with GraphDatabase.driver(
                connection.uri,
                auth=(connection.user, connection.password),
                connection_timeout=TRUTH_TIMEOUT_S,
                max_transaction_retry_time=0,
            ) as driver:
                driver.execute_query("RETURN 1", database_=connection.database)
        except Exception as e:
            calls.rows.append((started, time.monotonic(), False, type(e).__name__))
        else:
            calls.rows.append((started, time.monotonic(), True, ""))
        time.sleep(PROBE_PAUSE_S)


AFTER_START_WAIT_S = 60.0
"""How long after the start the probes may take to see an answer before the run gives up."""


def restart_once(instance: Instance, graph: Graph) -> tuple[dict[str, float], list[str]]:
    """The figures of one restart, and the error codes coderooms' calls answered."""
    ours, theirs, stop = Calls(), Calls(), threading.Event()
    threads = [
        threading.Thread(target=coderooms_probe, args=(graph, ours, stop), daemon=True),
        threading.Thread(
            target=neo4j_probe, args=(instance.connection(), theirs, stop), daemon=True
        ),
    ]
    for thread in threads:
        thread.start()
    time.sleep(1.0)
    stop_at = time.monotonic()
    instance.stop()
    stopped_at = time.monotonic()
    instance.start()
    started_at = time.monotonic()
    deadline = started_at + AFTER_START_WAIT_S
    while time.monotonic() < deadline and not (
        ours.first_ok_started_after(stopped_at) and theirs.first_ok_ended_after(stopped_at)
    ):
        time.sleep(PROBE_PAUSE_S)
    time.sleep(1.0)
    stop.set()
    for thread in threads:
        thread.join(60)
    neo4j_back = theirs.first_ok_ended_after(stopped_at) or float("nan")
    failed = [(s, e) for s, e, ok, _ in ours.rows if not ok]
    first_failure = next((e for s, e in failed if s >= stop_at), float("nan"))
    durations = [e - s for s, e in failed]
    back = ours.first_ok_ended_after(neo4j_back) or float("nan")
    figures = {
        "stop_s (SIGTERM to gone)": stopped_at - stop_at,
        "start_s (launch to Bolt answering)": started_at - stopped_at,
        "first coderooms failure after stop began_s": first_failure - stop_at,
        "failed calls": float(len(durations)),
        "failed call, longest_s": max(durations, default=0.0),
        "failed call, median_s": statistics.median(durations) if durations else 0.0,
        "neo4j answers RETURN 1, after launch_s": neo4j_back - stopped_at,
        "coderooms answers, after neo4j answers_s": back - neo4j_back,
        "longest call while neo4j was back_s": max(
            (e - s for s, e, ok, _ in ours.rows if e >= neo4j_back), default=0.0
        ),
    }
    return figures, sorted({code for _, _, ok, code in ours.rows if not ok})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--instance", default="bench-restart")
    parser.add_argument("--restarts", type=int, default=1)
    args = parser.parse_args()
    instance = Instance(Settings(instance=args.instance, neo4j_uri=None))
    if not instance.is_running():
        instance.start()
    graph = Graph(instance.connection())
    graph.read("graph/server_version")
    try:
        for run in range(args.restarts):
            figures, codes = restart_once(instance, graph)
            print(f"restart {run + 1}: error codes {codes}")
            for name, value in figures.items():
                print(f"  {name}: {value:.2f}")
    finally:
        graph.close()


if __name__ == "__main__":
    main()
