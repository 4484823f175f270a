"""Which symbols a file's touched lines fall in (pure).

A touched line belongs to the innermost symbol whose span holds it: an edit inside a method
seeds the method, not its class; one in a class body outside its methods seeds the class. A
line no symbol but the module holds (imports, module-level statements, blank lines between
definitions) seeds the file itself: what reaches it is its importers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from coderooms.impact.hunks import Span

MODULE_KIND = "Module"


@dataclass(frozen=True, slots=True)
class SymbolSpan:
    id: str
    kind: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Touched:
    symbols: list[str]
    """Ids of the innermost symbols holding a touched line, in id order."""
    module_level: bool
    """Some touched line lies in no symbol but the module."""


def touched_symbols(symbols: Sequence[SymbolSpan], spans: Iterable[Span]) -> Touched:
    """The innermost symbols holding the lines of `spans`."""
    inner = [s for s in symbols if s.kind != MODULE_KIND and s.end >= s.start]
    wanted = [(max(lo, 1), hi) for lo, hi in spans if hi >= lo]
    if not wanted:
        return Touched([], False)
    last = max(hi for _, hi in wanted)
    owner: list[int] = [-1] * (last + 2)
    # widest first, so a nested symbol paints over its parent
    order = sorted(range(len(inner)), key=lambda i: (-(inner[i].end - inner[i].start), i))
    for index in order:
        symbol = inner[index]
        for line in range(symbol.start, min(symbol.end, last) + 1):
            owner[line] = index
    found: set[str] = set()
    module_level = False
    for lo, hi in wanted:
        for line in range(lo, hi + 1):
            index = owner[line]
            if index < 0:
                module_level = True
            else:
                found.add(inner[index].id)
    return Touched(sorted(found), module_level)
