"""How soon `coderooms serve` answers over stdio: time from spawning the process to the first
`health` reply, with Neo4j unreachable (the server must not wait for it) and reachable.

    python benchmarks/startup.py [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time

from fastmcp import Client
from fastmcp.client.transports import StdioTransport


async def first_answer(env: dict[str, str]) -> tuple[float, str]:
    started = time.perf_counter()
    transport = StdioTransport(
        command=sys.executable, args=["-m", "coderooms", "serve"], env=env, keep_alive=False
    )
    async with Client(transport) as client:
        result = await client.call_tool("health", {"agent_id": "bench"})
        return time.perf_counter() - started, result.structured_content["status"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    base = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    cases = {
        "neo4j unreachable": base | {"NEO4J_URI": "bolt://127.0.0.1:1", "NEO4J_PASSWORD": "x"},
        "managed neo4j (as configured)": base,
    }
    for label, env in cases.items():
        times, states = [], []
        for _ in range(args.runs):
            elapsed, status = asyncio.run(first_answer(env))
            times.append(elapsed)
            states.append(status)
        print(
            f"{label:32} first health reply: median {statistics.median(times) * 1000:.0f} ms, "
            f"max {max(times) * 1000:.0f} ms over {args.runs} runs (target <= 2000 ms); "
            f"status {sorted(set(states))}"
        )


if __name__ == "__main__":
    main()
