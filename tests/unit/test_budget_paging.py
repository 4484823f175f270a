"""The paging rules every budgeted verb follows (coderooms.verbs.budget): a second page starts where
the first stopped, no row comes twice, and a cursor of another question is refused with an
`invalid_input` naming `cursor`; `help` and `ingest`'s problem lists through them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from coderooms.errors import InvalidInput
from coderooms.freshness.tools import reports_within
from coderooms.ingest.tools import problems_within
from coderooms.verbs.budget import Question, cursor_parts, page_answer, page_into
from tests.unit.system.test_presets import call, context, refused

ROWS = [f"src/module_{n}.py:{n}: a row of some length" for n in range(40)]


def pages(question: Question, rows: list[str], max_tokens: int) -> list[dict[str, Any]]:
    """Every page of `rows`, each cursor read back through `question`."""
    answers = []
    cursor = None
    while True:
        _, offset = question.read(cursor)
        answer = page_answer({"rows": list(rows)}, "rows", question=question, offset=offset,
                             max_tokens=max_tokens, what="rows")  # fmt: skip
        answers.append(answer)
        cursor = answer.get("next_cursor")
        if cursor is None:
            return answers


def test_pages_go_on_where_the_last_stopped_and_no_row_comes_twice() -> None:
    question = Question.of("verb", repo="r", path="a.py")
    answers = pages(question, ROWS, max_tokens=100)
    assert len(answers) > 2
    seen = [row for answer in answers for row in answer["rows"]]
    assert seen == ROWS
    first, second = answers[0], answers[1]
    assert "offset" not in first
    assert second["offset"] == len(first["rows"])
    assert first["more"] == (f"{len(ROWS) - len(first['rows'])} more rows")
    assert "next_cursor" not in answers[-1]
    assert "more" not in answers[-1]


def test_a_cursor_of_another_question_or_list_is_refused_naming_cursor() -> None:
    asked = Question.of("verb", repo="r", path="a.py")
    cursor = asked.cursor(10)
    for other in (
        Question.of("verb", repo="r", path="b.py"),  # other arguments
        Question.of("other_verb", repo="r", path="a.py"),  # another verb
    ):
        with pytest.raises(InvalidInput) as refused_cursor:
            other.read(cursor)
        assert refused_cursor.value.field == "cursor"
        assert "not one this" in refused_cursor.value.message
    for wrong in ("10", "x@10." + cursor.split(".")[1], 10, "10.", "a" * 65):
        with pytest.raises(InvalidInput) as bad:
            asked.read(wrong)
        assert bad.value.field == "cursor"
    assert asked.read(cursor) == ("", 10)
    listed = asked.cursor(5, "callees")
    assert asked.read(listed, ("", "callees")) == ("callees", 5)
    with pytest.raises(InvalidInput):
        asked.read(listed.replace("callees@", "ghosts@"), ("", "callees", "ghosts"))
    assert cursor_parts(listed) == ("callees", 5)


def test_a_list_read_to_a_page_past_the_offset_counts_the_whole_list() -> None:
    question = Question.of("verb")
    holder: dict[str, Any] = {}
    page_into(holder, "items", ROWS[:15], question=question, offset=10, room_chars=10_000,
              what="rows", part="rows", total=40, limit=5)  # fmt: skip
    assert holder["items"] == ROWS[10:15]
    assert holder["next_cursor"] == question.cursor(15, "rows")
    assert str(holder["more"]).startswith("25 more rows")


def test_help_pages_its_verbs(tmp_path: Path) -> None:
    ctx = context(tmp_path, tools="all")
    whole = call(ctx, "help", {})
    assert "next_cursor" not in whole
    first = call(ctx, "help", {"max_tokens": 300})
    assert 0 < len(first["verbs"]) < len(whole["verbs"])
    seen = list(first["verbs"])
    cursor = first["next_cursor"]
    while cursor:
        page = call(ctx, "help", {"max_tokens": 300, "cursor": cursor})
        assert page["offset"] == len(seen)
        seen += page["verbs"]
        cursor = page.get("next_cursor")
    assert seen == whole["verbs"]
    # a cursor of help on another server (other verbs served) belongs to another question
    other = call(context(tmp_path), "help", {"max_tokens": 100})["next_cursor"]
    payload = refused(ctx, "help", {"cursor": other})
    assert (payload["error"], payload["field"]) == ("invalid_input", "cursor")


def test_ingest_cuts_its_problems_to_the_budget_and_counts_the_rest() -> None:
    problems = [{"path": f"f{n}.py", "problem": "syntax error at line 1"} for n in range(50)]
    answer = {"reports": [{"repo": "r", "problems": problems, "problems_total": 70}]}
    report = problems_within(answer, max_tokens=200)["reports"][0]
    shown = len(report["problems"])
    assert 0 < shown < 50
    assert report["problems"] == problems[:shown]
    assert report["problems_more"].startswith(f"{70 - shown} more problems not listed")
    whole = problems_within({"reports": [{"problems": problems[:2], "problems_total": 2}]}, 6000)
    assert "problems_more" not in whole["reports"][0]


def test_tick_reports_cut_their_path_lists_to_the_budget_and_count_the_rest() -> None:
    paths = [f"src/pkg/module_{n}.py" for n in range(200)]
    root = {"root": "/r", "changed_paths": list(paths), "signature_changes": [],
            "git_skipped_examples": []}  # fmt: skip
    answer = reports_within({"ticks": [{"watcher_id": "w", "roots": [root]}]}, max_tokens=300)
    cut = answer["ticks"][0]["roots"][0]
    shown = len(cut["changed_paths"])
    assert 0 < shown < 200
    assert cut["changed_paths"] == paths[:shown]
    assert cut["changed_paths_more"] == f"{200 - shown} more changed paths not listed (max_tokens)"
    assert cut["signature_changes"] == []
    assert "signature_changes_more" not in cut
