"""C/C++ transitive includes: a name declared in a header that an included header includes
(and so on), nearest first.

A C file's module table keeps one `*<spec>` entry per `#include` (as Ruby's does per
`require`). A name the file's own includes do not define is looked up in what the first
existing header of each include includes, hop by hop (at most `REQUIRE_HOPS` deep,
`REQUIRE_FILES` files): at each header reached, first its paired implementations (`x.h` ->
`x.c`, `x.cpp`: a prototype is no symbol), then the header itself. What an implementation file
includes is never followed: only headers pass their includes on.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Iterator

from coderooms.languages.c.headers import C_SOURCE_SUFFIXES, c_implementations
from coderooms.resolution.lookup import Lookup, SymbolInfo
from coderooms.resolution.ref_requests import Alternative
from coderooms.resolution.require_walk import REQUIRE_FILES, REQUIRE_HOPS
from coderooms.resolution.targets import path_stem

GROUP = "c"


def _shortest_first(path: str) -> tuple[int, str]:
    return len(path), path


def through_includes(
    lookup: Lookup, alternative: Alternative, wanted: frozenset[str], hops: int, most: int
) -> tuple[SymbolInfo | None, set[tuple[str, str]]]:
    """`alternative.qual` in what the include's header includes, nearest first, with the keys
    looked up on the way (each header asked for its includes, each file asked for the name).
    Outside a changeset (`lookup.strict` unset) the files a header reaches are walked once and
    kept (`lookup.walks`, cleared when a file comes or goes)."""
    frontier: list[str] = []
    for target in alternative.targets:
        if posixpath.splitext(target.path)[1] in C_SOURCE_SUFFIXES:
            continue  # a paired implementation: its own includes are not the header's
        frontier = sorted(lookup.files_for(target, GROUP), key=_shortest_first)
        if frontier:
            break
    head = alternative.qual.partition(".")[0]
    spec_keys: list[tuple[str, str]] = []
    reached: Iterable[tuple[str, int]]
    if lookup.strict:
        reached = _reached(lookup, frontier, hops, most, spec_keys)
    else:
        start = tuple(frontier)
        walk = lookup.walks.get(start)
        if walk is None:
            walk = lookup.walks[start] = (
                list(_reached(lookup, frontier, hops, most, spec_keys)),
                tuple(spec_keys),
            )
        reached, spec_keys = walk[0], list(walk[1])
    keys: set[tuple[str, str]] = set()
    for candidate, known in reached:
        keys.add((candidate, head))
        info = lookup.defined(candidate, alternative.qual, wanted)
        if info is not None:
            return info, keys | set(spec_keys[:known])
    return None, keys | set(spec_keys)


def c_star_walk(
    lookup: Lookup, alternative: Alternative, wanted: frozenset[str]
) -> tuple[SymbolInfo | None, set[tuple[str, str]]]:
    """C's star walk (`CRules.star_walk`): through the includes, as far as Ruby's requires."""
    return through_includes(lookup, alternative, wanted, REQUIRE_HOPS, REQUIRE_FILES)


def _reached(
    lookup: Lookup, frontier: list[str], hops: int, most: int, spec_keys: list[tuple[str, str]]
) -> Iterator[tuple[str, int]]:
    """Each file a name may be defined in, nearest first, with how many of `spec_keys` (the
    includes followed, appended on the way) were followed before it."""
    seen = set(frontier)
    for _ in range(hops):
        deeper: list[str] = []
        for path in frontier:
            for spec in lookup.reexports(path).stars:
                headers = lookup.rules_of(GROUP).module_targets(path, spec)
                if not headers:
                    continue  # outside the repo
                spec_keys.append((path, "@" + path_stem(headers[0].path)))
                for header in headers:
                    modules = sorted(lookup.files_for(header, GROUP), key=_shortest_first)
                    if not modules:
                        continue
                    for pair in c_implementations(header):
                        for found in sorted(lookup.files_for(pair, GROUP), key=_shortest_first):
                            yield found, len(spec_keys)
                    for module in modules:
                        yield module, len(spec_keys)
                    for module in modules:
                        if module not in seen and len(seen) < most:
                            seen.add(module)
                            deeper.append(module)
                    break  # the first candidate that exists is what the include names
        frontier = deeper
