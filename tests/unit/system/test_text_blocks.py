"""A `PlainText` field is a text block of its own after the answer's JSON, unescaped; the
structured content keeps the whole answer (issue 30: a body read as the file holds it)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastmcp import Client, FastMCP

from coderooms.protocol.listing import listed_tool
from coderooms.search.answers import view_answer
from coderooms.verbs.budget import Question
from coderooms.verbs.effects import READS
from coderooms.verbs.spec import PlainText, ToolSpec

BODY = 'def f():\n    return "x"\n'


def served(answer: dict[str, Any]) -> tuple[list[str], dict[str, Any] | None]:
    """The text blocks and the structured content of a tool answering `answer`."""

    def verb(agent_id: str) -> dict[str, Any]:
        return answer

    app: FastMCP[Any] = FastMCP("t")
    app.add_tool(listed_tool(ToolSpec(verb, READS)))

    async def run() -> tuple[list[str], dict[str, Any] | None]:
        async with Client(app) as client:
            result = await client.call_tool("verb", {"agent_id": "a"})
            return [getattr(c, "text", "") for c in result.content], result.structured_content

    return asyncio.run(run())


def test_a_plain_text_field_follows_the_json_as_it_is() -> None:
    blocks, structured = served(
        {"symbol": "a.py:1-2 f", "text": PlainText(BODY), "next_cursor": "c"}
    )
    assert len(blocks) == 2
    assert json.loads(blocks[0]) == {"symbol": "a.py:1-2 f", "next_cursor": "c"}
    assert blocks[1] == BODY  # newlines and quotes once, not escaped
    assert len(blocks[1]) < len(json.dumps(BODY))
    assert structured == {"symbol": "a.py:1-2 f", "text": BODY, "next_cursor": "c"}


def test_an_answer_without_plain_text_is_one_json_block() -> None:
    blocks, structured = served({"a": 1, "text": BODY})
    assert blocks == [json.dumps({"a": 1, "text": BODY}, separators=(",", ":"))]
    assert structured == {"a": 1, "text": BODY}


def test_an_empty_plain_text_stays_in_the_json() -> None:
    blocks, structured = served({"start_line": 1, "end_line": 0, "text": PlainText("")})
    assert [json.loads(block) for block in blocks] == [{"start_line": 1, "end_line": 0, "text": ""}]
    assert structured == {"start_line": 1, "end_line": 0, "text": ""}


def test_view_answers_its_lines_as_plain_text() -> None:
    raw = {
        "repo": "r", "path": "a.py", "start_line": 1, "end_line": 2, "total_lines": 2,
        "text": BODY, "hash": "h", "disk": {"checked": True, "state": "same"},
        "symbols": [], "clamped": {}, "more_below": False,
    }  # fmt: skip
    question = Question.of("view", repo="r", path="a.py")
    answer = view_answer(raw, question=question, max_tokens=4000, symbols=False)
    assert isinstance(answer["text"], PlainText)
    assert answer["text"] == BODY
