"""`impact` on a real Python repository: the size of each answer as the model reads it (the MCP
text content, characters and ~tokens at 4 characters a token), its latency, and, for a `symbol`
call, whether the callers at hop 1 are right: compared with the functions that hold a call of
that name in the code (Python's `ast`: `name(...)` or `x.name(...)`, outside docstrings),
less the seeds themselves. Calls go through the real server in memory (fastmcp's Client).

The repository is ingested once under `--repo` (kept; `--drop` deletes it at the end). Prints
figures; asserts nothing.

    CODEROOMS_INSTANCE=test PYTHONPATH=src python benchmarks/impact_answers.py \
        --root /work/corpus/flask --repo bench-flask-impact \
        --call symbol=url_for --call path=src/flask/sessions.py --call changes=HEAD~5..HEAD
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

from fastmcp import Client

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.server import create_server
from coderooms.verbs.context import AppContext, GraphProvider

AGENT = "bench-impact"
CHARS_PER_TOKEN = 4


def enclosing_callers(root: Path, name: str) -> set[str]:
    """`path::qualname` of every function, class or module holding a call of `name`."""
    found: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError, OSError):
            continue
        relative = path.relative_to(root).as_posix()

        def visit(node: ast.AST, stack: list[str], relative: str = relative) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    visit(child, [*stack, child.name])
                    continue
                if isinstance(child, ast.Call):
                    func = child.func
                    called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                    if called == name:
                        found.add(f"{relative}::{'.'.join(stack)}")
                visit(child, stack)

        visit(tree, [])
    return found


async def run_calls(
    ctx: AppContext, repo: str, calls: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    results = []
    async with Client(create_server(ctx)) as client:
        for arguments in calls:
            started = time.perf_counter()
            answer = await client.call_tool(
                "impact", {"agent_id": AGENT, "repo": repo, **arguments}, raise_on_error=False
            )
            elapsed = (time.perf_counter() - started) * 1000
            text = answer.content[0].text
            results.append({"arguments": arguments, "chars": len(text), "ms": elapsed,
                            "answer": json.loads(text)})  # fmt: skip
    return results


def row_caller(row: str) -> tuple[int, str]:
    """A row `[hop] path:line caller -> reached (via)`: its hop (1 when the rows say none) and
    the caller's id `path::caller` (an importer: its path)."""
    words = row.split(" ")
    hop = int(words.pop(0)) if words[0].isdigit() else 1
    path = words[0].rpartition(":")[0] or words[0]
    caller = words[1] if words[1] not in ("->", "imports", "inherits") else ""
    return hop, f"{path}::{caller}" if caller else path


def parse_call(text: str) -> dict[str, Any]:
    arguments: dict[str, Any] = {}
    for part in text.split(","):
        key, _, value = part.partition("=")
        arguments[key] = int(value) if value.isdigit() and key in {"depth", "max_items"} else value
    return arguments


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, required=True)
    parser.add_argument("--repo", default="bench-impact")
    parser.add_argument("--call", action="append", default=[],
                        help="key=value[,key=value]: symbol=url_for,depth=3")  # fmt: skip
    parser.add_argument("--drop", action="store_true", help="delete the repo's graph at the end")
    args = parser.parse_args()
    root = args.root.resolve()
    settings = Settings(roots=[root])
    graph = open_graph(settings)
    try:
        if not graph.run_text("MATCH (r:Repo {id: $repo}) RETURN r.id AS id", repo=args.repo):
            started = time.perf_counter()
            ingest_root(graph, root, repo=args.repo, workers=2, git=True, embed=False)
            print(f"ingested {root} as {args.repo} in {time.perf_counter() - started:.1f} s")
        ctx = AppContext(settings=settings, graphs=GraphProvider.ready(settings, graph))
        calls = [parse_call(text) for text in args.call]
        for result in asyncio.run(run_calls(ctx, args.repo, calls)):
            answer = result["answer"]
            chars, tokens = result["chars"], result["chars"] // CHARS_PER_TOKEN
            line = f"{json.dumps(result['arguments'])}: {chars:,} chars (~{tokens:,} tokens), "
            line += f"{result['ms']:.0f} ms"
            if "affected" not in answer:
                print(f"{line}: {answer.get('error')} {answer.get('message')}")
                continue
            affected = answer["affected"]
            shown = len(affected["items"])
            tests = answer.get("tests", {})  # a list given whole has no total: it counts itself
            line += (f"; rows {shown} of {affected.get('total', shown)} "
                     f"{affected.get('by_hop', {})}, tests "
                     f"{tests.get('total', len(tests.get('items', [])))} files, "
                     f"lower_bound {answer.get('lower_bound', False)}")  # fmt: skip
            print(line)
            symbol = result["arguments"].get("symbol")
            if symbol and "::" not in symbol and "." not in symbol:
                truth = enclosing_callers(root, symbol) - set(answer["seeds"]["items"])
                got = {caller for hop, caller in map(row_caller, affected["items"]) if hop == 1}
                shown_all = "total" not in affected
                print(f"  hop 1 against ast: {len(got & truth)} of {len(truth)} found, "
                      f"missing {sorted(truth - got)[:5]}, not in ast {sorted(got - truth)[:5]}"
                      + ("" if shown_all else " (first page only)"))  # fmt: skip
    finally:
        if args.drop:
            graph.run_text("MATCH (n) WHERE n.repo = $repo DETACH DELETE n", repo=args.repo)
            graph.run_text("MATCH (r:Repo {id: $repo}) DETACH DELETE r", repo=args.repo)
        graph.close()


if __name__ == "__main__":
    sys.exit(main())
