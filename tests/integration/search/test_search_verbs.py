"""The search room's verbs through the FastMCP app in memory, on the fixture tree."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.config import Settings
from coderooms.core.clamps import BATCH_VIEW_MAX_ITEMS
from coderooms.graph.driver import Graph
from coderooms.search import text_search
from coderooms.search.limits import VIEW_MAX_LINES
from coderooms.search.questions import glob_question, search_question, view_question
from coderooms.search.requests import GlobArguments, SearchArguments
from coderooms.search.text_search import SearchRequest
from coderooms.semantic import model
from coderooms.server import create_server
from coderooms.verbs.context import AppContext, GraphProvider
from tests.integration.search.tree import FILES


def call(ctx: AppContext, verb: str, arguments: dict[str, Any]) -> dict[str, Any]:
    async def run() -> Any:
        async with Client(create_server(ctx)) as client:
            return await client.call_tool(verb, {"agent_id": "searcher", **arguments})

    return dict(asyncio.run(run()).structured_content)


def error_of(ctx: AppContext, verb: str, arguments: dict[str, Any]) -> dict[str, Any]:
    with pytest.raises(ToolError) as raised:
        call(ctx, verb, arguments)
    return dict(json.loads(str(raised.value)))


ROW = re.compile(r"^(?P<line>\d+)(?P<mark>[:-]) (?P<text>.*)$", re.S)


def parsed_rows(answer: dict[str, Any]) -> list[tuple[str, int, str, bool]]:
    """(path, line, text, is a hit) of each row: `{path: ["line: text", "line- context"]}`."""
    parsed = [(path, ROW.match(row)) for path, rows in answer["hits"].items() for row in rows]
    assert all(m for _, m in parsed), answer["hits"]
    return [(path, int(m["line"]), m["text"], m["mark"] == ":") for path, m in parsed if m]


def flat(answer: dict[str, Any]) -> list[str]:
    """The rows as grep writes them, `path:line: text`."""
    return [f"{path}:{row}" for path, rows in answer["hits"].items() for row in rows]


def hits(answer: dict[str, Any]) -> list[tuple[str, int]]:
    return [(path, line) for path, line, _, hit in parsed_rows(answer) if hit]


def test_literal_search_is_ordered_with_context(
    app_context: AppContext, search_tree: tuple[Path, str]
) -> None:
    _, repo = search_tree
    answer = call(app_context, "search", {"query": "TODO", "repo": repo, "context_lines": 1})
    assert "index" not in answer  # read in path order, through the index: nothing to say
    # the repo is said only where the server reads several (which depends on the tests before)
    alone = app_context.readable(app_context.graph()) == [repo]
    assert answer.get("repo") == (None if alone else repo)
    assert hits(answer) == sorted(hits(answer))
    got = parsed_rows(answer)
    core = [(line, text, hit) for path, line, text, hit in got if path == "src/pkg/core.py"]
    at = next(i for i, (_, _, hit) in enumerate(core) if hit)
    assert core[at - 1][1:] == ("def helper(x):", False)
    assert core[at + 1][1:] == ("    return x * 2", False)
    assert core[at - 1][0] == core[at][0] - 1 == core[at + 1][0] - 2
    assert not any(key.startswith(("before", "after", "results")) for key in answer)


def test_context_crosses_chunk_boundaries(
    app_context: AppContext, search_tree: tuple[Path, str], graph: Graph
) -> None:
    _, repo = search_tree
    rows = graph.run_text(
        "MATCH (c:Chunk {repo: $repo, file: 'src/pkg/big.py', seq: 1}) RETURN c.start_line AS s",
        repo=repo,
    )
    boundary = rows[0]["s"]  # first line of the second chunk
    lines = FILES["src/pkg/big.py"].decode().split("\n")
    target = lines[boundary - 1]
    assert target
    answer = call(
        app_context,
        "search",
        {"query": target, "repo": repo, "context_lines": 3, "path_glob": "src/pkg/big.py"},
    )
    got = parsed_rows(answer)
    assert [(line, hit) for _, line, _, hit in got] == [
        (boundary - 3, False), (boundary - 2, False), (boundary - 1, False), (boundary, True),
        (boundary + 1, False), (boundary + 2, False), (boundary + 3, False),
    ]  # fmt: skip
    assert [text for *_, text, _ in got] == lines[boundary - 4 : boundary + 3]


def test_scope_filters(app_context: AppContext, search_tree: tuple[Path, str]) -> None:
    _, repo = search_tree
    base = {"query": "TODO", "repo": repo}
    in_tests = call(app_context, "search", base | {"path_glob": "tests/**"})
    assert {f for f, _ in hits(in_tests)} == {"tests/test_core.py"}
    markdown_or_text = call(app_context, "search", base | {"path_glob": "*.txt"})
    assert {f for f, _ in hits(markdown_or_text)} == {"crlf.txt", "docs/notes.txt", "latin1.txt"}
    python = call(app_context, "search", base | {"language": "python"})
    assert {f for f, _ in hits(python)} == {"src/pkg/core.py", "tests/test_core.py"}
    none = call(app_context, "search", base | {"language": "cobol"})
    assert "hits" not in none  # `none` says it, once: why nothing (the query is the agent's own)
    assert none["none"].startswith("no ingested line of cobol files holds the text (case-sens")
    assert "TODO" not in none["none"]
    assert "more" not in none
    nowhere = call(app_context, "search", base | {"path_glob": "nowhere/**"})
    assert nowhere["none"].startswith("no ingested file matches path_glob 'nowhere/**'")


def test_clamping_is_reported(app_context: AppContext, search_tree: tuple[Path, str]) -> None:
    _, repo = search_tree
    answer = call(
        app_context,
        "search",
        {"query": "def", "repo": repo, "top_k": 9999, "context_lines": -2, "max_tokens": 25_000},
    )
    assert answer["clamped"]["top_k"]["used"] == 500
    assert answer["clamped"]["context_lines"]["used"] == 0
    assert len(flat(answer)) == 500
    asked = search_question(SearchArguments(query="def", repo=repo, context_lines=-2))
    assert answer["next_cursor"] == asked.cursor(500)  # top_k and context_lines are not asked
    assert answer["more"] == "more hits"


def test_regex_without_literal_scans_and_says_so(
    app_context: AppContext, search_tree: tuple[Path, str]
) -> None:
    _, repo = search_tree
    answer = call(app_context, "search", {"query": "(?i)todo", "mode": "regex", "repo": repo})
    assert answer["index"] == "scan"
    literal = call(app_context, "search", {"query": r"def \w+", "mode": "regex", "repo": repo})
    assert "index" not in literal
    arguments = {"query": r"def \w+", "mode": "regex", "repo": repo, "count_only": True}
    counted = call(app_context, "search", arguments)
    assert "index" not in counted  # every candidate the trigram index knows


def test_semantic_mode_falls_back_truthfully(
    app_context: AppContext, search_tree: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without an embedding model (reported unavailable here; tests/integration/semantic covers
    the answer with vectors) semantic mode answers lexically and says why."""
    monkeypatch.setattr(model, "unavailable_reason", lambda: "embedding model not installed")
    _, repo = search_tree
    answer = call(app_context, "search", {"query": "Engine", "mode": "semantic", "repo": repo})
    assert answer["semantic_fallback"] == "lexical"
    assert answer["embeddings_used"] is False
    assert answer["semantic_unavailable"] == "embedding model not installed"
    assert hits(answer)


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"query": ""}, "query"),
        ({"query": "   "}, "query"),
        ({"query": "a(b", "mode": "regex"}, "query"),
        ({"query": "two\nlines"}, "query"),
        ({"query": "x", "path_glob": " "}, "path_glob"),
    ],
)
def test_bad_search_input_names_the_field(
    app_context: AppContext, search_tree: tuple[Path, str], arguments: dict[str, Any], field: str
) -> None:
    payload = error_of(app_context, "search", {"repo": search_tree[1]} | arguments)
    assert payload["error"] == "invalid_input"
    assert payload["field"] == field


def test_unknown_repo_is_not_found(app_context: AppContext) -> None:
    for verb, arguments in [
        ("search", {"query": "x"}),
        ("search", {"query": "[0-9]+", "mode": "regex"}),
        ("search", {"query": "import", "count_only": True}),
        ("glob", {"pattern": "*.py"}),
        ("view", {"path": "a.py"}),
    ]:
        payload = error_of(app_context, verb, arguments | {"repo": "no-such-repo-here"})
        assert (payload["error"], payload["field"]) == ("not_found", "repo")


def test_search_does_not_write(app_context: AppContext, search_tree: tuple[Path, str]) -> None:
    _, repo = search_tree
    read_only = app_context.settings.model_copy(update={"read_only": True})
    ctx = AppContext(settings=read_only, graphs=app_context.graphs)
    assert call(ctx, "search", {"query": "TODO", "repo": repo})["hits"]
    assert call(ctx, "glob", {"pattern": "*.md", "repo": repo})["files"]


def listed(answer: dict[str, Any]) -> list[str]:
    """A glob answer's rows as paths, its directories put back (`./`: the root)."""
    return [("" if folder == "./" else folder) + row
            for folder, rows in answer["files"].items() for row in rows]  # fmt: skip


def test_glob(app_context: AppContext, search_tree: tuple[Path, str]) -> None:
    _, repo = search_tree
    answer = call(app_context, "glob", {"pattern": "src/**/*.py", "repo": repo})
    paths = listed(answer)
    assert paths == sorted(p for p in FILES if p.startswith("src/") and p.endswith(".py"))
    assert "core.py" in answer["files"]["src/pkg/"]  # each directory once, a name a row
    assert "total" not in answer  # every file is listed: the rows count themselves
    assert "more" not in answer
    anywhere = call(app_context, "glob", {"pattern": "*.txt", "repo": repo})
    # the root's files together (`./`), then docs/: each directory once, in order of its first
    assert listed(anywhere) == [
        "crlf.txt", "latin1.txt", "docs/notes.txt"
    ]  # fmt: skip
    assert list(anywhere["files"]) == ["./", "docs/"]
    root_only = call(app_context, "glob", {"pattern": "/crlf.txt", "repo": repo})
    assert listed(root_only) == ["crlf.txt"]
    clamped = call(app_context, "glob", {"pattern": "**", "repo": repo, "top_k": 0})
    assert len(listed(clamped)) == 1
    asked = glob_question(GlobArguments(pattern="**", repo=repo))
    assert clamped["next_cursor"] == asked.cursor(1)
    assert clamped["more"].startswith(f"{clamped['total'] - 1} more files")
    assert clamped["clamped"]["top_k"]["used"] == 1
    rest = call(
        app_context, "glob", {"pattern": "**", "repo": repo, "top_k": 1, "cursor": asked.cursor(1)}
    )
    assert listed(rest) != listed(clamped)
    assert rest["total"] == clamped["total"]  # a later page: the count it is a part of
    assert rest["next_cursor"] == asked.cursor(2)
    assert error_of(app_context, "glob", {"pattern": ""})["field"] == "pattern"


def test_view_reads_the_graph_with_symbols(
    app_context: AppContext, search_tree: tuple[Path, str]
) -> None:
    root, repo = search_tree
    answer = call(
        app_context,
        "view",
        {"path": "src/pkg/core.py", "repo": repo, "start_line": 4, "end_line": 8},
    )
    lines = FILES["src/pkg/core.py"].decode().split("\n")
    assert answer["text"] == "".join(line + "\n" for line in lines[3:8])
    assert "disk" not in answer  # the same as the graph's: no news
    assert len(answer["hash"]) == 64  # the tests' server serves every verb, the edits too
    assert "symbols" not in answer  # only when asked
    # the range sent, given whole: its path and lines are not said back (issue 30)
    assert not {"path", "start_line", "end_line"} & set(answer)
    dotted = call(app_context, "view", {"path": "./src/pkg/core.py", "repo": repo,
                                        "start_line": 4, "end_line": 8})  # fmt: skip
    assert (dotted["path"], dotted["start_line"], dotted["end_line"]) == ("src/pkg/core.py", 4, 8)
    asked = call(
        app_context,
        "view",
        {"path": "src/pkg/core.py", "repo": repo, "start_line": 4, "end_line": 8, "symbols": True},
    )
    assert [s.split(" ")[2].split("(")[0] for s in asked["symbols"]] == ["Engine", "Engine.start"]
    path = root / "src/pkg/core.py"
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    again = call(app_context, "view", {"path": "src/pkg/core.py", "repo": repo})
    assert again["disk"] == "differs"
    assert again["text"] == FILES["src/pkg/core.py"].decode()  # still the graph's text


def test_view_clamps_and_rebuilds_long_lines(
    app_context: AppContext, search_tree: tuple[Path, str]
) -> None:
    _, repo = search_tree
    big = call(app_context, "view", {"path": "src/pkg/big.py", "repo": repo, "end_line": 10**6})
    assert big["end_line"] - big["start_line"] + 1 == VIEW_MAX_LINES
    assert big["more_below"] == 3600 - VIEW_MAX_LINES  # the bound cut it: the rest, a cursor
    assert big["next_cursor"]
    assert big["clamped"]["end_line"]["used"] == VIEW_MAX_LINES
    tail = call(app_context, "view", {"path": "src/pkg/big.py", "repo": repo, "start_line": 10**6})
    assert tail["start_line"] == tail["end_line"] == 3600
    long = call(app_context, "view", {"path": "src/pkg/long_line.py", "repo": repo})
    assert long["cut_lines"] == [2]
    assert long["text"].split("\n")[2] == "b = 2  # after long"
    payload = error_of(
        app_context,
        "view",
        {"path": "src/pkg/big.py", "repo": repo, "start_line": 5, "end_line": 2},
    )
    assert payload["field"] == "end_line"


def test_view_unknown_or_hostile_paths(
    app_context: AppContext, search_tree: tuple[Path, str]
) -> None:
    _, repo = search_tree
    missing = error_of(app_context, "view", {"path": "nope.py", "repo": repo})
    assert (missing["error"], missing["field"]) == ("not_found", "path")
    for hostile in ["../etc/passwd", "/etc/passwd", "a/../../b", "x\x00y"]:
        payload = error_of(app_context, "view", {"path": hostile, "repo": repo})
        assert (payload["error"], payload["field"]) == ("invalid_input", "path")


def test_batch_view_reports_errors_per_item(
    app_context: AppContext, search_tree: tuple[Path, str]
) -> None:
    _, repo = search_tree
    items = [
        {"path": "docs/readme.md", "repo": repo, "start_line": 1, "end_line": 1},
        {"path": "missing.md", "repo": repo},
        {"path": "src/pkg/unicode_ü.py", "repo": repo},
    ]
    answer = call(app_context, "batch_view", {"items": items})
    assert [item["ok"] for item in answer["items"]] == [True, False, True]
    assert answer["items"][0]["view"]["text"] == "# Engine\n"
    assert answer["items"][1]["error"]["error"] == "not_found"
    assert "世界" in answer["items"][2]["view"]["text"]
    too_many = [{"path": "crlf.txt", "repo": repo}] * (BATCH_VIEW_MAX_ITEMS + 1)
    assert error_of(app_context, "batch_view", {"items": too_many})["field"] == "items"


def test_read_only_annotations(settings: Settings, graph: Graph) -> None:
    ctx = AppContext(settings=settings, graphs=GraphProvider.ready(settings, graph))

    async def run() -> dict[str, Any]:
        async with Client(create_server(ctx)) as client:
            return {tool.name: tool.annotations for tool in await client.list_tools()}

    annotations = asyncio.run(run())
    for verb in ("search", "glob", "view", "batch_view"):
        assert annotations[verb] is not None
        assert annotations[verb].read_only_hint is True


def test_read_verbs_leave_the_graph_unchanged(
    app_context: AppContext, search_tree: tuple[Path, str], graph: Graph
) -> None:
    root, repo = search_tree
    (root / "new_file.py").write_text("TODO = 'not ingested: reads never ingest'\n")

    def snapshot() -> list[Any]:
        [row] = graph.run_text(
            "MATCH (n {repo: $repo}) OPTIONAL MATCH (n)-[r]->() "
            "RETURN count(DISTINCT n) AS nodes, count(r) AS edges, "
            "collect(DISTINCT n.hash) AS hashes",
            repo=repo,
        )
        return [row["nodes"], row["edges"], sorted(row["hashes"])]

    before = snapshot()
    call(app_context, "search", {"query": "TODO", "repo": repo})
    call(app_context, "search", {"query": "(?i)todo", "mode": "regex", "repo": repo})
    call(app_context, "glob", {"pattern": "**", "repo": repo})
    call(app_context, "view", {"path": "crlf.txt", "repo": repo})
    call(app_context, "batch_view", {"items": [{"path": "new_file.py", "repo": repo}]})
    assert snapshot() == before
    unseen = call(app_context, "glob", {"pattern": "new_file.py", "repo": repo})
    assert "files" not in unseen  # no empty list: `none` says it
    assert unseen["none"] == "no ingested file matches 'new_file.py'"


@pytest.mark.parametrize(
    ("query", "mode", "count_only", "scoped"),
    [
        ("TODO", "literal", False, True),  # path order
        (r"^\s+return", "regex", False, True),  # a scan in path order
        ("TODO", "literal", True, False),  # the trigram index over every repo
    ],
)
def test_a_search_past_its_deadline_answers_what_it_found_marked_a_lower_bound(
    graph: Graph,
    search_tree: tuple[Path, str],
    query: str,
    mode: Any,
    count_only: bool,
    scoped: bool,
) -> None:
    _, repo = search_tree
    request = SearchRequest(query, mode, repo if scoped else None, count_only=count_only)
    whole = text_search.search(graph, request)
    assert "stopped" not in whole
    assert (whole["count"] if count_only else whole["returned"]) > 0
    cut = text_search.search(graph, dataclasses.replace(request, deadline_s=0.0))
    assert cut["stopped"]["after_s"] == 0.0
    assert "lower bound" in cut["stopped"]["why"]
    assert (cut["count"] if count_only else cut["returned"]) == 0


def test_a_budget_cuts_search_glob_view_and_their_cursors_go_on(
    app_context: AppContext, search_tree: tuple[Path, str]
) -> None:
    """max_tokens cuts each answer to about that many tokens (~4 characters each), says what it
    left out, and the cursor's next call starts where it stopped."""
    _, repo = search_tree
    base = {"query": "def", "repo": repo, "top_k": 200}
    whole = call(app_context, "search", base)
    cut = call(app_context, "search", base | {"max_tokens": 200})
    assert len(json.dumps(cut)) <= 200 * 4 + 400  # the budget, and the room kept for `more`
    assert 0 < len(flat(cut)) < len(flat(whole))
    assert cut["next_cursor"] == search_question(SearchArguments(**base)).cursor(len(flat(cut)))
    rest = call(app_context, "search", base | {"cursor": cut["next_cursor"]})
    assert flat(cut) + flat(rest)[: len(flat(whole)) - len(flat(cut))] == flat(whole)
    view = {"path": "src/pkg/big.py", "repo": repo, "end_line": 300}
    page = call(app_context, "view", view | {"max_tokens": 300})
    assert page["start_line"] == 1 < page["end_line"] < 300
    assert page["next_cursor"] == view_question(repo, "src/pkg/big.py").cursor(page["end_line"] + 1)
    assert f"{300 - page['end_line']} more lines" in page["more"]
    after = call(app_context, "view", view | {"cursor": page["next_cursor"]})
    lines = FILES["src/pkg/big.py"].decode().split("\n")
    assert page["text"] + after["text"] == "".join(line + "\n" for line in lines[:300])
    assert call(app_context, "search", base | {"max_tokens": 10})["clamped"]["max_tokens"] == {
        "requested": 10, "used": 100, "min": 100, "max": 25_000
    }  # fmt: skip


def test_batch_view_shares_its_budget(
    app_context: AppContext, search_tree: tuple[Path, str]
) -> None:
    _, repo = search_tree
    items = [{"path": "src/pkg/big.py", "repo": repo, "start_line": n, "end_line": n + 299}
             for n in (1, 1001)]  # fmt: skip
    answer = call(app_context, "batch_view", {"items": items, "max_tokens": 600})
    first, second = (item["view"] for item in answer["items"])
    for view, start in ((first, 1), (second, 1001)):
        assert view["start_line"] == start < view["end_line"] < start + 299
        assert view["next_cursor"] == view_question(repo, "src/pkg/big.py").cursor(
            view["end_line"] + 1
        )
    assert len(json.dumps(answer)) <= 600 * 4 + 800
    # a range's cursor goes on in `view` of that file
    goes_on = {"path": "src/pkg/big.py", "repo": repo, "cursor": second["next_cursor"]}
    after = call(app_context, "view", goes_on)
    assert after["start_line"] == second["end_line"] + 1


@pytest.mark.parametrize(
    ("verb", "asked", "other"),
    [
        ("search", {"query": "def", "max_tokens": 100}, {"query": "class"}),
        ("search", {"query": "def", "max_tokens": 100}, {"mode": "regex"}),
        ("search", {"query": "def", "max_tokens": 100}, {"path_glob": "src/**"}),
        ("search", {"query": "def", "max_tokens": 100}, {"language": "python"}),
        ("glob", {"pattern": "**", "top_k": 1}, {"pattern": "src/**"}),
        ("view", {"path": "src/pkg/big.py", "max_tokens": 100}, {"path": "src/pkg/core.py"}),
    ],
)
def test_a_cursor_of_another_question_or_a_bare_offset_is_refused(
    app_context: AppContext,
    search_tree: tuple[Path, str],
    verb: str,
    asked: dict[str, Any],
    other: dict[str, Any],
) -> None:
    """A cursor is of its question (search: the query and its filters; glob: the pattern;
    view: the file): one of another question, or the bare offset cursors once were, is refused
    with field cursor, not read into a list it was never an offset into."""
    _, repo = search_tree
    asked = {"repo": repo, **asked}
    first = call(app_context, verb, asked)
    cursor = first["next_cursor"]
    assert "." in cursor
    refused = error_of(app_context, verb, asked | other | {"cursor": cursor})
    assert (refused["error"], refused["field"]) == ("invalid_input", "cursor")
    for plain in (cursor.partition(".")[0], "2", f"x@{cursor}"):
        refused = error_of(app_context, verb, asked | {"cursor": plain})
        assert (refused["error"], refused["field"]) == ("invalid_input", "cursor")
    # the page size is not the question: the cursor goes on whatever it is
    paged = {"top_k": 3} if verb != "view" else {"max_tokens": 200}
    assert call(app_context, verb, asked | paged | {"cursor": cursor})


def test_a_foreign_view_cursor_is_refused_as_the_cursor_even_past_end_line(
    app_context: AppContext, search_tree: tuple[Path, str]
) -> None:
    """The cursor's line, past the asked end_line, would make the range invalid: the cursor is
    named, not end_line, as it is of another file."""
    _, repo = search_tree
    first = call(app_context, "view", {"repo": repo, "path": "src/pkg/big.py", "max_tokens": 100})
    cursor = first["next_cursor"]
    asked = {"repo": repo, "path": "src/pkg/core.py", "end_line": 1, "cursor": cursor}
    refused = error_of(app_context, "view", asked)
    assert (refused["error"], refused["field"]) == ("invalid_input", "cursor")
    own = error_of(
        app_context,
        "view",
        {"repo": repo, "path": "src/pkg/big.py", "end_line": 1, "cursor": cursor},
    )
    assert (own["error"], own["field"]) == ("invalid_input", "end_line")
