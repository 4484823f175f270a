"""The perspective fixture repo as a git work tree, ingested: every route family has something
to find in it (see tests/fixtures/repos/perspective/README.md). H4's and H5's tests share it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from coderooms.graph.driver import Graph
from coderooms.ingest.git_history import update_co_changes
from coderooms.ingest.pipeline import ingest_root

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "repos" / "perspective"
GIT_IDENTITY = ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]

CO_CHANGING = (
    ("shop/orders.py", "tests/check_orders.py"),
    ("shop/orders.py", "tests/check_orders.py"),
    ("shop/catalog.py", "shop/reports.py"),
)
"""Commits after the first (which adds every file): orders.py and its test change together
three times in all, catalog.py and reports.py twice; every other pair once (below MIN_WEIGHT)."""


def _git(top: Path, *args: str) -> None:
    subprocess.run(
        ["git", *GIT_IDENTITY, *args], cwd=top, capture_output=True, check=True, timeout=30
    )


def build_tree(top: Path) -> Path:
    """Copy the fixture to `top` and write its history; return `top`."""
    shutil.copytree(FIXTURE, top)
    _git(top, "-c", "init.defaultBranch=main", "init", "-q")
    _git(top, "add", "-A", ".")
    _git(top, "commit", "-q", "-m", "shop")
    for number, paths in enumerate(CO_CHANGING, start=1):
        for relative in paths:
            with (top / relative).open("a", encoding="utf-8") as handle:
                handle.write(f"# revision {number}\n")
        _git(top, "add", "-A", ".")
        _git(top, "commit", "-q", "-m", f"revision {number}")
    return top


def ingest_fixture(graph: Graph, top: Path, repo: str) -> None:
    """Ingest the tree at `top` (made by `build_tree`) as `repo`, CO_CHANGES included, and wait
    for the eventually consistent full-text indexes to see it."""
    ingest_root(graph, top, repo=repo, workers=1, git=False)
    update_co_changes(graph, repo, top)
    await_fulltext(graph)


def await_fulltext(graph: Graph) -> None:
    graph.run_text("CALL db.index.fulltext.awaitEventuallyConsistentIndexRefresh()")


def wipe_repo(graph: Graph, repo: str) -> None:
    graph.run_text(
        "MATCH (n) WHERE n.repo = $repo OR (n:Repo AND n.id = $repo) DETACH DELETE n", repo=repo
    )
