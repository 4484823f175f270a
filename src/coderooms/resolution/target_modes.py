"""A language's own kinds of import target (`TargetMode`): the modes of `Target` beyond the
generic `=`, `~`, `@`, `%` (`coderooms.resolution.targets`), each held by the rules of the
language that makes it (issue 35): Python's `p`, Go's `G`, JS/TS's `N`, `T`, `D`, Rust's `R`,
C/C++'s `I`. The catalog (`coderooms.ingest.languages.TARGET_MODES`) maps each mode character
to its one `TargetMode`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from coderooms.resolution.targets import Target


@dataclass(frozen=True, slots=True)
class TargetMode:
    """One language-owned target kind: how a target of it names the module stem a file must
    have to answer it (stored as the importer's `import_stems`, for re-resolution when files
    appear or go)."""

    mode: str
    """One character, unique in the catalog."""
    stem: Callable[[str, str], str]
    """(target path, importer path) -> the module stem."""
    extra_stems: Callable[[str], Iterable[str]] | None = None
    """Further stems a target of this mode answers to (Python: every package on the way)."""


def target_stems(target: Target, importer: str, modes: Mapping[str, TargetMode]) -> set[str]:
    """The stems under which `target`, imported by `importer`, may start or stop resolving: its
    mode's own (`modes`: the catalog), else the generic `Target.stem`."""
    mode = modes.get(target.mode)
    if mode is None:
        return {target.stem()}
    found = {mode.stem(target.path, importer)}
    if mode.extra_stems is not None:
        found.update(p for p in mode.extra_stems(target.path) if p)
    return found
