"""`impact` on a small repo with git history, against the real Neo4j: exact callers, importers
and tests at depth 1 and 2, a file, the working tree and a revision range mapped to symbols,
hostile revisions refused, paging, completeness, and no write."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from coderooms.errors import Forbidden, InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.impact.tools import impact_tools
from coderooms.impact.verb import ImpactRequest, impact_question
from coderooms.ingest.pipeline import ingest_root
from coderooms.verbs.context import AppContext
from tests.answer_rows import rows_of
from tests.integration.surgical.test_surgical_context import graph_fingerprint

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "repos" / "impact"
GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
Impact = Callable[..., dict[str, Any]]


def git(root: Path, *args: str) -> None:
    subprocess.run([*GIT, *args], cwd=root, check=True, capture_output=True, timeout=30)


def append(root: Path, path: str, text: str) -> None:
    with (root / path).open("a", encoding="utf-8") as handle:
        handle.write(text)


def make_repo(graph: Graph, root: Path, repo_id: str) -> Path:
    git_fixture(root)
    ingest_root(graph, root, repo=repo_id, workers=1, git=True, embed=False)
    return root


def git_fixture(root: Path) -> Path:
    """The fixture under git: a first commit; three that change pkg/core.py with the README (two
    with its test too); the last changes the body of `handle` in pkg/service.py."""
    shutil.copytree(FIXTURE, root)
    git(root, "-c", "init.defaultBranch=main", "init", "-q")
    git(root, "add", "-A", ".")
    git(root, "commit", "-q", "-m", "start")
    for n in (1, 2, 3):
        paths = ["pkg/core.py", "README.md"] + (["tests/test_core.py"] if n < 3 else [])
        for path in paths:
            append(root, path, f"# revision {n}\n")
        git(root, "commit", "-q", "-am", f"together {n}")
    service = root / "pkg" / "service.py"
    service.write_text(service.read_text().replace("return serve()", "return serve() + 0"))
    git(root, "commit", "-q", "-am", "handle changes")
    return root


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Path:
    return make_repo(graph, tmp_path / "proj", repo_id)


@pytest.fixture
def impact(app_context: AppContext) -> Impact:
    (spec,) = impact_tools(app_context)
    assert spec.name == "impact"
    assert spec.read_only
    return spec.fn


EDGES = {"->": "calls", "imports": "imports", "inherits": "inherits"}


def parsed(row: str, seeds: list[str]) -> dict[str, Any]:
    """A row `hop path:line caller -> reached (via conf)` read back (no hop when every row is
    at hop 1; no `-> reached` for a call of the one seed); a reached seed written by its
    qualname, or a symbol of the row's own file written `::qualname`, is taken back to its id."""
    words = row.split(" ")
    hop = int(words.pop(0)) if words[0].isdigit() else 1
    where = words[0]
    caller = None if len(words) < 2 or words[1] in EDGES else words[1]
    rest = words[2:] if caller else words[1:]
    if not rest or rest[0] not in EDGES:  # a call of the one seed
        (lone,) = seeds
        rest = ["->", seed_id(lone).partition("::")[2], *rest]
    edge, to, *how = rest
    path, _, line = where.partition(":")
    by_qualname = {seed.partition("::")[2]: seed for seed in map(seed_id, seeds)}
    if to.startswith("::"):
        to = f"{path}{to}"
    return {
        "id": f"{path}::{caller}" if caller else path,
        "hop": hop,
        "edge": EDGES[edge],
        "to": to if "::" in to or "/" in to else by_qualname[to],
        "line": int(line) if line else None,
        "via": how[0].strip("()") if how else None,
        "conf": float(how[1].rstrip(")")) if len(how) > 1 else None,
    }


def flat(items: Any) -> list[str]:
    """Rows as `path:line ...` strings, whether grouped under their file (one hop), under the
    node they reach and then their file (one hop, several nodes reached), or not."""
    if isinstance(items, list):
        return items
    if any(isinstance(rows, dict) for rows in items.values()):
        return [with_reached(row, to) for to, files in items.items() for row in flat(files)]
    return [f"{path}:{row}" if row[:1].isdigit() else f"{path} {row}"
            for path, rows in items.items() for row in rows]  # fmt: skip


def with_reached(row: str, to: str) -> str:
    """A row of a group under the node it reaches, with that node written back in the row:
    `path:line caller -> to (via)`, `path K inherits to`."""
    head, paren, tail = row.partition(" (")
    edge = "" if head.endswith((" imports", " inherits")) else " ->"
    return f"{head}{edge} {to}" + (f" ({tail}" if paren else "")


def hopless(rows: list[str]) -> list[str]:
    """Rows without their hop (a page whose rows are all at one hop says none)."""
    return [re.sub(r"^\d+ ", "", row) for row in rows]


def files_of_tests(answer: dict[str, Any]) -> dict[str, list[str]]:
    """`tests`' files and their symbols, whether under `hop N` (files at several hops) or not."""
    items = rows_of(answer["tests"])
    if all(key.startswith("hop ") for key in items):
        return {path: names for files in items.values() for path, names in files.items()}
    return dict(items)


def with_via(answer: dict[str, Any]) -> list[str]:
    """A page's rows, each with the `via` the page says once written back."""
    affected = answer["affected"]  # its rows alone when given whole with nothing beside
    via = affected.get("via") if isinstance(affected, dict) and "items" in affected else None
    said = flat(rows_of(affected))
    return [row if not via or row.endswith(")") else f"{row} ({via})" for row in said]


def seed_id(seed: str) -> str:
    """A seed named by a symbol, `path:start-end qualname`, as its id `path::qualname` (seeds of
    a diff are ids already)."""
    if "::" in seed:
        return seed
    where, qualname = seed.split(" ")
    return f"{where.rpartition(':')[0]}::{qualname}"


def rows(answer: dict[str, Any]) -> list[tuple[str, int, str, str]]:
    seeds = seed_rows(answer)
    return [
        (r["id"], r["hop"], r["edge"], r["to"])
        for r in (parsed(row, seeds) for row in flat(rows_of(answer["affected"])))
    ]


def test_callers_and_tests_at_depth_one_and_two(impact: Impact, root: Path, repo_id: str) -> None:
    one = impact("imp", symbol="helper", repo=repo_id, depth=1)
    # named only when the server reads several repos (the suite's roots hold other tests' repos)
    assert one.get("repo", repo_id) == repo_id
    assert one["seeds"] == ["pkg/core.py:4-5 helper"]  # where, and id; whole: its rows alone
    # tests are said once, in `tests`: their rows leave `affected` when both are asked
    assert rows(one) == [("pkg/core.py::compute", 1, "calls", "pkg/core.py::helper")]
    first = parsed(flat(rows_of(one["affected"]))[0], seed_rows(one))
    assert (first["via"], first["line"]) == ("local", 9)
    assert first["conf"] is None  # a sure rule is written by its name alone
    # one hop: the rows say none, each file's path written once; every row listed: no total
    assert rows_of(one["affected"])["pkg/core.py"] == ["9 compute (local)"]  # the one seed
    assert "total" not in one["affected"]
    # tests are looked for past the rows' depth: test_serve reaches helper through serve
    # (each file with its symbols; the hop, since the files span two, per group)
    assert one["tests"] == {  # given whole and alone: its rows, no `items` wrapper
        "hop 1": {"tests/test_core.py": ["test_helper"]},
        "hop 3": {"tests/test_service.py": ["test_serve"]},
    }
    assert "co_changes" not in one  # asked by sections only
    partners = impact("imp", symbol="helper", repo=repo_id, depth=1, sections=["co_changes"])
    # one list by weight from core.py's own 4 commits (the first adds every file); the tie at
    # 1 is left out whole and counted
    assert partners["co_changes"] == {
        "commits": 4,
        "items": ["README.md 4", "tests/test_core.py 3"],
        "more": "+5 more, weight <= 1: git log --full-diff --name-only -- pkg/core.py",
    }
    assert "affected" not in partners
    assert "tests" not in partners
    # helper's own call sites are all resolved; the tests' walk went on through Engine.run,
    # which `job.run()` in loose.py may call: the tests may miss one, and it says so
    # (the seeds' own count and the flag are not said again: the answer's lower_bound is)
    assert one["completeness"] == {"through": {"names": {"run": 1}, "symbols": 5}}
    assert one["lower_bound"] is True
    rows_only = impact("imp", symbol="helper", repo=repo_id, depth=1, sections=["callers"])
    test_row = ("tests/test_core.py::test_helper", 1, "calls", "pkg/core.py::helper")
    assert rows(rows_only) == [*rows(one), test_row]  # callers alone: the tests' rows too
    assert "completeness" not in rows_only
    assert "lower_bound" not in rows_only  # said only when true
    assert "next_cursor" not in one["affected"]

    two = impact("imp", symbol="helper", repo=repo_id, depth=2)
    assert rows(two) == [
        *rows(one),
        ("pkg/core.py::Engine.run", 2, "calls", "pkg/core.py::compute"),
        ("pkg/service.py::serve", 2, "calls", "pkg/core.py::compute"),
    ]
    assert rows_of(two["affected"])[-1].startswith("2 ")  # several hops: each row says its
    assert "by_hop" not in two["affected"]  # every row listed: they count themselves
    assert two["lower_bound"] is True  # the tests' walk read Engine.run's callers (above)
    callers_two = impact("imp", symbol="helper", repo=repo_id, depth=2, sections=["callers"])
    assert "lower_bound" not in callers_two  # Engine.run is reached, its callers not read

    three = impact("imp", symbol="helper", repo=repo_id, depth=3)
    assert rows(three) == [
        *rows(two),
        ("pkg/service.py::handle", 3, "calls", "pkg/service.py::serve"),
    ]
    # the walk went through Engine.run: `job.run()` in loose.py may call it (the symbols walked
    # through for the rows: compute, Engine.run, serve; test_helper is a test, a leaf)
    callers_three = impact("imp", symbol="helper", repo=repo_id, depth=3, sections=["callers"])
    assert [r for r in rows(callers_three) if not r[0].startswith("tests/")] == rows(three)
    assert ("tests/test_service.py::test_serve", 3, "calls", "pkg/service.py::serve") in rows(
        callers_three
    )
    assert callers_three["completeness"]["through"] == {"names": {"run": 1}, "symbols": 3}
    assert callers_three["lower_bound"] is True
    # for the tests it went on, to TESTS_DEPTH: handle and endpoint were read too
    assert three["completeness"]["through"]["symbols"] == 5
    assert three["lower_bound"] is True

    four = impact("imp", symbol="pkg/core.py::helper", repo=repo_id, depth=4)
    assert {r[0] for r in rows(four)} >= {"pkg/service.py::handle", "pkg/api.py::endpoint"}
    assert list(files_of_tests(four)) == [
        "tests/test_core.py",
        "tests/test_service.py",
    ]


def test_a_symbol_by_qualname_or_full_id_and_its_completeness(
    impact: Impact, root: Path, repo_id: str
) -> None:
    got = impact("imp", symbol="Engine.run", repo=repo_id, depth=1)
    assert list(map(seed_id, seed_rows(got))) == ["pkg/core.py::Engine.run"]
    assert rows(got) == [("pkg/service.py::serve", 1, "calls", "pkg/core.py::Engine.run")]
    # each name's sites and the search, said once (no count the names sum, no inner flag)
    assert set(got["completeness"]) == {"names", "hint"}
    assert got["completeness"]["names"] == {"run": 1}
    assert "search mode=regex" in got["completeness"]["hint"]
    assert got["lower_bound"] is True
    by_id = impact("imp", symbol=f"{repo_id}:pkg/core.py::Engine.run", depth=1)
    assert rows(by_id) == rows(got)
    # the ids answers write (no repo) are taken back, with or without repo
    assert rows(impact("imp", symbol="pkg/core.py::Engine.run", repo=repo_id, depth=1)) == rows(got)


def test_a_file_reaches_its_callers_and_importers(impact: Impact, root: Path, repo_id: str) -> None:
    got = impact("imp", path="pkg/service.py", repo=repo_id, depth=2)
    assert got["seeds"] == {"of_file": "pkg/service.py", "total": 3}
    assert "seed_files" not in got
    assert rows(got) == [
        ("pkg/api.py", 1, "imports", "pkg/service.py"),
        ("pkg/api.py::endpoint", 1, "calls", "pkg/service.py::handle"),
    ]
    assert rows_of(got["tests"]) == {"tests/test_service.py": ["test_serve"]}
    # a test the change edits is a test to run: hop 0
    edited = impact("imp", path="tests/test_core.py", repo=repo_id)
    assert list(rows_of(edited["tests"])) == ["tests/test_core.py"]
    assert edited["affected"] == {"none": "no call, import or subclass of it in the graph"}


def test_the_working_tree_maps_to_the_symbols_it_touches(
    graph: Graph, impact: Impact, root: Path, repo_id: str
) -> None:
    core = root / "pkg" / "core.py"
    core.write_text(core.read_text().replace("return x + 1", "return x + 3"))
    (root / "pkg" / "extra.py").write_text(
        "from pkg.core import compute\n\n\ndef more():\n    return compute(5)\n"
    )
    ingest_root(graph, root, repo=repo_id, workers=1, git=True, embed=False)
    got = impact("imp", changes="working", repo=repo_id, depth=1)
    assert got["changed"]["compared"].startswith("working tree against HEAD (")
    assert got["changed"]["files"] == [
        {"path": "pkg/core.py", "status": "modified", "symbols": 1},
        {"path": "pkg/extra.py", "status": "added", "symbols": 2},
    ]
    assert seed_rows(got) == [
        "pkg/core.py::helper",
        "pkg/extra.py::",
        "pkg/extra.py::more",
    ]
    assert got["seed_files"]["items"] == ["pkg/extra.py"]
    assert rows(got) == [("pkg/core.py::compute", 1, "calls", "pkg/core.py::helper")]
    assert files_of_tests(got)["tests/test_core.py"] == ["test_helper"]  # said there, once
    # an edit the graph has not seen yet is flagged: its spans may have moved
    core.write_text("\n\n" + core.read_text())
    stale = impact("imp", changes="working", repo=repo_id, depth=1)
    assert stale["changed"]["files"][0]["stale"] is True


def test_a_revision_range(impact: Impact, root: Path, repo_id: str) -> None:
    last = impact("imp", changes="HEAD~1..HEAD", repo=repo_id, depth=2)
    assert last["changed"]["files"] == [
        {"path": "pkg/service.py", "status": "modified", "symbols": 1}
    ]
    assert "carried" not in last["changed"]  # nothing changed since HEAD
    assert seed_rows(last) == ["pkg/service.py::handle"]
    assert rows(last) == [("pkg/api.py::endpoint", 1, "calls", "pkg/service.py::handle")]
    # lines appended at the end of a module touch no symbol: the file's importers are reached
    earlier = impact("imp", changes="HEAD~3..HEAD~2", repo=repo_id, depth=1)
    assert [f["path"] for f in earlier["changed"]["files"]] == [
        "README.md",
        "pkg/core.py",
        "tests/test_core.py",
    ]
    assert earlier["seeds"] == []
    # the README defines no symbol: no file imports it
    assert earlier["seed_files"]["items"] == ["pkg/core.py", "tests/test_core.py"]
    # tests/test_core.py imports core.py, but is a seed itself
    assert rows(earlier) == [("pkg/service.py", 1, "imports", "pkg/core.py")]


@pytest.mark.parametrize(
    "changes",
    ["HEAD..--output=OUT", "--output=OUT", "nosuchbranch..HEAD", "HEAD~99..HEAD", "HEAD"],
)
def test_bad_revisions_are_refused(impact: Impact, root: Path, repo_id: str, changes: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        impact("imp", changes=changes, repo=repo_id)
    assert caught.value.field == "changes"
    assert not (root / "OUT").exists()


def test_the_cursor_pages_through_the_rest(impact: Impact, root: Path, repo_id: str) -> None:
    whole = impact("imp", symbol="helper", repo=repo_id, depth=4)
    total = len(flat(rows_of(whole["affected"])))
    assert total > 4
    assert "total" not in whole["affected"]
    seen: list[dict[str, Any]] = []
    cursor = None
    for _ in range(total):
        page = impact("imp", symbol="helper", repo=repo_id, depth=4, max_items=2, cursor=cursor)
        seen.extend(with_via(page))
        cursor = page["affected"].get("next_cursor")
        if cursor is None:
            break
        assert page["affected"]["more"].endswith(" more rows")
    assert hopless(seen) == hopless(with_via(whole))


def test_bad_input_and_unknowns(impact: Impact, root: Path, repo_id: str) -> None:
    cases: list[tuple[dict[str, Any], type[Exception], str]] = [
        ({}, InvalidInput, "symbol"),
        ({"symbol": "helper", "path": "pkg/core.py"}, InvalidInput, "path"),
        ({"symbol": "no_such_name"}, NotFound, "symbol"),
        ({"symbol": "pkg/core.py::nope"}, NotFound, "symbol"),
        ({"symbol": "bad\x00"}, InvalidInput, "symbol"),
        ({"symbol": "helper\u202e"}, InvalidInput, "symbol"),
        ({"symbol": "helper", "repo": "../x"}, InvalidInput, "repo"),
        ({"path": "../../etc/passwd"}, Forbidden, "path"),
        ({"path": "/etc/passwd"}, Forbidden, "path"),
        ({"path": "pkg/nope.py"}, NotFound, "path"),
        ({"symbol": "helper", "cursor": "--1"}, InvalidInput, "cursor"),
    ]
    for arguments, kind, field in cases:
        with pytest.raises(kind) as caught:
            impact("imp", **({"repo": repo_id} | arguments))
        assert getattr(caught.value, "field", None) == field, arguments
    outside = root.parent / "outside.py"
    outside.write_text("def secret():\n    return 1\n")
    (root / "pkg" / "evil.py").symlink_to(outside)
    with pytest.raises(Forbidden) as refused:
        impact("imp", path="pkg/evil.py", repo=repo_id)
    assert refused.value.field == "path"
    clamped = impact("imp", symbol="helper", repo=repo_id, depth=99, max_items=0)
    assert clamped["clamped"]["depth"]["used"] == 5
    assert set(clamped["clamped"]) == {"depth", "max_items"}


def test_a_name_in_two_repos_needs_repo(
    graph: Graph, impact: Impact, root: Path, repo_id: str, tmp_path: Path
) -> None:
    other = tmp_path / "copy"
    shutil.copytree(FIXTURE, other)
    ingest_root(graph, other, repo=f"{repo_id}-b", workers=1, git=False, embed=False)
    with pytest.raises(InvalidInput) as caught:
        impact("imp", symbol="compute", depth=1)
    assert caught.value.field == "repo"
    assert impact("imp", symbol="compute", repo=f"{repo_id}-b", depth=1)["repo"] == f"{repo_id}-b"
    with pytest.raises(InvalidInput) as short:
        impact("imp", symbol="pkg/core.py::compute", depth=1)
    assert short.value.field == "repo"


def test_impact_writes_nothing(graph: Graph, impact: Impact, root: Path, repo_id: str) -> None:
    before = graph_fingerprint(graph, repo_id)
    index = (root / ".git" / "index").stat().st_mtime_ns
    impact("imp", symbol="helper", repo=repo_id, depth=3)
    impact("imp", path="pkg/core.py", repo=repo_id)
    impact("imp", changes="working", repo=repo_id)
    impact("imp", changes="HEAD~2..HEAD", repo=repo_id)
    assert graph_fingerprint(graph, repo_id) == before
    assert (root / ".git" / "index").stat().st_mtime_ns == index


def test_a_root_below_the_git_top_level(
    graph: Graph, impact: Impact, tmp_path: Path, repo_id: str
) -> None:
    outer = tmp_path / "outer"
    outer.mkdir()
    shutil.copytree(FIXTURE, outer / "proj")
    (outer / "other.py").write_text("def elsewhere():\n    return 1\n")
    git(outer, "-c", "init.defaultBranch=main", "init", "-q")
    git(outer, "add", "-A", ".")
    git(outer, "commit", "-q", "-m", "start")
    root = outer / "proj"
    ingest_root(graph, root, repo=repo_id, workers=1, git=True, embed=False)
    core = root / "pkg" / "core.py"
    core.write_text(core.read_text().replace("return x + 1", "return x + 3"))
    (outer / "other.py").write_text("def elsewhere():\n    return 2\n")
    (root / os.fsdecode(b"odd\xff.txt")).write_text("not utf-8 in its name\n")
    got = impact("imp", changes="working", repo=repo_id, depth=1)
    # not ingested since the edit: the answer says its spans may have moved
    assert got["changed"]["files"] == [
        {"path": "pkg/core.py", "status": "modified", "symbols": 1, "stale": True}
    ]
    assert got["changed"]["undecodable_paths"] == 1
    assert seed_rows(got) == ["pkg/core.py::helper"]


def test_a_deleted_file_seeds_what_the_graph_still_holds(
    graph: Graph, impact: Impact, root: Path, repo_id: str
) -> None:
    (root / "pkg" / "service.py").unlink()
    got = impact("imp", changes="working", repo=repo_id, depth=1)
    assert got["changed"]["files"] == [
        {"path": "pkg/service.py", "status": "deleted", "symbols": 3}
    ]
    assert got["seed_files"]["items"] == ["pkg/service.py"]
    assert {(r[0], r[2]) for r in rows(got)} == {
        ("pkg/api.py", "imports"),
        ("pkg/api.py::endpoint", "calls"),
    }
    assert rows_of(got["tests"]) == {"tests/test_service.py": ["test_serve"]}
    ingest_root(graph, root, repo=repo_id, workers=1, git=True, embed=False)
    after = impact("imp", changes="working", repo=repo_id, depth=1)
    assert after["changed"]["files"] == [
        {"path": "pkg/service.py", "status": "deleted", "in_graph": False}
    ]
    assert after["none"] == "no seed: nothing to reach"  # one line, no empty sections
    assert "affected" not in after
    assert "tests" not in after


def test_a_range_is_carried_onto_the_working_tree(
    graph: Graph, impact: Impact, root: Path, repo_id: str
) -> None:
    """Lines of HEAD~1..HEAD are HEAD's; four lines added on top of the file since (ingested)
    move `handle` down: the changed line is still found in `handle`, not in `serve` (which
    holds HEAD's line number now)."""
    service = root / "pkg" / "service.py"
    service.write_text("# a\n# b\n# c\n# d\n" + service.read_text())
    ingest_root(graph, root, repo=repo_id, workers=1, git=True, embed=False)
    got = impact("imp", changes="HEAD~1..HEAD", repo=repo_id, depth=1)
    assert got["changed"]["carried"] == 1
    assert got["changed"]["files"] == [
        {"path": "pkg/service.py", "status": "modified", "symbols": 1}
    ]
    assert seed_rows(got) == ["pkg/service.py::handle"]


def test_a_budget_cuts_the_rows_and_the_cursor_goes_on(
    impact: Impact, root: Path, repo_id: str
) -> None:
    whole = impact("imp", symbol="helper", repo=repo_id, depth=4)
    cut = impact("imp", symbol="helper", repo=repo_id, depth=4, max_tokens=150)
    shown = len(flat(rows_of(cut["affected"])))
    assert 0 < shown < len(flat(rows_of(whole["affected"]))) == cut["affected"]["total"]
    question = impact_question(ImpactRequest(symbol="helper", repo=repo_id, depth=4))
    assert cut["affected"]["next_cursor"] == question.cursor(shown)
    left = len(flat(rows_of(whole["affected"]))) - shown
    assert cut["affected"]["more"] == f"{left} more rows"
    rest = impact("imp", symbol="helper", repo=repo_id, depth=4, cursor=question.cursor(shown))
    paged = flat(rows_of(cut["affected"])) + flat(rows_of(rest["affected"]))
    assert hopless(paged) == hopless(flat(rows_of(whole["affected"])))
    for other in ({"depth": 3}, {"symbol": "fmt"}):  # a cursor of another question
        arguments = {"symbol": "helper", "repo": repo_id, "depth": 4} | other
        with pytest.raises(InvalidInput) as refused:
            impact("imp", **arguments, cursor=cut["affected"]["next_cursor"])
        assert refused.value.field == "cursor"
    with pytest.raises(InvalidInput) as old_shape:  # a plain offset is no longer a cursor
        impact("imp", symbol="helper", repo=repo_id, depth=4, cursor=str(shown))
    assert old_shape.value.field == "cursor"


def seed_rows(answer: dict[str, Any]) -> list[str]:
    """The seeds' rows: a list given whole and alone is its rows, else its `items`."""
    seeds = answer["seeds"]
    return list(seeds) if isinstance(seeds, list) else list(seeds.get("items", []))
