"""The fresh-corpus list of issue 32 keeps its discipline, and the runner's table sorts worst
first and keeps tune and report apart."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from benchmarks.fresh_accuracy import (
    GAPS,
    HARNESSES,
    Entry,
    accuracy_rows,
    badness,
    load_list,
    print_table,
)

LANGUAGES = {"go", "javascript", "typescript", "rust", "java", "c", "cpp", "csharp"}


def test_every_language_has_a_tune_and_two_report_repositories_pinned() -> None:
    entries = load_list()
    roles = Counter((e.language, e.role) for e in entries)
    for language in LANGUAGES:
        assert roles[(language, "tune")] >= 1, language
        assert roles[(language, "report")] >= 2, language
    assert all(re.fullmatch(r"[0-9a-f]{40}", e.commit) for e in entries)
    assert len({e.name for e in entries}) == len(entries)
    assert all(e.language in HARNESSES or e.language in GAPS for e in entries)


def test_fresh_repositories_are_not_the_tuned_corpora() -> None:
    tuned = {"flask", "gin", "cobra", "zod", "gson", "jsoup", "anyhow", "log", "httparse", "redis"}
    assert not tuned & {e.name for e in load_list()}


def _figures(recall: float | None, precision: float | None) -> dict[str, Any]:
    calls = {"oracle_repo": 10, "recall": recall, "precision": precision, "external_rate": 0.0}
    imports = {"recall": 1.0, "precision": 1.0}
    return {"calls": calls, "imports": imports}


def test_worst_row_first_by_the_farther_target() -> None:
    entries = [Entry(n, "go", "", "0" * 40, "report", "") for n in ("a", "b", "c", "d")]
    results = {
        "a": _figures(0.96, 0.995),  # at both targets
        "b": _figures(0.94, 0.90),  # precision 0.09 below: the worst
        "c": _figures(0.80, 1.0),  # recall 0.15 below: worse still
        "d": {"error": "timed out"},
    }
    rows = accuracy_rows(entries, results)
    assert [r.split(" | ")[0].removeprefix("| ") for r in rows] == ["c", "b", "a", "d"]
    assert badness(results["d"]) < badness(results["a"])


def test_tune_and_report_are_printed_apart(capsys: pytest.CaptureFixture[str]) -> None:
    entries = [
        Entry("t", "rust", "", "0" * 40, "tune", ""),
        Entry("r", "rust", "", "0" * 40, "report", ""),
    ]
    print_table(entries, {"t": _figures(0.5, 0.5), "r": _figures(0.99, 1.0)})
    out = capsys.readouterr().out
    report, tune = out.index("## rust, report"), out.index("## rust, tune")
    assert report < out.index("| r |") < tune < out.index("| t |")
