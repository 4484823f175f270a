"""Where a repo's text names each candidate: every file the graph holds (code, docs,
configuration), read once from its chunks, cut into words. A name written anywhere but in the
candidate's own lines (its definition, its body) may be a use the graph could not resolve (a
callback passed by name, `getattr(x, "name")`, a route in a config file, `__all__`), so the
candidate is no more than `low`.

Also noted: string literals that look like the prefix of a name built at run time
(`getattr(self, "visit_" + kind)`, `f"handle_{event}"`): a candidate whose name starts with one
is `low` too.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field

from coderooms.deadcode.limits import FILES_PER_READ, MENTIONS_KEPT
from coderooms.graph.driver import Graph

WORD = re.compile(r"[^\W\d]\w*")
DYNAMIC_PREFIX = re.compile(r"""(?:f?["'])([A-Za-z_]\w*_)(?:["']\s*[+%]|\{|%s)""")
"""A string that starts a built name: `"visit_" +`, `f"on_{x}"`, `"do_%s" %`."""


@dataclass
class Mentions:
    places: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    """Name -> (path, line) where it is written, at most MENTIONS_KEPT."""
    counts: dict[str, int] = field(default_factory=dict)
    prefixes: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Dynamic-name prefix -> where it was first seen."""
    lines: dict[tuple[str, int], str] = field(default_factory=dict)
    """The lines asked for (`wanted_lines`), by (path, line)."""


def scan(
    graph: Graph,
    files: list[str],
    names: Collection[str],
    wanted_lines: Collection[tuple[str, int]],
) -> Mentions:
    """Every place the repo's text writes one of `names`, and the lines `wanted_lines`."""
    found = Mentions()
    wanted = set(wanted_lines)
    for start in range(0, len(files), FILES_PER_READ):
        rows = graph.read("deadcode/chunk_texts", files=files[start : start + FILES_PER_READ])
        for row in rows:
            _chunk(found, names, wanted, str(row["path"]), int(row["start_line"]), row["text"])
    return found


def _chunk(
    found: Mentions,
    names: Collection[str],
    wanted: set[tuple[str, int]],
    path: str,
    first: int,
    text: str | None,
) -> None:
    if not text:
        return
    for number, line in _numbered(first, text):
        if (path, number) in wanted:
            found.lines[(path, number)] = line
        for match in WORD.finditer(line):
            word = match.group()
            if word in names:
                found.counts[word] = found.counts.get(word, 0) + 1
                places = found.places.setdefault(word, [])
                if len(places) < MENTIONS_KEPT:
                    places.append((path, number))
        if "_" in line:
            for match in DYNAMIC_PREFIX.finditer(line):
                found.prefixes.setdefault(match.group(1), (path, number))


def _numbered(first: int, text: str) -> Iterator[tuple[int, str]]:
    for offset, line in enumerate(text.split("\n")):
        yield first + offset, line
