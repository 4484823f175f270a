"""Peek: a bounded window of a route target's source, read from disk, CLOSED by default.

The pipeline, in order (each step refuses with `peek_refused` naming the reason):
1. the target must live in a file the graph knows (a ghost has no source);
2. canonicalise the path and check it against the allow-list: the ingest root of the target's
   repo, only (`core.paths`: `..`, symlinks, VCS state and coderooms' home refused; no root
   known means nothing is allowed);
3. the file is opened beneath that root by descriptor, no symlink followed on the way
   (`core.beneath`: what keeps step 2 true if the path is swapped after it); it must exist
   and be a regular file;
4. size: an fstat of that descriptor, before anything is read; larger than
   PEEK_MAX_FILE_BYTES is refused;
5. staleness: the BLAKE3 hash of the bytes read against the graph's `File.hash`; a difference
   is NOT refused: the disk text is returned with `stale: true` (the target's lines come from
   the graph and may have moved; re-ingest to realign);
6. binary: a NUL byte in the first PEEK_BINARY_SNIFF_BYTES is refused;
7. UTF-8: undecodable bytes become U+FFFD and `replaced_invalid_utf8` says so;
8. the window: the target's lines with PEEK_CONTEXT_LINES around, at most PEEK_MAX_LINES lines
   of at most PEEK_MAX_LINE_CHARS characters.
"""

from __future__ import annotations

from typing import Any

from coderooms.config import Settings
from coderooms.core import beneath
from coderooms.core.hashing import HASH_ALGORITHM, content_hash
from coderooms.core.paths import Target, resolve_target
from coderooms.errors import CoderoomsError
from coderooms.graph.driver import Graph
from coderooms.perspective.errors import PeekRefused
from coderooms.perspective.limits import (
    PEEK_BINARY_SNIFF_BYTES,
    PEEK_CONTEXT_LINES,
    PEEK_MAX_FILE_BYTES,
    PEEK_MAX_LINE_CHARS,
    PEEK_MAX_LINES,
)
from coderooms.perspective.model import Route
from coderooms.scope.readable import ingest_roots
from coderooms.scope.served import served_scope


def peek_route(graph: Graph, settings: Settings, route: Route) -> dict[str, Any]:
    rows = graph.read("perspective/state_peek_target", id=route.target_id)
    if not rows:
        raise PeekRefused(
            f"{route.target_id!r} has no source file in the graph (a ghost, or gone)",
            field="route_id",
            hint="peek a route whose target is a file or a symbol (peek_available: true)",
        )
    row = rows[0]
    repo, relative = str(row["repo"]), str(row["path"])
    data = _read_bounded(_allowed_target(graph, settings, repo, relative))
    stale = row["hash"] is not None and content_hash(data) != row["hash"]
    if b"\x00" in data[:PEEK_BINARY_SNIFF_BYTES]:
        raise PeekRefused(f"{relative!r} is binary", field="route_id")
    try:
        text, replaced = data.decode("utf-8"), False
    except UnicodeDecodeError:
        text, replaced = data.decode("utf-8", errors="replace"), True
    lines = text.splitlines()
    first, last, truncated = _window(row["start_line"], row["end_line"], len(lines))
    shown: list[dict[str, Any]] = []
    cut: list[int] = []
    for number in range(first, last + 1):
        line = lines[number - 1]
        if len(line) > PEEK_MAX_LINE_CHARS:
            cut.append(number)
            line = line[:PEEK_MAX_LINE_CHARS]
        shown.append({"line": number, "text": line})
    return {
        "repo": repo,
        "path": relative,
        "target_lines": {"start": row["start_line"], "end": row["end_line"]},
        "start_line": first,
        "end_line": last,
        "total_lines": len(lines),
        "lines": shown,
        "truncated": truncated,
        "cut_lines": cut,
        "stale": stale,
        "replaced_invalid_utf8": replaced,
        "hash_algorithm": HASH_ALGORITHM,
    }


def _allowed_target(graph: Graph, settings: Settings, repo: str, relative: str) -> Target:
    scope = served_scope(settings)
    roots = ingest_roots(graph, scope, [repo])
    if not roots:
        raise PeekRefused(
            f"repo {repo!r} has no ingest root on this machine, so nothing of it may be read",
            field="route_id",
            hint="peek reads only files under an ingested root",
        )
    try:
        return resolve_target(roots, relative, scope=scope, repo=repo)
    except CoderoomsError as e:
        raise PeekRefused(f"{relative!r} may not be read: {e.message}", field="route_id") from e


def _read_bounded(target: Target) -> bytes:
    """The file read beneath its root by descriptor (`core.beneath`), its size taken from the
    descriptor before anything is read: a swap since the check is refused, never followed."""
    relative = target.relative
    try:
        return beneath.read_file(target.root, relative, max_bytes=PEEK_MAX_FILE_BYTES).data
    except beneath.Missing:
        raise PeekRefused(
            f"{relative!r} no longer exists on disk",
            field="route_id",
            hint="the graph catches up on the next ingest; call perspective_routes after",
        ) from None
    except beneath.TooLarge as e:
        raise PeekRefused(
            f"{relative!r} is {e.size} bytes, over the peek cap of {PEEK_MAX_FILE_BYTES}",
            field="route_id",
            hint="use view to read a line range of a large file",
        ) from None
    except beneath.NotRegular:
        raise PeekRefused(f"{relative!r} is not a regular file", field="route_id") from None
    except CoderoomsError as e:
        raise PeekRefused(f"{relative!r} may not be read: {e.message}", field="route_id") from e
    except OSError as e:
        raise PeekRefused(f"{relative!r} cannot be read: {e.strerror}", field="route_id") from e


def _window(start: object, end: object, total: int) -> tuple[int, int, bool]:
    """1-based inclusive lines to show, and whether the target was longer than the window."""
    if total == 0:
        return 1, 0, False
    first_target = start if isinstance(start, int) and start >= 1 else 1
    last_target = end if isinstance(end, int) and end >= first_target else first_target
    if start is None:  # a whole file: its head
        last_target = min(total, PEEK_MAX_LINES)
    first_target = min(first_target, total)
    last_target = min(last_target, total)
    first = max(1, first_target - PEEK_CONTEXT_LINES)
    last = min(total, last_target + PEEK_CONTEXT_LINES)
    truncated = last - first + 1 > PEEK_MAX_LINES
    if truncated:
        last = first + PEEK_MAX_LINES - 1
    return first, last, truncated
