"""A quarantined file as the graph holds it: its `:File` node (path, language, size, hash,
mtime, lines: an unchanged file is not read again), its module symbol for a language that has
one, and its `problems` saying why; no other symbol, no reference, no import, no chunk. A file
is made bare the same way whichever stage failed (read, extraction, write) and whichever ingest
found it (full, incremental, named paths), so the graph is the same (`ingest.quarantine`)."""

from __future__ import annotations

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import DEEP_LANGUAGES, module_name
from coderooms.ingest.rows import ParsedFile
from coderooms.resolution.extraction import SymbolDef
from coderooms.resolution.ref_requests import FileRecord

QUARANTINED = "quarantined"
"""How a quarantined file's last problem starts (`File.problems`)."""
MAX_REASON_CHARS = 200


def bare_file(
    path: str,
    size: int,
    mtime_ns: int,
    digest: str,
    lines: int,
    language: str | None,
    problems: list[str],
) -> ParsedFile:
    record = FileRecord(path, language, problems=list(problems))
    if language in DEEP_LANGUAGES:
        module = SymbolDef(SymbolKind.MODULE, module_name(path), "", 1, max(lines, 1), "", None)
        record.symbols = [module]
    return ParsedFile(path, size, mtime_ns, digest, lines, language, record, [])


def bare(parsed: ParsedFile, reason: str) -> ParsedFile:
    """`parsed` made bare, `reason` added to its problems."""
    problems = [*parsed.record.problems, reason]
    return bare_file(
        parsed.path,
        parsed.size,
        parsed.mtime_ns,
        parsed.hash,
        parsed.lines,
        parsed.language,
        problems,
    )


def quarantine_reason(stage: str, error: BaseException) -> str:
    """`quarantined: <stage>: <Type>: <message>`, the message's first line, cut."""
    text = (str(error).splitlines() or [""])[0]
    return f"{QUARANTINED}: {stage}: {type(error).__name__}: {text}"[: MAX_REASON_CHARS + 40]
