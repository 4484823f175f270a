"""Ruby/Bash: a name in what a required (or sourced) file requires, and in what that requires,
nearest first (`LookupRules.star_walk` by default; C's includes are `languages.c.includes`',
with the same bounds). The Lookup's module tables keep one `*<spec>` entry per `require`/
`source`."""

from __future__ import annotations

from coderooms.resolution.lookup import Found, Lookup
from coderooms.resolution.ref_requests import Alternative
from coderooms.resolution.targets import path_stem

REQUIRE_HOPS = 4
"""Ruby `require` / Bash `source` / C `#include` chains followed one after another at most."""
REQUIRE_FILES = 256
"""Files a search through requires visits at most (a gem's entry file may require them all)."""


def _shortest_first(path: str) -> tuple[int, str]:
    return len(path), path


def through_requires(
    lookup: Lookup, alternative: Alternative, group: str, wanted: frozenset[str]
) -> Found:
    """`qual` in what the first existing target requires (or sources), and in what that
    requires, nearest first (at most `REQUIRE_HOPS` deep, `REQUIRE_FILES` files), with the keys
    looked up on the way (each file asked, each spec followed)."""
    keys: set[tuple[str, str]] = set()
    frontier: list[str] = []
    for target in alternative.targets:
        frontier = sorted(lookup.files_for(target, group), key=_shortest_first)
        if frontier:
            break
    head = alternative.qual.partition(".")[0]
    seen = set(frontier)
    for _ in range(REQUIRE_HOPS):
        deeper: list[str] = []
        for path in frontier:
            for spec in lookup.reexports(path).stars:
                targets = lookup.rules_of(group).module_targets(path, spec)
                if not targets:
                    continue  # outside the repo
                keys.add((path, "@" + path_stem(targets[0].path)))
                for target in targets:
                    modules = sorted(lookup.files_for(target, group), key=_shortest_first)
                    for module in modules:
                        keys.add((module, head))
                        info = lookup.defined(module, alternative.qual, wanted)
                        if info is not None:
                            return info, keys
                        if module not in seen and len(seen) < REQUIRE_FILES:
                            seen.add(module)
                            deeper.append(module)
                    if modules:
                        break  # the first target that exists is what the spec names
        frontier = deeper
    return None, keys
