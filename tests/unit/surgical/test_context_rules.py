"""The pure parts of surgical_context(_v2): the ranking of connected files, the proof-state
rules, the blocked playbooks, the text excerpt (which paths are tests: tests/unit/core)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from coderooms.core.paths import Target
from coderooms.graph.completeness import COMPLETE, Completeness
from coderooms.surgical import context_limits as limits
from coderooms.surgical import locate
from coderooms.surgical.connected import rank_connected
from coderooms.surgical.context import (
    DIFFERS,
    MISSING,
    MODULE_LEVEL,
    SAME,
    DiskCopy,
    Neighbourhood,
    bounded,
    merge_relevant,
    text_excerpt,
)
from coderooms.surgical.locate import Located, Unlocated
from coderooms.surgical.proof_state import (
    BLOCKED,
    PROVING,
    READY_TO_EDIT,
    TRIAGING,
    blocked,
    decide,
)


def test_ranking_weights_and_total_order() -> None:
    ranked = rank_connected(
        "r",
        "r:p.py",
        callers_by_file=[{"id": "r:a.py", "calls": 2}, {"id": "r:tests/t.py", "calls": 1},
                         {"id": "r:p.py", "calls": 9}],
        callees_by_file=[{"id": "r:a.py", "calls": 1}, {"id": "r:c.py", "calls": 6}],
        imports=[{"id": "r:b.py", "ghost": False}, {"id": "r:?:os", "ghost": True}],
        importers=[{"id": "r:a.py"}, {"id": "r:z.py"}],
        co_changes=[{"id": "r:b.py", "weight": 2}],
    )  # fmt: skip
    by_path = {c.path: c for c in ranked}
    assert "p.py" not in by_path
    assert "?:os" not in by_path
    assert by_path["a.py"].score == 3 * limits.WEIGHT_CALL + limits.WEIGHT_IMPORT
    assert by_path["b.py"].score == limits.WEIGHT_IMPORT + 2 * limits.WEIGHT_CO_CHANGE
    assert by_path["tests/t.py"].test
    assert by_path["tests/t.py"].score == (limits.WEIGHT_CALL + limits.WEIGHT_TEST)
    assert [c.path for c in ranked] == ["b.py", "a.py", "c.py", "tests/t.py", "z.py"]
    assert by_path["a.py"].why() == [
        "calls the primary's symbols at 2 call sites",
        "the primary calls its symbols at 1 call sites",
        "imports the primary",
    ]
    assert by_path["z.py"].as_dict([])["why"] == ["imports the primary"]


def test_equal_scores_order_by_path() -> None:
    ranked = rank_connected("r", "r:p.py", [], [], [], [{"id": "r:b.py"}, {"id": "r:a.py"}], [])
    assert [c.path for c in ranked] == ["a.py", "b.py"]


def located(problems: list[str] | None = None) -> Located:
    target = Target("r", Path("/repo"), "pkg/a.py")
    return Located(target, {"id": "r:pkg/a.py", "hash": "h", "problems": problems or []})


def hood(
    *, caller_files: int = 0, edges: int = 0, ghosts: int = 0, builtin: int = 0,
    unresolved: Completeness = COMPLETE,
) -> Any:  # fmt: skip
    return Neighbourhood(
        file={},
        symbols={"total": 0, "symbols": []},
        callers={"by_file": [{"id": f"r:c{n}.py", "calls": 1, "edges": 1}
                             for n in range(caller_files)], "callers": []},
        callees={"edges": edges, "ghost_edges": ghosts + builtin, "foreign_ghost_edges": ghosts,
                 "by_file": [], "callees": [], "ghosts": []},
        files={"imports": [], "importers": [], "co_changes": []},
        unresolved=unresolved,
    )  # fmt: skip


def test_disk_drift_is_proving() -> None:
    for state in (DIFFERS, MISSING, "unreadable"):
        decision = decide(located(), DiskCopy(state), hood(), connected_cap=8)
        assert (decision.state, decision.next_tool) == (PROVING, "ingest")
        assert decision.next_arguments == {"roots": ["/repo"], "repo": "r"}
        assert decision.reasons[0]["code"] == f"disk_{state}"


def test_fresh_and_complete_is_ready() -> None:
    decision = decide(located(), DiskCopy(SAME, "h"), hood(caller_files=8, edges=10, ghosts=7),
                      connected_cap=8)  # fmt: skip
    assert (decision.state, decision.next_tool) == (READY_TO_EDIT, "edit_preview")
    assert decision.next_arguments == {"path": "pkg/a.py", "repo": "r"}


@pytest.mark.parametrize(
    ("kwargs", "problems", "code"),
    [
        ({}, ["syntax errors: 1 region, first at line 3"], "parse_problems"),
        ({"edges": 10, "ghosts": 8}, None, "ghosts_dominate"),
        ({"edges": 39, "ghosts": 8, "builtin": 29}, None, "ghosts_dominate"),  # 8 of 10
        ({"caller_files": 9}, None, "callers_exceed_cap"),
    ],
)
def test_partial_signal_is_triaging(
    kwargs: dict[str, int], problems: list[str] | None, code: str
) -> None:
    decision = decide(located(problems), DiskCopy(SAME, "h"), hood(**kwargs), connected_cap=8)
    assert decision.state == TRIAGING
    assert [r["code"] for r in decision.reasons] == [code]
    assert decision.next_tool == "batch_view"
    acked = decide(located(problems), DiskCopy(SAME, "h"), hood(**kwargs), connected_cap=8,
                   acknowledge_partial=True)  # fmt: skip
    assert (acked.state, acked.acknowledged) == (READY_TO_EDIT, [code])


def test_unresolved_callers_are_triaging_until_acknowledged() -> None:
    unresolved = hood(unresolved=Completeness({"run": 2}))
    decision = decide(located(), DiskCopy(SAME, "h"), unresolved, connected_cap=8)
    assert (decision.state, decision.next_tool) == (TRIAGING, "search")
    assert [r["code"] for r in decision.reasons] == ["unresolved_callers"]
    assert decision.reasons[0]["detail"].startswith("2 call sites of 1 of its symbols' names")
    assert decision.next_arguments == {"query": r"\.run\b", "mode": "regex", "repo": "r"}
    assert decision.playbook[-1].endswith("with acknowledge_unresolved=true")
    partial = decide(located(), DiskCopy(SAME, "h"), unresolved, connected_cap=8,
                     acknowledge_partial=True)  # fmt: skip
    assert (partial.state, partial.acknowledged) == (TRIAGING, [])
    acked = decide(located(), DiskCopy(SAME, "h"), unresolved, connected_cap=8,
                   acknowledge_unresolved=True)  # fmt: skip
    assert (acked.state, acked.acknowledged) == (READY_TO_EDIT, ["unresolved_callers"])


def test_names_too_many_to_count_are_unresolved_too() -> None:
    capped = hood(unresolved=Completeness(capped=frozenset({"get"})))
    decision = decide(located(), DiskCopy(SAME, "h"), capped, connected_cap=8)
    assert [r["code"] for r in decision.reasons] == ["unresolved_callers"]
    assert "too many to count" in decision.reasons[0]["detail"]


def test_partial_and_unresolved_are_acknowledged_apart() -> None:
    both = hood(caller_files=9, unresolved=Completeness({"run": 1}))
    decision = decide(located(), DiskCopy(SAME, "h"), both, connected_cap=8)
    assert [r["code"] for r in decision.reasons] == ["callers_exceed_cap", "unresolved_callers"]
    assert decision.next_tool == "batch_view"
    assert decision.playbook[-1].endswith(
        "acknowledge_partial=true and acknowledge_unresolved=true"
    )
    one = decide(located(), DiskCopy(SAME, "h"), both, connected_cap=8,
                 acknowledge_unresolved=True)  # fmt: skip
    assert ([r["code"] for r in one.reasons], one.acknowledged) == (
        ["callers_exceed_cap"], ["unresolved_callers"])  # fmt: skip
    assert one.next_tool == "batch_view"


def test_few_ghosts_or_a_minority_are_not_partial() -> None:
    few = decide(located(), DiskCopy(SAME, "h"), hood(edges=7, ghosts=7), connected_cap=8)
    minority = decide(located(), DiskCopy(SAME, "h"), hood(edges=20, ghosts=15), connected_cap=8)
    assert few.state == minority.state == READY_TO_EDIT


@pytest.mark.parametrize(
    ("reason", "tool"),
    [
        (locate.UNKNOWN_SYMBOL, "search"),
        (locate.UNKNOWN_REPO, "ingest"),
        (locate.OUTSIDE_ROOTS, "glob"),
        (locate.NOT_A_FILE, "glob"),
        (locate.NOT_IN_GRAPH, "glob"),
    ],
)
def test_blocked_has_a_playbook(reason: str, tool: str) -> None:
    decision = blocked(Unlocated(reason, "why", "r", "pkg/new_file.py", "/repo"))
    assert (decision.state, decision.next_tool) == (BLOCKED, tool)
    assert decision.playbook
    answer = decision.as_dict()
    assert answer["proof_state"] == BLOCKED
    assert answer["recovery_playbook"]
    if tool == "glob":
        assert decision.next_arguments["pattern"] == "**/new_file.py"


def test_unlocated_becomes_a_clear_error() -> None:
    assert Unlocated(locate.OUTSIDE_ROOTS, "m").error().code == "forbidden"
    assert Unlocated(locate.NOT_IN_GRAPH, "m").error().field == "path"
    assert Unlocated(locate.UNKNOWN_SYMBOL, "m").error().field == "symbol_id"
    assert Unlocated(locate.UNKNOWN_REPO, "m").error().field == "repo"


def test_text_excerpt_is_bounded() -> None:
    data = ("x" * (limits.MAX_LINE_CHARS + 5) + "\n" + "b\n" + "c\n").encode()
    excerpt = text_excerpt(data, 2)
    assert (excerpt["end_line"], excerpt["total_lines"], excerpt["truncated"]) == (2, 3, True)
    assert excerpt["cut_lines"] == [1]
    assert excerpt["content"].splitlines()[1] == "b"
    assert text_excerpt(b"\xff\n", 5)["content"] == "\ufffd\n"


def test_bounded_reports_totals() -> None:
    assert bounded([1, 2, 3], 2) == {"items": [1, 2], "total": 3, "truncated": True}
    assert bounded([1], 5, total=4) == {"items": [1], "total": 4, "truncated": True}
    assert bounded([], 5) == {"items": [], "total": 0, "truncated": False}


def test_a_top_level_caller_is_named_module_in_the_answer_not_left_empty() -> None:
    rows = [
        {
            "file": "r:a.py",
            "symbols": [
                {"id": "r:a.py", "qualname": None, "calls": 3, "relation": "calls_primary"}
            ],
        },
        {
            "file": "r:a.py",
            "symbols": [
                {"id": "r:a.py#f", "qualname": "f", "calls": 1, "relation": "called_by_primary"}
            ],
        },
    ]
    merged = merge_relevant(rows)
    assert [s["qualname"] for s in merged["r:a.py"]] == [MODULE_LEVEL, "f"]
