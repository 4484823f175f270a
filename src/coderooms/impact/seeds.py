"""What an `impact` call starts from: the symbols a name or id names, the symbols of a file, or
the symbols a diff touches (with the files whose importers count), checked like any agent input:
a path stays inside the served roots (`surgical.locate`), a repo id is a repo id, a diff is read
from a served ingest root only."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from coderooms.config import Settings
from coderooms.core import beneath
from coderooms.core.files import MAX_FILE_BYTES
from coderooms.core.hashing import content_hash
from coderooms.core.ids import file_id, validate_repo_id
from coderooms.core.paths import BIDI_CONTROLS, Root
from coderooms.errors import CoderoomsError, InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.impact import limits
from coderooms.impact.git_diff import ADDED, DELETED, Diff, read_diff
from coderooms.impact.mapping import SymbolSpan, touched_symbols
from coderooms.impact.revisions import Changes
from coderooms.scope.readable import ingest_roots
from coderooms.scope.served import served_scope
from coderooms.surgical import Unlocated, not_in_graph, resolve

MODULE_KIND = "Module"


@dataclass(slots=True)
class Seeds:
    repo: str
    symbols: list[str] = field(default_factory=list)
    """Symbol ids whose callers are walked (sorted; cut at SEEDS_MAX)."""
    files: list[str] = field(default_factory=list)
    """File ids whose importers are walked."""
    total: int = 0
    """Symbols named before the cut."""
    changed: dict[str, Any] | None = None
    """For `changes`: what was compared and the files changed."""
    partial: bool = False
    """Some seeds are unknown (files of a wide diff left unmapped): the answer is a lower
    bound."""
    of_file: str | None = None
    """For `path`: the file whose every symbol is a seed (the answer lists none of them)."""


def check_symbol_text(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput("symbol must be a non-empty string", field="symbol")
    if len(value) > limits.MAX_SYMBOL_CHARS:
        raise InvalidInput(
            f"symbol is longer than {limits.MAX_SYMBOL_CHARS} characters", field="symbol"
        )
    if any(unicodedata.category(ch) in {"Cc", "Cs"} or ch in BIDI_CONTROLS for ch in value):
        raise InvalidInput(
            "symbol contains a control, surrogate or bidirectional-override character",
            field="symbol",
        )
    return value.strip()


def symbol_seeds(graph: Graph, text: str, repo: str | None, readable: Sequence[str]) -> Seeds:
    """A symbol id (`repo:path::Qual.name`, or `path::Qual.name` within `repo`), a qualname
    (`Flask.url_for`) or a name (`url_for`: every symbol so named), in the repos this server
    reads (`readable`): a symbol of another repo is unknown, exactly like one the graph lacks."""
    repos = list(readable) if repo is None else [repo] if repo in readable else []
    ids = [text] + ([f"{repo}:{text}"] if repo is not None else [])
    rows = graph.read("impact/symbols_by_id", ids=ids, repos=repos) if repos else []
    if not rows and repo is None and "::" in text:
        rows = _short_id(graph, text, repos)
    if rows:
        return _of_symbols(str(rows[0]["repo"]), rows[:1], 1)
    if "::" in text:
        raise NotFound(
            f"no symbol has the id {text[:200]!r}" + (f" in repo {repo!r}" if repo else ""),
            field="symbol",
            hint="find ids with seek, or pass a plain name (url_for) or qualname (Flask.url_for)",
        )
    name = text.rsplit(".", 1)[-1]
    qualname = text if "." in text else None
    (found,) = graph.read("impact/symbols_named", name=name, qualname=qualname, repos=repos,
                          limit=limits.SEEDS_MAX)  # fmt: skip
    if not found["total"]:
        where = f" in repo {repo!r}" if repo else ""
        raise NotFound(
            f"no symbol is named {text[:200]!r}{where}",
            field="symbol",
            hint="find the symbol with seek (it ranks partial names too), then pass its id",
        )
    repos = list(found["repos"])
    if len(repos) > 1:
        raise InvalidInput(
            f"symbols named {text[:200]!r} exist in {len(repos)} repos: {', '.join(repos[:10])}",
            field="repo",
            hint="pass repo to choose one",
        )
    return _of_symbols(repos[0], list(found["symbols"]), int(found["total"]))


def _short_id(graph: Graph, text: str, repos: list[str]) -> list[dict[str, Any]]:
    """A `path::qualname` id without its repo (as answers write them), in whichever repo of
    `repos` holds the path; InvalidInput when several do."""
    path = text.rsplit("::", 1)[0]  # qualnames are dotted: the last `::` ends the path
    holders = [str(r["repo"]) for r in
               graph.read("surgical/context_repos_with_path", path=path, repos=repos)]  # fmt: skip
    ids = [f"{h}:{text}" for h in holders]
    rows = graph.read("impact/symbols_by_id", ids=ids, repos=repos)
    if len(rows) > 1:
        raise InvalidInput(
            f"{text[:200]!r} exists in {len(rows)} repos: "
            + ", ".join(str(r["repo"]) for r in rows[:10]),
            field="repo",
            hint="pass repo to choose one",
        )
    return rows


def _of_symbols(repo: str, rows: list[dict[str, Any]], total: int) -> Seeds:
    seeds = Seeds(repo, sorted(str(r["id"]) for r in rows), total=total)
    seeds.files = sorted({str(r["file_id"]) for r in rows if r["kind"] == MODULE_KIND})
    return seeds


def path_seeds(graph: Graph, settings: Settings, path: str, repo: str | None) -> Seeds:
    """Every symbol of the file, and the file (its importers)."""
    where = resolve(graph, settings, path=path, repo=repo, symbol_id=None)
    if isinstance(where, Unlocated):
        raise where.error()
    fid = file_id(where.repo, where.relative)
    rows = graph.read("impact/file_symbols", file_ids=[fid])
    if not rows:
        raise not_in_graph(where).error()
    ids = [str(s["id"]) for s in rows[0]["symbols"]]
    return Seeds(where.repo, ids[: limits.SEEDS_MAX], [fid], total=len(ids),
                 of_file=where.relative)  # fmt: skip


def change_seeds(graph: Graph, settings: Settings, changes: Changes, repo: str | None) -> Seeds:
    """The innermost symbols the diff's lines touch, every symbol of an added or deleted file
    the graph holds, and the code files touched at module level, added or deleted (their
    importers)."""
    root = _diff_root(graph, settings, repo)
    diff = read_diff(root.root, changes)
    mapped = diff.files[: limits.MAX_MAPPED_FILES]
    ids = [file_id(root.repo, f.path) for f in mapped]
    held = {str(r["file_id"]): r for r in graph.read("impact/file_symbols", file_ids=ids)}
    symbols: set[str] = set()
    files: set[str] = set()
    listed: list[dict[str, Any]] = []
    for change, fid in zip(mapped, ids, strict=True):
        row = held.get(fid)
        entry: dict[str, Any] = {"path": change.path, "status": change.status}
        if row is None:
            entry["in_graph"] = False
            listed.append(entry)
            continue
        spans = [SymbolSpan(str(s["id"]), str(s["kind"]), int(s["start"] or 0),
                            int(s["end"] or 0)) for s in row["symbols"]]  # fmt: skip
        if change.status in (ADDED, DELETED):
            touched = [s.id for s in spans]
            module_level = True
        else:
            found = touched_symbols(spans, change.spans)
            touched, module_level = found.symbols, found.module_level
        if module_level and spans:  # a file without symbols (docs, configs) imports nothing
            files.add(fid)
        symbols.update(touched)
        entry["symbols"] = len(touched)
        shown = len(listed) < limits.MAX_CHANGED_FILES
        if shown and change.status != DELETED and _stale(root, change.path, row["hash"]):
            entry["stale"] = True
        listed.append(entry)
    ordered = sorted(symbols)
    seeds = Seeds(root.repo, ordered[: limits.SEEDS_MAX], sorted(files), total=len(ordered))
    seeds.changed = _changed(diff, listed)
    if len(diff.files) > len(mapped):
        seeds.changed["not_mapped"] = len(diff.files) - len(mapped)
        seeds.partial = True
    return seeds


def _changed(diff: Diff, listed: list[dict[str, Any]]) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "compared": diff.described,
        "files": listed[: limits.MAX_CHANGED_FILES],
        "total": len(diff.files),
    }
    if diff.undecodable:
        answer["undecodable_paths"] = diff.undecodable
    if diff.carried:
        answer["carried"] = diff.carried
    return answer


def _stale(root: Root, path: str, graph_hash: object) -> bool:
    """The file on disk is not the one the graph holds (so its spans may have moved); read
    beneath the root by descriptor, so a file that is now a symlink (or lies past one), or
    has grown past what an ingest reads, is not the graph's file."""
    try:
        data = beneath.read_file(root.root, path, max_bytes=MAX_FILE_BYTES).data
    except (CoderoomsError, OSError):
        return True
    return content_hash(data) != graph_hash


def _diff_root(graph: Graph, settings: Settings, repo: str | None) -> Root:
    scope = served_scope(settings)
    if repo is not None:
        validate_repo_id(repo)
        roots = ingest_roots(graph, scope, [repo])
        if not roots:
            raise NotFound(
                f"no ingested repo {repo!r} has its root under this server's roots",
                field="repo",
                hint="ingest the repository first, or pass an ingested repo id",
            )
        return roots[0]
    roots = ingest_roots(graph, scope)
    if len(roots) == 1:
        return roots[0]
    if not roots:
        raise NotFound(
            "no ingested repo has its root under this server's roots", field="repo",
            hint="ingest the repository first (the `ingest` verb)",
        )  # fmt: skip
    raise InvalidInput(
        f"{len(roots)} repos are ingested: {', '.join(r.repo for r in roots[:10])}",
        field="repo",
        hint="pass repo to say whose changes to read",
    )
