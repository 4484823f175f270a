"""Project files and ignore files are the repository's, so untrusted: a deeply nested
`package.json` raised RecursionError and a `.gitignore` pathspec could not compile stopped the
walk, so nothing of the repository was ingested (issue 29, class 4). Each is now read as far as
it safely can, with a problem naming what was left out."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from benchmarks.hostile_files import deep_json, pathological_gitignore

from coderooms.core.nesting import (
    MAX_DATA_DEPTH,
    TOML_STRINGS,
    TooDeep,
    load_json,
    load_toml,
    nesting_depth,
)
from coderooms.ingest.reader import ReadJob, parse_data, read_file
from coderooms.ingest.rows import ParsedFile
from coderooms.ingest.targeted import check_path
from coderooms.ingest.walker import IgnoreRules, walk
from coderooms.languages.javascript.packages import package_entries


def parsed(path: str, text: str) -> ParsedFile:
    data = text.encode()
    result = parse_data(ReadJob(path, f"/r/{path}", len(data), 1, None), data)
    assert isinstance(result, ParsedFile)
    return result


def test_nesting_is_counted_outside_strings() -> None:
    assert nesting_depth('{"a": [1, {"b": "[[[[{{{{"}]}') == 3
    assert nesting_depth("") == 0
    assert nesting_depth('[[["]"]]]') == 3
    assert nesting_depth("a = [[1], ['[[[[']]\n# [[[[[[\n", strings=TOML_STRINGS) == 2


@pytest.mark.parametrize("load", [load_json, load_toml])
def test_data_nested_past_the_limit_is_refused_before_any_parse(load: Callable[[str], Any]) -> None:
    deep = "[" * (MAX_DATA_DEPTH + 1) + "]" * (MAX_DATA_DEPTH + 1)
    text = deep if load is load_json else f"a = {deep}\n"
    with pytest.raises(TooDeep, match=f"nested {MAX_DATA_DEPTH + 1} levels deep"):
        load(text)
    shallow = "[" * MAX_DATA_DEPTH + "]" * MAX_DATA_DEPTH
    assert load(shallow if load is load_json else f"a = {shallow}\n")


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("package.json", deep_json()),
        ("web/tsconfig.json", deep_json()),
        ("compile_commands.json", "[" * 10_000 + "]" * 10_000),
        ("Cargo.toml", '[package]\nname = "x"\nmeta = ' + "[" * 10_000 + "]" * 10_000 + "\n"),
    ],
)
def test_a_deep_project_file_is_a_problem_not_a_failure(path: str, text: str) -> None:
    result = parsed(path, text)
    assert result.record.names == []
    [problem] = result.record.problems
    assert re.fullmatch(
        r"project file not read: nested 1000[01] levels deep \(at most 64\)", problem
    )
    assert result.chunks


def test_an_ordinary_package_json_is_read_as_before() -> None:
    assert package_entries('{"name": "@acme/ui", "main": "lib/index.js"}')[0] == "name @acme/ui"


def test_a_file_whose_parse_raises_is_quarantined(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "boom.py"
    source.write_text("def f():\n    return 1\n")

    def explode(*_: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr("coderooms.ingest.reader.build_record", explode)
    result = read_file(ReadJob("boom.py", str(source), 24, 1, None))
    assert isinstance(result, ParsedFile)
    assert [s.qualname for s in result.record.symbols] == [""]
    assert result.record.problems == [
        "quarantined: not read: RecursionError: maximum recursion depth exceeded"
    ]
    assert (result.lines, result.chunks, result.record.references) == (2, [], [])


def test_a_pathological_gitignore_never_fails_the_walk(tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text(pathological_gitignore())
    for name in ("keep.py", "debug.log", "generated_7/x/a.tmp7"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n")
    result = walk(tmp_path)
    assert [f.path for f in result.files] == [".gitignore", "keep.py"]  # the rest still apply
    assert result.problems == [
        (".gitignore", "line 5 left out: over 1024 characters"),
        (".gitignore", "lines from 10002 on left out: over 10000 patterns"),
        (".gitignore", "line 1 left out: Invalid git pattern: '\\\\'"),
        (".gitignore", "line 2 left out: Invalid git pattern: '!'"),
        (".gitignore", "line 3 left out: Invalid git pattern: 'a\\\\'"),
    ]
    assert check_path(tmp_path, "debug.log") == "ignored"
    assert not isinstance(check_path(tmp_path, "keep.py"), str)


def test_a_path_too_long_for_an_id_is_skipped(tmp_path: Path) -> None:
    deep = tmp_path
    parts = ["d" * 200] * 6
    for part in parts:
        deep = deep / part
    deep.mkdir(parents=True)
    (deep / "long.py").write_text("x = 1\n")
    (tmp_path / "short.py").write_text("x = 1\n")
    result = walk(tmp_path)
    assert [f.path for f in result.files] == ["short.py"]
    assert result.skipped == {"path_too_long": 1}
    assert check_path(tmp_path, "/".join([*parts, "long.py"])) == "path_too_long"


def test_compiled_ignore_files_are_reused_until_the_file_changes(tmp_path: Path) -> None:
    ignore = tmp_path / ".gitignore"
    ignore.write_text("*.log\n")
    os.utime(ignore, (1_700_000_000, 1_700_000_000))  # settled: its compiled form is kept
    first = IgnoreRules().load(tmp_path, "")
    assert first.ignored("a.log", is_dir=False)
    assert IgnoreRules().load(tmp_path, "")._specs[0][1] is first._specs[0][1]  # compiled once
    ignore.write_text("*.tmp\n")  # the same size, written just now: compiled again
    again = IgnoreRules().load(tmp_path, "")
    assert not again.ignored("a.log", is_dir=False)
    assert again.ignored("a.tmp", is_dir=False)
