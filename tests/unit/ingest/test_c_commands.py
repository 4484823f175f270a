"""`compile_commands.json` read into include directories, offline and bounded."""

from __future__ import annotations

import json

from coderooms.ingest.languages import TARGET_MODES
from coderooms.languages.c.commands import (
    MAX_BYTES,
    command_candidates,
    command_entries,
    include_dirs,
)
from coderooms.languages.c.headers import c_include
from coderooms.resolution.target_modes import target_stems
from coderooms.resolution.targets import Target

ROOT = "/home/u/proj"


def database(*entries: dict[str, object]) -> str:
    return json.dumps(list(entries))


def test_flags_in_both_spellings_relative_to_the_entry_directory() -> None:
    text = database(
        {"directory": f"{ROOT}/build", "file": "../src/main.c",
         "arguments": ["cc", "-I../lib/inc", "-isystem", "../third", "-iquote", f"{ROOT}/q",
                       "-I/usr/include", "-c", "../src/main.c"]},
        {"directory": f"{ROOT}/build", "file": f"{ROOT}/src/other.c",
         "command": "cc -I ../lib/inc -isystem ../third -iquote ../q -c ../src/other.c"},
        {"directory": "/elsewhere", "file": "x.c", "arguments": ["cc", "-Iinc"]},
    )  # fmt: skip
    table = command_entries("build/compile_commands.json", text, ROOT)
    # /usr/include and the entry outside the repo are left out; one list, two files
    assert table == ["dilib/inc\tsthird\tqq", "fsrc/main.c", "fsrc/other.c"]
    listed = include_dirs({"build/compile_commands.json": table})
    assert listed == {
        "src/main.c": ("ilib/inc", "sthird", "qq"),
        "src/other.c": ("ilib/inc", "sthird", "qq"),
    }


def test_relative_directory_is_from_the_database_and_bounds_hold() -> None:
    text = database({"directory": ".", "file": "src/a.c", "arguments": ["cc", "-Iinclude"]})
    listed = include_dirs(
        {"compile_commands.json": command_entries("compile_commands.json", text, "")}
    )
    assert listed == {"src/a.c": ("iinclude",)}
    assert command_entries("compile_commands.json", " " * (MAX_BYTES + 1), ROOT) == []
    assert command_entries("compile_commands.json", "{not json", ROOT) == []
    assert command_entries("compile_commands.json", '{"a": 1}', ROOT) == []


def test_candidates_in_the_compiler_order() -> None:
    listed = {"src/a.c": ("ilib/inc", "sthird", "qq")}
    assert command_candidates(listed, "src/a.c\tx.h") == ["q/x.h", "lib/inc/x.h", "third/x.h"]
    assert command_candidates(listed, "src/a.c\t<x.h>") == ["lib/inc/x.h", "third/x.h"]
    # a header no entry lists: a listed file of its directory
    assert command_candidates(listed, "src/a.h\tx.h") == ["q/x.h", "lib/inc/x.h", "third/x.h"]
    assert command_candidates(listed, "tools/t.c\tx.h") == []
    assert command_candidates({}, "src/a.c\tx.h") is None


def test_include_targets_name_the_file_then_the_heuristics() -> None:
    assert c_include("src/a.c", "geo/x.h") == (
        Target("=", "src/geo/x.h"),
        Target("I", "src/a.c\tgeo/x.h"),
        Target("~", "include/geo/x.h"),
        Target("=", "geo/x.h"),
        Target("H", "geo/x.h"),
    )
    assert c_include("src/a.c", "<x.h>") == (
        Target("I", "src/a.c\t<x.h>"),
        Target("~", "include/x.h"),
    )
    assert target_stems(Target("I", "src/a.c\t<geo/x.h>"), "src/a.c", TARGET_MODES) == {"x"}
