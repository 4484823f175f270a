"""Ask the question sets of `benchmarks/questions/` (issue 30): each repository is ingested
through the real server (`ingest` verb, not counted), its vectors computed, then every question
is answered by coderooms (the calls in the set, default `core` preset, a real MCP client over
stdio) and by both shell agents (expert and usual), and judged against the truth written from
the code. Run through `benchmarks/agent_questions.py --set NAME|tune|report|all`.

A side's answer is **right** when its text matches every truth item and no `wrong` one; **lower
bound** when it is not, but coderooms said `lower_bound: true` (it says callers or tests may be
missing, and why); else **wrong**. The report set's totals are printed apart from the tune set's.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import re
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks.questions import REPORT, TUNE
from benchmarks.questions.calls import agent_calls
from benchmarks.questions.model import Corpus, Question

SHELL_TIMEOUT_S = 60
EMBED_DEADLINE_S = 1_800
"""How long the runner waits for the server's background vectors of a large repository."""
LOWER_BOUND = re.compile(r"\"?lower_bound\"?:\s*true")
DEFERRED = re.compile(r'"deferred":\s*[1-9]|"background":\s*true')
"""An ingest answer that left vectors to the background (`embeddings.background: true`; before
issue 31, `embeddings.deferred` above 0)."""
VERDICTS = ("right", "lower bound", "wrong")


def selected(name: str) -> list[ModuleType]:
    """The data modules of `name`: one repository, `tune`, `report` or `all`."""
    names = {"tune": TUNE, "report": REPORT, "all": TUNE + REPORT}.get(name, (name,))
    unknown = [each for each in names if each not in TUNE + REPORT]
    if unknown:
        raise SystemExit(f"unknown set {unknown[0]!r}: one of {', '.join(TUNE + REPORT)}, "
                         "tune, report, all")  # fmt: skip
    return [importlib.import_module(f"benchmarks.questions.{n.replace('-', '_')}") for n in names]


def checkout(corpora: Path, corpus: Corpus) -> Path:
    """The checkout of `corpus` under `corpora`, refused unless HEAD is the pinned commit."""
    root = (corpora / corpus.name).resolve()
    head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], check=False,
                          capture_output=True, text=True).stdout.strip()  # fmt: skip
    if head != corpus.commit:
        raise SystemExit(
            f"{root}: HEAD is {head or 'not a git checkout'}, the questions need "
            f"{corpus.commit}: git clone {corpus.url} {root} && "
            f"git -C {root} checkout {corpus.commit}"
        )
    return root


def shell(root: Path, commands: list[str]) -> list[str]:
    """What the model reads of each command: its stdout and stderr."""
    texts = []
    for command in commands:
        done = subprocess.run(command, check=False, shell=True, executable="/bin/bash", cwd=root,
                              capture_output=True, text=True, timeout=SHELL_TIMEOUT_S)  # fmt: skip
        texts.append(done.stdout + done.stderr)
    return texts


PATH_KEY = re.compile(r"[^\s:]*[/.][^\s:]*")
"""A key that is a file's path (rows grouped under it: `{path: ["line: text", ...]}`)."""


def readable(text: str) -> str:
    """A JSON answer as the lines a model reads in it: each string (a row) on a line of its own,
    decoded, each number or flag as `key: value`; other text as it is. Truth items then match
    within one row (`at()` never reaches into the next row of a one-line JSON answer). Rows
    grouped under a file's path (a search's hits) are read with it, `path:row`, and a glob's
    names under their directory as `dir/name`, as a model reads them."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    lines: list[str] = []

    def walk(node: Any, key: str) -> None:
        if isinstance(node, dict):
            for name, each in node.items():
                grouped = isinstance(each, list) and all(isinstance(r, str) for r in each)
                if grouped and name.endswith("/"):  # a directory's files: `dir/name`
                    folder = "" if name == "./" else name
                    lines.extend(f"{folder}{row}" for row in each)
                elif grouped and PATH_KEY.fullmatch(name):
                    lines.extend(f"{name}:{row}" for row in each)
                else:
                    walk(each, name)
        elif isinstance(node, list):
            for each in node:
                walk(each, key)
        else:
            lines.append(node if isinstance(node, str) else f"{key}: {json.dumps(node)}")

    walk(value, "")
    return "\n".join(lines)


def judge(texts: list[str], question: Question) -> str:
    text = "\n".join(readable(text) for text in texts)
    found = all(re.search(item, text) for item in question.truth)
    if found and not any(re.search(item, text) for item in question.wrong):
        return "right"
    return "lower bound" if LOWER_BOUND.search(text) else "wrong"


def calls_of(question: Question, repo: str) -> list[tuple[str, dict[str, Any]]]:
    """The calls an agent following the tool descriptions makes (`calls.agent_calls`: one rule
    per kind, every set alike), `{repo}` filled in."""

    def fill(value: Any) -> Any:
        return value.replace("{repo}", repo) if isinstance(value, str) else value

    return [(verb, {key: fill(v) for key, v in args.items()})
            for verb, args in agent_calls(question)]  # fmt: skip


async def wait_for_vectors(client: Any, agent: str, repo: str, ingest_text: str) -> None:
    """An ingest too large to embed inline leaves the vectors to a background thread: wait until
    health reports it finished, so semantic answers do not depend on timing."""
    if not DEFERRED.search(ingest_text):
        return
    deadline = time.monotonic() + EMBED_DEADLINE_S
    while time.monotonic() < deadline:
        health = await client.call_tool("health", {"agent_id": agent}, raise_on_error=False)
        backfill = json.loads(health.content[0].text).get("embeddings", {}).get("backfill", {})
        if str(backfill.get(repo, "")).startswith(("done", "no vectors", "failed")):
            return
        await asyncio.sleep(2)
    raise SystemExit(f"{repo}: vectors not computed within {EMBED_DEADLINE_S} s")


def row(number: int, question: Question, ours: list[str], expert: list[str], usual: list[str],
        count: Callable[[str], int]) -> dict[str, Any]:  # fmt: skip
    def side(texts: list[str], calls: int) -> dict[str, Any]:
        return {
            "calls": calls,
            "chars": sum(len(text) for text in texts),
            "tokens": sum(count(text) for text in texts),
            "largest_tokens": max((count(text) for text in texts), default=0),
            "verdict": judge(texts, question),
        }

    return {
        "question": number,
        "kind": question.kind,
        "ask": question.ask,
        "verbs": [verb for verb, _ in agent_calls(question)],
        "coderooms": side(ours, len(agent_calls(question))),
        "expert": side(expert, len(question.expert)),
        "usual": side(usual, len(question.usual)),
    }


def totals(rows: list[dict[str, Any]]) -> dict[str, Any]:
    total: dict[str, Any] = {"questions": len(rows)}
    for name in ("coderooms", "expert", "usual"):
        sides = [r[name] for r in rows]
        total[name] = {
            "calls": sum(s["calls"] for s in sides),
            "chars": sum(s["chars"] for s in sides),
            "tokens": sum(s["tokens"] for s in sides),
            **{v: sum(s["verdict"] == v for s in sides) for v in VERDICTS},
        }
    ours = total["coderooms"]["chars"]
    total["ratio_expert"] = round(ours / max(total["expert"]["chars"], 1), 2)
    total["ratio_usual"] = round(ours / max(total["usual"]["chars"], 1), 2)
    return total


def ratio(ours: int, theirs: int) -> str:
    """A question's ratio; `-` where the shell read nothing (grep found nothing, rightly)."""
    return f"{ours / theirs:>5.2f}" if theirs else f"{'-':>5}"


def mark(verdict: str) -> str:
    return {"right": "yes", "lower bound": "lb", "wrong": "NO"}[verdict]


def print_set(name: str, corpus: Corpus, rows: list[dict[str, Any]]) -> None:
    print(f"\n{name} ({corpus.split}; {corpus.url} at {corpus.commit[:12]})")
    print(f"{'#':>2} {'kind':30} {'coderooms calls':34} {'chars':>6} {'tok':>5} {'ok':>3} |"
          f" {'exp':>3} {'chars':>6} {'ok':>3} | {'usu':>3} {'chars':>6} {'ok':>3} |"
          f" {'÷exp':>5} {'÷usu':>5}")  # fmt: skip
    for r in rows:
        ours, expert, usual = r["coderooms"], r["expert"], r["usual"]
        print(
            f"{r['question']:>2} {r['kind'][:30]:30} {' + '.join(r['verbs'])[:34]:34} "
            f"{ours['chars']:>6} {ours['tokens']:>5} {mark(ours['verdict']):>3} | "
            f"{expert['calls']:>3} {expert['chars']:>6} {mark(expert['verdict']):>3} | "
            f"{usual['calls']:>3} {usual['chars']:>6} {mark(usual['verdict']):>3} | "
            f"{ratio(ours['chars'], expert['chars'])} {ratio(ours['chars'], usual['chars'])}"
        )
    print_totals(f"{name} total", totals(rows))


def print_totals(label: str, total: dict[str, Any]) -> None:
    def said(side: dict[str, Any]) -> str:
        lower = f", {side['lower bound']} lower bound said" if side["lower bound"] else ""
        return f"{side['right']}/{total['questions']} right{lower}"

    ours, expert, usual = total["coderooms"], total["expert"], total["usual"]
    print(
        f"{label}: coderooms {ours['calls']} calls, {ours['chars']} chars, {ours['tokens']} "
        f"tokens, {said(ours)} | expert {expert['calls']} calls, {expert['chars']} chars, "
        f"{expert['tokens']} tokens, {said(expert)} | usual {usual['calls']} calls, "
        f"{usual['chars']} chars, {usual['tokens']} tokens, {said(usual)} | "
        f"coderooms ÷ expert {total['ratio_expert']:.2f}x, ÷ usual {total['ratio_usual']:.2f}x"
    )


async def ask_sets(
    modules: list[ModuleType], corpora: Path, ask: Callable[..., Any]
) -> dict[str, list[list[str]]]:
    """coderooms' answers of every set, one server per repository (ingest, vectors, calls)."""
    answers: dict[str, list[list[str]]] = {}
    for module in modules:
        corpus: Corpus = module.CORPUS
        root = checkout(corpora, corpus)
        repo = f"q30-{corpus.name}"
        calls = [calls_of(question, repo) for question in module.QUESTIONS]
        answers[corpus.name] = await ask(root, repo, calls, wait_for_vectors)
    return answers


def run_sets(args: Any, ask: Callable[..., Any], remove: Callable[[str], None],
             count: Callable[[str], int], source: str) -> None:  # fmt: skip
    modules = selected(args.set)
    try:
        answers = asyncio.run(ask_sets(modules, args.corpora, ask))
    finally:
        if not args.keep:
            for module in modules:
                remove(f"q30-{module.CORPUS.name}")
    print(f"tokens: {source}; expert and usual shell agents: benchmarks/questions/model.py")
    figures: dict[str, Any] = {"tokens": source, "sets": {}, "splits": {}}
    by_split: dict[str, list[dict[str, Any]]] = {"tune": [], "report": []}
    texts: dict[str, Any] = {}
    for module in modules:
        corpus: Corpus = module.CORPUS
        root = checkout(args.corpora, corpus)
        rows = []
        for number, (question, ours) in enumerate(
            zip(module.QUESTIONS, answers[corpus.name], strict=True), 1
        ):
            expert, usual = shell(root, question.expert), shell(root, question.usual)
            rows.append(row(number, question, ours, expert, usual, count))
            texts[f"{corpus.name}:{number}"] = {"coderooms": ours, "expert": expert,
                                                 "usual": usual}  # fmt: skip
        print_set(corpus.name, corpus, rows)
        by_split[corpus.split].extend(rows)
        figures["sets"][corpus.name] = {
            "url": corpus.url, "commit": corpus.commit, "split": corpus.split,
            "languages": list(corpus.languages), "rows": rows, "total": totals(rows),
        }  # fmt: skip
    print()
    for split, rows in by_split.items():
        if rows:
            figures["splits"][split] = totals(rows)
            print_totals(f"{split.upper()} SET", figures["splits"][split])
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    if args.answers:
        args.answers.write_text(json.dumps(texts, indent=1) + "\n")
