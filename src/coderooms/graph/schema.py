"""Numbered schema migrations (`cypher/schema/NNNN_*.cypher`), applied idempotently at start.

Every statement in a migration is written `IF NOT EXISTS` (or `IF EXISTS` for a drop), so two
processes migrating at once, or a migration applied twice, leave the same schema. The highest
applied number is kept on the single `(:SchemaVersion {id: 'coderooms'})` node.

A migration may have a data step (DATA_STEPS), run before its statements: it derives a property
the new schema indexes for nodes written before it existed. Data steps only fill what is missing,
so they are idempotent too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from coderooms.core.hashing import text_digest
from coderooms.core.words import symbol_words
from coderooms.graph.chunk_parts import part_label
from coderooms.graph.cypher import load, split_statements, statement_names
from coderooms.graph.driver import Graph
from coderooms.graph.fulltext import repo_key
from coderooms.graph.repo_parts import held_parts

MIGRATION_NAME = re.compile(r"^schema/(\d{4})_[a-z0-9_]+$")
DATA_STEP_BATCH = 5_000
"""Nodes a data step reads and writes per transaction."""
DIGEST_STEP_BATCH = 500
"""Chunks the digest step reads per transaction (their texts come along: up to 8 MiB)."""


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str

    def statements(self) -> list[str]:
        return split_statements(load(self.name))


def migrations() -> list[Migration]:
    found = []
    for name in statement_names():
        match = MIGRATION_NAME.match(name)
        if match:
            found.append(Migration(int(match.group(1)), name))
    return sorted(found, key=lambda m: m.number)


def latest_version() -> int:
    return max((m.number for m in migrations()), default=0)


def current_version(graph: Graph) -> int:
    rows = graph.read("schema/read_version")
    return int(rows[0]["version"]) if rows else 0


def migrate(graph: Graph) -> list[str]:
    """Apply every migration newer than the recorded version; return the names applied."""
    applied: list[str] = []
    have = current_version(graph)
    for migration in migrations():
        if migration.number <= have:
            continue
        step = DATA_STEPS.get(migration.number)
        if step is not None:
            step(graph)
        for statement in migration.statements():
            graph.run_text(statement)
        graph.write("schema/record_version", version=migration.number, name=migration.name)
        applied.append(migration.name)
    if applied:
        graph.write("schema/await_indexes")
    return applied


def backfill_symbol_words(graph: Graph) -> int:
    """Write `words` and `repo_key` on every symbol that lacks them (graphs ingested before
    migration 12); the number written."""
    return _backfill(
        graph,
        "schema/symbols_without_words",
        "schema/write_symbol_words",
        DATA_STEP_BATCH,
        lambda row: {
            "id": row["id"],
            "words": symbol_words(row["name"] or "", row["qualname"] or ""),
            "repo_key": repo_key(row["repo"] or ""),
        },
    )


def backfill_chunk_digests(graph: Graph) -> int:
    """Write `digest` on every chunk that lacks it (graphs ingested before chunk digests): the
    search's text cache serves a chunk only under its digest, and the ingest keeps a chunk whose
    digest is unchanged. The number written."""
    return _backfill(
        graph,
        "schema/chunks_without_digest",
        "schema/write_chunk_digests",
        DIGEST_STEP_BATCH,
        lambda row: {"id": row["id"], "digest": text_digest(row["start"], row["end"], row["text"])},
    )


def backfill_chunk_parts(graph: Graph) -> int:
    """Give every chunk its repo's part label (graphs ingested before the trigram index was
    partitioned by repo); the number labelled."""
    held = held_parts(graph)
    return _backfill(
        graph,
        "schema/chunks_without_part",
        "schema/write_chunk_parts",
        DATA_STEP_BATCH,
        lambda row: {"id": row["id"], "part": held.get(row["repo"]) or part_label(row["repo"])},
    )


def _backfill(
    graph: Graph,
    read: str,
    write: str,
    batch: int,
    derive: Callable[[dict[str, Any]], dict[str, Any]],
) -> int:
    """Read the nodes lacking a property (`read`, in id order after `$after`, `$batch` at a
    time), derive each one's row and write them (`write`), until none is left."""
    after, written = "", 0
    while True:
        rows = graph.read(read, after=after, batch=batch)
        if not rows:
            return written
        graph.write(write, rows=[derive(row) for row in rows])
        written += len(rows)
        after = str(rows[-1]["id"])


DATA_STEPS: dict[int, Callable[[Graph], object]] = {
    12: backfill_symbol_words,
    16: backfill_chunk_digests,
    18: backfill_chunk_parts,
}
"""Per migration number, what runs before its statements."""
