"""What an `impact` call starts from: the symbols a name or id names, the symbols of a file, or
the symbols a diff touches (with the files whose importers count), checked like any agent input:
a path stays inside the served roots (`surgical.locate`), a repo id is a repo id, a diff is read
from a served ingest root only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from coderooms.config import Settings
from coderooms.core import beneath
from coderooms.core.files import MAX_FILE_BYTES
from coderooms.core.hashing import content_hash
from coderooms.core.ids import file_id, validate_repo_id
from coderooms.core.paths import Root
from coderooms.errors import CoderoomsError, InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.impact import limits
from coderooms.impact.git_diff import ADDED, DELETED, Diff, read_diff
from coderooms.impact.mapping import SymbolSpan, touched_symbols
from coderooms.impact.revisions import Changes
from coderooms.scope.readable import ingest_roots
from coderooms.scope.served import served_scope
from coderooms.surgical import Unlocated, not_in_graph, resolve
from coderooms.verbs.symbol_lookup import ID_RANK, Found, find_symbols

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
    spans: dict[str, str] = field(default_factory=dict)
    """For `symbol`: each seed's `path:start-end`."""
    same_name: int = 0
    """For `symbol`: how many symbols the name named, when more than one (all are seeds)."""


def symbol_seeds(graph: Graph, text: str, repo: str | None, readable: Sequence[str]) -> Seeds:
    """A symbol id (`repo:path::Qual.name`, or `path::Qual.name` within `repo`), a qualname
    (`Flask.url_for`), a module-qualified name (`helpers.url_for`) or a name (`url_for`: every
    symbol so named), in the repos this server reads (`readable`): a symbol of another repo is
    unknown, exactly like one the graph lacks. Several symbols named alike are all seeds, said
    in `Seeds.same_name`."""
    repos = list(readable) if repo is None else [repo] if repo in readable else []
    found = find_symbols(graph, text, repos, limit=limits.SEEDS_MAX)
    if not found.exact:
        where = f" in repo {repo!r}" if repo else ""
        near = ", ".join(s.row for s in found.near[: limits.NEAR_LISTED])
        raise NotFound(
            f"no symbol is named {text[:200]!r}{where}"
            + (f"; symbols named like its last part: {near}" if near else ""),
            field="symbol",
            hint="pass a name (url_for), qualname (Flask.url_for) or id; seek finds symbols "
            "by words",
        )
    if found.exact[0].rank == ID_RANK:  # an id names one symbol (per repo: `path::qualname`)
        by_id = [s for s in found.exact if s.rank == ID_RANK]
        found = Found(by_id, [], len(by_id))
    held = sorted({s.repo for s in found.exact})
    if len(held) > 1:
        raise InvalidInput(
            f"symbols named {text[:200]!r} exist in {len(held)} repos: {', '.join(held[:10])}",
            field="repo",
            hint="pass repo to choose one",
        )
    symbols = found.exact
    cut = found.total > limits.SEEDS_MAX  # more symbols so named than one lookup reads
    seeds = Seeds(
        held[0], sorted(s.id for s in symbols), total=found.total if cut else len(symbols)
    )
    seeds.files = sorted({file_id(s.repo, s.path) for s in symbols if s.kind == MODULE_KIND})
    seeds.spans = {s.id: s.where for s in symbols}
    if len(symbols) > 1:
        seeds.same_name = len(symbols)
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
