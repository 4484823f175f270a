"""Prose questions (issue 30, item 4): find a function described in words. Each set of
`benchmarks/prose/` is ingested (with its vectors) and every question asked three ways through
the real verbs (a FastMCP client over the app in memory, default `core` preset):

- `seek` (names, words, vectors and the graph: the verb the tool descriptions give for this);
- `seek` with no query vector (words only: what it answers without the model);
- `search mode=semantic` (vectors alone).

For each: recall@5 (questions whose answer is among the first five rows) and MRR (the mean of
1/rank of the first right row within the first ten; 0 when none), and the characters read.

    CODEROOMS_INSTANCE=test PYTHONPATH=src:. python benchmarks/prose_questions.py \
        [--corpora /work/corpus] [--json PATH] [--show]

The sets stay ingested (as `prose-NAME`) for the next run; every symbol's vector is computed
before the questions are asked (not counted).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import time
from pathlib import Path
from typing import Any

from fastmcp import Client

from benchmarks.prose import SETS, ProseSet
from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.semantic import query as semantic_query
from coderooms.semantic.store import embed_pending
from coderooms.server import create_server
from coderooms.verbs.context import AppContext, GraphProvider
from coderooms.verbs.symbol_lookup import find_symbols

AGENT = "bench-prose"
RANKED = 10
"""Rows asked for per question (MRR counts a right row within them)."""
MODES = ("seek", "seek, words only", "search semantic")
ROW = re.compile(r"^(?P<path>[^:]+):(?P<start>\d+)-\d+ ")


def starts(graph: Any, repo: str, prose: ProseSet) -> dict[tuple[str, str], int]:
    """Each answer's first line, from the graph (a row is right when it starts there)."""
    wanted = {answer for q in prose.questions for answer in q.answers}
    found: dict[tuple[str, str], int] = {}
    for path, qualname in sorted(wanted):
        held = [s for s in find_symbols(graph, f"{path}::{qualname}", [repo]).exact
                if s.path == path and s.qualname == qualname]  # fmt: skip
        if not held:
            raise SystemExit(f"{prose.name}: no symbol {path}::{qualname} in the graph")
        found[(path, qualname)] = held[0].start_line
    return found


def rank_of(rows: list[str], right: set[tuple[str, int]]) -> int | None:
    for number, row in enumerate(rows, 1):
        match = ROW.match(row)
        if match and (match["path"], int(match["start"])) in right:
            return number
    return None


async def ask(client: Client, verb: str, arguments: dict[str, Any]) -> tuple[list[str], int]:
    result = await client.call_tool(verb, {"agent_id": AGENT, **arguments}, raise_on_error=False)
    text = "".join(getattr(c, "text", "") for c in result.content)
    answer = json.loads(text)
    rows = answer.get("symbols") if verb == "seek" else answer.get("hits")
    return (rows if isinstance(rows, list) else []), len(text)


async def run_set(ctx: AppContext, prose: ProseSet, repo: str, root: Path) -> dict[str, Any]:
    graph = ctx.graph()
    async with Client(create_server(ctx)) as client:
        await client.call_tool("ingest", {"agent_id": AGENT, "roots": [str(root)], "repo": repo})
        # every vector an ingest left to the background (or a run before left unfinished) is
        # computed here: the figures must not depend on how far that thread got
        embedded = embed_pending(graph, repo, budget=None)
        if embedded.skipped:
            raise SystemExit(f"{repo}: no vectors: {embedded.skipped}")
        lines = starts(graph, repo, prose)
        results: dict[str, list[dict[str, Any]]] = {mode: [] for mode in MODES}
        vector = semantic_query.query_vector
        for question in prose.questions:
            right = {(path, lines[(path, q)]) for path, q in question.answers}
            calls = {
                "seek": ("seek", {"query": question.ask, "top_k": RANKED}),
                "seek, words only": ("seek", {"query": question.ask, "top_k": RANKED}),
                "search semantic": ("search", {"query": question.ask, "mode": "semantic",
                                               "top_k": RANKED}),
            }  # fmt: skip
            for mode, (verb, arguments) in calls.items():
                words_only = mode == "seek, words only"
                if words_only:
                    semantic_query.query_vector = lambda text: None  # type: ignore[assignment]
                try:
                    started = time.perf_counter()
                    rows, chars = await ask(client, verb, {"repo": repo, **arguments})
                    took = time.perf_counter() - started
                finally:
                    semantic_query.query_vector = vector  # type: ignore[assignment]
                results[mode].append({"ask": question.ask, "rank": rank_of(rows, right),
                                      "chars": chars, "s": round(took, 3)})  # fmt: skip
    return results


def scores(rows: list[dict[str, Any]]) -> dict[str, float]:
    n = len(rows) or 1
    return {
        "recall@5": round(sum(1 for r in rows if r["rank"] and r["rank"] <= 5) / n, 3),
        "mrr": round(sum(1 / r["rank"] for r in rows if r["rank"]) / n, 3),
        "chars": sum(r["chars"] for r in rows),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpora", type=Path, default=Path("/work/corpus"))
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--show", action="store_true", help="print each question's ranks")
    parser.add_argument("--repo", action="append", default=[], metavar="SET=ID",
                        help="the repo id a set is ingested as (default prose-SET)")  # fmt: skip
    args = parser.parse_args()
    ids = {s.name: f"prose-{s.name}" for s in SETS} | dict(r.split("=", 1) for r in args.repo)
    roots = {s.name: (args.corpora / s.directory).resolve() for s in SETS}
    settings = Settings(roots=list(roots.values()))
    graph = open_graph(settings)
    ctx = AppContext(settings=settings, graphs=GraphProvider.ready(settings, graph))
    figures: dict[str, Any] = {}
    everything: dict[str, list[dict[str, Any]]] = {mode: [] for mode in MODES}
    print(f"{'set':12} {'language':9} {'mode':18} {'recall@5':>8} {'MRR':>6} {'chars':>7}")
    for prose in SETS:
        results = asyncio.run(run_set(ctx, prose, ids[prose.name], roots[prose.name]))
        figures[prose.name] = {mode: {**scores(rows), "questions": rows}
                               for mode, rows in results.items()}  # fmt: skip
        for mode, rows in results.items():
            everything[mode] += rows
            got = scores(rows)
            print(f"{prose.name:12} {prose.language:9} {mode:18} {got['recall@5']:>8.2f} "
                  f"{got['mrr']:>6.2f} {got['chars']:>7}")  # fmt: skip
            if args.show:
                for row in rows:
                    print(f"    {row['rank'] or '-':>2}  {row['ask']}")
    for mode, rows in everything.items():
        got = scores(rows)
        print(f"{'all':12} {'':9} {mode:18} {got['recall@5']:>8.2f} {got['mrr']:>6.2f} "
              f"{got['chars']:>7}")  # fmt: skip
        figures.setdefault("all", {})[mode] = got
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
