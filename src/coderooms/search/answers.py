"""What `search`, `glob`, `view` and `seek` put before the model: compact rows, cut to the
call's token budget, with a cursor for the rest (see docs/search.md, "Answers and budgets");
each cursor is the call's `Question`'s (`search.questions`, `retrieval.questions`), so it goes on
that question's list alone.

Text hits are grouped by file, its path written once: `{path: ["line: text", ...]}` (grep's
`-n` form without the path; a context line is `line- text`; a hit and its context lines without
the indentation they share), files by directory, `{dir/:
["name"]}` (a file's lines are `view`'s and `surgical_context`'s), a symbol `path:start-end
score signature` (symbol_rows: the signature with the name spelled as the qualname). The repo
is named once when the scope has one; with several, each row starts `repo:`. Explanations
(formulas, weights, the per-line note) live in `help` and docs, not in answers.
"""

from __future__ import annotations

import re
from typing import Any

from coderooms.verbs.budget import Fitted, Question, fit, room
from coderooms.verbs.spec import PlainText
from coderooms.verbs.symbol_rows import symbol_text

SIGNATURE_CHARS = 160
"""A seek row's symbol text is cut past this (ending `…`); `view` the lines for the whole one."""


def scope_of(repos: list[str]) -> dict[str, Any]:
    return {"repo": repos[0]} if len(repos) == 1 else {"repos": repos}


def _prefix(repo: str, repos: list[str]) -> str:
    return "" if len(repos) == 1 else f"{repo}:"


def text_rows(hits: list[dict[str, Any]], repos: list[str]) -> list[tuple[str, list[str]]]:
    """Each hit's file (`path`, or `repo:path` when the scope has several repos) and its rows,
    the path left out: its context lines before (`line- text`), the hit (`line: text`), its
    context lines after; a line already shown (an overlapping context) is not repeated."""
    shown: set[tuple[str, str, int]] = set()
    groups = []
    for hit in hits:
        where = f"{_prefix(hit['repo'], repos)}{hit['file']}"
        key = (hit["repo"], hit["file"])
        line = int(hit["line"])
        before, after = hit.get("before", []), hit.get("after", [])
        rows: list[str] = []
        numbered = [(line - len(before) + i, text, "-") for i, text in enumerate(before)]
        cut = " …(line cut)" if hit.get("cut") else ""
        numbered.append((line, hit["text"] + cut, ":"))
        numbered += [(line + 1 + i, text, "-") for i, text in enumerate(after)]
        fresh = [(n, text, mark) for n, text, mark in numbered
                 if mark == ":" or (*key, n) not in shown]  # fmt: skip
        shown.update((*key, n) for n, _, _ in fresh)
        margin = len(shared_indent([text for _, text, _ in fresh]))
        rows.extend(f"{n}{mark} {text[margin:]}" for n, text, mark in fresh)
        groups.append((where, rows))
    return groups


def shared_indent(texts: list[str]) -> str:
    """The leading whitespace every non-blank line of `texts` starts with: a hit and its context
    lines are written without it (their own indentation kept relative to one another), where
    grep writes it on every line (issue 30, ninth cut: a tenth of a search answer)."""
    indents = [text[: len(text) - len(text.lstrip())] for text in texts if text.strip()]
    if not indents:
        return ""
    first, last = min(indents), max(indents)
    common = 0
    while common < len(first) and first[common] == last[common]:
        common += 1
    return first[:common]


def by_file(groups: list[tuple[str, list[str]]]) -> dict[str, list[str]]:
    """The rows of each file under its path, once (files in the order of their first hit)."""
    files: dict[str, list[str]] = {}
    for where, rows in groups:
        files.setdefault(where, []).extend(rows)
    return files


def symbol_row(
    hit: dict[str, Any], repos: list[str], path_key: str = "path", *, score: bool = True
) -> str:
    text = symbol_text(str(hit["kind"]), str(hit["name"]), str(hit["qualname"] or ""),
                       hit.get("signature"))  # fmt: skip
    if len(text) > SIGNATURE_CHARS:
        text = text[: SIGNATURE_CHARS - 1] + "…"
    where = f"{_prefix(hit['repo'], repos)}{hit[path_key]}:{hit['start_line']}-{hit['end_line']}"
    return f"{where} {float(hit['score']):.2f} {text}" if score else f"{where} {text}"


def search_answer(
    raw: dict[str, Any], *, question: Question, offset: int, max_tokens: int
) -> dict[str, Any]:
    """The model's `search` answer from the room's full one."""
    repos = list(raw["scope"]["repos"])
    answer: dict[str, Any] = scope_of(repos)
    if raw.get("index") == "scan":  # the one index worth a word: the scope was read whole
        answer["index"] = "scan"
    names = ("stopped", "semantic_fallback", "semantic_unavailable", "count", "files")
    for name in names:
        if name in raw:
            answer[name] = raw[name]
    coverage = raw.get("coverage")
    if coverage and (coverage.get("stale") or coverage.get("embedded") != coverage.get("symbols")):
        answer["coverage"] = coverage  # only when some symbols have no current vector
    if "embeddings_used" in raw:
        answer["embeddings_used"] = raw["embeddings_used"]
    if raw.get("clamped"):
        answer["clamped"] = raw["clamped"]
    if "results" not in raw:
        return answer
    results = raw["results"]
    if results and "symbol_id" in results[0]:
        rows = [symbol_row(hit, repos, "file") for hit in results]
        fitted = fit(rows, room(max_tokens, answer))
        answer["hits"] = rows[: fitted.shown]
        shown = len(rows)
    else:
        groups = text_rows(results, repos)
        # a group's rows are counted with its path, which the answer writes once per file
        fitted = fit([[where, *rows] for where, rows in groups], room(max_tokens, answer))
        answer["hits"] = by_file(groups[: fitted.shown])
        shown = len(groups)
    _cut(answer, question, fitted, offset, shown, bool(raw.get("truncated")), None, "hits")
    return answer


def by_directory(paths: list[str], rows: list[str]) -> dict[str, list[str]]:
    """Each row under its path's directory, written once (`src/pkg/`; `./` for the root), the
    row left with the file's name: a package's files share one prefix (a third of a glob)."""
    groups: dict[str, list[str]] = {}
    for path, row in zip(paths, rows, strict=True):
        folder, slash, _ = path.rpartition("/")
        groups.setdefault(folder + slash or "./", []).append(row[len(folder + slash) :])
    return groups


def glob_answer(
    raw: dict[str, Any], *, question: Question, offset: int, max_tokens: int
) -> dict[str, Any]:
    """Files grouped by directory, `{dir/: ["name", ...]}` (no line counts: the question is
    which files; `view` and `surgical_context` say a file's lines); `total` only when some are
    not listed (it would count the rows again)."""
    repos = list(raw["repos"])
    answer: dict[str, Any] = {**scope_of(repos)}
    if raw.get("clamped"):
        answer["clamped"] = raw["clamped"]
    paths = [f"{_prefix(f['repo'], repos)}{f['path']}" for f in raw["files"]]
    fitted = fit(paths, room(max_tokens, answer))  # counted with their paths: never over
    answer["files"] = by_directory(paths[: fitted.shown], paths[: fitted.shown])
    left = int(raw["total"]) - offset - fitted.shown
    _cut(answer, question, fitted, offset, len(paths), bool(raw["truncated"]), left, "files")
    if "more" in answer or offset:
        answer["total"] = raw["total"]
    return answer


IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*(?:(?:\.|::|/)[A-Za-z_$][\w$]*)*")
"""A query that is one identifier (`get_value`, `Schema.load`, `path::Qual.name`): seek answers
it by name (the symbols so named, or that none is)."""
LEAD = 1.5
"""A description's first page lists only the hits within this factor of the first hit's score
(`leaders`): a hit that scores half the first one is seldom the one asked for, and each row
costs ~100 characters; the cursor ranks on from the first left out."""
EXACT_LEXICAL = 0.95
"""A hit whose lexical signal reaches this names the query exactly (its name, qualname or a
dotted tail, perhaps in another case)."""


def seek_answer(
    raw: dict[str, Any],
    *,
    question: Question,
    offset: int,
    max_tokens: int,
    proof: bool = True,
    paged: bool = False,
    lead: bool = False,
) -> dict[str, Any]:
    """`seek`'s answer. An identifier's first page holds the symbols it names exactly, without
    scores (or `none`, saying that no symbol is so named), the partial matches counted for the
    cursor; any other query (words, a description) and any cursor's page (`paged`, even at
    offset 0: the cursor of a name's answer ranks from the first) are the ranked list. With
    `lead` (the default page size), a first page lists only the hits ahead (`leaders`) and says
    the next one's score beside the cursor. `proof_state` only where the edit verbs are served
    (`proof`)."""
    repos = list(raw["scope"]["repos"])
    answer: dict[str, Any] = scope_of(repos)
    if proof:
        answer["proof_state"] = raw["proof_state"]
    query = str(raw.get("query", ""))
    named = not paged and offset == 0 and IDENTIFIER.fullmatch(query) is not None
    if raw.get("clamped"):
        answer["clamped"] = raw["clamped"]
    blocked = raw.get("blocked_reason")
    if named and blocked in (None, "no_candidates"):
        return _named_answer(raw, answer, question, max_tokens, repos, query)
    if blocked is not None and not offset:  # nothing to rank: what, why, the one next step
        answer.pop("proof_state", None)
        return answer | blocked_answer(str(blocked), query)
    if "tokens_dropped" in raw:
        answer["tokens_dropped"] = raw["tokens_dropped"]
    if not raw["embeddings_used"] and " " in query.strip():  # a fallback is news, vectors not
        answer["words_only"] = raw.get("semantic", "no symbol vectors: ranked by words")
    hits = raw["results"]
    rows = [symbol_row(hit, repos) for hit in hits]
    listed = leaders(hits) if lead and not paged and offset == 0 else len(rows)
    fitted = fit(rows[:listed], room(max_tokens, answer))
    answer["symbols"] = rows[: fitted.shown]
    left = int(raw["total_candidates"]) - offset - fitted.shown
    what = "candidates"
    if fitted.shown < len(hits) and not fitted.by_budget:
        what += f", the next scoring {float(hits[fitted.shown]['score']):.2f}"
    _cut(answer, question, fitted, offset, len(rows), bool(raw["truncated"]), left, what)
    return answer


BLOCKED: dict[str, tuple[str, str]] = {
    "empty_graph": ("the graph holds no repository", "ingest a root (its path)"),
    "empty_scope": (
        "the scope (repo, path_glob, language, kinds) holds no symbol",
        "widen the filters; glob checks a path pattern",
    ),
    "no_usable_tokens": (
        "no word of it is a code word (filler words are ignored)",
        "name an identifier; search finds exact text",
    ),
    "no_candidates": (
        "no symbol name, qualname or signature holds its words",
        "search finds them in file contents; a prefix (`pars`) finds `parse_args`",
    ),
}
"""Why `seek` has nothing to rank (the room's `blocked_reason`), and the one next step."""


QUOTED_CHARS = 80
"""A query an empty answer repeats is cut past this (ending `…`): it names what was searched."""


def quoted(query: str) -> str:
    """`query` as Python writes a string, cut to QUOTED_CHARS (an agent's query is untrusted)."""
    return repr(query if len(query) <= QUOTED_CHARS else query[: QUOTED_CHARS - 1] + "…")


def blocked_answer(reason: str, query: str) -> dict[str, str]:
    """An empty `seek` answer: what was looked for, that nothing matched and why (one line),
    and the one next step; no empty list, no playbook of every verb."""
    why, step = BLOCKED.get(reason, (reason, "widen the query or its filters"))
    return {"none": f"nothing matches {quoted(query)}: {why}", "next": step}


def leaders(hits: list[dict[str, Any]]) -> int:
    """How many of the ranked `hits` score within LEAD of the first (at least one)."""
    if not hits:
        return 0
    floor = float(hits[0]["score"]) / LEAD
    return max(1, sum(float(hit["score"]) >= floor for hit in hits))


def _named_answer(
    raw: dict[str, Any],
    answer: dict[str, Any],
    question: Question,
    max_tokens: int,
    repos: list[str],
    query: str,
) -> dict[str, Any]:
    exact = [hit for hit in raw["results"] if hit["signals"]["lexical"] >= EXACT_LEXICAL]
    partial = int(raw["total_candidates"]) - len(exact)
    if not exact:  # no list: `none` says it, and the partial matches in the same line
        answer.pop("proof_state", None)
        answer["none"] = f"no symbol is named {quoted(query)}"
        if partial > 0:
            answer["none"] += f"; {partial} partial matches, ranked, from next_cursor"
            answer["next_cursor"] = question.cursor(0)
        return answer
    rows = [symbol_row(hit, repos, score=False) for hit in exact]
    fitted = fit(rows, room(max_tokens, answer))
    answer["symbols"] = rows[: fitted.shown]
    partial += len(rows) - fitted.shown
    if partial > 0:
        answer |= question.more(0, partial, "partial matches, ranked")
    return answer


def view_answer(
    raw: dict[str, Any],
    *,
    question: Question,
    max_tokens: int,
    symbols: bool,
    hashes: bool = True,
    asked_end: bool = True,
) -> dict[str, Any]:
    """`view` without the algorithm's name, the language, the stat method; the file's `hash`
    only where an edit verb can use it (`hashes`), `disk` only when the file on disk looks
    changed; the symbols that overlap the range only when asked; the text cut, at a line, to the
    budget. Lines below the range are offered (`more_below` and a cursor) only when the range
    was not the caller's own (`asked_end`: no end_line given, or the 400-line bound cut it)."""
    disk = raw["disk"]
    answer: dict[str, Any] = {
        "repo": raw["repo"],
        "path": raw["path"],
        "start_line": raw["start_line"],
        "end_line": raw["end_line"],
    }
    if hashes:
        answer["hash"] = raw["hash"]
    state = disk["state"] if disk.get("checked") else f"unchecked: {disk.get('reason')}"
    if state != "same":
        answer["disk"] = state
    if symbols:
        answer["symbols"] = [
            f"{s['start_line']}-{s['end_line']} "
            + symbol_text(str(s["kind"]), str(s["name"]), str(s["qualname"]), s["signature"])
            for s in raw["symbols"]
        ]
    for name in ("clamped", "cut_lines"):
        if raw.get(name):
            answer[name] = raw[name]
    lines = raw["text"].splitlines(keepends=True)
    fitted = fit(lines, room(max_tokens, answer))
    answer["text"] = PlainText("".join(lines[: fitted.shown]))  # a block of its own
    last = int(raw["start_line"]) + fitted.shown - 1 if lines else int(raw["end_line"])
    answer["end_line"] = last
    cut_by_bound = "end_line" in raw.get("clamped", {})
    if fitted.by_budget:
        answer |= question.more(last + 1, int(raw["end_line"]) - last, "lines of the range")
    elif raw["more_below"] and (cut_by_bound or not asked_end):
        below = int(raw["total_lines"]) - last
        answer["more_below"] = below
        answer |= question.more(last + 1, below, "lines below")
    return answer


def _cut(
    answer: dict[str, Any],
    question: Question,
    fitted: Fitted,
    offset: int,
    rows: int,
    truncated: bool,
    left: int | None,
    what: str,
) -> None:
    """Add `next_cursor` and `more` when the budget or the page left rows out."""
    if not (fitted.by_budget or truncated or fitted.shown < rows):
        return
    if left is None and not truncated:
        left = rows - fitted.shown
    answer |= question.more(offset + fitted.shown, left, what)
