"""Atomic writes under simulated failures, and the diff/replacement helpers."""

from __future__ import annotations

import difflib
import os
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coderooms.core import beneath
from coderooms.edits import atomic
from coderooms.edits.diffs import MAX_DIFF_CHARS, line_diff, replace_exact
from coderooms.errors import InvalidInput


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(atomic.TEMP_SUFFIX))


def test_write_replaces_content_and_keeps_the_mode_less_its_exec_bits(tmp_path: Path) -> None:
    target = tmp_path / "run.sh"
    target.write_text("old\n")
    target.chmod(0o751)
    atomic.write_atomic(target, b"new\n")
    assert target.read_bytes() == b"new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == []


def test_exec_bits_are_kept_only_when_asked(tmp_path: Path) -> None:
    target = tmp_path / "run.sh"
    target.write_text("old\n")
    target.chmod(0o751)
    atomic.write_atomic(target, b"new\n", keep_exec=True)
    assert stat.S_IMODE(target.stat().st_mode) == 0o751
    atomic.write_atomic(target, b"newer\n", mode=0o700)  # a roll back restores the exact mode
    assert stat.S_IMODE(target.stat().st_mode) == 0o700


def test_new_file_gets_the_default_mode_and_parents(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "new.py"
    atomic.write_atomic(target, b"x = 1\n")
    assert target.read_bytes() == b"x = 1\n"
    assert stat.S_IMODE(target.stat().st_mode) == atomic.NEW_FILE_MODE


def test_failing_rename_leaves_the_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "mod.py"
    target.write_text("old\n")

    def broken_rename(src: object, dst: object, **dir_fds: object) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "rename", broken_rename)
    with pytest.raises(OSError, match="disk on fire"):
        atomic.write_atomic(target, b"new\n")
    assert target.read_text() == "old\n"
    assert leftovers(tmp_path) == []


def test_failing_fsync_leaves_the_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "mod.py"
    target.write_text("old\n")

    def broken_fsync(fd: int) -> None:
        raise OSError("no space left")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="no space"):
        atomic.write_atomic(target, b"new\n" * 1000)
    assert target.read_text() == "old\n"
    assert leftovers(tmp_path) == []


def test_temp_lives_beside_the_target(tmp_path: Path) -> None:
    with beneath.open_root(tmp_path) as directory:
        staged = atomic.stage(directory, "x.py", b"1")
        try:
            assert os.listdir(tmp_path) == [staged.temp]
            assert not (tmp_path / "x.py").exists()
        finally:
            atomic.discard(staged)
    assert os.listdir(tmp_path) == []


def test_a_long_name_gets_a_temp_name_the_file_system_takes(tmp_path: Path) -> None:
    target = tmp_path / ("é" * 127)  # 254 bytes: the longest name, nearly
    atomic.write_atomic(target, b"x = 1\n")
    assert target.read_bytes() == b"x = 1\n"
    assert leftovers(tmp_path) == []


def test_line_diff_counts_moved_and_repeated_lines_truthfully() -> None:
    old = "a\nb\nb\nc\n"
    new = "b\na\nb\nc\nc\n"
    diff = line_diff(old, new, "f.py")
    plus = [line for line in diff.unified.splitlines()[2:] if line.startswith("+")]
    minus = [line for line in diff.unified.splitlines()[2:] if line.startswith("-")]
    assert (diff.added, diff.removed) == (len(plus), len(minus))
    assert diff.added >= 1  # a set-membership count would say 0 lines were added
    assert diff.unified.startswith("--- a/f.py\n+++ b/f.py\n")


def test_line_diff_of_identical_text_is_empty() -> None:
    diff = line_diff("x\n", "x\n", "f.py")
    assert (diff.added, diff.removed, diff.unified) == (0, 0, "")


def test_long_diffs_are_truncated() -> None:
    diff = line_diff("", "x" * 100 + "\n" * 1000, "f.py")
    new = "".join(f"line {i}\n" for i in range(10_000))
    diff = line_diff("", new, "f.py")
    assert diff.truncated
    assert len(diff.unified) == MAX_DIFF_CHARS
    assert diff.added == 10_000


def test_missing_newline_is_marked() -> None:
    assert "\\ No newline at end of file" in line_diff("a\n", "a\nb", "f").unified


def test_replace_exact() -> None:
    assert replace_exact("def f():\n    return 1\n", "return 1", "return 2") == (
        "def f():\n    return 2\n"
    )


@pytest.mark.parametrize(
    ("content", "old", "message"),
    [
        ("abc", "x", "not found"),
        ("abab", "ab", "more than once"),
        ("aaa", "aa", "more than once"),
        ("abc", "", "empty"),
    ],
)
def test_replace_exact_refuses(content: str, old: str, message: str) -> None:
    with pytest.raises(InvalidInput, match=message) as raised:
        replace_exact(content, old, "y", field="edits[0].old_text")
    assert raised.value.field == "edits[0].old_text"


def apply_unified(old: list[str], unified: str) -> list[str]:
    """The text a unified diff of `old` describes (every hunk's context checked)."""
    result: list[str] = []
    at = 0
    for line in unified.splitlines(keepends=True)[2:]:
        if line.startswith("@@"):
            start = int(line.split()[1].lstrip("-").split(",")[0])
            length = int(line.split()[1].split(",")[1]) if "," in line.split()[1] else 1
            begin = start - 1 if length else start
            result += old[at:begin]
            at = begin
        elif line.startswith(" "):
            assert old[at] == line[1:]
            result.append(line[1:])
            at += 1
        elif line.startswith("-"):
            assert old[at] == line[1:]
            at += 1
        elif line.startswith("+"):
            result.append(line[1:])
    return result + old[at:]


@settings(max_examples=300, deadline=None)
@given(
    old=st.lists(st.sampled_from(["a\n", "b\n", "c\n", "\n", "d\n"]), max_size=40),
    new=st.lists(st.sampled_from(["a\n", "b\n", "c\n", "\n", "e\n"]), max_size=40),
)
def test_line_diff_turns_the_old_text_into_the_new(old: list[str], new: list[str]) -> None:
    diff = line_diff("".join(old), "".join(new), "f.py")
    assert apply_unified(old, diff.unified) == new
    body = diff.unified.splitlines()[2:]
    assert diff.added == sum(line.startswith("+") for line in body)
    assert diff.removed == sum(line.startswith("-") for line in body)


@settings(max_examples=200, deadline=None)
@given(
    keep=st.lists(st.booleans(), min_size=1, max_size=60),
    inserted=st.lists(st.integers(min_value=0, max_value=60), max_size=5),
)
def test_line_diff_equals_difflib_where_lines_are_unique(
    keep: list[bool], inserted: list[int]
) -> None:
    """Common first and last lines set aside first change nothing where no line repeats."""
    old = [f"line {n}\n" for n in range(len(keep))]
    new = [line for line, kept in zip(old, keep, strict=True) if kept]
    for at in inserted:
        new.insert(min(at, len(new)), f"new {at}\n")
    expected = "".join(difflib.unified_diff(old, new, "a/f.py", "b/f.py", n=3))
    assert line_diff("".join(old), "".join(new), "f.py").unified == expected
