"""The co-change partners of one or a few files, as `surgical_context` and `impact` answer
them: read from each file's own git history (`core.file_history`: every commit of the file,
up to FILE_COMMITS_MAX), not from the repository's recent window the graph's `CO_CHANGES`
edges count (a file changed rarely or long ago has partners there too). Partners are files the
graph holds now; each is marked by kind (`code`: a language coderooms parses, `tests`: a test
file by path, `docs`: the rest: docs, changelogs, configs), heaviest first in each kind, then
path. A kind's list stops at CO_CHANGES_PER_KIND partners, but never inside a tie: the partners
that share the last weight are listed too (up to CO_CHANGES_TIE_MAX), and past that the tie is
counted (`ties`). With no history at the root (not a git work tree, git too slow), the graph's
edges answer, and `from` says so: they count the repository's last commits only.
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

CO_CHANGES_PER_KIND = 3
"""Partners listed per kind (code, tests, docs), heaviest first; ties at the cut are kept."""
CO_CHANGES_TIE_MAX = 10
"""Most partners of one kind listed when the cut falls inside a tie (the rest are counted)."""
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
    """The partners of the files `paths` (repo-relative; their weights summed), grouped by
    kind, with how many commits were read (`commits`) and, when the history was cut, that the
    weights are counted over the last FILE_COMMITS_MAX commits of each file."""
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
        answer = {"from": f"the graph's edges (the repository's last commits): {why}"}
    for path in paths:
        weights.pop(path, None)
    known = (
        graph.read("surgical/files_known", ids=[file_id(repo, p) for p in weights])
        if weights
        else []
    )
    by_kind: dict[str, list[tuple[str, int]]] = {kind: [] for kind in KINDS}
    for row in known:
        path = str(row["path"])
        by_kind[kind_of(path, row["language"])].append((path, weights[path]))
    for kind in KINDS:
        ranked = sorted(by_kind[kind], key=lambda item: (-item[1], item[0]))
        if ranked:
            answer[kind] = listed(ranked)
    return answer


def listed(ranked: list[tuple[str, int]]) -> list[str]:
    """`path weight` rows: the first CO_CHANGES_PER_KIND, and the rest of a tie at the cut (up
    to CO_CHANGES_TIE_MAX rows); a last row counts what is left (`+N more, the heaviest W`, or
    `+N more at W` for a tie cut)."""
    shown = ranked[:CO_CHANGES_PER_KIND]
    if len(ranked) > len(shown):
        last = shown[-1][1]
        tie = [item for item in ranked[len(shown) :] if item[1] == last]
        shown += tie[: CO_CHANGES_TIE_MAX - len(shown)]
    rows = [f"{path} {weight}" for path, weight in shown]
    left = ranked[len(shown) :]
    if left:
        heaviest = left[0][1]
        if heaviest == shown[-1][1]:
            tied = sum(weight == heaviest for _, weight in left)
            rows.append(f"+{len(left)} more, {tied} of them at {heaviest} (a tie)")
        else:
            rows.append(f"+{len(left)} more, the heaviest {heaviest}")
    return rows


def _graph_weights(graph: Graph, repo: str, paths: Sequence[str]) -> Counter[str]:
    (row,) = graph.read("impact/co_changes", file_ids=[file_id(repo, p) for p in paths],
                        code=sorted(DEEP_LANGUAGES), limit=10_000)  # fmt: skip
    return Counter({str(item["path"]): int(item["weight"]) for item in row["items"]})
