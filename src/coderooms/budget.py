"""Token budgets of answers (see docs/search.md, "Budgets").

A verb that returns lists or text takes `max_tokens` and cuts what would pass it; an answer that
cuts says how much it left out and gives a `next_cursor` to fetch the rest (the same call with
`cursor` set). Tokens are estimated without a tokenizer, as the characters of the answer's
compact JSON divided by CHARS_PER_TOKEN: cl100k reads code at 3.5-4.5 characters a token, so the
estimate is near, and an answer under the default stays well under the 25k-token tool-output
cap that some clients enforce.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from coderooms.core.clamps import Clamps
from coderooms.errors import InvalidInput

CHARS_PER_TOKEN = 4
"""Characters counted as one token by the estimate."""
MAX_TOKENS_DEFAULT = 6_000
"""The budget of an answer when the call gives none."""
MAX_TOKENS_MIN = 100
MAX_TOKENS_MAX = 25_000
"""Most tokens one answer may be asked for (Claude Code's tool-output cap)."""
MAX_CURSOR = 1_000_000
"""Largest cursor (an offset into the answer's ordered list) accepted."""
RESERVED_CHARS = 400
"""Room kept for what an answer adds after its list is cut (the `more` note, freshness); at
most a fifth of a small budget."""

MaxTokensDoc = (
    f"Answer budget in tokens (~{CHARS_PER_TOKEN} chars; {MAX_TOKENS_MIN}..{MAX_TOKENS_MAX})."
)
CursorDoc = "next_cursor of an earlier answer."
MaxTokensArg = Annotated[int, Field(description=MaxTokensDoc)]
"""The `max_tokens` argument of every verb that answers within a budget."""
CursorArg = Annotated[str | None, Field(description=CursorDoc)]
"""The `cursor` argument of every verb that pages its answer."""


def chars_of(value: Any) -> int:
    """Characters of `value` as compact JSON (close to what the model reads)."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str))


def tokens_of(value: Any) -> int:
    return -(-chars_of(value) // CHARS_PER_TOKEN)


def clamp_max_tokens(clamps: Clamps, value: int) -> int:
    return clamps.clamp("max_tokens", value, MAX_TOKENS_MIN, MAX_TOKENS_MAX)


def parse_cursor(cursor: object, field: str = "cursor") -> int:
    """The offset a cursor stands for (a cursor is the next_cursor of an earlier answer)."""
    if cursor is None:
        return 0
    if not isinstance(cursor, str) or not cursor.isascii() or not cursor.isdigit():
        raise InvalidInput(
            "cursor must be the next_cursor of an earlier answer (digits)", field=field
        )
    if len(cursor) > 7 or int(cursor) > MAX_CURSOR:
        raise InvalidInput(f"cursor is past {MAX_CURSOR}", field=field)
    return int(cursor)


@dataclass(frozen=True, slots=True)
class Fitted:
    shown: int
    """How many of the rows fit (at least one when there is one)."""
    by_budget: bool
    """The budget, not the list's end, stopped them."""


def fit(rows: Sequence[Any], room_chars: int) -> Fitted:
    """How many of `rows`, in order, fit in `room_chars` (a list's commas counted); the first
    row is always shown, so an answer goes on even when one row is longer than the room."""
    used = 0
    for index, row in enumerate(rows):
        used += chars_of(row) + 1
        if used > room_chars and index > 0:
            return Fitted(index, True)
    return Fitted(len(rows), False)


def room(max_tokens: int, envelope: Any) -> int:
    """Characters left for a list once the rest of the answer (`envelope`) is counted."""
    whole = max_tokens * CHARS_PER_TOKEN
    return whole - chars_of(envelope) - min(RESERVED_CHARS, whole // 5)


def more(next_offset: int, left: int | None, what: str) -> dict[str, Any]:
    """The fields of a cut answer: where to go on, and what was left out."""
    count = f"{left} more {what}" if left is not None else f"more {what}"
    return {
        "next_cursor": str(next_offset),
        "more": f"{count}: call again with cursor='{next_offset}'",
    }
