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
ask a part's index are written with TEMPLATE_LABEL and given the part's label by `for_part`.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable

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


def for_part(statement: str, label: str) -> str:
    """`statement` (written with TEMPLATE_LABEL) asking `label`'s index instead."""
    if not (label.startswith(LABEL_PREFIX) and label[len(LABEL_PREFIX) :].isdigit()):
        raise ValueError(f"not a chunk part label: {label!r}")
    if TEMPLATE_LABEL not in statement:
        raise ValueError(f"the statement names no {TEMPLATE_LABEL}")
    return statement.replace(TEMPLATE_LABEL, label)
