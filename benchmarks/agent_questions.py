"""Ten questions an agent asks about a repository nobody here wrote, answered twice: through
coderooms (the real `coderooms serve` over stdio, default `core` preset, a real MCP client) with
the calls an agent following the tool descriptions would make, and with grep/sed (what an agent
without coderooms runs). For each: the calls, the characters the model reads (the MCP text
content; the shell's stdout), tokens, and whether the answer contains the ground truth.

    CODEROOMS_INSTANCE=test PYTHONPATH=src:. python benchmarks/agent_questions.py \
        [--root /work/corpus/flask] [--repo bench-flask-questions] [--keep] [--json PATH]

With `--set NAME|tune|report|all` it asks instead the question sets of repositories this
project never used before (issue 30), each checked out at its pinned commit under `--corpora`,
against two shell agents side by side (expert and usual): `benchmarks/questions/`.

The ground truth was written from Flask's code (commit 2ac89889): definitions and call sites
as `path:line`, test files, lines of a body. A truth item is a regular expression; an answer
contains it when it matches the answer's text, so a path and its line may be written
`path:line` or as JSON fields on one line (`at()` allows up to 160 characters between them).

Tokens are cl100k when tiktoken has an offline encoding (see `tool_listing.py`), else
characters / 4, said so. The repository is ingested once through the server's `ingest` verb
(not counted) and removed at the end unless `--keep`. Then the largest answers the defaults
allow (HUBS: a hub file, a class, a frequent word, a whole file) are measured against the
6k-token bound. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastmcp import Client
from fastmcp.client.transports import StdioTransport

from benchmarks.questions.model import Question, at
from benchmarks.questions.run import readable, run_sets
from benchmarks.tool_listing import offline_counter

AGENT = "bench-questions"
CHARS_PER_TOKEN = 4
SINGLE_ANSWER_TOKENS = 6_000
"""The issue's bound on one default answer (issue 17: no default answer above ~6k tokens)."""


QUESTIONS = [
    Question(
        "Where is Flask.finalize_request defined and who calls it?",
        [("seek", {"query": "finalize_request"}), ("impact", {"symbol": "finalize_request"})],
        [
            "grep -rn 'def finalize_request' src",
            "grep -rn 'finalize_request(' src",
            "grep -n '^    def ' src/flask/app.py",  # the functions holding those calls
        ],
        [
            at("src/flask/app.py", 1021),
            at("src/flask/app.py", 948),
            at("src/flask/app.py", 1019),
            "handle_exception",
            "full_dispatch_request",
        ],
    ),
    Question(
        "What breaks if I change Flask.make_response?",
        [("impact", {"symbol": "Flask.make_response"})],
        [
            "grep -rn '\\.make_response(' src",
            "grep -n '^    def ' src/flask/app.py",  # the functions holding those calls
            "grep -n '^def ' src/flask/helpers.py",
            "grep -rn 'finalize_request(' src",  # and their callers (depth 2)
        ],
        [
            at("src/flask/app.py", 1039),
            at("src/flask/helpers.py", 197),
            at("src/flask/app.py", 1019),
            at("src/flask/app.py", 948),
            "finalize_request",
            "full_dispatch_request",
            "handle_exception",
        ],
    ),
    Question(
        "Which tests cover stream_with_context?",
        [("impact", {"symbol": "stream_with_context"})],
        ["grep -rln stream_with_context tests"],
        ["tests/test_helpers.py", "tests/test_testing.py"],
    ),
    Question(
        "Show me the code of Flask.dispatch_request.",
        [
            ("seek", {"query": "Flask.dispatch_request"}),
            ("view", {"path": "src/flask/app.py", "start_line": 966, "end_line": 990}),
        ],
        ["grep -n 'def dispatch_request' src/flask/app.py", "sed -n 966,990p src/flask/app.py"],
        [re.escape("return self.ensure_sync(self.view_functions[rule.endpoint])(**view_args)")],
    ),
    Question(
        "Before I edit src/flask/sessions.py: what uses it, which tests, what changes with it?",
        [("surgical_context", {"path": "src/flask/sessions.py"})],
        [
            "grep -rn 'sessions import\\|flask.sessions\\|from .sessions' src tests",
            "git log --format= --name-only -20 -- src/flask/sessions.py | sort | uniq -c"
            " | sort -rn | head",
        ],
        ["src/flask/app.py", "tests/test_reqctx.py", "tests/test_session_interface.py"],
    ),
    Question(
        "Find the text SESSION_COOKIE_SAMESITE.",
        [("search", {"query": "SESSION_COOKIE_SAMESITE"})],
        ["grep -rn SESSION_COOKIE_SAMESITE ."],
        [at("src/flask/sessions.py", 213), at("src/flask/app.py", 224)],
    ),
    Question(
        "Where is Config.from_pyfile defined?",
        [("seek", {"query": "Config.from_pyfile"})],
        ["grep -rn 'def from_pyfile' src"],
        [at("src/flask/config.py", 187)],
    ),
    Question(
        "Which tests cover send_from_directory?",
        [("impact", {"symbol": "send_from_directory"})],
        [
            "grep -rn 'send_from_directory(' src",
            "grep -rln 'send_from_directory\\|send_static_file' tests",  # and via its callers
        ],
        ["tests/test_helpers.py", "tests/test_blueprints.py"],
    ),
    Question(
        "Find every @setupmethod in src/flask/sansio/scaffold.py (regex).",
        [
            (
                "search",
                {
                    "query": "^\\s*@setupmethod",
                    "mode": "regex",
                    "path_glob": "src/flask/sansio/scaffold.py",
                },
            )
        ],
        ["grep -HnE '^\\s*@setupmethod' src/flask/sansio/scaffold.py"],
        [at("src/flask/sansio/scaffold.py", 295), at("src/flask/sansio/scaffold.py", 641)],
    ),
    Question(
        "Which files make up the flask.json package?",
        [("glob", {"pattern": "src/flask/json/**"})],
        ["find src/flask/json -type f -name '*.py' | sort"],
        ["src/flask/json/__init__.py", "src/flask/json/provider.py", "src/flask/json/tag.py"],
    ),
]


HUBS: list[tuple[str, dict[str, Any]]] = [
    ("surgical_context", {"path": "src/flask/app.py"}),
    ("surgical_context", {"path": "src/flask/app.py", "include_text": True,
                          "max_text_lines": 2000}),
    ("impact", {"symbol": "Flask"}),
    ("impact", {"path": "src/flask/app.py", "depth": 3, "max_items": 200}),
    ("search", {"query": "self", "top_k": 500}),
    ("search", {"query": "def ", "context_lines": 10, "top_k": 500}),
    ("glob", {"pattern": "**"}),
    ("view", {"path": "src/flask/app.py"}),
    ("seek", {"query": "request", "top_k": 200}),
]  # fmt: skip
"""The largest answers the defaults allow on Flask (hubs, wide lists, long texts): each should
stay under SINGLE_ANSWER_TOKENS and say what it left out."""


def contains(text: str, truth: list[str]) -> bool:
    return all(re.search(item, text) for item in truth)


def server(root: Path) -> StdioTransport:
    env = {key: value for key, value in os.environ.items() if key != "CODEROOMS_TOOLS"}
    env["CODEROOMS_ROOTS"] = str(root)
    return StdioTransport(
        command=sys.executable,
        args=["-m", "coderooms", "serve", "--no-watch"],
        env=env,
        keep_alive=False,
        log_file=Path(os.devnull),
    )


async def ask_coderooms(
    root: Path,
    repo: str,
    questions: list[list[tuple[str, dict[str, Any]]]],
    after_ingest: Callable[..., Any] | None = None,
) -> list[list[str]]:
    """Ingest `root` as `repo` through the server, then make each question's calls in turn:
    the text the model reads of each call. `after_ingest(client, agent, repo, ingest_text)` runs
    between (the question sets wait there for the background vectors)."""
    answers: list[list[str]] = []
    async with Client(server(root)) as client:
        while True:
            health = await client.call_tool("health", {"agent_id": AGENT}, raise_on_error=False)
            if json.loads(health.content[0].text).get("status") == "ok":
                break
            await asyncio.sleep(0.5)
        ingest = {"agent_id": AGENT, "roots": [str(root)], "repo": repo}
        ingested = await client.call_tool("ingest", ingest)
        if after_ingest is not None:
            text = "".join(getattr(c, "text", "") for c in ingested.content)
            await after_ingest(client, AGENT, repo, text)
        for calls in questions:
            texts = []
            for verb, arguments in calls:
                result = await client.call_tool(
                    verb, {"agent_id": AGENT, "repo": repo, **arguments}, raise_on_error=False
                )
                texts.append("".join(getattr(c, "text", "") for c in result.content))
            answers.append(texts)
    return answers


def ask_shell(root: Path, question: Question) -> list[str]:
    return [
        subprocess.run(
            command, check=False, shell=True, cwd=root, capture_output=True, text=True
        ).stdout
        for command in question.expert
    ]


def remove(repo: str) -> None:
    subprocess.run([sys.executable, "-m", "coderooms", "repos", "remove", repo], check=False,
                   capture_output=True)  # fmt: skip


def table(
    coderooms: list[list[str]], shell: list[list[str]], count: Callable[[str], int]
) -> dict[str, Any]:
    rows = []
    for number, (question, ours, theirs) in enumerate(
        zip(QUESTIONS, coderooms, shell, strict=True), 1
    ):
        rows.append({
            "question": number,
            "ask": question.ask,
            "calls": [verb for verb, _ in question.calls],
            "chars": sum(len(text) for text in ours),
            "tokens": sum(count(text) for text in ours),
            "largest_tokens": max(count(text) for text in ours),
            # read as the question sets read an answer: rows grouped under a path with it
            "truth": contains("\n".join(readable(text) for text in ours), question.truth),
            "shell_calls": len(question.expert),
            "shell_chars": sum(len(text) for text in theirs),
            "shell_truth": contains("\n".join(theirs), question.truth),
        })  # fmt: skip
    return {"rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", type=Path, default=Path("/work/corpus/flask"))
    parser.add_argument("--repo", default="bench-flask-questions")
    parser.add_argument("--keep", action="store_true", help="keep the ingested repo")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--show", type=int, default=0, help="print question N's answers")
    parser.add_argument(
        "--set", default=None, help="ask a question set instead: a repository, tune, report or all"
    )
    parser.add_argument(
        "--corpora",
        type=Path,
        default=Path("/work/corpus-q"),
        help="the sets' checkouts, one directory per repository",
    )
    parser.add_argument(
        "--answers",
        type=Path,
        default=None,
        help="with --set: write every side's answer texts here (JSON)",
    )
    args = parser.parse_args()
    tiktoken, source = offline_counter()
    count = tiktoken or (lambda text: -(-len(text) // CHARS_PER_TOKEN))
    source = source if tiktoken else f"characters / {CHARS_PER_TOKEN} ({source})"
    if args.set:
        run_sets(args, ask_coderooms, remove, count, source)
        return
    root = args.root.resolve()
    calls = [question.calls for question in QUESTIONS] + [[hub] for hub in HUBS]
    try:
        answered = asyncio.run(ask_coderooms(root, args.repo, calls))
    finally:
        if not args.keep:
            remove(args.repo)
    coderooms, hubs = answered[: len(QUESTIONS)], answered[len(QUESTIONS) :]
    shell = [ask_shell(root, question) for question in QUESTIONS]
    figures = table(coderooms, shell, count)
    print(f"tokens: {source}; shell: grep/sed/find (the commands in QUESTIONS)")
    print(f"{'#':>2} {'coderooms calls':34} {'chars':>7} {'tokens':>6} {'max':>5} {'truth':>5}"
          f" | {'shell':>5} {'chars':>6} {'truth':>5} {'ratio':>6}")  # fmt: skip
    for row in figures["rows"]:
        ratio = row["chars"] / max(row["shell_chars"], 1)
        print(
            f"{row['question']:>2} {' + '.join(row['calls']):34} {row['chars']:>7} "
            f"{row['tokens']:>6} {row['largest_tokens']:>5} {'yes' if row['truth'] else 'NO':>5}"
            f" | {row['shell_calls']:>5} {row['shell_chars']:>6} "
            f"{'yes' if row['shell_truth'] else 'NO':>5} {ratio:>5.1f}x"
        )
    rows = figures["rows"]
    ours = sum(row["chars"] for row in rows)
    theirs = sum(row["shell_chars"] for row in rows)
    print(
        f"total: coderooms {sum(len(row['calls']) for row in rows)} calls, {ours} chars, "
        f"{sum(row['tokens'] for row in rows)} tokens, {sum(row['truth'] for row in rows)}/10 "
        f"true, largest answer {max(row['largest_tokens'] for row in rows)} tokens "
        f"(bound {SINGLE_ANSWER_TOKENS}); shell {sum(row['shell_calls'] for row in rows)} calls, "
        f"{theirs} chars, {sum(row['shell_truth'] for row in rows)}/10 true; "
        f"ratio {ours / max(theirs, 1):.2f}x"
    )
    print(f"largest answers the defaults allow (bound {SINGLE_ANSWER_TOKENS} tokens):")
    for (verb, arguments), (text,) in zip(HUBS, hubs, strict=True):
        cut = "cut, says what is left" if '"more"' in text else "whole"
        described = json.dumps(arguments)[:64]
        print(f"  {verb:16} {described:66} {len(text):>6} chars {count(text):>5} tokens  {cut}")
    figures["hubs"] = [
        {"verb": verb, "arguments": arguments, "chars": len(text), "tokens": count(text)}
        for (verb, arguments), (text,) in zip(HUBS, hubs, strict=True)
    ]
    if args.show:
        for text in coderooms[args.show - 1]:
            print(text)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
