"""Chunks are partitioned by repo for the trigram index: each chunk carries, besides `:Chunk`,
one of CHUNK_PARTS part labels (`:ChunkPart07`), its repo's part (below), and each part
label has its own TEXT index on `text` (migration 18). A literal search scoped to one repo asks
its part's index alone, so chunks of other repos that hold the literal are neither returned nor
read back (measured on a database holding five copies of the standard library,
`os.path.join(` scoped to one: 35 -> 8 ms).

A repo's part is chosen when its `:Repo` is created and kept on it (`chunk_part`): the part its
id hashes to (`part_label`) when no other repo holds that one, else one of the parts fewest
repos hold (`choose_part`), so up to CHUNK_PARTS repos each have an index of their own. With
the hash alone, ten repos shared a part with probability 1 - (31·30·…·23)/32^9 ≈ 79% (requests
and jsoup did: a search of requests for `import ` read 247 index entries where 58 were its
own). A repo without `chunk_part` (ingested before parts were chosen, or a `:Repo` written by
hand) is in its hash's part (`effective_part`), which is where migration 18 put its chunks.
Two repos may still share a part (more than CHUNK_PARTS repos, or two created at once), which
costs a search of one of them the other's candidates, never a hit.

Cypher needs a label written in the statement for the index to be used (a dynamic `:$(label)`
match is not index-backed in Neo4j 5.26), so statements that ask a part's index are written
with TEMPLATE_LABEL and given the part's label by `for_part`; one that asks several parts at
once marks its branch (`// part` ... `// end part`, a subquery body) and `for_parts` repeats it
per part, joined by UNION ALL: one round trip whatever the number of parts.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

CHUNK_PARTS = 32
"""Part labels (and TEXT indexes): up to this many repos each have a part of their own."""
LABEL_PREFIX = "ChunkPart"
TEMPLATE_LABEL = f"{LABEL_PREFIX}00"
"""The label statements are written with (a real part: the template is valid Cypher as it is)."""


def part_label(repo: str) -> str:
    """The part label of `repo`'s chunks."""
    return f"{LABEL_PREFIX}{zlib.crc32(repo.encode('utf-8')) % CHUNK_PARTS:02d}"


def effective_part(repo: str, stored: str | None) -> str:
    """The part of `repo`'s chunks, given the `chunk_part` its `:Repo` holds (None: none)."""
    if stored is None:
        return part_label(repo)
    _check_label(stored)
    return stored


def choose_part(repo: str, held: Mapping[str, str]) -> str:
    """The part for a new repo, given the part each other repo holds (`held`: repo -> label):
    its hash's part when no other repo holds it, else the lowest of the parts fewest hold."""
    users = Counter(label for other, label in held.items() if other != repo)
    own = part_label(repo)
    if not users[own]:
        return own
    labels = [f"{LABEL_PREFIX}{n:02d}" for n in range(CHUNK_PARTS)]
    return min(labels, key=lambda label: (users[label], label))


def parts_of(
    repos: Iterable[str], held: Mapping[str, str | None] | None = None
) -> dict[str, list[str]]:
    """Part label -> the repos (sorted) whose chunks carry it, parts in label order. `held`:
    the `chunk_part` each repo's `:Repo` holds (a repo missing from it, or None: its hash)."""
    held = held or {}
    parts: dict[str, list[str]] = {}
    for repo in sorted(set(repos)):
        parts.setdefault(effective_part(repo, held.get(repo)), []).append(repo)
    return dict(sorted(parts.items()))


BRANCH_START = "// part"
BRANCH_END = "// end part"
"""The lines (alone, indentation aside) around the branch of a statement that asks several
parts."""


def for_part(statement: str, label: str) -> str:
    """`statement` (written with TEMPLATE_LABEL) asking `label`'s index instead."""
    _check_label(label)
    if TEMPLATE_LABEL not in statement:
        raise ValueError(f"the statement names no {TEMPLATE_LABEL}")
    return statement.replace(TEMPLATE_LABEL, label)


def for_parts(statement: str, labels: Sequence[str]) -> str:
    """`statement`'s marked branch once per part of `labels` (in that order), UNION ALL."""
    if not labels:
        raise ValueError("no chunk part to ask")
    lines = statement.split("\n")
    marks = [line.strip() for line in lines]
    if BRANCH_START not in marks or BRANCH_END not in marks:
        raise ValueError("the statement marks no part branch")
    start, end = marks.index(BRANCH_START), marks.index(BRANCH_END)
    if end < start:
        raise ValueError("the statement marks no part branch")
    union = lines[start].replace(BRANCH_START, "UNION ALL")
    branch = "\n".join(lines[start + 1 : end])
    asked = f"\n{union}\n".join(for_part(branch, label) for label in labels)
    return "\n".join([*lines[:start], asked, *lines[end + 1 :]])


def _check_label(label: str) -> None:
    if not (label.startswith(LABEL_PREFIX) and label[len(LABEL_PREFIX) :].isdigit()):
        raise ValueError(f"not a chunk part label: {label!r}")
