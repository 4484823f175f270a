"""Budgets and cursors of the perspective verbs (see coderooms.verbs.budget): every list a
perspective verb answers is cut to `max_tokens` and says what it left out and the cursor that
goes on.

Routes are one list per perspective and route set: a cursor of `perspective_routes` is an
offset into it, and the first page that start, follow, back and branch return gives, when cut,
a cursor of `perspective_routes` (those verbs move or create, so calling them again would not go
on). A route set rebuilt (a new `route_set_version`) refuses the cursors of the old one.
"""

from __future__ import annotations

from typing import Any

from coderooms.perspective.limits import COMPARE_MAX_LISTED_NODES
from coderooms.verbs.budget import Question, fit, page_answer, page_into, room

ROUTES_VERB = "perspective_routes"


def routes_question(answer: dict[str, Any]) -> Question:
    return Question.of(
        ROUTES_VERB,
        perspective_id=answer["perspective_id"],
        version=answer["route_set_version"],
    )


def page_routes(
    answer: dict[str, Any], *, offset: int, max_tokens: int, elsewhere: bool = False
) -> dict[str, Any]:
    """The route page of `answer` (from `offset`, `total_routes` long) cut to `max_tokens`;
    `elsewhere`: the cursor is perspective_routes' (the answer is of another verb)."""
    if "routes" not in answer:  # an ambiguous start: its few candidates, nothing created
        return answer
    question = routes_question(answer)
    rows = answer.pop("routes")
    fitted = fit(rows, room(max_tokens, answer))
    answer["routes"] = rows[: fitted.shown]
    if offset:
        answer["offset"] = offset
    left = int(answer["total_routes"]) - offset - fitted.shown
    if left > 0:
        call = f"{ROUTES_VERB} perspective_id='{answer['perspective_id']}'" if elsewhere else ""
        answer |= question.more(offset + fitted.shown, left, "routes", call=call)
    return answer


def page_list(
    answer: dict[str, Any],
    key: str,
    question: Question,
    *,
    offset: int,
    max_tokens: int,
    what: str,
) -> dict[str, Any]:
    """`answer` with its list `key` from `offset`, cut to `max_tokens`."""
    return page_answer(
        answer, key, question=question, offset=offset, max_tokens=max_tokens, what=what
    )


COMPARE_LISTS = tuple(
    f"{group}.{kind}" for group in ("nodes", "visited") for kind in ("shared", "only_a", "only_b")
)
"""The id lists of perspective_compare that page (a cursor names one)."""


def compare_paged(
    answer: dict[str, Any], question: Question, part: str, offset: int, budget: int
) -> dict[str, Any]:
    """perspective_compare's answer with each id list at its first page, or (a cursor's
    `part`) that one list from `offset`, alone beside the two perspective ids."""
    if part:
        group, kind = part.split(".")
        holder = answer[group][kind]
        head = {
            "a": {"perspective_id": answer["a"]["perspective_id"]},
            "b": {"perspective_id": answer["b"]["perspective_id"]},
        }
        answer = {**head, group: {kind: holder}}
    lists = [name for name in COMPARE_LISTS if not part or name == part]
    rows = {}
    for name in lists:
        group, kind = name.split(".")
        rows[name] = answer[group][kind].pop("ids")
    share = room(budget, answer) // len(lists)
    for name in lists:
        group, kind = name.split(".")
        page_into(
            answer[group][kind],
            "ids",
            rows[name],
            question=question,
            offset=offset if part else 0,
            room_chars=share,
            what="ids",
            part=name,
            limit=COMPARE_MAX_LISTED_NODES,
        )
    return answer
