"""The co-change partners of one or a few files, as `surgical_context` and `impact` answer
them: read from each file's own git history (`core.file_history`: every commit of the file,
up to FILE_COMMITS_MAX), not from the repository's recent window the graph's `CO_CHANGES`
edges count (a file changed rarely or long ago has partners there too). Partners are files the
graph holds now, each with its weight (the commits it shares) and kind (`code`: a language
coderooms parses, `tests`: a test file by path, `docs`: the rest: docs, changelogs, configs;
the web view draws it), heaviest first, then path. With no history at the root (not a git
work tree, git too slow), the graph's edges answer, and `from` says so: they count the
repository's last commits only.

What the model reads (`partner_rows`) is one list by weight, `path weight` rows: the first
CO_CHANGES_LISTED, never cut inside a tie (the cut moves to the tie's start, or, for a tie
from the first row, says it), and one `more` line that counts the rest and names the git
command that lists them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from coderooms.core.file_history import FILE_COMMITS_MAX, file_history
from coderooms.core.ids import file_id
from coderooms.graph.driver import Graph
from coderooms.ingest import DEEP_LANGUAGES
from coderooms.languages import is_test_path

CO_CHANGES_LISTED = 5
"""Partners the model reads, heaviest first (never cut inside a tie: `partner_rows`)."""
PARTNERS_KEPT = 200
"""Partners an answer keeps (the web view draws them; the model reads CO_CHANGES_LISTED);
`total` counts them all."""
HISTORY_FILES_MAX = 20
"""Files whose own history one answer reads (a wider diff's partners come from the graph)."""
KINDS = ("code", "tests", "docs")


def kind_of(path: str, language: str | None) -> str:
    if is_test_path(path):
        return "tests"
    return "code" if language in DEEP_LANGUAGES else "docs"


def co_change_partners(
    graph: Graph, repo: str, root: Path | None, paths: Sequence[str]
) -> dict[str, Any]:
    """The partners of the files `paths` (repo-relative; their weights summed), heaviest first:
    `partners` (`{path, weight, kind}`, PARTNERS_KEPT at most) and their `total`, with how many
    commits were read (`commits`) and, when the history was cut, that the weights are counted
    over the last FILE_COMMITS_MAX commits of each file."""
    if not paths:
        return {}
    weights: Counter[str] = Counter()
    commits, complete, why = 0, True, None
    if root is not None and len(paths) <= HISTORY_FILES_MAX:
        for path in paths:
            history = file_history(root, path)
            if history.unavailable is not None:
                why = history.unavailable
                break
            commits += history.commits
            complete &= history.complete
            weights.update(history.partners)
    else:
        why = "no root on this machine" if root is None else f"over {HISTORY_FILES_MAX} files"
    answer: dict[str, Any]
    if why is None:
        answer = {"commits": commits}
        if not complete:
            answer["partial"] = f"counted over each file's last {FILE_COMMITS_MAX} commits"
    else:
        weights = _graph_weights(graph, repo, paths)
        answer = {"from": f"the graph's edges (the repository's last commits): {why}",
                  "unavailable": why}  # fmt: skip
    for path in paths:
        weights.pop(path, None)
    known = (
        graph.read("surgical/files_known", ids=[file_id(repo, p) for p in weights])
        if weights
        else []
    )
    ranked = sorted((-weights[str(row["path"])], str(row["path"]), row["language"])
                    for row in known)  # fmt: skip
    partners = [{"path": path, "weight": -weight, "kind": kind_of(path, language)}
                for weight, path, language in ranked]  # fmt: skip
    answer["partners"] = partners[:PARTNERS_KEPT]
    answer["total"] = len(partners)
    answer["files"] = list(paths)
    return answer


def partner_rows(partners: dict[str, Any]) -> dict[str, Any]:
    """What the model reads of `co_change_partners`' answer: `commits` (or `from`), `items`,
    `path weight` rows heaviest first, and `more`: how many partners are left out, the
    weight they stay under, and the command that lists them all (`+N more, weight <= W: git
    log ...`); no partner at all: one `none` line saying why, without an empty list."""
    if not partners:
        return {}
    ranked = [(str(p["path"]), int(p["weight"])) for p in partners.get("partners", [])]
    if not ranked and not partners.get("total"):
        return {"none": _no_partner(partners)}
    answer = {k: v for k, v in partners.items() if k in ("commits", "partial", "from")}
    shown = cut_at(ranked, CO_CHANGES_LISTED)
    answer["items"] = [f"{path} {weight}" for path, weight in ranked[:shown]]
    left = int(partners.get("total", len(ranked))) - shown
    if left > 0:
        heaviest = ranked[shown][1]
        tied = sum(weight == heaviest for _, weight in ranked[shown:])
        if shown and ranked[shown - 1][1] == heaviest:
            what = f"+{left} more, {tied} of them at {heaviest} like the last listed"
        else:
            what = f"+{left} more, weight <= {heaviest}"
        files = partners.get("files") or []
        how = (
            f"git log --full-diff --name-only -- {files[0]}"
            if len(files) == 1
            else "each file's git log --full-diff --name-only"
        )
        answer["more"] = f"{what}: {how}"
    return answer


def _no_partner(partners: dict[str, Any]) -> str:
    """Why a file has no co-change partner, one line: its history was not read (why), and the
    graph's edges name none; or no file the graph holds was committed with it."""
    if "from" in partners:
        why = partners.get("unavailable") or partners["from"]
        return f"its history unread ({why}), and none in the graph's edges"
    commits = int(partners.get("commits", 0))
    return f"no file of the graph committed with it ({commits} commit{'s' * (commits != 1)})"


def cut_at(ranked: list[tuple[str, int]], limit: int) -> int:
    """How many of `ranked` (heaviest first) to list: `limit`, or fewer where the cut would fall
    inside a tie (the tie is left out whole); a tie from the first row is cut (and said)."""
    shown = min(limit, len(ranked))
    if shown == len(ranked):
        return shown
    last = ranked[shown - 1][1]
    if ranked[shown][1] != last:
        return shown
    start = next(i for i, (_, weight) in enumerate(ranked) if weight == last)
    return start or shown


def _graph_weights(graph: Graph, repo: str, paths: Sequence[str]) -> Counter[str]:
    (row,) = graph.read("impact/co_changes", file_ids=[file_id(repo, p) for p in paths],
                        code=sorted(DEEP_LANGUAGES), limit=10_000)  # fmt: skip
    return Counter({str(item["path"]): int(item["weight"]) for item in row["items"]})
