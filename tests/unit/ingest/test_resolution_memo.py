"""Which references of a save the last save's resolutions may answer (`ingest.resolution_memo`):
the request but its line, no changed name in it, the graph the last save left, a file read
without problems (issue 31, item 5). The graph a save writes with them is checked against a
full ingest in tests/integration/ingest/test_scoped_saves.py."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from coderooms.ingest import resolution_memo
from coderooms.ingest.reader import ReadJob, parse_data
from coderooms.ingest.reference_edges import reference_edges
from coderooms.ingest.rows import ParsedFile
from coderooms.languages.python.modules import PYTHON_MODULES
from coderooms.resolution.resolutions import Resolution

REPO = "r"
PATH = "pkg/m.py"
SOURCE = b"""from pkg.util import helper

LIMIT = 3


def f0(x):
    return helper(x)


def f1(x):
    return f0(x) + LIMIT


def f2(x):
    return f1(x)
"""


@pytest.fixture(autouse=True)
def fresh_memos() -> Iterator[None]:
    resolution_memo.clear()
    yield
    resolution_memo.clear()


def parsed(source: bytes) -> ParsedFile:
    result = parse_data(ReadJob(PATH, f"/x/{PATH}", len(source), 0, None), source)
    assert isinstance(result, ParsedFile)
    return result


def resolved_all(file: ParsedFile) -> dict[int, Resolution]:
    found = {
        id(r): Resolution(f"{REPO}:target:{r.ref}", "Symbol", "test", 1.0)
        for r in file.record.references
    }
    found.update((id(i), Resolution(f"{REPO}:pkg/util.py", "File", "test", 1.0))
                 for i in file.record.imports)  # fmt: skip
    return found


def saved(source: bytes, generation: int = 5) -> ParsedFile:
    """A save of `source` planned at `generation`, written and committed."""
    file = parsed(source)
    pending = resolution_memo.pending_for(REPO, file, generation, resolved_all(file), [])
    assert pending is not None
    resolution_memo.note_write(REPO)
    resolution_memo.keep([pending])
    return file


def reused_refs(source: bytes, generation: int = 6) -> set[str] | None:
    """`source:ref` of the references reused, None when none may be."""
    file = parsed(source)
    reuse = resolution_memo.reuse_for(REPO, file, generation)
    if reuse is None:
        return None
    return {f"{r.source}:{r.ref}" for r in file.record.references if reuse.resolution(r)}


def test_a_body_edit_reuses_everything_else_even_moved() -> None:
    saved(SOURCE)
    edited = SOURCE.replace(b"def f0(x):\n", b"# moved\n\ndef f0(x):\n").replace(
        b"return f1(x)", b"return f1(x) + helper(2)"
    )
    found = reused_refs(edited)
    # every line moved; f2's return changed (its module table entry went): what is in f2 or
    # names it is resolved again, the rest is reused
    assert found == {"f0:helper", "f1:f0"}


def test_a_renamed_function_re_resolves_what_names_it_only() -> None:
    saved(SOURCE)
    found = reused_refs(SOURCE.replace(b"def f0(", b"def g0("))
    assert found is not None
    assert "f1:f0" not in found  # names the symbol that went
    assert "f2:f1" in found  # `f1` is no match of `f0`/`g0`: identifiers, not substrings
    assert "f0:helper" not in found  # in the scope that went


def test_a_symbol_resolved_to_that_changed_is_never_reused() -> None:
    saved(SOURCE)
    file = parsed(SOURCE.replace(b"def f1(x):", b"def f1(x, y=1):"))
    reuse = resolution_memo.reuse_for(REPO, file, 6)
    assert reuse is not None
    assert f"{REPO}:{PATH}::f1" in reuse.changed_ids
    target = reuse.memo.resolutions[resolution_memo.request_key(file.record.references[0])]
    outside = replace(file.record.references[0], source="zz", ref="zz", name="zz", expr=None)
    reuse.memo.resolutions[resolution_memo.request_key(outside)] = replace(
        target, target=f"{REPO}:{PATH}::f1"
    )
    assert reuse.resolution(outside) is None


def test_another_write_or_generation_resolves_the_file_whole() -> None:
    saved(SOURCE)
    assert reused_refs(SOURCE + b"\n", generation=7) is None  # someone else's write
    assert reused_refs(SOURCE + b"\n", generation=6) is not None
    resolution_memo.note_write(REPO)  # a changeset of the repo applied in this process
    assert reused_refs(SOURCE + b"\n", generation=6) is None


def test_a_memo_of_a_write_overtaken_is_not_kept() -> None:
    file = parsed(SOURCE)
    pending = resolution_memo.pending_for(REPO, file, 5, resolved_all(file), [])
    assert pending is not None
    resolution_memo.note_write(REPO)
    resolution_memo.note_write(REPO)  # another changeset applied before this one committed
    resolution_memo.keep([pending])
    assert reused_refs(SOURCE + b"\n") is None


def test_problems_imports_and_star_imports_resolve_the_file_whole() -> None:
    saved(SOURCE)
    assert reused_refs(SOURCE.replace(b"def f2(x):", b"def f2(x:")) is None  # a syntax error
    assert reused_refs(b"import os\n" + SOURCE) is None  # an import more
    assert reused_refs(SOURCE + b"\nfrom os import *\n") is None
    assert reused_refs(SOURCE + b"\n__all__ = ['f0']\n") is None
    assert reused_refs(SOURCE) is not None
    assert resolution_memo.pending_for(REPO, parsed(b"def f(:\n"), 5, {}, []) is None


def test_switched_off_nothing_is_reused(monkeypatch: pytest.MonkeyPatch) -> None:
    saved(SOURCE)
    monkeypatch.setattr(resolution_memo, "REUSE", False)
    assert reused_refs(SOURCE + b"\n") is None


def test_table_names_and_changed_names() -> None:
    table = PYTHON_MODULES.table_names
    assert table(frozenset({"vA=n1|"}), frozenset({"vA=n2|", "rC.m=nint|"})) == {"A", "C", "m"}
    assert table(frozenset(), frozenset({"*0:os"})) is None
    assert table(frozenset({"af0,f1"}), frozenset()) is None
    old = frozenset({("function", "f", "C.f", "def f()", "C")})
    new = frozenset({("function", "g", "C.g", "def g()", "C")})
    assert resolution_memo.changed_names(old, new) == {"f", "g", "C"}
    assert resolution_memo.changed_names(old, old) == frozenset()


def test_a_reference_at_the_same_line_keeps_the_last_saves_row() -> None:
    file = parsed(SOURCE)
    resolved = resolved_all(file)
    rows = reference_edges(REPO, file, resolved, {})
    pending = resolution_memo.pending_for(REPO, file, 5, resolved, rows)
    assert pending is not None
    resolution_memo.note_write(REPO)
    resolution_memo.keep([pending])
    edited = parsed(SOURCE.replace(b"def f2(x):\n", b"\n\ndef f2(x):\n"))  # f2 moves 2 lines
    reuse = resolution_memo.reuse_for(REPO, edited, 6)
    assert reuse is not None
    given = {id(r): reuse.resolution(r) for r in edited.record.references}
    assert all(given.values())
    imports = zip(edited.record.imports, file.record.imports, strict=True)
    given.update((id(new), resolved[id(old)]) for new, old in imports)
    again = reference_edges(REPO, edited, given, {}, reuse)  # type: ignore[arg-type]
    count = len(file.record.references)
    old = {row.props["ref"]: row for row in rows[:count]}
    for row in again[:count]:
        if row.source.endswith("::f2"):  # moved: built again, at its new line
            assert row is not old[row.props["ref"]]
            assert row.props["line"] == old[row.props["ref"]].props["line"] + 2
            assert row.digest != old[row.props["ref"]].digest
        else:
            assert row is old[row.props["ref"]]
    fresh = reference_edges(REPO, edited, given, {})  # type: ignore[arg-type]
    assert [row.digest for row in again] == [row.digest for row in fresh]
