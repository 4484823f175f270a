"""Issue 29, class 1 end to end on a real repository and the real Neo4j: an agent cannot plant a
git directory through `apply`, cannot watch a folder under one, and git run for a root (the
watcher's status and diff, `impact`'s diff, co-change history) runs no program that the work
tree configures, whether it was planted on disk or lies in a config file the repository
includes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.errors import CoderoomsError, Forbidden
from coderooms.freshness.engine import FreshnessEngine, WatchOptions
from coderooms.graph.driver import Graph
from coderooms.impact.git_diff import read_diff
from coderooms.impact.revisions import RevisionRange, Working
from coderooms.ingest.git_history import update_co_changes
from coderooms.ingest.pipeline import ingest_root
from coderooms.server import create_server
from coderooms.verbs.context import AppContext
from tests.integration.edits.helpers import verbs
from tests.integration.ingest.graph_snapshot import wipe
from tests.unit.redteam.planting import Planted, git, make_repo, move_planted_ref, plant

AGENT = "red-team"


@pytest.fixture
def top(graph: Graph, tmp_path: Path, repo_id: str) -> Iterator[Path]:
    path = tmp_path / "repo"
    make_repo(path)
    ingest_root(graph, path, repo=repo_id, workers=1, git=False)
    yield path
    wipe(graph, repo_id)


@pytest.fixture
def planted(top: Path, tmp_path: Path) -> Planted:
    return plant(top, tmp_path / "markers")


def git_dir_seen_from(folder: Path) -> str:
    """The git directory a person's git finds from `folder` (implicit bare repositories on)."""
    done = subprocess.run(
        ["git", "-c", "safe.bareRepository=all", "rev-parse", "--absolute-git-dir"],
        cwd=folder, capture_output=True, timeout=30, check=False,
    )  # fmt: skip
    return done.stdout.decode().strip()


def test_apply_cannot_plant_a_git_directory(
    app_context: AppContext, top: Path, repo_id: str
) -> None:
    apply = verbs(app_context)["apply"]
    head = git(top, "rev-parse", "HEAD")
    writes = {  # the four writes of the issue, in its order
        "sub/HEAD": "ref: refs/heads/main\n",
        "sub/config": "[core]\n\tworktree = ..\n\tfsmonitor = /bin/false\n",
        "sub/objects/info/alternates": f"{top / '.git' / 'objects'}\n",
        "sub/refs/heads/main": f"{head}\n",
    }
    refused: dict[str, str] = {}
    for path, content in writes.items():
        try:
            apply(AGENT, path, repo=repo_id, content=content)
        except Forbidden as e:
            refused[path] = str(e)
    assert list(refused) == ["sub/HEAD"], refused
    for spelling in ("sub/head", "sub/HEAD.", "sub/commondir"):
        with pytest.raises(Forbidden, match="git directory"):
            apply(AGENT, spelling, repo=repo_id, content="ref: refs/heads/main\n")
    assert not (top / "sub" / "HEAD").exists()
    assert git_dir_seen_from(top / "sub" / "inner") == str(top / ".git")

    # a HEAD a checkout put there: the objects/ and refs/ that would complete it are refused
    (top / "lib").mkdir()
    (top / "lib" / "HEAD").write_text("ref: refs/heads/main\n")
    for path in ("lib/objects/info/alternates", "lib/refs/heads/main"):
        with pytest.raises(Forbidden, match="git directory"):
            apply(AGENT, path, repo=repo_id, content=f"{head}\n")
    assert git_dir_seen_from(top / "lib") == str(top / ".git")


@pytest.mark.parametrize(
    "path",
    [".pre-commit-config.yaml", "lefthook.yml", "team.gitconfig", "sub/.git", ".husky/pre-commit",
     "tools/.lefthook/pre-commit/x.sh", ".lintstagedrc.json"],
)  # fmt: skip
def test_apply_refuses_what_a_persons_git_runs(
    app_context: AppContext, top: Path, repo_id: str, path: str
) -> None:
    with (top / ".git" / "config").open("a") as config:
        config.write("[include]\n\tpath = ../team.gitconfig\n")
    with pytest.raises(Forbidden):
        verbs(app_context)["apply"](AGENT, path, repo=repo_id, content="x: 1\n")
    assert not (top / path).exists()


@pytest.mark.parametrize("path", ["config.py", "src/config", "docs/HEAD.md", "refs.py"])
def test_ordinary_files_with_git_words_still_write(
    app_context: AppContext, top: Path, repo_id: str, path: str
) -> None:
    result = verbs(app_context)["apply"](AGENT, path, repo=repo_id, content="x = 1\n")
    assert result["files"][0]["created"] is True
    assert (top / path).read_text() == "x = 1\n"


def test_no_watcher_starts_in_or_under_a_planted_git_directory(
    app_context: AppContext, planted: Planted
) -> None:
    async def run() -> list[dict[str, Any]]:
        refusals = []
        async with Client(create_server(app_context)) as client:
            for root in (planted.inner, planted.planted, planted.inner / "deeper"):
                root.mkdir(exist_ok=True)
                with pytest.raises(ToolError) as raised:
                    await client.call_tool(
                        "auto_ingest_start", {"agent_id": AGENT, "roots": [str(root)]}
                    )
                refusals.append(json.loads(str(raised.value)))
        return refusals

    for refusal in asyncio.run(run()):
        assert refusal["error"] == "forbidden"
        assert "git directory" in refusal["message"]
    assert planted.fired() == []


def watch(graph: Graph, root: Path, repo: str) -> FreshnessEngine:
    """An operator's watcher (`coderooms watch` takes any directory), ticked by hand."""
    options = WatchOptions(observe=False, pump=False, persist=False, alerts=False)
    return FreshnessEngine(graph, [root], repos=[repo], options=options)


def test_git_for_a_folder_under_a_planted_git_directory_runs_nothing(
    graph: Graph, planted: Planted, repo_id: str
) -> None:
    inner_repo = f"{repo_id}-inner"
    watcher = watch(graph, planted.inner, inner_repo)
    try:
        watcher.start()
        move_planted_ref(planted, git(planted.top, "rev-parse", "HEAD"))
        (planted.inner / "n.py").write_text("def n():\n    return 1\n")
        watcher.notify([planted.inner / "n.py"])
        watcher.tick(force=True)
        with contextlib.suppress(CoderoomsError):
            read_diff(planted.inner, Working())
        report = update_co_changes(graph, inner_repo, planted.inner)
    finally:
        watcher.stop(drain=False)
        wipe(graph, inner_repo)
    assert planted.fired() == []
    assert report.status == "not_a_git_repo"
    assert "implicit bare repository" in report.detail


def test_git_for_the_real_root_runs_nothing_its_work_tree_configures(
    graph: Graph, planted: Planted, repo_id: str
) -> None:
    top = planted.top
    watcher = watch(graph, top, repo_id)
    try:
        watcher.start()
        (top / "pkg" / "a.py").write_text("def a():\n    return 2\n")
        watcher.notify([top / "pkg" / "a.py"])
        watcher.tick(force=True)
        git(top, "add", "pkg/a.py")
        git(top, "commit", "-q", "-m", "three")
        watcher.tick(force=True)
        working = read_diff(top, Working())
        ranged = read_diff(top, RevisionRange("HEAD~1", "HEAD", symmetric=False))
        report = update_co_changes(graph, repo_id, top)
    finally:
        watcher.stop(drain=False)
    assert planted.fired() == []
    assert "team.gitconfig" in [change.path for change in working.files]
    assert [change.path for change in ranged.files] == ["pkg/a.py"]
    assert report.status in {"updated", "up_to_date"}  # the watcher's tick may have done it
    assert report.head == git(top, "rev-parse", "HEAD")
