"""Folding path components the way case-insensitive and NTFS-like file systems compare them."""

from __future__ import annotations

import pytest

from coderooms.scope.names import fold_component, matches_name, protected_component, vcs_component

VCS = (".git", ".hg", ".svn")


@pytest.mark.parametrize(
    "name",
    [
        ".git",
        ".GIT",
        ".gIt",
        ".git.",
        ".git...",
        ".git ",
        ".git. . ",
        ".g\u200cit",
        ".g\u200dit",
        "\u200b.git",
        ".git\u2060",
        ".gi\ufefft",
        ".g\u00adit",
        ".git\ufe0f",
        ".git\U000e0001",
        "GIT~1",
        "git~12",
        ".git::$INDEX_ALLOCATION",
        ".git:stream",
        "\uff0egit",
        "\uff0e\uff27\uff29\uff34",
    ],
)
def test_spellings_of_dot_git_fold_to_it(name: str) -> None:
    assert matches_name(name, VCS) == ".git"


@pytest.mark.parametrize(
    "name",
    [".gitignore", ".github", ".gitattributes", "git", "GITMOD~1", "x.git", ".gi", "GIT~", "src"],
)
def test_neighbours_of_dot_git_are_not_it(name: str) -> None:
    assert matches_name(name, VCS) is None


def test_other_vcs_and_hook_dirs() -> None:
    assert vcs_component(["repo", "pkg", ".HG.", "hgrc"]) == ".HG."
    assert vcs_component(["repo", "SVN~1"]) == "SVN~1"
    assert vcs_component(["repo", ".husky"]) is None
    assert protected_component(["repo", ".husky", "pre-commit"]) == ".husky"
    assert protected_component(["repo", "HUSKY~1"]) == "HUSKY~1"
    assert protected_component(["repo", "src", "mod.py"]) is None


def test_folding_only_ever_removes_or_lowers() -> None:
    assert fold_component("Straße.PY") == "strasse.py"
    assert fold_component("...") == ""
