"""Issue 29, the path items of class 9, over MCP: a name too long for the file system, a parent
that is a file, a FIFO or a device are `invalid_input` (never the internal error) on every verb
that writes, and a structured error or answer on every verb that reads; no answer names where a
symlink of the root points outside it; and `ingest` under another operator's repo id is
`not_found`, naming neither that repo's root nor anything of it."""

from __future__ import annotations

import json
import os
import stat
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastmcp.exceptions import ToolError

from coderooms.config import Settings
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.verbs.context import AppContext, GraphProvider
from tests.integration.edits.test_read_only import call
from tests.integration.ingest.graph_snapshot import wipe
from tests.integration.redteam.outside import Layout, make_layout

LONG_NAME = "a" * 300
BAD_PATHS = {
    "name_too_long": f"pkg/{LONG_NAME}.py",
    "directory_name_too_long": f"{LONG_NAME}/x.py",
    "path_too_long": "a/" * 2500 + "x.py",
    "parent_is_a_file": "pkg/core.py/x.py",
    "fifo": "pkg/fifo.py",
    "through_a_fifo": "pkg/fifo.py/x.py",
    "device": "pkg/null.py",
}
WRITERS = ("apply", "edit_preview", "apply_batch")
READERS = ("surgical_context", "surgical_context_v2", "impact", "view", "batch_view")
AGENT = "redteam-paths"


@pytest.fixture
def layout(graph: Graph, tmp_path: Path, repo_id: str) -> Layout:
    made = make_layout(graph, tmp_path, repo_id)
    os.mkfifo(made.root / "pkg" / "fifo.py")
    try:
        os.mknod(made.root / "pkg" / "null.py", stat.S_IFCHR | 0o600, os.makedev(1, 3))
    except PermissionError:
        os.mkfifo(made.root / "pkg" / "null.py")  # not root: another special file stands in
    (made.root / "lnk").symlink_to(made.outside)
    (made.root / "lf.py").symlink_to(made.outside / "core.py")
    return made


def arguments(verb: str, path: str, repo: str) -> dict[str, Any]:
    if verb == "apply_batch":
        return {"edits": [{"path": path, "repo": repo, "content": "x = 1\n"}]}
    if verb == "batch_view":
        return {"items": [{"path": path, "repo": repo}]}
    if verb in ("apply", "edit_preview"):
        return {"path": path, "repo": repo, "content": "x = 1\n"}
    return {"path": path, "repo": repo}


def answer(ctx: AppContext, verb: str, args: dict[str, Any]) -> dict[str, Any]:
    """The verb's structured answer, or its error payload."""
    try:
        result = call(ctx, verb, {"agent_id": AGENT, **args})
    except ToolError as e:
        payload: dict[str, Any] = json.loads(str(e))
        return payload
    return dict(result.structured_content or {"content": str(result.content)})


def errors_in(answer: dict[str, Any]) -> list[str]:
    """The error codes an answer carries (a batch's per item ones too)."""
    codes = [answer["error"]] if "error" in answer else []
    items = [item for item in answer.get("items", []) if isinstance(item, dict)]
    return codes + [item["error"]["error"] for item in items if isinstance(item.get("error"), dict)]


@pytest.mark.parametrize("case", sorted(BAD_PATHS))
def test_bad_paths_are_invalid_input_on_writes_and_never_internal(
    app_context: AppContext, layout: Layout, case: str
) -> None:
    path = BAD_PATHS[case]
    for verb in WRITERS:
        got = answer(app_context, verb, arguments(verb, path, layout.repo))
        assert errors_in(got) == ["invalid_input"], (verb, got)
        assert layout.leaked(got) == []
    for verb in READERS:
        got = answer(app_context, verb, arguments(verb, path, layout.repo))
        assert "error" not in errors_in(got), (verb, got)  # "error": the internal one
        assert layout.leaked(got) == []


LINKED = ["lnk/core.py", "lnk/pkg/core.py", "lf.py", "lnk/pkg/new.py", "lnk"]


@pytest.mark.parametrize("path", LINKED)
def test_no_answer_names_where_a_symlink_points(
    settings: Settings, graph: Graph, layout: Layout, path: str
) -> None:
    narrowed = settings.model_copy(update={"roots": [layout.root]})  # the outside is not served
    ctx = AppContext(settings=narrowed, graphs=GraphProvider.ready(narrowed, graph))
    for text in (path, str(layout.root / path)):
        for verb in (*WRITERS, *READERS):
            got = answer(ctx, verb, arguments(verb, text, layout.repo))
            assert "error" not in errors_in(got), (verb, got)
            assert bool(errors_in(got)) or verb not in WRITERS, (verb, got)
            assert layout.leaked(got) == [], (verb, got)
    for verb in ("ingest", "auto_ingest_start"):
        got = answer(ctx, verb, {"roots": [str(layout.root / path)]})
        assert errors_in(got) == ["forbidden"], (verb, got)
        assert layout.leaked(got) == [], (verb, got)


@pytest.fixture
def served_apart(
    settings: Settings, graph: Graph, tmp_path: Path
) -> Iterator[tuple[AppContext, Path, Path]]:
    """A server whose one root is `served/`, and `elsewhere/` ingested into the same graph by
    another operator, under a directory of the same name (so the same default repo id)."""
    name = f"proj-{uuid.uuid4().hex[:10]}"
    served, other = tmp_path / "served" / name, tmp_path / "elsewhere" / name
    for root in (served, other):
        root.mkdir(parents=True)
        (root / "m.py").write_text("def f():\n    return 1\n")
    ingest_root(graph, other, workers=1, git=False, embed=False)
    mine = settings.model_copy(update={"roots": [tmp_path / "served"]})
    yield AppContext(settings=mine, graphs=GraphProvider.ready(mine, graph)), served, other
    wipe(graph, name)
    wipe(graph, f"{name}-mine")


def test_ingest_under_another_operators_repo_id_is_not_found(
    served_apart: tuple[AppContext, Path, Path],
) -> None:
    ctx, served, other = served_apart
    for asked in ({"repo": served.name}, {}):  # named, and the default id of the directory
        got = answer(ctx, "ingest", {"roots": [str(served)], **asked})
        assert got["error"] == "not_found", got
        assert str(other) not in json.dumps(got)
        assert str(other.parent) not in json.dumps(got)
    mine = answer(ctx, "ingest", {"roots": [str(served)], "repo": f"{served.name}-mine"})
    assert "error" not in mine, mine
