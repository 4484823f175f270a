"""CO_CHANGES edges from a real git history: exact weights, the incremental update that writes
only changed pairs, subdirectory roots, odd paths, bulk commits, and roots without history."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from coderooms.errors import InvalidInput
from coderooms.graph.driver import Graph
from coderooms.ingest import git_history
from coderooms.ingest.git_history import (
    MAX_FILES_PER_COMMIT,
    CoChangeReport,
    parse_log,
    update_co_changes,
)
from coderooms.ingest.pipeline import ingest_root
from tests.integration.ingest.graph_snapshot import wipe

GIT_IDENTITY = ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]


class GitTree:
    """A work tree on disk whose commits the test writes one by one."""

    def __init__(self, top: Path) -> None:
        self.top = top
        self.edits = 0
        top.mkdir(parents=True)
        self.git("-c", "init.defaultBranch=main", "init", "-q")

    def git(self, *args: str) -> str:
        done = subprocess.run(
            ["git", *GIT_IDENTITY, *args],
            cwd=self.top,
            capture_output=True,
            check=True,
            timeout=30,
        )
        return done.stdout.decode()

    def commit(self, *paths: str, remove: tuple[str, ...] = ()) -> None:
        """One commit that changes every path in `paths` and deletes those in `remove`."""
        for relative in paths:
            self.edits += 1
            target = self.top / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("a", encoding="utf-8") as handle:
                handle.write(f"x{self.edits} = {self.edits}\n")
        for relative in remove:
            (self.top / relative).unlink()
        self.git("add", "-A", ".")
        self.git("commit", "-q", "-m", f"edit {self.edits}")


@pytest.fixture
def tree(tmp_path: Path) -> GitTree:
    return GitTree(tmp_path / "work")


@pytest.fixture
def repo(graph: Graph, repo_id: str) -> Iterator[str]:
    yield repo_id
    wipe(graph, repo_id)


def edges(graph: Graph, repo: str) -> dict[tuple[str, str], int]:
    rows = graph.run_text(
        "MATCH (a:File {repo: $repo})-[e:CO_CHANGES]->(b:File) RETURN a.path AS a, b.path AS b, "
        "e.weight AS weight",
        repo=repo,
    )
    return {(row["a"], row["b"]): row["weight"] for row in rows}


def edge_properties(graph: Graph, repo: str) -> list[dict[str, Any]]:
    rows = graph.run_text(
        "MATCH (:File {repo: $repo})-[e:CO_CHANGES]->(:File) RETURN properties(e) AS props",
        repo=repo,
    )
    return [row["props"] for row in rows]


def edge_element_id(graph: Graph, repo: str, a: str, b: str) -> str:
    rows = graph.run_text(
        "MATCH (:File {id: $a})-[e:CO_CHANGES]->(:File {id: $b}) RETURN elementId(e) AS id",
        a=f"{repo}:{a}",
        b=f"{repo}:{b}",
    )
    assert len(rows) == 1
    return str(rows[0]["id"])


def write_initial_history(tree: GitTree) -> None:
    """Eleven commits; pkg/a+b, pkg/c+d and lib/x+y change together."""
    tree.commit("pkg/a.py", "pkg/b.py")
    tree.commit("pkg/a.py", "pkg/b.py", "pkg/c.py")
    tree.commit("pkg/a.py", "pkg/b.py")
    tree.commit("pkg/c.py", "pkg/d.py")
    tree.commit("pkg/c.py", "pkg/d.py")
    tree.commit("lib/x.py", "lib/y.py")
    tree.commit("lib/x.py", "lib/y.py", "pkg/a.py")
    tree.commit("pkg/b.py", "pkg/c.py")
    tree.commit("gone.py", "pkg/a.py")
    tree.commit("gone.py", "pkg/a.py")
    tree.commit(remove=("gone.py",))


INITIAL_WEIGHTS = {
    ("pkg/a.py", "pkg/b.py"): 3,
    ("pkg/b.py", "pkg/c.py"): 2,
    ("pkg/c.py", "pkg/d.py"): 2,
    ("lib/x.py", "lib/y.py"): 2,
}
"""a-c, a-x, a-y, b-x... changed together once; gone.py changed with a twice but is no file now."""


def test_weights_are_exact_and_edges_run_from_smaller_to_larger_path(
    graph: Graph, repo: str, tree: GitTree
) -> None:
    write_initial_history(tree)
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)

    report = update_co_changes(graph, repo, tree.top)

    assert report.status == "updated"
    assert edges(graph, repo) == INITIAL_WEIGHTS
    assert (report.commits_read, report.commits_skipped_bulk, report.commits_considered) == (
        11,
        0,
        11,
    )
    assert (report.created, report.updated, report.deleted) == (4, 0, 0)
    assert report.pairs_at_head == 4
    head = tree.git("rev-parse", "HEAD").strip()
    assert report.head == head
    assert report.previous_head is None
    for props in edge_properties(graph, repo):
        assert props["repo"] == repo
        assert props["claim"] == f"git:{repo}"
        assert props["commits_considered"] == 11
    stored = graph.run_text("MATCH (r:Repo {id: $repo}) RETURN r.co_change_head AS head", repo=repo)
    assert stored == [{"head": head}]


def test_same_head_is_up_to_date_without_git_log_or_writes(
    graph: Graph, repo: str, tree: GitTree, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_initial_history(tree)
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)
    update_co_changes(graph, repo, tree.top)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("an up-to-date update must not log or write")

    monkeypatch.setattr(git_history, "read_commits", refuse)
    monkeypatch.setattr(graph, "write", refuse)
    monkeypatch.setattr(graph, "execute_write", refuse)
    report = update_co_changes(graph, repo, tree.top)

    assert report.status == "up_to_date"
    assert report.edge_writes == 0
    assert report.previous_head == report.head
    assert edges(graph, repo) == INITIAL_WEIGHTS


def test_new_commits_write_only_the_pairs_that_changed(
    graph: Graph, repo: str, tree: GitTree
) -> None:
    write_initial_history(tree)
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)
    first = update_co_changes(graph, repo, tree.top, max_commits=11)
    unchanged_edge = edge_element_id(graph, repo, "lib/x.py", "lib/y.py")

    # The window of 11 slides by two: the first two commits (a+b, a+b+c) fall out of it.
    tree.commit("pkg/a.py", "pkg/e.py")
    tree.commit("pkg/a.py", "pkg/e.py", "pkg/c.py", "pkg/d.py")
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)
    report = update_co_changes(graph, repo, tree.top, max_commits=11)

    assert report.status == "updated"
    assert report.previous_head == first.head != report.head
    assert edges(graph, repo) == {
        ("pkg/c.py", "pkg/d.py"): 3,
        ("lib/x.py", "lib/y.py"): 2,
        ("pkg/a.py", "pkg/e.py"): 2,
    }
    assert (report.created, report.updated, report.deleted, report.unchanged) == (1, 1, 2, 1)
    assert edge_element_id(graph, repo, "lib/x.py", "lib/y.py") == unchanged_edge


def test_changed_window_setting_recomputes_at_the_same_head(
    graph: Graph, repo: str, tree: GitTree
) -> None:
    write_initial_history(tree)
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)
    update_co_changes(graph, repo, tree.top)

    report = update_co_changes(graph, repo, tree.top, max_commits=3)

    assert report.status == "updated"
    assert report.commits_read == 3
    assert edges(graph, repo) == {}
    assert report.deleted == 4


def test_root_in_a_subdirectory_sees_only_its_files(graph: Graph, repo: str, tree: GitTree) -> None:
    for _ in range(2):
        tree.commit("service/api.py", "service/db.py")
        tree.commit("service/api.py", "top.py")
        tree.commit("top.py", "other/tool.py")
    root = tree.top / "service"
    ingest_root(graph, root, repo=repo, workers=1, git=False)

    report = update_co_changes(graph, repo, root)

    assert report.status == "updated"
    assert report.commits_read == 4  # commits that do not touch the root are not read
    assert edges(graph, repo) == {("api.py", "db.py"): 2}


def test_paths_with_spaces_and_unicode(graph: Graph, repo: str, tree: GitTree) -> None:
    spaced, accented = "dir ü/naïve file.py", "日本 語.py"
    tree.commit(spaced, accented)
    tree.commit(spaced, accented, "plain.py")
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)

    update_co_changes(graph, repo, tree.top)

    assert edges(graph, repo) == {(spaced, accented): 2}


def test_bulk_commits_over_the_threshold_are_ignored(
    graph: Graph, repo: str, tree: GitTree
) -> None:
    bulk = [f"many/m{i:02}.py" for i in range(MAX_FILES_PER_COMMIT + 1)]
    tree.commit(*bulk)
    tree.commit(*bulk)
    tree.commit("many/m00.py", "many/m01.py")
    tree.commit("many/m00.py", "many/m01.py")
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)

    report = update_co_changes(graph, repo, tree.top)

    assert (report.commits_read, report.commits_skipped_bulk) == (4, 2)
    assert edges(graph, repo) == {("many/m00.py", "many/m01.py"): 2}


def test_a_file_that_comes_back_gets_its_edges_at_the_next_head_change(
    graph: Graph, repo: str, tree: GitTree
) -> None:
    write_initial_history(tree)
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)
    update_co_changes(graph, repo, tree.top)
    moved_away = tree.top.parent / "d.py.away"
    (tree.top / "pkg/d.py").rename(moved_away)
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)
    assert ("pkg/c.py", "pkg/d.py") not in edges(graph, repo)

    moved_away.rename(tree.top / "pkg/d.py")
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)
    assert update_co_changes(graph, repo, tree.top).status == "up_to_date"
    assert ("pkg/c.py", "pkg/d.py") not in edges(graph, repo)

    tree.commit("README.md")
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)
    report = update_co_changes(graph, repo, tree.top)
    assert (report.created, report.updated, report.deleted) == (1, 0, 0)
    assert edges(graph, repo) == INITIAL_WEIGHTS


def test_a_directory_outside_git_reports_not_a_git_repo(
    graph: Graph, repo: str, tmp_path: Path
) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "a.py").write_text("x = 1\n")
    ingest_root(graph, plain, repo=repo, workers=1)

    report = update_co_changes(graph, repo, plain)

    assert report.status == "not_a_git_repo"
    assert report.detail
    assert report.edge_writes == 0


def test_a_repository_without_commits_reports_no_commits(
    graph: Graph, repo: str, tree: GitTree
) -> None:
    (tree.top / "a.py").write_text("x = 1\n")
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)

    assert update_co_changes(graph, repo, tree.top).status == "no_commits"


def test_git_missing_reports_not_a_git_repo(
    graph: Graph, repo: str, tree: GitTree, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree.commit("a.py")
    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)
    monkeypatch.setenv("PATH", str(tree.top / "no-bin-here"))

    report = update_co_changes(graph, repo, tree.top)

    assert report.status == "not_a_git_repo"
    assert "git could not be run" in report.detail


def test_unknown_repo_and_wrong_root_are_clear_errors(
    graph: Graph, repo: str, tree: GitTree, tmp_path: Path
) -> None:
    tree.commit("a.py")
    with pytest.raises(InvalidInput) as unknown:
        update_co_changes(graph, repo, tree.top)
    assert unknown.value.field == "repo"

    ingest_root(graph, tree.top, repo=repo, workers=1, git=False)
    with pytest.raises(InvalidInput) as wrong_root:
        update_co_changes(graph, repo, tmp_path)
    assert wrong_root.value.field == "root"


def test_parse_log_keeps_odd_paths_and_empty_commits() -> None:
    sha_a, sha_b, sha_c = "a" * 40, "b" * 40, "c" * 40
    output = (
        f"\x1e{sha_a}\0\nnew\nline.py\0sub dir/ä b.py\0".encode()
        + f"\x1e{sha_b}\0".encode()
        + f"\x1e{sha_c}\0\nc.py\0".encode()
    )

    commits = parse_log(output)

    assert [(c.sha, c.paths) for c in commits] == [
        (sha_a, ["new\nline.py", "sub dir/ä b.py"]),
        (sha_b, []),
        (sha_c, ["c.py"]),
    ]


def test_report_is_plain_data() -> None:
    report = CoChangeReport(repo="r", root="/x", status="up_to_date")
    assert report.as_dict()["status"] == "up_to_date"


def test_ingest_computes_co_changes_itself(graph: Graph, tmp_path: Path, repo_id: str) -> None:
    """`ingest_root` brings the CO_CHANGES edges up to date after the files."""
    root = tmp_path / "together"
    root.mkdir()
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    for round_number in range(3):
        for name in ("a.py", "b.py"):
            (root / name).write_text(f"x = {round_number}\n")
        subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
        subprocess.run(
            [
                "git",
                "-C",
                str(root),
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "commit",
                "-qm",
                "r",
            ],
            check=True,
        )
    report = ingest_root(graph, root, repo=repo_id, workers=1)
    assert report.co_changes["status"] == "updated"
    rows = graph.run_text(
        "MATCH (a:File {repo: $repo})-[r:CO_CHANGES]->(b:File) "
        "RETURN a.path AS a, b.path AS b, r.weight AS w",
        repo=repo_id,
    )
    assert rows == [{"a": "a.py", "b": "b.py", "w": 3}]
