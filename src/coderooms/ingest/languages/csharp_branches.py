"""C# `#elif` / `#else` branches, read as further programs of the same file.

The first reading of a C# file (`csharp.first_branches`) takes the first branch of each `#if`:
one consistent program, as a compiler with those symbols defined would see. A definition in an
`#else` is still a definition of the repo (Newtonsoft's `DateTimeUtils.ToDateTimeFormat` for
the targets without `XmlDateTimeSerializationMode`), so the file is read again once per further
branch: reading `k` takes branch `k` of each `#if` that has one (its last branch where it has
fewer; an `#if` with no `#else` is read in every reading), every other byte of a directive or a
branch left out made a space (lines and offsets stay).

What a further reading defines that the first does not (by qualname: a name defined in both
branches is one symbol, the first branch's) joins the extraction, with the calls, facts and
bases inside those definitions, and the `using` directives only that branch has. A reading that
parses with more errors than the first is not merged.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from coderooms.ingest.model import Extraction

_DIRECTIVE = re.compile(rb"^[ \t]*#[ \t]*([a-z]*)[^\n]*", re.MULTILINE)
_NOT_NEWLINE = re.compile(rb"[^\n]")


def branch_counts(source: bytes) -> list[int]:
    """The number of branches of each `#if`, in the order the `#if`s start."""
    counts: list[int] = []
    open_at: list[int] = []
    for match in _DIRECTIVE.finditer(source):
        word = match.group(1)
        if word == b"if":
            open_at.append(len(counts))
            counts.append(1)
        elif word in (b"elif", b"else") and open_at:
            counts[open_at[-1]] += 1
        elif word == b"endif" and open_at:
            open_at.pop()
    return counts


def nth_branches(source: bytes, k: int) -> bytes:
    """`source` with its directives blanked and, of each `#if`, only branch `k` kept (its last
    where it has fewer than `k + 1`); `k = 0` is `csharp.first_branches`."""
    counts = branch_counts(source)
    out = bytearray(source)
    kept: list[bool] = []  # per open `#if`: whether the branch being read is kept
    wanted: list[int] = []  # per open `#if`: the branch kept
    at: list[int] = []  # per open `#if`: the branch being read
    started = 0
    since = 0
    for match in _DIRECTIVE.finditer(source):
        start, end = match.span()
        if not all(kept):
            out[since:start] = _NOT_NEWLINE.sub(b" ", source[since:start])
        out[start:end] = b" " * (end - start)
        word = match.group(1)
        if word == b"if":
            wanted.append(min(k, counts[started] - 1))
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
    ex: Extraction, source: bytes, errors: int, read: Callable[[bytes], tuple[Extraction, int]]
) -> None:
    """Adds to `ex` (the first reading of `source`, with `errors` syntax errors) what each
    further reading defines and it does not; `read` extracts a reading and counts its errors."""
    counts = branch_counts(source) if b"#el" in source else []
    known = {s.qualname for s in ex.symbols}
    imports = set(ex.imports)
    merged = False
    for k in range(1, max(counts, default=1)):
        other, other_errors = read(nth_branches(source, k))
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
