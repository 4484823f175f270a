"""What `surgical_context` puts before the model: each list's rows one string, nothing the
call already names (repo once, no ids the rows spell, no method notes), every list cut at its
page with a cursor for the rest (and its `total`: a first page given whole has none), the
symbols also cut to the call's token budget (see docs/surgical-context.md, "Answer"). A cursor
names its list (`callees@50.digest`): its page is that list alone, beside the file's head.

Rows: a symbol `start-end signature` (the name spelled as the qualname: symbol_rows); a caller
`path:line caller -> called`; a callee `caller:line -> path::callee`; a ghost `name calls`; an
import `path:line` (the modules outside the repo in one line, `external`); a test file `path:
N calls` (or `path: imports`); a user file `path: N calls (names)` (or `path: imports`): a
file calling into it is not said to import it too; a co-change `path weight`,
heaviest first (surgical/co_changes).
Code at a file's top level (an empty qualname) is named `<module>` in every row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from coderooms.surgical.co_changes import partner_rows
from coderooms.surgical.context import FIRST_PAGE, MODULE_LEVEL, Window
from coderooms.surgical.context_limits import page_rows
from coderooms.surgical.sections import ALL_SECTIONS, CALLER_SECTIONS, calls_text, user_row
from coderooms.verbs.budget import Question, fit, page_into, room
from coderooms.verbs.symbol_rows import symbol_text

TEXT_KEY = "text"
UNBOUNDED = 1 << 30
"""Room of a list cut by its page's rows alone."""
HEAD = ("repo", "path", "lines", "hash", "disk")
"""What a page of one list repeats of the answer: which file, and whether the disk agrees."""


EXTERNAL_LISTED = 12
"""Modules outside the repo an answer names (the rest counted)."""


def external_text(names: list[str], language: Any) -> str:
    """The modules outside the repo a file imports, one line: Python's by their top package
    (`collections.abc` and `collections` are `collections`), the first EXTERNAL_LISTED in
    order, the rest counted (the file's import lines name them)."""
    if language == "python":
        names = sorted({name.lstrip(".").split(".")[0] or name for name in names})
    text = ", ".join(names[:EXTERNAL_LISTED])
    left = len(names) - EXTERNAL_LISTED
    return f"{text} (+{left} more)" if left > 0 else text


def _count(n: Any) -> str:
    return f" x{n}" if int(n or 1) > 1 else ""


def _named(qualname: Any) -> str:
    return str(qualname or MODULE_LEVEL)


def _caller(c: dict[str, Any]) -> str:
    where = f"{c['path']}:{c['line']} {_named(c['qualname'])}"
    return f"{where} -> {c['called_qualname']}{_count(c.get('count'))}"


def _callee(c: dict[str, Any]) -> str:
    where = f"{_named(c['caller_qualname'])}:{c['line']}"
    return f"{where} -> {c['path']}::{c['qualname']}{_count(c.get('count'))}"


def _symbol(s: dict[str, Any]) -> str:
    text = symbol_text(str(s["kind"]), str(s["name"]), str(s["qualname"]), s["signature"])
    return f"{s['start_line']}-{s['end_line']} {text}"


def _test_row(test: dict[str, Any]) -> str:
    """`path: N calls`, or `path: imports` for a test file that only imports it."""
    if test["calls"]:
        return f"{test['path']}: {calls_text(int(test['calls']))}"
    return f"{test['path']}: imports"


Rows = Callable[[dict[str, Any]], tuple[list[str], int]]
"""A list of the raw answer as rows (from its start) and its whole length."""


def _rows(key: str, row: Callable[[Any], str], *inner: str) -> Rows:
    def rows(raw: dict[str, Any]) -> tuple[list[str], int]:
        listed = raw[key]
        for name in inner:
            listed = listed[name]
        return [row(item) for item in listed["items"]], int(listed["total"])

    return rows


def _symbol_rows(raw: dict[str, Any]) -> tuple[list[str], int]:
    symbols = raw["symbols"]
    every = [_symbol(s) for s in symbols["items"] if s["qualname"]]  # no module row: the file
    return every, int(symbols["total"]) - (len(symbols["items"]) - len(every))


LISTS: dict[str, tuple[Rows, str]] = {
    "symbols": (_symbol_rows, "symbols"),
    "callers": (_rows("callers", _caller), "callers"),
    "callees": (_rows("callees", _callee), "callees"),
    "ghosts": (_rows("ghosts", lambda g: f"{g['name']} {g['calls']}"), "ghost names"),
    "imports": (_rows("imports", lambda i: f"{i['path']}:{i['line']}"), "imports"),
    "unresolved_imports": (
        _rows("imports", lambda i: f"{i['name']}:{i['line']}", "unresolved"),
        "unresolved imports",
    ),
    "importers": (_rows("importers", lambda i: str(i["path"])), "importers"),
    "tests": (_rows("tests", _test_row), "test files"),
    "users": (_rows("users", user_row), "user files"),
}
"""Every list that pages (context_limits.PAGED_LISTS): its rows, and what a row is."""


def context_question(raw: dict[str, Any]) -> Question:
    """The question a context answer's cursors belong to: this file at this graph hash (v1
    and v2 answer the same lists, so their cursors are one another's)."""
    return Question.of("surgical_context", repo=raw["repo"], path=raw["path"], hash=raw["hash"])


def compact_context(
    raw: dict[str, Any],
    *,
    window: Window = FIRST_PAGE,
    max_tokens: int | None = None,
    sections: frozenset[str] | None = None,
    hashes: bool = True,
) -> dict[str, Any]:
    """The compact answer from `context_answer`'s. The first page (no `window.part`): each list
    of `sections` (None: all) cut at its page (context_limits.PAGED_LISTS), the symbols also to
    what `max_tokens` leaves; each cut list has `next_cursor`. A cursor's page: that one list
    from its offset, cut to the budget, beside the file's head. The graph's `hash` only where
    an edit can use it (`hashes`); `disk` only when the file on disk is not the graph's."""
    question = context_question(raw)
    path = raw["path"]
    disk = raw["disk"]
    answer: dict[str, Any] = {"repo": raw["repo"], "path": path, "lines": raw["lines"]}
    if hashes:
        answer["hash"] = raw["hash"]
    if disk["state"] != "same":
        answer["disk"] = disk["state"]
    if disk.get("hash") and disk["hash"] != raw["hash"] and hashes:
        answer["disk_hash"] = disk["hash"]
    if disk.get("error"):
        answer["disk_error"] = disk["error"]
    if window.part:
        rows, total = LISTS[window.part][0](raw)
        holder: dict[str, Any] = {"total": total}
        page_into(
            holder, "items", rows, question=question, offset=window.offset,
            room_chars=room(max_tokens, answer) if max_tokens else UNBOUNDED,
            what=LISTS[window.part][1], part=window.part, total=total,
            limit=page_rows(window.part),
        )  # fmt: skip
        answer[window.part] = {"items": holder.pop("items"), **holder}
        return answer
    if raw["problems"]:
        answer["problems"] = raw["problems"]
    wanted = frozenset(ALL_SECTIONS) if sections is None else sections

    def listed(name: str, **extra: Any) -> dict[str, Any]:
        rows, total = LISTS[name][0](raw)
        holder: dict[str, Any] = {"total": total}
        page_into(holder, "items", rows, question=question, offset=0, room_chars=UNBOUNDED,
                  what=LISTS[name][1], part=name, total=total, limit=page_rows(name))  # fmt: skip
        return {"items": holder.pop("items"), **_counted(holder), **extra}

    callers, callees, ghosts = raw["callers"], raw["callees"], raw["ghosts"]
    if "users" in wanted:
        answer["users"] = listed("users")
    if "callers" in wanted:
        answer["callers"] = listed("callers", calls=callers["calls"], files=callers["files"])
    if wanted & CALLER_SECTIONS and (sections is None or raw["completeness"]["lower_bound"]):
        answer["completeness"] = raw["completeness"] if sections is None else completeness_note(raw)
    if "callees" in wanted:
        answer["callees"] = listed("callees", files=callees["files"])
    if "ghosts" in wanted:
        answer["ghosts"] = listed(
            "ghosts", builtin_edges=int(ghosts["edges"]) - int(ghosts["edges_not_builtin"])
        )
    if "imports" in wanted:
        imports = listed("imports")
        if raw["imports"]["external"]:
            imports["external"] = external_text(raw["imports"]["external"], raw.get("language"))
        unresolved = listed("unresolved_imports")
        if unresolved["items"] or sections is None:
            imports["unresolved"] = unresolved
        answer["imports"] = imports
    if "importers" in wanted:
        answer["importers"] = listed("importers")
    if "tests" in wanted:
        answer["tests"] = listed("tests")
    if sections is not None:
        say_empty_once(answer)
    if "co_changes" in wanted:
        answer["co_changes"] = partner_rows(raw["co_changes"])
    if raw.get("clamped"):
        answer["clamped"] = raw["clamped"]
    if TEXT_KEY in raw:
        answer[TEXT_KEY] = _text_within(raw[TEXT_KEY], answer, max_tokens)
    if "symbols" not in wanted:
        return answer
    rows, total = _symbol_rows(raw)
    symbols: dict[str, Any] = {"total": total}
    page_into(
        symbols, "items", rows, question=question, offset=0,
        room_chars=room(max_tokens, answer) if max_tokens else UNBOUNDED, what="symbols",
        part="symbols", total=total, limit=page_rows("symbols"),
    )  # fmt: skip
    return {"symbols": {"items": symbols.pop("items"), **_counted(symbols)}, **answer}


BARE_LISTS = ("symbols", "users", "imports", "importers", "tests")
"""The lists an answer of chosen sections writes as their rows alone when given whole."""


def bare_whole_lists(answer: dict[str, Any]) -> dict[str, Any]:
    """`answer` with each list of BARE_LISTS that is given whole, `{"items": rows}` and nothing
    beside (no cursor, `more`, `external`), written as its rows: the wrapper says nothing a
    list does not. A cut list keeps its `items` beside `more` and `next_cursor`."""
    return {key: value["items"] if key in BARE_LISTS and _only_items(value) else value
            for key, value in answer.items()}  # fmt: skip


def _only_items(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"items"}


EMPTY_SAID_ONCE = ("users", "importers", "tests")
"""The file lists an answer of chosen sections names in one `none` line when they are empty."""


def say_empty_once(answer: dict[str, Any]) -> None:
    """The empty file lists of `answer` (no row, nothing more to say of them) out, named in one
    line, `none: in the graph: users, tests`, instead of an empty list each."""
    empty = [name for name in EMPTY_SAID_ONCE if answer.get(name) == {"items": []}]
    for name in empty:
        del answer[name]
    if empty:
        answer["none"] = f"in the graph: {', '.join(empty)}"


def completeness_note(raw: dict[str, Any]) -> dict[str, Any]:
    """`completeness` of an answer of chosen sections: the flag, the names' unresolved sites and
    the search that finds them, nothing twice (the total only when some names are not listed:
    else the names sum it), as `impact` says it."""
    note = raw.get("completeness_note")
    if note is None:  # a raw answer of before the note: the field as it was
        return dict(raw["completeness"])
    return {"lower_bound": True, **note}


def _counted(holder: dict[str, Any]) -> dict[str, Any]:
    """A first page's `total` only when the list goes on (`next_cursor`): a list given whole
    counts itself."""
    return holder if "next_cursor" in holder else {k: v for k, v in holder.items() if k != "total"}


def _text_within(
    text: dict[str, Any], answer: dict[str, Any], max_tokens: int | None
) -> dict[str, Any]:
    """The file's text, cut at a line to half the budget (the lists keep the rest)."""
    if not max_tokens or "content" not in text:
        return text
    lines = text["content"].splitlines(keepends=True)
    fitted = fit(lines, room(max_tokens, answer) // 2)
    if not fitted.by_budget:
        return text
    end = int(text["start_line"]) + fitted.shown - 1
    return {
        **text,
        "content": "".join(lines[: fitted.shown]),
        "end_line": end,
        "truncated": True,
        "more": f"lines {end + 1}.. left out by max_tokens: view them with start_line={end + 1}",
    }
