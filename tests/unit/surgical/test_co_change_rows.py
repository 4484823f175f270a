"""Co-change partners as rows: the first of each kind, never cut inside a tie, the rest counted;
one file's history parsed from `git log -z --name-only`."""

from __future__ import annotations

from coderooms.core.file_history import parse_commits
from coderooms.surgical.co_changes import CO_CHANGES_PER_KIND, CO_CHANGES_TIE_MAX, kind_of, listed


def test_a_kind_lists_its_heaviest_and_counts_the_rest() -> None:
    ranked = [("a.py", 9), ("b.py", 7), ("c.py", 5), ("d.py", 2), ("e.py", 1)]
    assert CO_CHANGES_PER_KIND == 3
    assert listed(ranked) == ["a.py 9", "b.py 7", "c.py 5", "+2 more, the heaviest 2"]
    assert listed(ranked[:2]) == ["a.py 9", "b.py 7"]


def test_a_cut_inside_a_tie_lists_the_tie_and_counts_past_its_bound() -> None:
    tied = [("a.py", 9)] + [(f"t{n:02}.py", 4) for n in range(12)]
    rows = listed(tied)
    assert rows[:4] == ["a.py 9", "t00.py 4", "t01.py 4", "t02.py 4"]
    assert len(rows) == CO_CHANGES_TIE_MAX + 1  # ten partners, then the count
    assert rows[-1] == "+3 more, 3 of them at 4 (a tie)"


def test_kinds_are_code_tests_and_docs() -> None:
    assert kind_of("src/pkg/mod.py", "python") == "code"
    assert kind_of("tests/test_mod.py", "python") == "tests"
    assert kind_of("CHANGELOG.rst", None) == "docs"
    assert kind_of("pyproject.toml", "toml") == "docs"


def test_a_log_is_read_commit_by_commit() -> None:
    out = b"\x1eaaaa\x00\nsrc/a.py\x00docs/b.md\x00\x1ebbbb\x00\nsrc/a.py\x00"
    assert parse_commits(out) == [["src/a.py", "docs/b.md"], ["src/a.py"]]
    assert parse_commits(b"") == []
