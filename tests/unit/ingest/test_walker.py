"""The walker: which files of a root are ingested, which are skipped and why, in what order."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from coderooms.core.files import (
    BINARY_SNIFF_BYTES,
    DEFAULT_EXCLUDED_DIRS,
    MAX_FILE_BYTES,
    looks_binary,
)
from coderooms.ingest.reader import ReadJob, Skipped, read_file
from coderooms.ingest.targeted import check_path
from coderooms.ingest.walker import walk

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def make(root: Path, *paths: str, text: str = "x = 1\n") -> None:
    for relative in paths:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def paths(root: Path) -> list[str]:
    return [f.path for f in walk(root).files]


# -- ignore files --------------------------------------------------------------------------------


def test_root_gitignore_file_glob_anchored_and_directory_patterns(tmp_path: Path) -> None:
    make(tmp_path, "a.py", "x.log", "deep/y.log", "top.txt", "deep/top.txt", "out/o.py")
    make(tmp_path, "logs", "dir/logs/z.py")
    (tmp_path / ".gitignore").write_text("*.log\n/top.txt\nout/\nlogs/\n")
    result = walk(tmp_path)
    # `/top.txt` is anchored to the root; `logs/` matches directories only (not the file `logs`)
    assert [f.path for f in result.files] == [".gitignore", "a.py", "deep/top.txt", "logs"]
    assert result.skipped == {"ignored": 5}  # x.log, deep/y.log, top.txt, out/, dir/logs/


def test_ignored_directory_is_pruned_and_reported_once_with_slash(tmp_path: Path) -> None:
    make(tmp_path, "keep.py", "gen/a.py", "gen/b/c.py")
    (tmp_path / ".gitignore").write_text("gen/\n")
    result = walk(tmp_path)
    assert [f.path for f in result.files] == [".gitignore", "keep.py"]
    assert result.skipped == {"ignored": 1}
    assert result.skipped_examples == {"ignored": "gen/"}


def test_nested_gitignore_applies_below_its_directory_only(tmp_path: Path) -> None:
    make(tmp_path, "a.tmp", "sub/b.tmp", "sub/inner/c.tmp", "other/d.tmp")
    make(tmp_path, "sub/docs/x.md", "docs/x.md")
    (tmp_path / "sub" / ".gitignore").write_text("*.tmp\n/docs/\n")
    assert paths(tmp_path) == ["a.tmp", "docs/x.md", "other/d.tmp", "sub/.gitignore"]


def test_negation_in_the_same_file(tmp_path: Path) -> None:
    make(tmp_path, "a.log", "keep.log", "sub/keep.log")
    (tmp_path / ".gitignore").write_text("*.log\n!keep.log\n")
    assert paths(tmp_path) == [".gitignore", "keep.log", "sub/keep.log"]


def test_negation_in_a_nested_file_reincludes_what_a_parent_ignored(tmp_path: Path) -> None:
    make(tmp_path, "x.log", "sub/keep.log", "sub/other.log")
    (tmp_path / ".gitignore").write_text("*.log\n")
    (tmp_path / "sub" / ".gitignore").write_text("!keep.log\n")
    assert paths(tmp_path) == [".gitignore", "sub/.gitignore", "sub/keep.log"]


def test_negation_cannot_reinclude_below_an_ignored_directory(tmp_path: Path) -> None:
    """As in git: a file is not re-included when a parent directory is excluded, but is when
    only the directory's contents (`dir/*`) are."""
    make(tmp_path, "whole/keep.py", "whole/drop.py", "parts/keep.py", "parts/drop.py")
    (tmp_path / ".gitignore").write_text("whole/\n!whole/keep.py\nparts/*\n!parts/keep.py\n")
    assert paths(tmp_path) == [".gitignore", "parts/keep.py"]


def test_coderoomsignore_adds_patterns_and_can_reinclude(tmp_path: Path) -> None:
    make(tmp_path, "a.py", "big/data.py", "gen.py", "notes.md")
    (tmp_path / ".gitignore").write_text("*.md\n")
    (tmp_path / ".coderoomsignore").write_text("big/\ngen.py\n!notes.md\n")
    result = walk(tmp_path)
    assert [f.path for f in result.files] == [".coderoomsignore", ".gitignore", "a.py", "notes.md"]
    assert result.skipped == {"ignored": 2}


def test_ignore_file_with_invalid_utf8_does_not_crash(tmp_path: Path) -> None:
    make(tmp_path, "a.py", "b.tmp")
    (tmp_path / ".gitignore").write_bytes(b"\xff\xfe junk\n*.tmp\n")
    assert paths(tmp_path) == [".gitignore", "a.py"]


# -- default excludes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "directory",
    [".git", "node_modules", "build", "__pycache__", "pkg.egg-info", "x.dist-info"],
)
def test_default_excluded_directories_at_any_depth(tmp_path: Path, directory: str) -> None:
    make(tmp_path, "a.py", f"{directory}/x.py", f"sub/{directory}/y.py")
    result = walk(tmp_path)
    assert [f.path for f in result.files] == ["a.py"]
    assert "ignored" not in result.skipped  # not an ignore rule: a default exclude


def test_a_build_compilation_database_is_read_in_its_excluded_directory(tmp_path: Path) -> None:
    make(
        tmp_path,
        "a.c",
        "build/compile_commands.json",
        "build/x.c",
        "sub/build/compile_commands.json",
    )
    assert paths(tmp_path) == ["a.c", "build/compile_commands.json"]
    assert check_path(tmp_path, "build/compile_commands.json") != "excluded"
    assert check_path(tmp_path, "build/x.c") == "excluded"
    (tmp_path / ".gitignore").write_text("build/\n")  # the ignore files still apply
    assert paths(tmp_path) == [".gitignore", "a.c"]


def test_default_excludes_are_directories_only(tmp_path: Path) -> None:
    make(tmp_path, "build", "node_modules.txt", "dist.py")
    assert paths(tmp_path) == ["build", "dist.py", "node_modules.txt"]
    assert {".git", "node_modules", "build", "__pycache__"} <= DEFAULT_EXCLUDED_DIRS


@pytest.mark.parametrize(
    ("directory", "marker"),
    [(".venv", "pyvenv.cfg"), ("tools/py311", "pyvenv.cfg"), ("envs/dev", "conda-meta/history")],
)
def test_a_python_environment_is_excluded_by_its_marker_whatever_its_name(
    tmp_path: Path, directory: str, marker: str
) -> None:
    make(tmp_path, "a.py", f"{directory}/{marker}", f"{directory}/lib/site.py")
    result = walk(tmp_path)
    assert [f.path for f in result.files] == ["a.py"]
    assert result.skipped == {"virtualenv": 1}
    assert result.skipped_examples == {"virtualenv": f"{directory}/"}


@pytest.mark.parametrize("directory", ["venv", "env", ".venv", "Lib/venv"])
def test_a_directory_named_like_an_environment_without_a_marker_is_source(
    tmp_path: Path, directory: str
) -> None:
    """The standard library's `venv` package (and `env/` config packages) are real code."""
    make(tmp_path, f"{directory}/__init__.py", f"{directory}/__main__.py")
    assert paths(tmp_path) == [f"{directory}/__init__.py", f"{directory}/__main__.py"]


# -- size, binary, special files -----------------------------------------------------------------


def test_size_cap_skips_too_large(tmp_path: Path) -> None:
    (tmp_path / "small.py").write_bytes(b"x" * 100)
    (tmp_path / "edge.py").write_bytes(b"x" * 101)
    result = walk(tmp_path, max_bytes=100)
    assert [f.path for f in result.files] == ["small.py"]
    assert result.skipped == {"too_large": 1}
    assert result.skipped_examples == {"too_large": "edge.py"}


def test_default_size_cap_on_a_sparse_file(tmp_path: Path) -> None:
    with (tmp_path / "huge.txt").open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    with (tmp_path / "limit.txt").open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES)
    result = walk(tmp_path)
    assert [(f.path, f.size) for f in result.files] == [("limit.txt", MAX_FILE_BYTES)]
    assert result.skipped == {"too_large": 1}


def test_looks_binary() -> None:
    assert looks_binary(b"abc\x00def")
    assert not looks_binary(b"plain text\n\xff\xfe not utf-8 but no NUL")
    assert not looks_binary(b"")


def test_binary_file_is_skipped_by_the_reader(tmp_path: Path) -> None:
    data = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
    (tmp_path / "image.bin.txt").write_bytes(data)
    (tmp_path / "late.txt").write_bytes(b"a" * BINARY_SNIFF_BYTES + b"\x00")
    walked = {f.path: f for f in walk(tmp_path).files}
    assert sorted(walked) == ["image.bin.txt", "late.txt"]  # the walker does not open files

    def job(path: str) -> ReadJob:
        entry = walked[path]
        return ReadJob(path, str(entry.absolute), entry.size, entry.mtime_ns, None)

    assert read_file(job("image.bin.txt")) == Skipped("image.bin.txt", "binary")
    # only the first BINARY_SNIFF_BYTES are sniffed
    assert not isinstance(read_file(job("late.txt")), Skipped)


def test_known_binary_formats_are_skipped_by_name_unread(tmp_path: Path) -> None:
    (tmp_path / "logo.PNG").write_bytes(b"not even read")
    (tmp_path / "lib.so").write_bytes(b"\x7fELF")
    (tmp_path / "notes.txt").write_text("text\n")
    result = walk(tmp_path)
    assert [f.path for f in result.files] == ["notes.txt"]
    assert result.skipped == {"binary": 2}


def test_fifo_is_not_a_regular_file(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    os.mkfifo(tmp_path / "pipe")
    make(tmp_path, "a.py")
    result = walk(tmp_path)
    assert [f.path for f in result.files] == ["a.py"]
    assert result.skipped == {"not_a_regular_file": 1}


# -- symlinks ------------------------------------------------------------------------------------


def test_symlink_to_file_is_skipped_not_followed(tmp_path: Path) -> None:
    make(tmp_path, "real.py")
    (tmp_path / "alias.py").symlink_to(tmp_path / "real.py")
    result = walk(tmp_path)
    assert [f.path for f in result.files] == ["real.py"]
    assert result.skipped == {"symlink": 1}
    assert result.skipped_examples == {"symlink": "alias.py"}


def test_symlink_loop_is_skipped_never_followed(tmp_path: Path) -> None:
    make(tmp_path, "pkg/a.py")
    (tmp_path / "pkg" / "up").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "pkg" / "self").symlink_to(".", target_is_directory=True)
    (tmp_path / "dangling").symlink_to(tmp_path / "missing")
    result = walk(tmp_path)
    assert [f.path for f in result.files] == ["pkg/a.py"]
    assert result.skipped == {"symlink": 3}


def test_symlink_to_outside_directory_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    make(outside, "secret.py")
    root = tmp_path / "root"
    make(root, "a.py")
    (root / "ext").symlink_to(outside, target_is_directory=True)
    assert paths(root) == ["a.py"]


def test_root_given_as_a_symlink_is_resolved(tmp_path: Path) -> None:
    make(tmp_path / "real", "a.py")
    (tmp_path / "link").symlink_to(tmp_path / "real", target_is_directory=True)
    [entry] = walk(tmp_path / "link").files
    assert entry.path == "a.py"
    assert entry.absolute == (tmp_path / "real" / "a.py").resolve()


# -- permissions ---------------------------------------------------------------------------------


@pytest.mark.skipif(IS_ROOT, reason="running as root: chmod 000 does not block reads")
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_unreadable_directory_is_skipped_with_reason(tmp_path: Path) -> None:
    make(tmp_path, "a.py", "locked/b.py")
    locked = tmp_path / "locked"
    locked.chmod(0)
    try:
        result = walk(tmp_path)
    finally:
        locked.chmod(0o755)
    assert [f.path for f in result.files] == ["a.py"]
    assert result.skipped == {"unreadable_directory": 1}
    assert result.skipped_examples == {"unreadable_directory": "locked"}


@pytest.mark.skipif(IS_ROOT, reason="running as root: chmod 000 does not block reads")
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_unreadable_file_is_walked_then_skipped_by_the_reader(tmp_path: Path) -> None:
    make(tmp_path, "secret.py")
    secret = tmp_path / "secret.py"
    secret.chmod(0)
    try:
        [entry] = walk(tmp_path).files
        result = read_file(ReadJob(entry.path, str(entry.absolute), entry.size, 0, None))
    finally:
        secret.chmod(0o644)
    assert result == Skipped("secret.py", "unreadable: Permission denied")


def test_permission_errors_are_skips_not_crashes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same paths as the chmod tests, by injected errors: these run as root too."""
    make(tmp_path, "a.py", "locked/b.py", "secret.py")
    real_scandir = os.scandir
    locked = str(tmp_path / "locked")

    def scandir(path: str) -> object:
        if str(path) == locked:
            raise PermissionError(13, "Permission denied", path)
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = walk(tmp_path)
    assert [f.path for f in result.files] == ["a.py", "secret.py"]
    assert result.skipped == {"unreadable_directory": 1}

    secret = next(f for f in result.files if f.path == "secret.py")
    real_open = os.open

    def open_denied(path: str, flags: int, *args: Any, **kwargs: Any) -> int:
        if path == "secret.py":
            raise PermissionError(13, "Permission denied", path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_denied)
    job = ReadJob(secret.path, str(secret.absolute), secret.size, secret.mtime_ns, None)
    assert read_file(job) == Skipped("secret.py", "unreadable: Permission denied")


# -- names and order -----------------------------------------------------------------------------


def test_unicode_and_spaces_in_names(tmp_path: Path) -> None:
    make(tmp_path, "dir with space/модуль.py", "😀.py", "naïve file.txt", "中文/路径.go")
    assert paths(tmp_path) == sorted(
        ["dir with space/модуль.py", "naïve file.txt", "中文/路径.go", "😀.py"]
    )


@pytest.mark.skipif(sys.platform != "linux", reason="needs a file system taking any bytes")
def test_name_that_is_not_utf8_is_skipped_not_passed_on(tmp_path: Path) -> None:
    """Such a name decodes to lone surrogates, which no UTF-8 string (nor Neo4j) can hold."""
    make(tmp_path, "ok.py")
    root = os.fsencode(tmp_path)
    with open(os.path.join(root, b"bad\xff.py"), "wb") as handle:
        handle.write(b"x = 1\n")
    os.mkdir(os.path.join(root, b"dir\xfe"))
    with open(os.path.join(root, b"dir\xfe", b"inner.py"), "wb") as handle:
        handle.write(b"y = 2\n")
    result = walk(tmp_path)
    assert [f.path for f in result.files] == ["ok.py"]
    assert result.skipped == {"undecodable_name": 2}
    example = result.skipped_examples["undecodable_name"]
    example.encode("utf-8")  # the example itself is printable
    assert example in {"bad\ufffd.py", "dir\ufffd"}


def test_order_is_sorted_by_path_and_deterministic(tmp_path: Path) -> None:
    names = ["b/z.py", "a.py", "b.py", "a/b/c.py", "B.py", "a-b.py", "a/a.py", "_x.py", "Z/q.py"]
    make(tmp_path, *names)
    first = walk(tmp_path)
    second = walk(tmp_path)
    assert [f.path for f in first.files] == sorted(names)
    assert first.files == second.files


def test_walked_file_metadata(tmp_path: Path) -> None:
    make(tmp_path, "pkg/m.py", text="print('hi')\n")
    os.utime(tmp_path / "pkg" / "m.py", ns=(1_700_000_000_000_000_000, 1_700_000_000_123_456_789))
    [entry] = walk(tmp_path).files
    assert entry.path == "pkg/m.py"
    assert entry.absolute == (tmp_path / "pkg" / "m.py").resolve()
    assert entry.size == len("print('hi')\n")
    assert entry.mtime_ns == 1_700_000_000_123_456_789


def test_empty_root(tmp_path: Path) -> None:
    result = walk(tmp_path)
    assert result.files == []
    assert result.skipped == {}
