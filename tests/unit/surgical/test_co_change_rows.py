"""Co-change partners as rows: one list by weight, never cut inside a tie, the rest counted with
the command that lists them; one file's history parsed from `git log -z --name-only`."""

from __future__ import annotations

from typing import Any

from coderooms.core.file_history import parse_commits
from coderooms.surgical.co_changes import CO_CHANGES_LISTED, cut_at, kind_of, partner_rows


def partners(ranked: list[tuple[str, int]], **extra: Any) -> dict[str, Any]:
    return {"commits": 41, "partners": [{"path": p, "weight": w, "kind": kind_of(p, "python")}
                                        for p, w in ranked],
            "total": len(ranked), "files": ["src/v.py"], **extra}  # fmt: skip


def test_one_list_by_weight_and_the_rest_counted_with_its_command() -> None:
    ranked = [("a.py", 9), ("CHANGES.rst", 8), ("tests/t.py", 7), ("c.py", 5), ("d.py", 4),
              ("e.py", 2), ("f.py", 1)]  # fmt: skip
    assert CO_CHANGES_LISTED == 5
    assert partner_rows(partners(ranked)) == {
        "commits": 41,
        "items": ["a.py 9", "CHANGES.rst 8", "tests/t.py 7", "c.py 5", "d.py 4"],
        "more": "+2 more, weight <= 2: git log --full-diff --name-only -- src/v.py",
    }
    two = partner_rows(partners(ranked[:2]))
    assert two == {"commits": 41, "items": ["a.py 9", "CHANGES.rst 8"]}
    assert partner_rows({}) == {}


def test_a_tie_at_the_cut_is_left_out_whole_and_said() -> None:
    ranked = [("a.py", 24), ("b.py", 18), ("c.py", 16), ("d.py", 13), ("e.py", 12), ("f.py", 12),
              ("g.py", 12), ("h.py", 9)]  # fmt: skip
    assert cut_at(ranked, 5) == 4
    got = partner_rows(partners(ranked, files=["x.py", "y.py"]))
    assert got["items"] == ["a.py 24", "b.py 18", "c.py 16", "d.py 13"]
    assert got["more"] == "+4 more, weight <= 12: each file's git log --full-diff --name-only"


def test_a_tie_from_the_first_row_is_cut_and_said() -> None:
    ranked = [(f"t{n:02}.py", 1) for n in range(12)]
    assert cut_at(ranked, 5) == 5
    got = partner_rows(partners(ranked))
    assert got["items"] == [f"t{n:02}.py 1" for n in range(5)]
    assert got["more"].startswith("+7 more, 7 of them at 1 like the last listed: ")


def test_the_history_cut_and_the_graph_fallback_are_kept() -> None:
    fallback = {
        "from": "the graph's edges",
        "partners": [{"path": "a.py", "weight": 2}],
        "total": 1,
    }
    assert partner_rows(fallback) == {"from": "the graph's edges", "items": ["a.py 2"]}


def test_no_partner_is_one_line_saying_why() -> None:
    unread = {"from": "the graph's edges (...): not inside a git work tree", "partners": [],
              "total": 0, "unavailable": "not inside a git work tree"}  # fmt: skip
    assert partner_rows(unread) == {
        "none": "its history unread (not inside a git work tree), and none in the graph's edges"
    }
    alone = partner_rows({"commits": 1, "partners": [], "total": 0, "files": ["a.py"]})
    assert alone == {"none": "no file of the graph committed with it (1 commit)"}


def test_kinds_are_code_tests_and_docs() -> None:
    assert kind_of("src/pkg/mod.py", "python") == "code"
    assert kind_of("tests/test_mod.py", "python") == "tests"
    assert kind_of("CHANGELOG.rst", None) == "docs"
    assert kind_of("pyproject.toml", "toml") == "docs"


def test_a_log_is_read_commit_by_commit() -> None:
    out = b"\x1eaaaa\x00\nsrc/a.py\x00docs/b.md\x00\x1ebbbb\x00\nsrc/a.py\x00"
    assert parse_commits(out) == [["src/a.py", "docs/b.md"], ["src/a.py"]]
    assert parse_commits(b"") == []
