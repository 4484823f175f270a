"""What `surgical_context` puts before the model: each list's rows one string, nothing the
call already names (repo once, no ids the rows spell, no method notes), and the symbols cut to
the call's token budget with a cursor for the rest (see docs/surgical-context.md, "Answer").

Rows: a symbol `start-end signature` (the name spelled as the qualname: symbol_rows); a caller
`path:line caller -> called`; a callee `caller:line -> path::callee`; a ghost `name calls`; an
import `path:line`; a test file `path: N calls, imports: names...`; a co-change `path weight`.
"""

from __future__ import annotations

from typing import Any

from coderooms.budget import fit, more, room
from coderooms.symbol_rows import symbol_text

TEXT_KEY = "text"


def _listed(raw: dict[str, Any], rows: list[str], hint: str | None = None) -> dict[str, Any]:
    listed: dict[str, Any] = {"items": rows, "total": raw["total"]}
    if raw.get("truncated"):
        left = int(raw["total"]) - len(rows)
        listed["more"] = f"{left} more not listed" + (f": {hint}" if hint else "")
    return listed


def _count(n: Any) -> str:
    return f" x{n}" if int(n or 1) > 1 else ""


def compact_context(
    raw: dict[str, Any], *, offset: int = 0, max_tokens: int | None = None
) -> dict[str, Any]:
    """The compact answer from `context_answer`'s; with `max_tokens`, its symbols (the list a
    file makes long) start at `offset` and are cut to what fits, with `next_cursor`."""
    path = raw["path"]
    disk = raw["disk"]
    answer: dict[str, Any] = {
        "repo": raw["repo"],
        "path": path,
        "lines": raw["lines"],
        "hash": raw["hash"],
        "disk": disk["state"],
    }
    if disk.get("hash") and disk["hash"] != raw["hash"]:
        answer["disk_hash"] = disk["hash"]
    if disk.get("error"):
        answer["disk_error"] = disk["error"]
    if raw["problems"]:
        answer["problems"] = raw["problems"]
    callers, callees, ghosts = raw["callers"], raw["callees"], raw["ghosts"]
    by_impact = f"impact path={path!r} pages every one"
    answer["callers"] = {
        **_listed(callers, [
            f"{c['path']}:{c['line']} {c['qualname'] or '<module>'} -> {c['called_qualname']}"
            f"{_count(c.get('count'))}"
            for c in callers["items"]
        ], by_impact),
        "calls": callers["calls"],
        "files": callers["files"],
    }  # fmt: skip
    answer["completeness"] = raw["completeness"]
    answer["callees"] = {
        **_listed(callees, [
            f"{c['caller_qualname'] or '<module>'}:{c['line']} -> {c['path']}::{c['qualname']}"
            f"{_count(c.get('count'))}"
            for c in callees["items"]
        ]),
        "files": callees["files"],
    }  # fmt: skip
    answer["ghosts"] = {
        **_listed(ghosts, [
            f"{g['name']} {g['calls']}" for g in ghosts["items"]
        ]),
        "builtin_edges": int(ghosts["edges"]) - int(ghosts["edges_not_builtin"]),
    }  # fmt: skip
    imports = raw["imports"]
    answer["imports"] = {
        **_listed(imports, [f"{i['path']}:{i['line']}" for i in imports["items"]]),
        "unresolved": _listed(imports["unresolved"], [
            f"{i['name']}:{i['line']}" for i in imports["unresolved"]["items"]
        ]),
    }  # fmt: skip
    answer["importers"] = _listed(raw["importers"], [i["path"] for i in raw["importers"]["items"]],
                                  by_impact)  # fmt: skip
    answer["tests"] = _listed(raw["tests"], [_test_row(t) for t in raw["tests"]["items"]],
                              by_impact)  # fmt: skip
    co = raw["co_changes"]
    answer["co_changes"] = _listed(co, [f"{c['path']} {c['weight']}" for c in co["items"]],
                                   f"git log --name-only -- {path} has every commit")  # fmt: skip
    if raw.get("clamped"):
        answer["clamped"] = raw["clamped"]
    if TEXT_KEY in raw:
        answer[TEXT_KEY] = _text_within(raw[TEXT_KEY], answer, max_tokens)
    symbols = raw["symbols"]
    every = [
        f"{s['start_line']}-{s['end_line']} "
        + symbol_text(str(s["kind"]), str(s["name"]), str(s["qualname"]), s["signature"])
        for s in symbols["items"]
        if s["qualname"]  # the module itself: the file
    ]
    total = int(symbols["total"]) - (len(symbols["items"]) - len(every))
    rows = every[offset:]
    fitted = fit(rows, room(max_tokens, answer)) if max_tokens else None
    shown = fitted.shown if fitted else len(rows)
    listed: dict[str, Any] = {"items": rows[:shown], "total": total}
    if offset:
        listed["offset"] = offset
    if offset + shown < len(every):
        listed |= more(offset + shown, total - offset - shown, "symbols")
    elif total > len(every):
        listed["more"] = (
            f"{total - len(every)} more not listed: seek with path_glob={path!r} finds them"
        )
    return {"symbols": listed, **answer}


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


def _test_row(test: dict[str, Any]) -> str:
    parts = []
    if test["calls"]:
        parts.append(f"{test['calls']} calls")
    if test["imports"]:
        parts.append("imports")
    names = [s["qualname"] for s in test["symbols"]]
    row = f"{test['path']}: {', '.join(parts)}"
    return f"{row}: {', '.join(names)}" if names else row
