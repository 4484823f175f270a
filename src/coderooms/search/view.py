"""`view` and `batch_view`: a file's lines as the graph holds them (the text every agent shares),
its content hash, whether the disk copy looks different (a stat, never a read), and the symbols
whose lines overlap the range."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from coderooms.core import beneath
from coderooms.core.clamps import BATCH_VIEW_MAX_ITEMS, Clamps
from coderooms.core.kinds import SymbolKind
from coderooms.errors import CoderoomsError, InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.search.limits import MAX_LINE_CHARS, VIEW_MAX_LINES
from coderooms.search.lines import FileLines, fetch_line_ranges
from coderooms.search.scope import resolve_repos


@dataclass(frozen=True, slots=True)
class ViewRequest:
    path: str
    repo: str | None = None
    start_line: int = 1
    end_line: int | None = None


def view(
    graph: Graph, request: ViewRequest, readable: Sequence[str] | None = None
) -> dict[str, Any]:
    """`readable`: the repos this server may read (`resolve_repos`); None: every repo."""
    path = _checked_path(request.path)
    repos = resolve_repos(graph, request.repo, readable)
    rows = graph.read("search/file_for_view", path=path, repos=repos)
    if not rows:
        where = f"repo {request.repo!r}" if request.repo else "any repo"
        raise NotFound(
            f"no file {path!r} in {where}",
            field="path",
            hint="paths are repo-relative with / separators; find them with glob",
        )
    if len(rows) > 1:
        raise InvalidInput(
            f"{path!r} exists in several repos: {', '.join(row['repo'] for row in rows)}",
            field="repo",
            hint="pass repo to choose one",
        )
    file = rows[0]
    total = int(file["lines"] or 0)
    clamps = Clamps()
    if request.end_line is not None and request.end_line < request.start_line:
        raise InvalidInput(
            f"end_line {request.end_line} is before start_line {request.start_line}",
            field="end_line",
        )
    first = clamps.clamp("start_line", request.start_line, 1, max(total, 1))
    wanted_last = request.end_line if request.end_line is not None else first + VIEW_MAX_LINES - 1
    last = clamps.clamp(
        "end_line", wanted_last, first, min(max(total, 1), first + VIEW_MAX_LINES - 1)
    )
    if request.end_line is None:
        clamps.changes.pop("end_line", None)
    files: dict[str, FileLines] = {}
    if total:
        fetch_line_ranges(graph, [(file["claim"], first, last)], files)
    lines = files.get(file["claim"], FileLines())
    text_lines: list[str] = []
    cut: list[int] = []
    for number in range(first, last + 1 if total else first):
        line = lines.get(number)
        if line is None:
            break
        if len(line) > MAX_LINE_CHARS:
            cut.append(number)
            line = line[:MAX_LINE_CHARS]
        text_lines.append(line)
    shown_last = first + len(text_lines) - 1 if text_lines else first - 1
    symbols = graph.read(
        "search/symbols_in_lines",
        claim=file["claim"],
        first=first,
        last=max(shown_last, first),
        skip_kind=SymbolKind.MODULE.value,
    )
    answer: dict[str, Any] = {
        "repo": file["repo"],
        "path": file["path"],
        "language": file["language"],
        "start_line": first,
        "end_line": shown_last,
        "total_lines": total,
        "text": "".join(line + "\n" for line in text_lines),
        "hash": file["hash"],
        "hash_algorithm": file["hash_algorithm"],
        "disk": disk_state(file),
        "symbols": symbols if text_lines else [],
        "clamped": clamps.as_dict(),
        "more_below": shown_last < total,
    }
    if cut:
        answer["cut_lines"] = cut
    return answer


def batch_view(
    graph: Graph, requests: list[ViewRequest], readable: Sequence[str] | None = None
) -> dict[str, Any]:
    if not requests:
        raise InvalidInput("items is empty", field="items", hint="pass at least one range")
    if len(requests) > BATCH_VIEW_MAX_ITEMS:
        raise InvalidInput(
            f"at most {BATCH_VIEW_MAX_ITEMS} items per call, got {len(requests)}",
            field="items",
            hint="split the ranges over several calls",
        )
    items: list[dict[str, Any]] = []
    for index, request in enumerate(requests):
        try:
            items.append({"item": index, "ok": True, "view": view(graph, request, readable)})
        except CoderoomsError as e:
            items.append({"item": index, "ok": False, "error": e.payload()})
    return {
        "items": items,
        "ok": sum(item["ok"] for item in items),
        "failed": sum(not item["ok"] for item in items),
    }


def disk_state(file: dict[str, Any]) -> dict[str, Any]:
    """Compare size and mtime with the graph's fingerprint; never reads the file. The entry is
    looked at beneath the root, no symlink followed (`core.beneath`): a file that is now a
    link is not the one the graph holds, whatever the link points at."""
    root = file.get("root")
    if not root:
        return {"checked": False, "reason": "the repo has no root on this machine"}
    try:
        stat = beneath.lstat_file(root, file["path"])
    except CoderoomsError as e:
        return {"checked": False, "reason": e.message}
    except OSError as e:
        return {"checked": False, "reason": f"stat failed: {e.strerror}"}
    if stat is None:
        return {"checked": True, "state": "missing"}
    same = stat.st_size == file["size"] and stat.st_mtime_ns == file["mtime_ns"]
    return {
        "checked": True,
        "state": "same" if same else "differs",
        "method": "size and mtime (stat), not content",
    }


def _checked_path(path: str) -> str:
    text = path.strip()
    if not text:
        raise InvalidInput("path is empty", field="path", hint="pass a repo-relative path")
    if "\x00" in text:
        raise InvalidInput("path contains a NUL character", field="path")
    while text.startswith("./"):
        text = text[2:]
    if text.startswith("/") or ".." in text.split("/"):
        raise InvalidInput(
            f"path {path!r} is not repo-relative",
            field="path",
            hint="pass the path relative to the repo root, as glob and search return it",
        )
    return text
