"""A read verb's answer says its `repo` only when the server reads several (issue 30): with one
readable repo every answer is of it."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from coderooms.verbs.answer_repo import drop_known_repo


@dataclass
class Asked:
    repo: str | None = None


def context(readable: list[str], *, graph: bool = True) -> Any:
    return SimpleNamespace(
        graphs=SimpleNamespace(graph_or_none=object() if graph else None),
        readable=lambda _graph: readable,
    )


def test_one_readable_repo_is_not_said() -> None:
    answer = {"repo": "r", "hits": {}}
    drop_known_repo(context(["r"]), Asked(), answer)
    assert answer == {"hits": {}}
    named = {"repo": "r", "hits": {}}
    drop_known_repo(context(["r"]), Asked("r"), named)
    assert named == {"hits": {}}


def test_several_readable_repos_keep_it() -> None:
    for readable in (["r", "s"], []):
        answer = {"repo": "r"}
        drop_known_repo(context(readable), Asked(), answer)
        assert answer == {"repo": "r"}
    answer = {"repo": "r"}
    drop_known_repo(context(["r"], graph=False), Asked(), answer)  # nothing known: kept
    assert answer == {"repo": "r"}


def test_verbs_without_a_repo_argument_are_left_alone() -> None:
    answer = {"repo": "r"}
    drop_known_repo(context(["r"]), SimpleNamespace(), answer)
    assert answer == {"repo": "r"}
