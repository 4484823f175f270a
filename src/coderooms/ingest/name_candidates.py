"""What a changeset's references may find by name rather than by path, read from the graph.

The unique-name rule (`reference_resolution.unique_question`) needs up to two candidates per
name (two already mean "not unique"): top-level definitions of that name, or members of a type
of that name. Rust members of a type that its own file does not define are looked for among
every method of that name (`languages.rust.impls.impl_member`), so a Rust reference loads each
of the names it may look up as a member (`IMPL_CANDIDATES` at most a name).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from coderooms.ingest.import_requests import group_rules
from coderooms.ingest.languages import GROUP_LANGUAGES, LANGUAGE_GROUPS
from coderooms.resolution.lookup import Lookup, SymbolInfo
from coderooms.resolution.ref_requests import RefRequest
from coderooms.resolution.reference_resolution import CALLABLE_KINDS, unique_question

Run = Callable[..., list[dict[str, Any]]]
UNIQUE_CANDIDATES = 2
IMPL_CANDIDATES = 256
"""Methods of one name read for a Rust member lookup at most."""


def load_name_candidates(
    run: Run, lookup: Lookup, requests: list[RefRequest], skip_claims: set[str]
) -> list[dict[str, Any]]:
    """The symbol rows the requests' by-name questions need (not yet added to `lookup`)."""
    repo = lookup.repo
    rows: list[dict[str, Any]] = []
    by_kinds: dict[tuple[str, frozenset[str]], set[str]] = defaultdict(set)
    members: dict[tuple[str, frozenset[str], int], set[tuple[str, str]]] = defaultdict(set)
    for request in requests:
        rules = group_rules(request.group)
        question = unique_question(request, rules)
        if question is not None:
            kinds, member_of = question
            if member_of is None:
                by_kinds[(request.group, kinds)].add(request.name)
            else:
                pair = (request.name, f"{member_of}.{request.name}")
                members[(request.group, kinds, UNIQUE_CANDIDATES)].add(pair)
        steps = rules.member_names(request)  # Rust: another file's impl
        if steps:
            wanted = (request.group, CALLABLE_KINDS, IMPL_CANDIDATES)
            members[wanted] |= {(name, name) for name in steps}
    for (group, kinds), names in sorted(by_kinds.items(), key=lambda i: (i[0][0], sorted(i[0][1]))):
        rows += run(
            "ingest/unique_candidates",
            repo=repo,
            id_prefix=f"{repo}:",
            names=sorted(names),
            languages=sorted(GROUP_LANGUAGES.get(group, {group})),
            kinds=sorted(kinds),
            claims=sorted(skip_claims),
        )
    for (group, kinds, limit), pairs in sorted(
        members.items(), key=lambda i: (i[0][0], sorted(i[0][1]), i[0][2])
    ):
        rows += run(
            "ingest/member_candidates",
            repo=repo,
            id_prefix=f"{repo}:",
            members=[{"name": name, "suffix": suffix} for name, suffix in sorted(pairs)],
            languages=sorted(GROUP_LANGUAGES.get(group, {group})),
            kinds=sorted(kinds),
            claims=sorted(skip_claims),
            limit=limit,
        )
    return rows


def add_rows(lookup: Lookup, rows: list[dict[str, Any]], skip_claims: set[str]) -> None:
    for row in rows:
        if row["claim"] in skip_claims:
            continue
        group = LANGUAGE_GROUPS.get(row["language"] or "", "")
        lookup.add_symbol(SymbolInfo(row["id"], row["path"], row["qualname"], row["kind"], group))
