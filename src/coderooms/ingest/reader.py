"""Read, hash and extract one file: the unit of work handed to the worker processes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import blake3

from coderooms.ingest.languages import DEEP_LANGUAGES, extract, language_for_path
from coderooms.ingest.references import build_record
from coderooms.ingest.rows import ParsedFile
from coderooms.ingest.walker import BINARY_SNIFF_BYTES, looks_binary


@dataclass(frozen=True, slots=True)
class ReadJob:
    path: str
    absolute: str
    size: int
    mtime_ns: int
    known_hash: str | None
    """The hash the graph has; equal content means no parse and no write."""


@dataclass(frozen=True, slots=True)
class Skipped:
    path: str
    reason: str


@dataclass(frozen=True, slots=True)
class Unchanged:
    path: str
    size: int
    mtime_ns: int


def content_hash(data: bytes) -> str:
    return blake3.blake3(data).hexdigest()


def count_lines(data: bytes) -> int:
    if not data:
        return 0
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


def read_file(job: ReadJob) -> ParsedFile | Skipped | Unchanged:
    try:
        data = Path(job.absolute).read_bytes()
    except OSError as e:
        return Skipped(job.path, f"unreadable: {e.strerror or e}")
    if looks_binary(data[:BINARY_SNIFF_BYTES]):
        return Skipped(job.path, "binary")
    digest = content_hash(data)
    if digest == job.known_hash:
        return Unchanged(job.path, len(data), job.mtime_ns)
    language = language_for_path(job.path)
    extraction = extract(language, job.path, data) if language in DEEP_LANGUAGES else None
    record = build_record(job.path, language, extraction)
    return ParsedFile(
        job.path, len(data), job.mtime_ns, digest, count_lines(data), language, record
    )


def read_files(jobs: list[ReadJob]) -> list[ParsedFile | Skipped | Unchanged]:
    """A chunk of jobs in one call (fewer round trips to a worker process)."""
    return [read_file(job) for job in jobs]
