"""A target mode whose target names candidate paths, best first (`by_candidates`): the first
that is a file of the repo answers it, and (unless `load=False`) a changeset loads them all. The
JS/TS, Rust and C/C++ modes are made so; a language's rules build theirs with it (issue 35)."""

from __future__ import annotations

from collections.abc import Callable

from coderooms.resolution.lookup import Lookup, LookupMode
from coderooms.resolution.targets import Target

Candidates = Callable[[Lookup, str], list[str] | None]
"""(lookup, target path) -> the repo paths the target may be, best first (None: not the repo's)."""


def first_candidate(candidates: Candidates) -> Callable[[Lookup, str, str | None], list[str]]:
    """The files of the first candidate path that is a file of the repo."""

    def files(lookup: Lookup, path: str, group: str | None) -> list[str]:
        for candidate in candidates(lookup, path) or ():
            found = lookup.files_for(Target("=", candidate), group)
            if found:
                return found
        return []

    return files


def load_candidates(candidates: Candidates) -> Callable[[Lookup, str], tuple[str, set[str]]]:
    """Load every candidate path (the first that is a file wins when resolving)."""

    def load(lookup: Lookup, path: str) -> tuple[str, set[str]]:
        return "=", set(candidates(lookup, path) or ())

    return load


def by_candidates(
    mode: str, stem: Callable[[str, str], str], candidates: Candidates, *, load: bool = True
) -> LookupMode:
    """A mode whose target names candidate paths: the first that is a file of the repo wins;
    with `load`, a changeset loads them all."""
    files = first_candidate(candidates)
    if not load:
        return LookupMode(mode, stem, files=files)
    return LookupMode(mode, stem, files=files, load=load_candidates(candidates))
