"""The pure parts of `impact`'s `changes`: what a revision range may say, which lines a
`git diff -U0` touches, and which symbols those lines fall in."""

from __future__ import annotations

import pytest

from coderooms.errors import InvalidInput
from coderooms.impact.hunks import (
    carry_line,
    carry_span,
    merge_spans,
    parse_hunk_headers,
    parse_hunks,
    parse_name_status,
    unquote_c,
)
from coderooms.impact.mapping import SymbolSpan, touched_symbols
from coderooms.impact.revisions import RevisionRange, Working, parse_changes
from coderooms.impact.verb import ImpactRequest, impact_question


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("working", Working()),
        ("HEAD~3..HEAD", RevisionRange("HEAD~3", "HEAD", False)),
        ("main...topic", RevisionRange("main", "topic", True)),
        ("v1.0..", RevisionRange("v1.0", "HEAD", False)),
        ("..origin/main", RevisionRange("HEAD", "origin/main", False)),
        ("abc123^2..HEAD@{1}", RevisionRange("abc123^2", "HEAD@{1}", False)),
    ],
)
def test_accepted_changes(text: str, expected: object) -> None:
    assert parse_changes(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "HEAD",
        "--output=/tmp/x..HEAD",
        "HEAD..--output=/tmp/x",
        "-p..HEAD",
        "HEAD..HEAD:secret.txt",
        "HEAD .. main",
        "HEAD..ma\x00in",
        "HEAD..*",
        "a....b",
        "@{-1}..HEAD",
        "x" * 300 + "..HEAD",
    ],
)
def test_refused_changes_name_the_field(text: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_changes(text)
    assert caught.value.field == "changes"


def test_a_non_string_is_refused() -> None:
    with pytest.raises(InvalidInput):
        parse_changes(3)


DIFF = b"""diff --git a/pkg/core.py b/pkg/core.py
index 1111111..2222222 100644
--- a/pkg/core.py
+++ b/pkg/core.py
@@ -4 +4 @@ def helper(x):
-    return x + 1
+    return x + 2
@@ -20,2 +20,0 @@ class Engine:
-    pass
-    pass
@@ -30,0 +29,3 @@
+a
+b
+c
diff --git a/gone.py b/gone.py
deleted file mode 100644
--- a/gone.py
+++ /dev/null
@@ -1,2 +0,0 @@
-x = 1
-y = 2
diff --git a/new.py b/new.py
new file mode 100644
--- /dev/null
+++ b/new.py
@@ -0,0 +1 @@
+z = 1
diff --git "a/we\\tird \\303\\251.py" "b/we\\tird \\303\\251.py"
--- "a/we\\tird \\303\\251.py"
+++ "b/we\\tird \\303\\251.py"
@@ -1 +1 @@
-a
+b
diff --git a/img.png b/img.png
Binary files a/img.png and b/img.png differ
"""


def test_hunks_give_new_side_lines_per_file() -> None:
    assert parse_hunks(DIFF) == {
        "pkg/core.py": [(4, 4), (20, 21), (29, 31)],
        "gone.py": [(1, 1)],
        "new.py": [(1, 1)],
        "we\tird é.py": [(1, 1)],
    }


def test_unquote_and_name_status() -> None:
    assert unquote_c(b'a\\"b\\\\c\\n') == b'a"b\\c\n'
    assert parse_name_status(b"M\0a.py\0D\0b c.py\0A\0new.py\0") == [
        ("M", "a.py"), ("D", "b c.py"), ("A", "new.py"),
    ]  # fmt: skip


def test_spans_merge() -> None:
    assert merge_spans([(5, 6), (1, 2), (3, 3), (10, 12), (11, 11)]) == [(1, 3), (5, 6), (10, 12)]


SYMBOLS = [
    SymbolSpan("m::", "Module", 1, 40),
    SymbolSpan("m::helper", "Function", 3, 5),
    SymbolSpan("m::Engine", "Class", 10, 30),
    SymbolSpan("m::Engine.run", "Method", 12, 20),
    SymbolSpan("m::Engine.run.inner", "Function", 14, 15),
]


@pytest.mark.parametrize(
    ("spans", "symbols", "module_level"),
    [
        ([(4, 4)], ["m::helper"], False),
        ([(14, 14)], ["m::Engine.run.inner"], False),
        ([(13, 14)], ["m::Engine.run", "m::Engine.run.inner"], False),
        ([(25, 25)], ["m::Engine"], False),
        ([(1, 1)], [], True),
        ([(5, 7)], ["m::helper"], True),
        ([(35, 50)], [], True),
        ([], [], False),
    ],
)
def test_lines_seed_the_innermost_symbols(
    spans: list[tuple[int, int]], symbols: list[str], module_level: bool
) -> None:
    touched = touched_symbols(SYMBOLS, spans)
    assert (touched.symbols, touched.module_level) == (symbols, module_level)


QUESTION = impact_question(ImpactRequest(symbol="helper", repo="r"))


@pytest.mark.parametrize(
    "cursor",
    ["-1", "x", "1e3", "99999999", "١٢", "50", QUESTION.cursor(50)[:-1] + "z"],
)
def test_bad_cursors_name_the_field(cursor: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        QUESTION.read(cursor)
    assert caught.value.field == "cursor"


def test_cursors() -> None:
    assert (QUESTION.read(None), QUESTION.read(QUESTION.cursor(50))) == (("", 0), ("", 50))


@pytest.mark.parametrize(
    "other",
    [
        ImpactRequest(symbol="helper", repo="r", depth=3),
        ImpactRequest(symbol="fmt", repo="r"),
        ImpactRequest(path="pkg/core.py", repo="r"),
    ],
)
def test_a_cursor_of_another_question_is_refused(other: ImpactRequest) -> None:
    with pytest.raises(InvalidInput) as caught:
        impact_question(other).read(QUESTION.cursor(50))
    assert caught.value.field == "cursor"


def test_the_page_and_the_budget_are_not_the_question() -> None:
    same = ImpactRequest(symbol="helper", repo="r", max_items=2, max_tokens=150)
    assert impact_question(same).read(QUESTION.cursor(50)) == ("", 50)


def test_hunk_headers_keep_both_sides() -> None:
    assert parse_hunk_headers(DIFF)["pkg/core.py"] == [(4, 1, 4, 1), (20, 2, 20, 0), (30, 0, 29, 3)]


# since the range's end: lines 10-11 became three lines, two inserted after 20, 30-31 deleted
SINCE = [(10, 2, 10, 3), (20, 0, 22, 2), (30, 2, 32, 0)]


@pytest.mark.parametrize(
    ("line", "now"),
    [
        (5, (5, 5)),  # before every hunk
        (10, (10, 12)),  # replaced: the hunk's new lines
        (11, (10, 12)),
        (12, (13, 13)),  # after a hunk that grew by one
        (20, (21, 21)),  # before an insertion
        (21, (24, 24)),  # after it: +1 and +2
        (30, (32, 33)),  # deleted: the lines around where it was
        (32, (33, 33)),  # after a deletion of two: +3 - 2
    ],
)
def test_lines_of_the_end_are_carried_onto_the_working_tree(
    line: int, now: tuple[int, int]
) -> None:
    assert carry_line(line, SINCE) == now


def test_spans_are_carried_whole() -> None:
    assert carry_span((5, 12), SINCE) == (5, 13)
    assert carry_span((4, 4), []) == (4, 4)
