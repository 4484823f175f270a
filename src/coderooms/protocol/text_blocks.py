"""An answer's plain-text fields as text blocks of their own (issue 30): a field a verb marks
`PlainText` (a file's lines) leaves the answer's JSON text and follows it as a text block, as
the file holds it, so the model reads a body's newlines and quotes once instead of escaped
(`\\n`, `\\"`), which cost as much again in characters and tokens. The structured content is the
whole answer, the field where it always was: a client that reads fields (the tests, the proof
paths) reads what it read before. Added by the tool wrapper; no verb knows of it."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from fastmcp.tools import ToolResult
from mcp.types import TextContent

from coderooms.verbs.spec import PlainText


def with_text_blocks(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn`, an answer holding `PlainText` fields answered as its JSON (those fields left out),
    then each such field's text as a block of its own, in the answer's order."""

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        answer = fn(*args, **kwargs)
        return text_blocks(answer) if isinstance(answer, dict) else answer

    return call


def text_blocks(answer: dict[str, Any]) -> Any:
    """The tool result of `answer`: the answer as it is when no field is `PlainText` with text,
    else the JSON of its other fields, then those texts; the structured content whole (an
    empty text stays in the JSON, `""`: no block to look for)."""
    texts = [value for value in answer.values() if isinstance(value, PlainText) and value]
    if not texts:
        return answer
    rest = {key: value for key, value in answer.items()
            if not (isinstance(value, PlainText) and value)}  # fmt: skip
    content = ToolResult(content=rest).content if rest else []
    blocks = [TextContent(type="text", text=str(text)) for text in texts]
    plain = {key: str(value) if isinstance(value, PlainText) else value
             for key, value in answer.items()}  # fmt: skip
    return ToolResult(content=[*content, *blocks], structured_content=plain)
