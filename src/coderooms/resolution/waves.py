"""Loading waves of resolution: what the lookup (or Python's module store) lacks is raised as
`Missing`, loaded in one statement (`ingest.loader.Loader.settle`), and the resolution evaluated
again (every group raises it in a changeset's strict lookup). A lookup over
several candidates in order (an import's module on each project root, a namespace package's
portions) asks every candidate before raising, so one wave loads what all of them need: a
one-file re-ingest of Flask's `app.py` took a wave per root (15 of them, a round trip each).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from coderooms.resolution.targets import Target

T = TypeVar("T")

DIRECTORY = "dir:"
"""Prefix of a directory asked about in `Missing.paths` (Python: a namespace package)."""


class Missing(Exception):
    """The store does not hold these paths yet (nor, for `targets`, the files a directory or
    suffix target names); load them and evaluate again."""

    def __init__(self, paths: Iterable[str], targets: Iterable[Target] = ()) -> None:
        super().__init__("missing")
        self.paths = set(paths)
        self.targets = set(targets)


def first_found(candidates: Iterable[str], lookup: Callable[[str], T | None]) -> T | None:
    """The first non-None `lookup(candidate)`, candidates in order, as a loop that stops there
    gives it. One that raises Missing does not stop the later ones from being asked (up to the
    first answer), and what they all lack is raised together."""
    gap = Missing(())
    for candidate in candidates:
        try:
            found = lookup(candidate)
        except Missing as more:
            gap.paths |= more.paths
            gap.targets |= more.targets
            continue
        if found is not None:
            break
    else:
        found = None
    if gap.paths or gap.targets:
        raise gap
    return found


def all_of(candidates: Iterable[str], lookup: Callable[[str], T]) -> list[T]:
    """`lookup(candidate)` of every candidate, in order; what they lack is raised together."""
    gap = Missing(())
    answers: list[T] = []
    for candidate in candidates:
        try:
            answers.append(lookup(candidate))
        except Missing as more:
            gap.paths |= more.paths
            gap.targets |= more.targets
    if gap.paths or gap.targets:
        raise gap
    return answers
