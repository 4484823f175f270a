"""A file's preprocessor branches: one reading of them (`nth_branches`), shared by C/C++
(`coderooms.languages.cpp.branches`) and C# (`coderooms.languages.csharp.branches`), each
language saying which directives it matches and which of them open a conditional; and what
further readings define merged into the kept one (`merge_other_branches`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable

from coderooms.resolution.extraction import Extraction

_NOT_NEWLINE = re.compile(rb"[^\n]")


def nth_branches(
    source: bytes,
    k: int,
    lives: list[list[int]],
    directives: re.Pattern[bytes],
    opening: Collection[bytes],
) -> bytes:
    """`source` with every match of `directives` blanked and, of each conditional (opened by a
    word of `opening`, in the order they start, `lives` its live branches), only its live branch
    `k` kept (its last where it has fewer than `k + 1`; none where none is live). Every other
    byte left out is made a space: lines and offsets stay."""
    out = bytearray(source)
    kept: list[bool] = []  # per open conditional: whether the branch being read is kept
    wanted: list[int] = []  # per open conditional: the branch kept
    at: list[int] = []  # per open conditional: the branch being read
    started = 0
    since = 0
    for match in directives.finditer(source):
        start, end = match.span()
        if not all(kept):
            out[since:start] = _NOT_NEWLINE.sub(b" ", source[since:start])
        out[start:end] = _NOT_NEWLINE.sub(b" ", source[start:end])
        word = match.group(1)
        if word in opening:
            live = lives[started]
            wanted.append(live[min(k, len(live) - 1)] if live else -1)
            started += 1
            at.append(0)
            kept.append(wanted[-1] == 0)
        elif word in (b"elif", b"else") and kept:
            at[-1] += 1
            kept[-1] = at[-1] == wanted[-1]
        elif word == b"endif" and kept:
            kept.pop()
            wanted.pop()
            at.pop()
        since = end
    if not all(kept):
        out[since:] = _NOT_NEWLINE.sub(b" ", source[since:])
    return bytes(out)


def merge_other_branches(
    ex: Extraction,
    errors: int,
    readings: Iterable[bytes],
    read: Callable[[bytes], tuple[Extraction, int]],
) -> None:
    """Adds to `ex` (a file's kept reading, with `errors` syntax errors) what each further
    reading in `readings` defines and it does not; `read` extracts a reading and counts its
    errors."""
    known = {s.qualname for s in ex.symbols}
    imports = set(ex.imports)
    merged = False
    for reading in readings:
        other, other_errors = read(reading)
        if other_errors > errors:
            continue
        for ref in other.imports:
            if ref not in imports:
                imports.add(ref)
                ex.imports.append(ref)
                merged = True
        new = {s.qualname for s in other.symbols if s.qualname and s.qualname not in known}
        if not new:
            continue
        merged = True
        known |= new
        ex.symbols.extend(s for s in other.symbols if s.qualname in new)
        ex.calls.extend(c for c in other.calls if c.caller in new)
        ex.inherits.extend(i for i in other.inherits if i.child in new)
        ex.facts.extend(f for f in other.facts if f.scope in new)
    if not merged:
        return
    ex.symbols.sort(key=lambda s: (s.start_line, -s.end_line))
    ex.calls.sort(key=lambda c: c.line)
    ex.inherits.sort(key=lambda i: i.line)
    ex.imports.sort(key=lambda i: i.line)
