"""What `impact` puts before the model: each affected row and test file one string,
co-changes as `path weight`, the rows cut to the call's token budget with a cursor for the rest.

A row is `hop path:line caller -> reached (via conf)`: the walk's hop (only when the rows span
several hops; rows of one hop are grouped under their file, its path written once: `{path:
["line caller -> reached (via)"]}`; with several seeds, under the node they reach first, it
too written once, when that is shorter: `{reached: {path: ["line caller (via)"]}}`), the
caller's file and the line of the call (or import), its qualname (none for a file), the edge
(`->` a call, else `imports`, `inherits`), the node it reaches (a call of the one seed, when
there is one, says neither: the seeds name it), and how the edge resolved (`via`; `conf` only
below SURE, since a rule's name says how sure it is; the list's `via` when the page's rows all
share it, the rows then without it). Ids are `path::qualname`, the repo named once; a reached
node is written by its qualname when it is a listed seed no other seed shares the qualname
of, as `::qualname` when it is in the row's own file, else by its id. Tests are said once:
when `tests` is asked too, test files' rows leave `affected` (`in_tests` counts them) and
`tests` holds each file with its symbols, `{path: ["test_a", "+2 more"]}` (asked alone, their
count: `{path: 2}`), under `hop N` only when the files span several hops.

Nothing is said twice: a list's `total` (and `by_hop`) only when the list is not all shown, the
seeds, `affected` and `tests` given whole and alone as their rows (no `items` wrapper), and
`lower_bound` only when true.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from coderooms.impact.limits import TEST_NAMES_PER_FILE, TESTS_DEPTH
from coderooms.surgical import partner_rows
from coderooms.verbs.budget import Question, fit, room

CALLS = "calls"
"""The edge of most rows, written `->` (the others by name: `imports`, `inherits`)."""
SURE = 0.85
"""A rule this sure or surer (`import` 0.95, `local` 0.9, `typed` 0.85...: each rule has one
confidence) is written by its name alone; a guess (`unique` 0.6) with its confidence too."""


def _short(ids: list[str]) -> dict[str, str]:
    """Each seed's id by its qualname where no other seed shares it: the seeds are listed in
    every page, so a row reaching a seed is read the same on any page."""
    ids = sorted(set(ids))
    qualnames = Counter(i.partition("::")[2] for i in ids)
    return {i: q for i in ids if (q := i.partition("::")[2]) and qualnames[q] == 1}


def how_of(row: dict[str, Any]) -> str:
    """How a row's edge resolved: its rule (`via`), and its confidence below SURE."""
    conf = row.get("conf")
    sure = bool(row.get("via")) and conf is not None and float(conf) >= SURE
    keys = ("via",) if sure else ("via", "conf")
    return " ".join(str(row[k]) for k in keys if row.get(k) is not None)


def row_parts(
    row: dict[str, Any],
    short: dict[str, str],
    *,
    lone: str | None,
    how: bool = True,
    reached: bool = True,
) -> tuple[str, str]:
    """A row's file, and the rest of its text (`:line caller -> reached (via)`), without hop;
    without `(via)` when the list says it once (`how` False); without the node reached when
    its group says it (`reached` False: `:line caller (via)`, `:line caller inherits`)."""
    path, _, qualname = str(row["id"]).partition("::")
    where = f":{row['line']}" if row.get("line") is not None else ""
    caller = f" {qualname}" if qualname else ""
    said = how_of(row) if how else ""
    tail = f" ({said})" if said else ""
    to = str(row["to"])
    to_path, _, to_qualname = to.partition("::")
    if to in short:
        to = short[to]
    elif to_qualname and to_path == path:
        to = f"::{to_qualname}"
    edge = row.get("edge", CALLS)
    if edge == CALLS and (not reached or (lone is not None and str(row["to"]) == lone)):
        return path, f"{where}{caller}{tail}"  # a call of the one seed: the seeds name it
    if not reached:
        return path, f"{where}{caller} {edge}{tail}"
    return path, f"{where}{caller} {'->' if edge == CALLS else edge} {to}{tail}"


def by_reached(
    rows: list[dict[str, Any]], short: dict[str, str], *, how: bool
) -> dict[str, dict[str, list[str]]]:
    """Rows of one hop reaching several nodes (a name several symbols share: each its own
    seed) under the node they reach, then under their file, each said once: `{reached: {path:
    ["line caller (via)"]}}`; the node by its qualname where `short` has it, else its id."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for row in rows:
        to = str(row["to"])
        groups.setdefault(short.get(to, to), []).append(
            row_parts(row, short, lone=None, how=how, reached=False)
        )
    return {to: by_file(parts) for to, parts in groups.items()}


def by_file(parts: list[tuple[str, str]]) -> dict[str, list[str]]:
    """Rows of one hop under their file, its path written once: `{path: ["line caller ...",
    ...]}` (a row without a line: `caller -> reached`, an importer's: `imports reached`)."""
    groups: dict[str, list[str]] = {}
    for path, rest in parts:
        groups.setdefault(path, []).append(rest.removeprefix(":").lstrip())
    return groups


def tests_by_file(found: list[dict[str, Any]], *, named: bool) -> dict[str, Any]:
    """Test files under their path, each with its symbols that reach the seeds: named when
    their rows left `affected` (`named`), `{path: ["test_a", "test_b", "+4 more"]}`, else
    counted, `{path: 4}` (`"imports"` for a file that only imports them); under `hop N` first
    only when the files span several hops (the hop then tells them apart)."""
    hops = len({int(t["hop"]) for t in found}) > 1
    groups: dict[str, Any] = {}
    for test in found:
        names = [str(n) for n in test.get("names") or []]
        left = int(test["symbols"]) - len(names)
        said = [*names, f"+{left} more"] if left > 0 else names
        group = groups.setdefault(f"hop {test['hop']}", {}) if hops else groups
        count = int(test["symbols"])
        group[str(test["path"])] = (said if named else count) if count else "imports"
    return groups


def compact_impact(raw: dict[str, Any], question: Question, *, max_tokens: int) -> dict[str, Any]:
    """The rows cut to `max_tokens`, from the page's offset (`affected.offset`); a cut one has
    `next_cursor`, a cursor of `question`. Seeds named by a symbol are `path:start-end
    qualname` (where each is, and its id `path::qualname`). `affected` and `tests` given whole
    with nothing beside their rows (no `via`, `more`, `names`, `offset`) are their rows, as the
    seeds are (a cursor's page has its `offset`: it keeps `items`)."""
    answer = _compact(raw, question, max_tokens=max_tokens)
    for key in BARE_SECTIONS:
        listed = answer.get(key)
        if isinstance(listed, dict) and set(listed) == {"items"}:
            answer[key] = listed["items"]
    return answer


BARE_SECTIONS = ("affected", "tests")
"""The sections written as their rows alone when nothing is said beside them."""


def _compact(raw: dict[str, Any], question: Question, *, max_tokens: int) -> dict[str, Any]:
    answer = dict(raw)
    if not answer.get("lower_bound", True):
        del answer["lower_bound"]  # said only when callers or tests may be missing
    seeds = raw["seeds"].get("items", [])
    short = _short(list(seeds))
    spans = raw["seeds"].get("spans")
    if spans:
        answer["seeds"] = {**{k: v for k, v in raw["seeds"].items() if k != "spans"},
                           "items": [_seed_text(s, spans) for s in seeds]}  # fmt: skip
    seeds_listed = _whole(answer["seeds"], "not_listed")
    # given whole and alone (no `not_listed`, `same_name`, `of_file`): its rows
    answer["seeds"] = seeds_listed["items"] if set(seeds_listed) == {"items"} else seeds_listed
    if "co_changes" in raw:
        answer["co_changes"] = partner_rows(raw["co_changes"])
    if "tests" in raw:
        found = raw["tests"]["items"]
        named = "affected" in raw  # the test rows left `affected`: their names are said here
        tests = {**raw["tests"], "items": tests_by_file(found, named=named)}
        if "more" not in tests:
            tests.pop("total", None)  # every file is here: they count themselves
        if named and any(int(t["symbols"]) > len(t.get("names") or []) for t in found):
            tests["names"] = f"first {TEST_NAMES_PER_FILE} a file; all: sections [callers]"
        if not found and "lower_bound" not in tests:
            tests = {"none": f"no test file reaches it within {TESTS_DEPTH} hops"}
        answer["tests"] = tests
    if "affected" not in raw:
        return answer
    affected = dict(raw["affected"])
    in_tests = affected.pop("in_tests", 0)
    if not affected["items"] and not affected.get("offset"):
        if in_tests:  # every caller is a test: said once, in `tests`
            answer["affected"] = {"none": f"only tests call it ({in_tests} rows): see tests"}
            return answer
        return _nothing_reaches(answer, raw)
    items = affected.pop("items")
    hops = len(affected.get("by_hop") or {}) > 1 or len({row["hop"] for row in items}) > 1
    lone = seeds[0] if len(seeds) == 1 and "not_listed" not in raw["seeds"] else None
    hows = {how_of(row) for row in items}
    common = hows.pop() if len(hows) == 1 and len(items) > 1 else ""  # said once: `via`
    if common:
        affected["via"] = common
    parts = [row_parts(row, short, lone=lone, how=not common) for row in items]
    rows = [f"{row['hop']} {p}{rest}" if hops else f"{p}{rest}"
            for row, (p, rest) in zip(items, parts, strict=True)]  # fmt: skip
    answer["affected"] = affected
    fitted = fit(rows, room(max_tokens, answer))  # counted with their paths: never over
    grouped = not hops and parts
    affected["items"] = by_file(parts[: fitted.shown]) if grouped else rows[: fitted.shown]
    if grouped and lone is None:  # several seeds: each reached one said once, when shorter
        under = by_reached(items[: fitted.shown], short, how=not common)
        if len(json.dumps(under)) < len(json.dumps(affected["items"])):
            affected["items"] = under
    offset = int(affected.get("offset", 0))
    left = int(affected["total"]) - offset - fitted.shown
    if left > 0:
        affected |= question.more(offset + fitted.shown, left, "rows")
    elif not offset:  # every row is here: the rows count themselves
        affected.pop("total", None)
        affected.pop("by_hop", None)
    return answer


def _nothing_reaches(answer: dict[str, Any], raw: dict[str, Any]) -> dict[str, Any]:
    """An answer no row reaches: `affected` is the one line saying why, without an empty list;
    when no test reaches the seeds either, one `none` says both and the empty sections go."""
    why = none_reason(raw)
    tests = answer.get("tests")
    if tests is not None and set(tests) == {"none"}:
        del answer["tests"], answer["affected"]
        seedless = not raw["seeds"].get("items") and not raw["seeds"].get("total")
        answer["none"] = why if seedless else f"{why}; {tests['none']}"
    else:
        answer["affected"] = {k: v for k, v in raw["affected"].items()
                              if k not in ("items", "total", "by_hop")} | {"none": why}  # fmt: skip
    return answer


def none_reason(raw: dict[str, Any]) -> str:
    """Why no row reaches the seeds: nothing in the graph does, and what may still (call sites
    of their names left unresolved, reads of a property)."""
    if not raw["seeds"].get("items") and not raw["seeds"].get("total"):
        return "no seed: nothing to reach"
    why = ["no call, import or subclass of it in the graph"]
    names = raw.get("completeness", {}).get("names") or {}
    if names:
        sites = sum(names.values())
        why.append(f"{sites} call site{'s' if sites > 1 else ''} of its name unresolved "
                   "(completeness)")  # fmt: skip
    if "read_not_called" in raw:
        why.append("read, not called (read_not_called)")
    return "; ".join(why)


def _whole(listed: dict[str, Any], cut_key: str) -> dict[str, Any]:
    """A list without its `total` when every item is listed (`cut_key` absent)."""
    if "items" not in listed or cut_key in listed or listed.get("total") != len(listed["items"]):
        return listed
    return {k: v for k, v in listed.items() if k != "total"}


def _seed_text(seed: str, spans: dict[str, str]) -> str:
    where = spans.get(seed)
    qualname = seed.partition("::")[2] or "<module>"
    return f"{where} {qualname}" if where else seed
