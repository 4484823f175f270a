"""Chunks are partitioned by repo for the trigram index: each chunk carries, besides `:Chunk`,
one of CHUNK_PARTS part labels (`:ChunkPart07`) picked by a hash of its repo id, and each part
label has its own TEXT index on `text` (migration 18). A literal search scoped to one repo asks
its part's index alone, so chunks of other repos that hold the literal are neither returned nor
read back (measured on a database holding five copies of the standard library,
`os.path.join(` scoped to one: 35 -> 8 ms).

The part is a pure function of the repo id (no state to look up, nothing to go stale when a repo
is deleted and ingested again); two repos may share a part, which costs a search of one of them
the other's candidates, never a hit. Cypher needs a label written in the statement for the index
to be used (a dynamic `:$(label)` match is not index-backed in Neo4j 5.26), so statements that
ask a part's index are written with TEMPLATE_LABEL and given the part's label by `for_part`;
one that asks several parts at once marks its branch (`// part` ... `// end part`, a
subquery body) and `for_parts` repeats it per part, joined by UNION ALL: one round trip
whatever the number of parts.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence

CHUNK_PARTS = 32
"""Part labels (and TEXT indexes). With five repos in a database, one of them shares its part
with another with probability 1 - (31/32)^4 ≈ 12%."""
LABEL_PREFIX = "ChunkPart"
TEMPLATE_LABEL = f"{LABEL_PREFIX}00"
"""The label statements are written with (a real part: the template is valid Cypher as it is)."""


def part_label(repo: str) -> str:
    """The part label of `repo`'s chunks."""
    return f"{LABEL_PREFIX}{zlib.crc32(repo.encode('utf-8')) % CHUNK_PARTS:02d}"


def parts_of(repos: Iterable[str]) -> dict[str, list[str]]:
    """Part label -> the repos (sorted) whose chunks carry it, parts in label order."""
    parts: dict[str, list[str]] = {}
    for repo in sorted(set(repos)):
        parts.setdefault(part_label(repo), []).append(repo)
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
