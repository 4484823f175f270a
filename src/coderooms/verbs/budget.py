"""Token budgets of answers (see docs/search.md, "Budgets").

A verb that returns lists or text takes `max_tokens` and cuts what would pass it; an answer that
cuts says how much it left out and gives a `next_cursor` to fetch the rest (the same call with
`cursor` set). Tokens are estimated without a tokenizer, as the characters of the answer's
compact JSON divided by CHARS_PER_TOKEN: cl100k reads answers at 3.4-4.5 characters a token
(the densest measured on Flask: impact rows 3.4, code with context lines 3.7), so the estimate
takes the low end: an answer within its budget is within it in real tokens too, and one under
the default stays well under the 25k-token tool-output cap that some clients enforce.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from coderooms.core.clamps import Clamps
from coderooms.errors import InvalidInput

CHARS_PER_TOKEN = 3.3
"""Characters counted as one token by the estimate (below the densest answers measured)."""
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

MaxTokensDoc = f"Answer budget in tokens ({MAX_TOKENS_MIN}..{MAX_TOKENS_MAX})."
CursorDoc = "next_cursor of an earlier answer."
MaxTokensArg = Annotated[int, Field()]
"""The `max_tokens` argument of every verb that answers within a budget (MaxTokensDoc, said once
in the server's instructions rather than in every tool's schema)."""
CursorArg = Annotated[str | None, Field()]
"""The `cursor` argument of every verb that pages its answer (CursorDoc, said once in the
server's instructions)."""


def chars_of(value: Any) -> int:
    """Characters of `value` as compact JSON (close to what the model reads)."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str))


def tokens_of(value: Any) -> int:
    return math.ceil(chars_of(value) / CHARS_PER_TOKEN)


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
    whole = int(max_tokens * CHARS_PER_TOKEN)
    return whole - chars_of(envelope) - min(RESERVED_CHARS, whole // 5)


QUESTION_DIGEST_CHARS = 8
"""Hex characters of a question's digest in its cursors."""
PART_SEPARATOR = "@"
DIGEST_SEPARATOR = "."


@dataclass(frozen=True, slots=True)
class Question:
    """What a paged verb was asked (its name and the arguments that choose the list, not the
    budget): a cursor carries the question's digest, so a cursor of another question (another
    verb, other arguments, another list of the same answer) is refused, not read as an offset
    into a list it was never an offset into.

    A cursor is `offset.digest`, or `part@offset.digest` where one answer pages several lists
    (`part` names the list)."""

    verb: str
    digest: str

    @classmethod
    def of(cls, verb: str, **args: Any) -> Question:
        text = json.dumps([verb, args], sort_keys=True, default=str, separators=(",", ":"))
        return cls(verb, hashlib.blake2b(text.encode(), digest_size=8).hexdigest())

    def _digest(self, part: str) -> str:
        if not part:
            return self.digest[:QUESTION_DIGEST_CHARS]
        mixed = hashlib.blake2b(f"{self.digest}{PART_SEPARATOR}{part}".encode(), digest_size=8)
        return mixed.hexdigest()[:QUESTION_DIGEST_CHARS]

    def cursor(self, offset: int, part: str = "") -> str:
        at = f"{part}{PART_SEPARATOR}" if part else ""
        return f"{at}{offset}{DIGEST_SEPARATOR}{self._digest(part)}"

    def read(self, cursor: object, parts: Sequence[str] = ("",)) -> tuple[str, int]:
        """(part, offset) of a cursor this question gave; no cursor: (parts[0], 0)."""
        if cursor is None:
            return parts[0], 0
        if not isinstance(cursor, str) or not cursor.isascii() or len(cursor) > 64:
            raise InvalidInput(
                "cursor must be the next_cursor of an earlier answer", field="cursor"
            )
        part, _, rest = cursor.rpartition(PART_SEPARATOR)
        offset, _, digest = rest.partition(DIGEST_SEPARATOR)
        if part not in parts or digest != self._digest(part):
            raise InvalidInput(
                f"cursor {cursor!r} is not one this {self.verb} question gave (another verb, "
                "other arguments or another list)",
                field="cursor",
                hint="pass the next_cursor of an answer to this same call, or no cursor",
            )
        return part, parse_cursor(offset)

    def more(
        self, next_offset: int, left: int | None, what: str, part: str = "", call: str = ""
    ) -> dict[str, Any]:
        """The fields of a cut list: its cursor, and what was left out (`left` None: a count
        the verb does not know; `call`: the call that goes on, when not this one again). The
        cursor is written once, in `next_cursor` beside `more`; the same call going on with it
        is said once, in the server's instructions, so `more` names only another call."""
        count = f"{left} more" if left is not None else "more"
        how = f": call {call} with cursor=next_cursor" if call else ""
        return {"next_cursor": self.cursor(next_offset, part), "more": f"{count} {what}{how}"}


def cursor_parts(cursor: object) -> tuple[str, int]:
    """(part, offset) a cursor names, its digest not checked (Question.read checks it): for a
    verb that must read from the offset before it knows its whole question."""
    if cursor is None:
        return "", 0
    if not isinstance(cursor, str) or not cursor.isascii() or len(cursor) > 64:
        raise InvalidInput("cursor must be the next_cursor of an earlier answer", field="cursor")
    part, _, rest = cursor.rpartition(PART_SEPARATOR)
    return part, parse_cursor(rest.partition(DIGEST_SEPARATOR)[0])


def page_into(
    holder: dict[str, Any],
    key: str,
    rows: Sequence[Any],
    *,
    question: Question,
    offset: int,
    room_chars: int,
    what: str,
    part: str = "",
    total: int | None = None,
    limit: int | None = None,
    call: str = "",
) -> dict[str, Any]:
    """Put into `holder[key]` the `rows` from `offset` that fit in `room_chars` (at most `limit`
    of them), and beside it
    what a cut list says: `offset` (when not the first page), `next_cursor` and `more`. `rows`
    is the ordered list from its start (perhaps read only up to a page past `offset`: `total`
    is then the whole list's length)."""
    total = len(rows) if total is None else total
    rest = rows[offset : None if limit is None else offset + limit]
    fitted = fit(rest, room_chars)
    holder[key] = list(rest[: fitted.shown])
    if offset:
        holder["offset"] = offset
    left = total - offset - fitted.shown
    if left > 0:
        holder |= question.more(offset + fitted.shown, left, what, part, call)
    return holder


def page_answer(
    answer: dict[str, Any],
    key: str,
    *,
    question: Question,
    offset: int,
    max_tokens: int,
    what: str,
    total_key: str | None = None,
) -> dict[str, Any]:
    """`answer` with its list `key` paged to `max_tokens` (the rest of the answer counted);
    `offset`, `next_cursor` and `more` sit beside the list, and `total_key` (when given) counts
    the whole list."""
    rows = list(answer.pop(key))
    if total_key:
        answer[total_key] = len(rows)
    return page_into(
        answer, key, rows, question=question, offset=offset,
        room_chars=room(max_tokens, answer), what=what,
    )  # fmt: skip
