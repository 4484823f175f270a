"""`surgical_context`: one file, its symbols and its graph neighbours, read by a few
index-backed traversals sent at once, each starting at the file's node (never a scan).

Neighbours: callers (symbols in other files calling the file's symbols), callees (what its
symbols call in other files; unresolved ones as ghosts), imports and importers, tests that
touch it (see `languages.is_test_path`), co-change partners. Every list is cut at its bound in
`context_limits` and says so (`total`, `truncated`); `completeness` says how many call sites
named like the file's symbols have receivers the graph could not prove (`graph/completeness`).
The disk copy is hashed (BLAKE3) and compared with the graph's hash, so the answer says
whether it describes the file on disk.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from coderooms.core import beneath
from coderooms.core.chunks import decode
from coderooms.core.clamps import Clamps
from coderooms.core.files import MAX_FILE_BYTES
from coderooms.core.hashing import HASH_ALGORITHM, content_hash
from coderooms.core.ids import file_id
from coderooms.core.paths import Target
from coderooms.errors import CoderoomsError
from coderooms.graph.completeness import COMPLETE, Completeness, unresolved_call_sites
from coderooms.graph.driver import Graph
from coderooms.ingest import CALL_GROUPS, DEEP_LANGUAGES, language_for_path
from coderooms.languages import TEST_PATH_PATTERN, is_test_path
from coderooms.surgical import context_limits as limits
from coderooms.surgical.co_changes import co_change_partners
from coderooms.surgical.connected import Connection, rank_connected
from coderooms.surgical.imports import EXTERNAL, import_kinds
from coderooms.surgical.locate import Located
from coderooms.surgical.sections import users_of

SAME = "same"
DIFFERS = "differs"
MISSING = "missing"
UNREADABLE = "unreadable"

QUERY_THREADS = 8
"""Threads sending the neighbour statements of context calls (six per call, in parallel)."""

CODE_LANGUAGES = sorted(DEEP_LANGUAGES)
"""Languages that are code: their co-change partners are listed before docs and changelogs."""


@dataclass(frozen=True, slots=True)
class DiskCopy:
    """The file on disk now: its state against the graph's hash, its BLAKE3 hash and bytes."""

    state: str
    hash: str | None = None
    data: bytes | None = None
    error: str | None = None

    def as_dict(self) -> dict[str, Any]:
        answer: dict[str, Any] = {
            "state": self.state,
            "hash": self.hash,
            "method": f"{HASH_ALGORITHM} of the file's bytes",
        }
        if self.error:
            answer["error"] = self.error
        return answer


def read_disk(target: Target, graph_hash: str | None) -> DiskCopy:
    """The file as it is now, read beneath its root by descriptor (`core.beneath`): a file or a
    directory on the way swapped for a symlink since the path was resolved is `unreadable`,
    never read through. Larger than an ingest reads, it cannot be the graph's file."""
    try:
        data = beneath.read_file(target.root, target.relative, max_bytes=MAX_FILE_BYTES).data
    except beneath.Missing:
        return DiskCopy(MISSING)
    except CoderoomsError as e:
        return DiskCopy(UNREADABLE, error=e.message)
    except OSError as e:
        return DiskCopy(UNREADABLE, error=e.strerror or type(e).__name__)
    digest = content_hash(data)
    return DiskCopy(SAME if digest == graph_hash else DIFFERS, digest, data)


@dataclass
class Neighbourhood:
    """What the graph says around one file (rows of the surgical/context_* statements)."""

    file: dict[str, Any]
    symbols: dict[str, Any]
    callers: dict[str, Any]
    callees: dict[str, Any]
    files: dict[str, Any]
    tests: list[dict[str, Any]] = field(default_factory=list)
    """Every test file touching the file, most calls first (before the MAX_TESTS cut)."""
    connected: list[Connection] = field(default_factory=list)
    connected_total: int = 0
    relevant: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Per neighbour file id: its symbols most involved with the file."""
    unresolved: Completeness = COMPLETE
    """Call sites named like the file's symbols whose receivers the graph could not prove."""
    import_kinds: dict[str, str] = field(default_factory=dict)
    """Each unresolved import's name: `external` (outside the repo) or `unresolved`."""
    partners: dict[str, Any] | None = None
    """Its co-change partners from its own history (`co_changes`), when asked."""

    @property
    def caller_files(self) -> int:
        return len(self.callers["by_file"])


@dataclass(frozen=True, slots=True)
class Window:
    """Which list a call pages (none: the first page of every list) and from which row."""

    part: str = ""
    offset: int = 0

    def limit(self, name: str) -> int:
        """Rows of list `name` to read: its page, past the offset for the paged list."""
        return limits.page_rows(name) + (self.offset if self.part == name else 0)

    def first(self, name: str) -> int:
        return self.offset if self.part == name else 0


FIRST_PAGE = Window()

_QUERIES = ThreadPoolExecutor(max_workers=QUERY_THREADS, thread_name_prefix="surgical-context")


def gather(
    graph: Graph,
    target: Target,
    connected_cap: int = 0,
    window: Window = FIRST_PAGE,
    sections: frozenset[str] | None = None,
) -> Neighbourhood | None:
    """Every neighbour query for `target` (None when the graph holds no such file). The six
    statements are independent reads from the file's node, sent at once (the sixth counts the
    unresolved call sites of its symbols' names); ranking and test detection follow in
    Python. `sections` (None: all) says whether the co-change partners are read (from git)."""
    fid = file_id(target.repo, target.relative)
    language = language_for_path(target.relative) or ""
    builtin_names = sorted(limits.BUILTIN_NAMES.get(language, frozenset()))
    per_file = limits.SYMBOLS_PER_FILE
    queries: dict[str, tuple[str, dict[str, Any]]] = {
        "file": ("surgical/context_file", {}),
        "symbols": ("surgical/context_symbols", {"limit": window.limit("symbols")}),
        "callers": ("surgical/context_callers", {
            "limit": window.limit("callers"), "top_files": limits.CALLER_SYMBOL_FILES,
            "per_file": per_file,
        }),
        "callees": ("surgical/context_callees", {
            "limit": window.limit("callees"), "ghost_limit": window.limit("ghosts"),
            "builtins": builtin_names, "per_file": per_file,
        }),
        "files": ("surgical/context_files", {"code": CODE_LANGUAGES}),
    }  # fmt: skip
    pending = {key: _QUERIES.submit(graph.read, name, file_id=fid, **params)
               for key, (name, params) in queries.items()}  # fmt: skip
    unresolved = _QUERIES.submit(unresolved_call_sites, graph, [fid], CALL_GROUPS)
    rows = {key: future.result() for key, future in pending.items()}
    if not rows["file"] or not rows["callers"]:
        return None
    file = rows["file"][0]
    callers, callees, files = rows["callers"][0], rows["callees"][0], rows["files"][0]
    # sent as parallel lists: the driver converts them much faster than lists of maps
    for side in (callers, callees):
        side["by_file"] = [
            {"id": i, "calls": n, "edges": e}
            for i, n, e in zip(
                side["file_ids"], side["file_calls"], side["file_edges"], strict=True
            )
        ]
    files["importers"] = [
        {"id": file_id(target.repo, path), "path": path} for path in files["importer_paths"]
    ]
    hood = Neighbourhood(
        file,
        rows["symbols"][0] if rows["symbols"] else {"total": 0, "symbols": []},
        callers,
        callees,
        files,
        unresolved=unresolved.result(),
    )
    hood.tests = tests_touching(str(file["repo"]), hood)
    ghosts = [str(i["name"]) for i in files["imports"] if i["ghost"]]
    if ghosts:
        hood.import_kinds = import_kinds(graph, target.repo, target.root, language, ghosts)
    if sections is None or "co_changes" in sections:
        hood.partners = co_change_partners(graph, target.repo, target.root, [target.relative])
    if connected_cap > 0:
        ranked = rank_connected(
            str(file["repo"]), str(fid), hood.callers["by_file"], hood.callees["by_file"],
            hood.files["imports"], hood.files["importers"], hood.files["co_changes"],
        )  # fmt: skip
        hood.connected_total = len(ranked)
        hood.connected = ranked[:connected_cap]
    relevant = [*hood.callers["relevant"], *hood.callees["relevant"]]
    first = window.first("tests")
    shown = {t["id"] for t in hood.tests[first : first + limits.MAX_TESTS] if t["calls"]}
    shown |= {c.id for c in hood.connected if c.calls_in}
    missing = sorted(shown - set(hood.callers["top_files"]))
    if missing:
        relevant += graph.read(
            "surgical/context_relevant", file_id=fid, files=missing, per_file=per_file
        )
    hood.relevant = merge_relevant(relevant)
    return hood


MODULE_LEVEL = "<module>"
"""How an answer names the code at a file's top level (a caller whose qualname is empty)."""


def merge_relevant(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Per neighbour file, its symbols most involved with the primary (either direction): most
    call sites first, then id."""
    merged: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        merged.setdefault(str(row["file"]), []).extend(
            {**s, "qualname": s.get("qualname") or MODULE_LEVEL} for s in row["symbols"]
        )
    return {
        file: sorted(symbols, key=lambda s: (-int(s["calls"]), s["id"], s["relation"]))[
            : limits.SYMBOLS_PER_FILE
        ]
        for file, symbols in merged.items()
    }


def tests_touching(repo: str, hood: Neighbourhood) -> list[dict[str, Any]]:
    """Test files that call the file's symbols or import it, most call sites first, then path."""
    cut = len(repo) + 1
    found: dict[str, dict[str, Any]] = {}
    for row in hood.callers["by_file"]:
        path = str(row["id"])[cut:]
        if is_test_path(path):
            found[row["id"]] = {
                "id": row["id"],
                "path": path,
                "calls": int(row["calls"]),
                "imports": False,
            }
    for row in hood.files["importers"]:
        if is_test_path(str(row["path"])):
            entry = found.setdefault(
                row["id"], {"id": row["id"], "path": row["path"], "calls": 0, "imports": False}
            )
            entry["imports"] = True
    return sorted(found.values(), key=lambda t: (-t["calls"], t["path"]))


def bounded(items: list[Any], limit: int, total: int | None = None) -> dict[str, Any]:
    total = len(items) if total is None else total
    return {"items": items[:limit], "total": total, "truncated": total > min(limit, len(items))}


def text_excerpt(data: bytes, max_lines: int) -> dict[str, Any]:
    lines = decode(data).splitlines()
    shown = lines[:max_lines]
    cut = [n for n, line in enumerate(shown, start=1) if len(line) > limits.MAX_LINE_CHARS]
    answer: dict[str, Any] = {
        "source": "disk",
        "start_line": 1,
        "end_line": len(shown),
        "total_lines": len(lines),
        "truncated": len(lines) > len(shown),
        "content": "".join(line[: limits.MAX_LINE_CHARS] + "\n" for line in shown),
    }
    if cut:
        answer["cut_lines"] = cut
    return answer


def clamp_text_lines(clamps: Clamps, requested: int | None) -> int:
    value = limits.TEXT_LINES_DEFAULT if requested is None else requested
    return clamps.clamp("max_text_lines", value, limits.TEXT_LINES_MIN, limits.TEXT_LINES_MAX)


def context_answer(
    located: Located,
    disk: DiskCopy,
    hood: Neighbourhood,
    *,
    text_lines: int | None,
    clamps: Clamps,
    window: Window = FIRST_PAGE,
) -> dict[str, Any]:
    """The `surgical_context` answer (v2 adds to it); each list from its start, up to the page
    `window` reads (compact_context pages them)."""
    file = located.file
    imports = hood.files["imports"]
    callers, callees = hood.callers, hood.callees
    tests = [
        {
            "path": t["path"],
            "calls": t["calls"],
            "imports": t["imports"],
            "symbols": [
                s for s in hood.relevant.get(t["id"], []) if s["relation"] == "calls_primary"
            ][: limits.MAX_TEST_SYMBOLS],
        }
        for t in hood.tests[: window.limit("tests")]
    ]
    resolved = [_import_row(i) for i in imports if not i["ghost"]]
    kinds = hood.import_kinds
    external = sorted({str(i["name"]) for i in imports
                       if i["ghost"] and kinds.get(str(i["name"])) == EXTERNAL})  # fmt: skip
    unresolved = [{"name": i["name"], "line": i["line"]} for i in imports
                  if i["ghost"] and kinds.get(str(i["name"])) != EXTERNAL]  # fmt: skip
    users = users_of(located.target.repo, callers["by_file"], hood.files["importers"],
                     hood.relevant)  # fmt: skip
    answer: dict[str, Any] = {
        "repo": located.target.repo,
        "path": located.target.relative,
        "id": file["id"],
        "language": file["language"],
        "lines": file["lines"],
        "size": file["size"],
        "hash": file["hash"],
        "hash_algorithm": file["hash_algorithm"] or HASH_ALGORITHM,
        "problems": list(file["problems"]),
        "disk": disk.as_dict(),
        "symbols": bounded(
            list(hood.symbols["symbols"]), window.limit("symbols"), int(hood.symbols["total"])
        ),
        "callers": {
            **bounded(
                list(callers["callers"]),
                window.limit("callers"),
                sum(int(r["edges"]) for r in callers["by_file"]),
            ),
            "calls": sum(int(r["calls"]) for r in callers["by_file"]),
            "files": hood.caller_files,
        },
        "completeness": hood.unresolved.as_field(),
        "completeness_note": hood.unresolved.note(),
        "callees": {
            **bounded(
                list(callees["callees"]),
                window.limit("callees"),
                sum(int(r["edges"]) for r in callees["by_file"]),
            ),
            "files": len(callees["by_file"]),
            "internal_edges": int(callees["internal_edges"]),
            "all_edges": int(callees["edges"]),
        },
        "ghosts": {
            **bounded(list(callees["ghosts"]), window.limit("ghosts"), int(callees["ghost_names"])),
            "edges": int(callees["ghost_edges"]),
            "edges_not_builtin": int(callees["foreign_ghost_edges"]),
        },
        "users": bounded(users, window.limit("users")),
        "imports": {
            **bounded(resolved, window.limit("imports")),
            "external": external,
            "unresolved": bounded(unresolved, window.limit("unresolved_imports")),
        },
        "importers": bounded(
            [{"path": r["path"]} for r in hood.files["importers"]], window.limit("importers")
        ),
        "tests": {
            **bounded(tests, window.limit("tests"), len(hood.tests)),
            "convention": "path-based, see docs/surgical-context.md",
            "pattern": TEST_PATH_PATTERN,
        },
        "co_changes": hood.partners or {},
    }
    if text_lines is not None:
        answer["text"] = (
            text_excerpt(disk.data, text_lines)
            if disk.data is not None
            else {"source": "disk", "available": False, "reason": f"the file is {disk.state}"}
        )
    answer["clamped"] = clamps.as_dict()
    return answer


def _import_row(row: dict[str, Any]) -> dict[str, Any]:
    return {"path": row["path"], "line": row["line"], "confidence": row["confidence"]}
