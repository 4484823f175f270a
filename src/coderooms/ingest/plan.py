"""What a changeset is (the files added, changed and deleted) and what planning it gives: the
rows to write (`Plan`) and what the write did (`WriteStats`). Data only, so that the planner
(`changeset`) and the statements (`write_jobs`) both import it and not each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from coderooms.core.ids import file_id
from coderooms.ingest.resolution_memo import Pending
from coderooms.ingest.rows import EdgeRow, ParsedFile
from coderooms.ingest.triggers import Triggers


@dataclass(slots=True)
class Changeset:
    repo: str
    upserts: list[ParsedFile] = field(default_factory=list)
    deletes: list[str] = field(default_factory=list)
    added: set[str] = field(default_factory=set)
    """Paths among the upserts that the graph did not have before."""
    fresh: bool = False
    """The repo has no files in the graph yet: nothing to read back, nothing to re-resolve."""

    @property
    def claims(self) -> list[str]:
        return [file_id(self.repo, p.path) for p in self.upserts] + [
            file_id(self.repo, path) for path in self.deletes
        ]

    @property
    def rewritten(self) -> list[str]:
        """Claims of the upserted files the graph already had (sorted)."""
        return sorted(file_id(self.repo, p.path) for p in self.upserts if p.path not in self.added)


@dataclass(slots=True)
class WriteStats:
    files_written: int = 0
    files_deleted: int = 0
    symbols_written: int = 0
    symbols_deleted: int = 0
    edges_written: int = 0
    edges_moved: int = 0
    """Edges kept but given a new line (an edit above them moved them)."""
    chunks_written: int = 0
    chunks_moved: int = 0
    """Chunks kept with their text but given new lines (an edit above them moved them)."""
    references_reresolved: int = 0
    importers_reresolved: int = 0
    ghosts_collected: int = 0
    symbol_ids: dict[str, tuple[list[str], list[str]]] = field(default_factory=dict, repr=False)
    """Per written file id: its symbol ids before and after the write (what `apply` reports);
    left out of IngestReport.as_dict."""


@dataclass(slots=True)
class Plan:
    """Everything to write, computed from one consistent read of the graph."""

    file_rows: list[dict[str, Any]] = field(default_factory=list)
    symbol_rows: list[dict[str, Any]] = field(default_factory=list)
    """Symbols of files the graph already had (merged: kept ones keep their incoming edges)."""
    new_symbol_rows: list[dict[str, Any]] = field(default_factory=list)
    """Symbols of files new to the graph (created outright)."""
    chunk_rows: list[dict[str, Any]] = field(default_factory=list)
    """Chunks to create: all of a new file's, only the changed ones of a file the graph had."""
    stale_chunks: list[str] = field(default_factory=list)
    """Chunk ids of rewritten files whose text changed, or that are gone."""
    moved_chunks: list[dict[str, Any]] = field(default_factory=list)
    """Chunks the graph holds whose text a new one has at other lines: {old, id, seq,
    start_line, end_line, digest}."""
    edges: list[EdgeRow] = field(default_factory=list)
    """Edges to create: for the rewritten files, only those the graph does not hold already."""
    ghosts: dict[str, str] = field(default_factory=dict)
    removed_symbols: list[str] = field(default_factory=list)
    stale_edges: list[str] = field(default_factory=list)
    moved_edges: list[dict[str, Any]] = field(default_factory=list)
    """Edges the graph holds that differ from a new one only in `line`: {rid, line, digest}."""
    stale_ghosts: set[str] = field(default_factory=set)
    importers: list[str] = field(default_factory=list)
    refresh_keys: set[str] = field(default_factory=set)
    """Files whose re-resolved Python references may have changed their `ref_keys`."""
    reresolved: int = 0
    symbol_ids: dict[str, tuple[list[str], list[str]]] = field(default_factory=dict)
    """Per claim written or deleted: its symbol ids before and after (sorted)."""
    triggers: Triggers = field(default_factory=Triggers)
    """What re-resolved other files' references (`ingest.triggers`)."""
    reused: int = 0
    """References of the files given the last save's resolution (`resolution_memo`)."""
    memos: list[Pending] = field(default_factory=list)
    """What this plan resolved, to keep once its write committed (`resolution_memo.keep`)."""
