"""Answer rows and budgets without a database: the row forms, a cut that says what it left out,
cursors of the question that add up to the whole, the symbol text."""

from __future__ import annotations

from typing import Any

import pytest

from coderooms.errors import InvalidInput
from coderooms.freshness import brief_freshness
from coderooms.search.answers import glob_answer, search_answer, seek_answer, text_rows
from coderooms.search.skipped import SKIPPED_LISTED, skipped_rows
from coderooms.verbs.budget import CHARS_PER_TOKEN, Question, chars_of, fit, parse_cursor, room
from coderooms.verbs.symbol_rows import symbol_text

ASKED = Question.of("search", query="text")


def hit(path: str, line: int, **extra: Any) -> dict[str, Any]:
    return {"repo": "r", "file": path, "line": line, "text": f"text {line}", **extra}


def raw_search(hits: list[dict[str, Any]], repos: list[str], **extra: Any) -> dict[str, Any]:
    return {"scope": {"repos": repos}, "results": hits, "index": "path order", **extra}


def test_a_hit_is_grep_n_and_its_context_is_shown_once() -> None:
    hits = [
        hit("a.py", 3, before=["one", "two"], after=["four"]),
        hit("a.py", 5, before=["four"], after=[]),  # line 4 already shown
    ]
    assert text_rows(hits, ["r"]) == [
        ("a.py", ["1- one", "2- two", "3: text 3", "4- four"]),
        ("a.py", ["5: text 5"]),
    ]
    assert text_rows([hit("a.py", 3)], ["r", "s"]) == [("r:a.py", ["3: text 3"])]
    assert text_rows([hit("a.py", 3, cut=True)], ["r"]) == [("a.py", ["3: text 3 …(line cut)"])]


def test_a_hit_and_its_context_leave_out_the_indentation_they_share() -> None:
    lone = {"repo": "r", "file": "a.py", "line": 9, "text": "        return x  # deep"}
    assert text_rows([lone], ["r"]) == [("a.py", ["9: return x  # deep"])]
    block = {"repo": "r", "file": "a.py", "line": 3, "text": "        if x:",
             "before": ["    def f(x):", ""],
             "after": ["\t    tab", "            y()"]}  # fmt: skip
    assert text_rows([block], ["r"]) == [  # a tab shares no space: nothing is shared
        (
            "a.py",
            ["1-     def f(x):", "2- ", "3:         if x:", "4- \t    tab", "5-             y()"],
        )
    ]
    block["after"] = ["            y()"]
    assert text_rows([block], ["r"]) == [  # four spaces shared, the rest kept: the nesting reads
        ("a.py", ["1- def f(x):", "2- ", "3:     if x:", "4-         y()"])
    ]


def test_hits_sharing_a_file_share_its_path_once() -> None:
    raw = raw_search([hit("a.py", 1), hit("a.py", 4), hit("b/c.py", 2)], ["r"])
    answer = search_answer(raw, question=ASKED, offset=0, max_tokens=6_000)
    assert answer["hits"] == {"a.py": ["1: text 1", "4: text 4"], "b/c.py": ["2: text 2"]}


def test_a_search_answer_names_the_repo_once_and_no_notes() -> None:
    raw = raw_search([hit("a.py", 1)], ["r"], note="per line")
    answer = search_answer(raw, question=ASKED, offset=0, max_tokens=6_000)
    assert answer == {"repo": "r", "hits": {"a.py": ["1: text 1"]}}
    raw = raw_search([], ["r", "s"], index="scan")
    scanned = search_answer(raw, question=ASKED, offset=0, max_tokens=6_000)
    assert scanned == {"repos": ["r", "s"], "index": "scan", "hits": {}}


def test_a_budget_cuts_rows_says_what_is_left_and_the_pages_add_up() -> None:
    hits = [hit("src/module.py", n) for n in range(1, 201)]
    whole = [f"{n}: text {n}" for n in range(1, 201)]
    pages: list[str] = []
    offset = 0
    while True:
        raw = raw_search(hits[offset : offset + 50], ["r"], truncated=offset + 50 < len(hits))
        page = search_answer(raw, question=ASKED, offset=offset, max_tokens=200)
        assert chars_of(page) <= 200 * CHARS_PER_TOKEN
        pages += page["hits"]["src/module.py"]
        if "next_cursor" not in page:
            break
        assert page["more"].endswith("more hits")  # the same call goes on: not said
        _, offset = ASKED.read(page["next_cursor"])
    assert pages == whole


def test_fit_always_shows_the_first_row_and_counts_commas() -> None:
    assert fit(["x" * 100], 10).shown == 1
    assert fit(["ab", "cd"], chars_of("ab") + 1 + chars_of("cd") + 1).by_budget is False
    cut = fit(["ab", "cd"], chars_of("ab") + 1 + chars_of("cd"))
    assert (cut.shown, cut.by_budget) == (1, True)
    whole = int(100 * CHARS_PER_TOKEN)
    assert room(100, {}) == whole - 2 - whole // 5  # a fifth of a small budget is kept
    assert ASKED.more(7, 3, "rows") == {
        "next_cursor": ASKED.cursor(7), "more": "3 more rows"
    }  # fmt: skip


def test_a_cut_answer_writes_the_cursor_of_its_question_not_a_bare_offset() -> None:
    raw = raw_search([hit("a.py", n) for n in range(1, 4)], ["r"], truncated=True)
    page = search_answer(raw, question=ASKED, offset=10, max_tokens=6_000)
    assert page["next_cursor"] == ASKED.cursor(13) != "13"
    assert page["more"] == "more hits"
    other = Question.of("search", query="text", mode="regex")
    with pytest.raises(InvalidInput) as raised:
        other.read(page["next_cursor"])
    assert raised.value.field == "cursor"


@pytest.mark.parametrize("bad", ["", "-1", "1.5", "x", "١٢", "9" * 8, "2000000"])
def test_a_cursor_is_an_earlier_next_cursor(bad: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        parse_cursor(bad)
    assert raised.value.field == "cursor"
    assert parse_cursor(None) == 0
    assert parse_cursor("42") == 42


def test_seek_rows_spell_the_qualname_and_leave_the_formula_out() -> None:
    raw = {
        "scope": {"repos": ["r"]}, "proof_state": "ready", "embeddings_used": False,
        "clamped": {}, "total_candidates": 9, "truncated": True, "formula": "0.4*...",
        "results": [{"repo": "r", "path": "src/config.py", "start_line": 187, "end_line": 216,
                     "kind": "Method", "name": "from_pyfile", "qualname": "Config.from_pyfile",
                     "signature": "def from_pyfile(self, filename) -> bool", "score": 0.5812}],
    }  # fmt: skip
    asked = Question.of("seek", query="from_pyfile")
    answer = seek_answer(raw, question=asked, offset=0, max_tokens=6_000)
    assert answer == {
        "repo": "r",
        "proof_state": "ready",
        "symbols": ["src/config.py:187-216 0.58 def Config.from_pyfile(self, filename) -> bool"],
        "next_cursor": asked.cursor(1),
        "more": "8 more candidates",
    }


def test_seek_answers_a_name_by_name_and_its_cursor_ranks_from_the_first() -> None:
    row = {"repo": "r", "path": "a.py", "start_line": 1, "end_line": 3, "kind": "Function",
           "name": "load", "qualname": "load", "signature": "def load(x)", "score": 0.9,
           "signals": {"lexical": 1.0}}  # fmt: skip
    near = row | {"name": "loads", "qualname": "loads", "signature": "def loads(x)",
                  "score": 0.5, "signals": {"lexical": 0.6}}  # fmt: skip
    raw = {"scope": {"repos": ["r"]}, "proof_state": "ready", "embeddings_used": False,
           "clamped": {}, "total_candidates": 2, "truncated": False, "query": "load",
           "results": [row, near]}  # fmt: skip
    asked = Question.of("seek", query="load")
    named = seek_answer(raw, question=asked, offset=0, max_tokens=6_000, proof=False)
    assert named == {
        "repo": "r",
        "symbols": ["a.py:1-3 def load(x)"],
        "next_cursor": asked.cursor(0),
        "more": "1 more partial matches, ranked",
    }
    ranked = seek_answer(raw, question=asked, offset=0, max_tokens=6_000, proof=False, paged=True)
    assert ranked["symbols"] == [
        "a.py:1-3 0.90 def load(x)",
        "a.py:1-3 0.50 def loads(x)",
    ]


def test_a_description_lists_the_hits_ahead_and_says_the_next_score() -> None:
    def ranked(name: str, score: float) -> dict[str, Any]:
        return {"repo": "r", "path": "a.py", "start_line": 1, "end_line": 3, "kind": "Function",
                "name": name, "qualname": name, "signature": f"def {name}()", "score": score,
                "signals": {"lexical": 0.2}}  # fmt: skip

    def raw(*scores: float, total: int) -> dict[str, Any]:
        return {"scope": {"repos": ["r"]}, "embeddings_used": True, "clamped": {},
                "total_candidates": total, "truncated": total > len(scores),
                "query": "merge two error dicts",
                "results": [ranked(f"f{n}", s) for n, s in enumerate(scores)]}  # fmt: skip

    asked = Question.of("seek", query="merge two error dicts")
    ahead = seek_answer(raw(0.54, 0.27, 0.26, 0.25, 0.25, total=102), question=asked, offset=0,
                        max_tokens=6_000, proof=False, lead=True)  # fmt: skip
    assert ahead == {
        "repo": "r",
        "symbols": ["a.py:1-3 0.54 def f0()"],
        "next_cursor": asked.cursor(1),
        "more": "101 more candidates, the next scoring 0.27",
    }
    few = seek_answer(raw(0.54, 0.27, total=2), question=asked, offset=0, max_tokens=6_000,
                      proof=False, lead=True)  # fmt: skip
    assert few["more"] == "1 more candidates, the next scoring 0.27"
    close = seek_answer(raw(0.54, 0.40, 0.2, total=3), question=asked, offset=0,
                        max_tokens=6_000, proof=False, lead=True)  # fmt: skip
    assert [row.split()[1] for row in close["symbols"]] == ["0.54", "0.40"]  # within 2/3
    asked_five = seek_answer(raw(0.54, 0.27, total=2), question=asked, offset=0,
                             max_tokens=6_000, proof=False)  # fmt: skip
    assert len(asked_five["symbols"]) == 2  # top_k given: all
    assert "more" not in asked_five
    paged = seek_answer(raw(0.27, 0.1, total=2), question=asked, offset=0, max_tokens=6_000,
                        proof=False, paged=True, lead=True)  # fmt: skip
    assert len(paged["symbols"]) == 2  # a cursor's page is whole


@pytest.mark.parametrize(
    ("kind", "name", "qualname", "signature", "text"),
    [
        ("Method", "run", "Engine.run", "def run(self)", "def Engine.run(self)"),
        ("Method", "go", "A.go", "async def go()", "async def A.go()"),
        ("Class", "Engine", "Engine", "class Engine(Base)", "class Engine(Base)"),
        ("Variable", "x", "Cfg.x", "x = 1", "variable Cfg.x = 1"),
        ("Function", "f", "f", "func (r *T) f()", "function f: func (r *T) f()"),
        ("Function", "f", "f", None, "function f"),
        ("Function", "define", "define", "def defined()", "function define: def defined()"),
    ],
)
def test_symbol_text(kind: str, name: str, qualname: str, signature: str | None,
                     text: str) -> None:  # fmt: skip
    assert symbol_text(kind, name, qualname, signature) == text


def test_freshness_of_one_repo_is_unkeyed_and_has_no_empty_counts() -> None:
    assert brief_freshness({"r": {"watched": False, "unacked_alerts": {}}}) == {"watched": False}
    two = {"r": {"watched": False, "unacked_alerts": {"high": 1}}, "s": {"watched": True}}
    assert brief_freshness(two) == two


GLOBBED = Question.of("glob", pattern="**")


def raw_glob(paths: list[str], repos: list[str], total: int | None = None) -> dict[str, Any]:
    files = [{"repo": repos[0], "path": p, "lines": 10 + n} for n, p in enumerate(paths)]
    return {"repos": repos, "files": files, "total": len(paths) if total is None else total,
            "truncated": total is not None}  # fmt: skip


def test_glob_writes_each_directory_once_and_counts_only_a_cut_list() -> None:
    paths = ["README.md", "src/pkg/__init__.py", "src/pkg/core.py", "src/pkg/sub/x.py"]
    answer = glob_answer(raw_glob(paths, ["r"]), question=GLOBBED, offset=0, max_tokens=6000)
    assert answer == {
        "repo": "r",
        "files": {
            "./": ["README.md"],
            "src/pkg/": ["__init__.py", "core.py"],
            "src/pkg/sub/": ["x.py"],
        },
    }  # every file listed: no total; no line counts (the question is which files)
    several = glob_answer(raw_glob(paths[1:2], ["r", "s"]), question=GLOBBED, offset=0,
                          max_tokens=6000)  # fmt: skip
    assert several["files"] == {"r:src/pkg/": ["__init__.py"]}
    cut = glob_answer(raw_glob(paths[:2], ["r"], total=9), question=GLOBBED, offset=0,
                      max_tokens=6000)  # fmt: skip
    assert cut["total"] == 9
    assert cut["more"].startswith("7 more files")
    assert cut["next_cursor"] == GLOBBED.cursor(2)


def test_skipped_files_are_grouped_by_reason_and_the_rest_counted() -> None:
    assert skipped_rows([("a.png", "binary"), ("big.json", "too_large"), ("b.png", "binary")]) == {
        "binary": ["a.png", "b.png"],
        "too_large": ["big.json"],
    }
    many = [(f"{n}.png", "binary") for n in range(SKIPPED_LISTED + 3)] + [("l", "symlink")]
    rows = skipped_rows(many)
    assert rows["binary"][-1] == "+3 more"
    assert len(rows["binary"]) == SKIPPED_LISTED + 1
    assert rows["symlink"] == ["+1 more"]


def test_an_empty_seek_says_what_was_sought_why_nothing_matched_and_one_next_step() -> None:
    raw = {"scope": {"repos": ["r"]}, "proof_state": "blocked", "embeddings_used": False,
           "semantic": "no symbol vectors", "clamped": {}, "total_candidates": 0,
           "truncated": False, "query": "frobnicate the quux", "results": [],
           "blocked_reason": "no_candidates",
           "recovery_playbook": [{"verb": "seek", "why": "..."}]}  # fmt: skip
    asked = Question.of("seek", query="frobnicate the quux")
    answer = seek_answer(raw, question=asked, offset=0, max_tokens=6_000)
    # no envelope, no empty list, no playbook of every verb, no note on vectors
    assert answer == {
        "repo": "r",
        "none": "nothing matches 'frobnicate the quux': no symbol name, qualname or signature "
        "holds its words",
        "next": "search finds them in file contents; a prefix (`pars`) finds `parse_args`",
    }
    empty = seek_answer(raw | {"blocked_reason": "empty_scope", "query": "load"},
                        question=asked, offset=0, max_tokens=6_000)  # fmt: skip
    assert empty["none"].startswith("nothing matches 'load': the scope")
    assert set(empty) == {"repo", "none", "next"}
    long = seek_answer(raw | {"query": "word " * 40}, question=asked, offset=0, max_tokens=6_000)
    assert len(long["none"]) < 200  # the query repeated is cut


def test_a_name_nothing_is_named_says_so_and_its_partial_matches_in_one_line() -> None:
    near = {"repo": "r", "path": "a.py", "start_line": 1, "end_line": 3, "kind": "Function",
            "name": "loads", "qualname": "loads", "signature": "def loads(x)", "score": 0.5,
            "signals": {"lexical": 0.6}}  # fmt: skip
    raw = {"scope": {"repos": ["r"]}, "proof_state": "triaging", "embeddings_used": False,
           "clamped": {}, "total_candidates": 3, "truncated": False, "query": "Schema.to_json",
           "results": [near]}  # fmt: skip
    asked = Question.of("seek", query="Schema.to_json")
    answer = seek_answer(raw, question=asked, offset=0, max_tokens=6_000)
    assert answer == {
        "repo": "r",
        "none": "no symbol is named 'Schema.to_json'; 3 partial matches, ranked, from next_cursor",
        "next_cursor": asked.cursor(0),
    }
    alone = seek_answer(raw | {"total_candidates": 0, "results": []}, question=asked, offset=0,
                        max_tokens=6_000)  # fmt: skip
    assert alone == {"repo": "r", "none": "no symbol is named 'Schema.to_json'"}
