"""Read, hash and extract one file: the unit of work handed to the worker processes."""

from __future__ import annotations

import errno
import os
import posixpath
from dataclasses import dataclass
from typing import Any

from coderooms.core import beneath
from coderooms.core.chunks import chunk_text, decode
from coderooms.core.files import BINARY_SNIFF_BYTES, MAX_FILE_BYTES, looks_binary
from coderooms.core.hashing import content_hash
from coderooms.core.kinds import SymbolKind
from coderooms.core.nesting import TooDeep
from coderooms.errors import CoderoomsError
from coderooms.ingest.bare import bare_file, quarantine_reason
from coderooms.ingest.import_requests import build_record
from coderooms.ingest.languages import DEEP_LANGUAGES, PROJECT_TABLES, extract, language_for_path
from coderooms.ingest.rows import ParsedFile
from coderooms.resolution.extraction import SymbolDef
from coderooms.resolution.ref_requests import FileRecord, RefRequest
from coderooms.resolution.targets import ImportRequest


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


def count_lines(data: bytes) -> int:
    if not data:
        return 0
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


def read_file(job: ReadJob) -> ParsedFile | Skipped | Unchanged:
    """The file of `job`, read beneath its root by descriptor (`core.beneath`): a file or a
    directory on the way swapped for a symlink since the walk (or the watcher's check) is
    skipped (`symlink`), never read through; a FIFO or a device swapped in is never opened.
    A file whose parse fails is quarantined (written bare, `ingest.bare`), never a failure of
    the ingest around it."""
    root, relative = beneath_of(job)
    try:
        read = beneath.read_file(root, relative, max_bytes=max(job.size, MAX_FILE_BYTES))
    except (beneath.ThroughSymlink, beneath.NotRegular, beneath.TooLarge) as e:
        return Skipped(job.path, e.reason)
    except beneath.Missing:
        return Skipped(job.path, f"unreadable: {os.strerror(errno.ENOENT)}")
    except beneath.Denied:
        return Skipped(job.path, f"unreadable: {os.strerror(errno.EACCES)}")
    except CoderoomsError as e:
        return Skipped(job.path, f"unreadable: {e.message}")
    except OSError as e:
        return Skipped(job.path, f"unreadable: {e.strerror or type(e).__name__}")
    data = read.data
    try:
        return parse_data(job, data)
    except Exception as error:
        lines, language = count_lines(data), language_for_path(job.path)
        reason = quarantine_reason("not read", error)
        return bare_file(
            job.path, len(data), job.mtime_ns, content_hash(data), lines, language, [reason]
        )


def beneath_of(job: ReadJob) -> tuple[str, str]:
    """The root a job's file is read beneath, and its path there: `absolute` is the root joined
    with `path` (the walker, a targeted ingest); any other job is read beneath its own
    directory."""
    suffix = "/" + job.path
    if job.absolute.endswith(suffix):
        return job.absolute[: -len(suffix)] or "/", job.path
    return posixpath.dirname(job.absolute) or "/", posixpath.basename(job.absolute)


def parse_data(job: ReadJob, data: bytes) -> ParsedFile | Skipped | Unchanged:
    """The file of `job` as if it held `data`."""
    if looks_binary(data[:BINARY_SNIFF_BYTES]):
        return Skipped(job.path, "binary")
    digest = content_hash(data)
    if digest == job.known_hash:
        return Unchanged(job.path, len(data), job.mtime_ns)
    language = language_for_path(job.path)
    extraction = extract(language, job.path, data) if language in DEEP_LANGUAGES else None
    record = build_record(job.path, language, extraction)
    text = decode(data)
    try:
        record.names = project_entries(job, language, text, record.names)
    except TooDeep as e:
        record.problems.append(str(e))
    chunks = chunk_text(text)
    return ParsedFile(
        job.path, len(data), job.mtime_ns, digest, count_lines(data), language, record, chunks
    )


def project_entries(job: ReadJob, language: str | None, text: str, own: list[str]) -> list[str]:
    """The module table a project file keeps (`File.names`); a source file's own (what
    `build_record` gave it, `own`) when the file is none."""
    project = PROJECT_TABLES.project_file(job.path, language)
    if project is None or project.read is None:
        return own
    root = job.absolute[: -len(job.path)] if job.absolute.endswith(job.path) else ""
    return project.read(job.path, text, root.rstrip("/"))


def read_files(jobs: list[ReadJob]) -> list[ParsedFile | Skipped | Unchanged]:
    """A chunk of jobs in one call."""
    return [read_file(job) for job in jobs]


# A worker process sends its results back as plain tuples: pickling hundreds of thousands of
# small dataclass instances costs more than the parsing it parallelises.
Wire = tuple[Any, ...]


def read_files_wire(jobs: list[ReadJob]) -> list[Wire | Skipped | Unchanged]:
    """`read_files` for a worker process: parsed files as tuples (see `from_wire`)."""
    return [to_wire(r) if isinstance(r, ParsedFile) else r for r in map(read_file, jobs)]


def to_wire(parsed: ParsedFile) -> Wire:
    record = parsed.record
    return (
        parsed.path, parsed.size, parsed.mtime_ns, parsed.hash, parsed.lines, parsed.language,
        tuple(record.problems),
        tuple(
            (s.kind.value, s.name, s.qualname, s.start_line, s.end_line, s.signature, s.parent,
             s.doc)
            for s in record.symbols
        ),
        tuple(
            (r.source, r.kind, r.ref, r.name, r.line, r.group, r.count, r.bound,
             r.alternatives, r.local, r.ghost, r.expr, r.then, r.arities)
            for r in record.references
        ),
        tuple(i.encode() for i in record.imports),
        tuple(record.names),
        tuple(parsed.chunks),
    )  # fmt: skip


def from_wire(wire: Wire | Skipped | Unchanged) -> ParsedFile | Skipped | Unchanged:
    if not isinstance(wire, tuple):
        return wire
    (
        path,
        size,
        mtime_ns,
        digest,
        lines,
        language,
        problems,
        symbols,
        references,
        imports,
        names,
        chunks,
    ) = wire
    record = FileRecord(
        path,
        language,
        [
            SymbolDef(SymbolKind(k), n, q, a, b, sig, parent, doc)
            for k, n, q, a, b, sig, parent, doc in symbols
        ],
        [RefRequest(*fields) for fields in references],
        [ImportRequest.decode(text) for text in imports],
        list(problems),
        list(names),
    )
    return ParsedFile(path, size, mtime_ns, digest, lines, language, record, list(chunks))
