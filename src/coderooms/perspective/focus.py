"""Focus resolution: from an agent's query (and optional anchor) to one node, or the ranked
candidates when the query is ambiguous.

Match classes, best first (each answered from an index, never a scan of all nodes):

1. `id` — the query is a node id (`repo:path`, `repo:path::Qual.name`, `repo:?:ghost`);
2. `name` — a symbol's name, a file's repo-relative path, or a ghost's name (ghosts only when
   no symbol or file has that name);
3. `qualified_name` — a symbol's qualname (`Class.method`), `path::qualname`, or a dotted module
   path (`json.decoder`, `json.decoder.JSONDecoder.decode`);
4. `prefix` — names and paths starting with the query;
5. `substring` — names and paths containing it (text indexes), else the `symbol_text` full-text
   index (case-insensitive word match, Lucene syntax escaped).

The first class with a candidate decides. An `anchor` (a node id, or a repo-relative path or
path prefix) narrows that class to the candidates inside its file/namespace when any is, and
ranks those first. One candidate left: `bound`; more: `ambiguous`, with the ranked candidates
(at most `MAX_FOCUS_CANDIDATES`). Module symbols stand for their file: the focus is the file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from coderooms.errors import InvalidInput
from coderooms.graph.driver import Graph
from coderooms.graph.fulltext import escape_lucene, symbol_text_query
from coderooms.perspective.lens import namespace_matches
from coderooms.perspective.model import FocusCandidate, FocusNode, FocusResolution

MatchClass = Literal["id", "name", "qualified_name", "prefix", "substring"]

MAX_FOCUS_CANDIDATES = 10
"""Most candidates an ambiguous resolution returns."""
FOCUS_FETCH_LIMIT = 50
"""Candidates each index lookup returns (before anchor narrowing and the cut to
MAX_FOCUS_CANDIDATES)."""
FOCUS_SCAN_LIMIT = 1_000
"""Text and full-text index hits read for a substring lookup before they are ranked: a query
contained in more names than this ranks the first ones the index yields."""
FOCUS_MAX_QUERY_CHARS = 500
MAX_MODULE_PARTS = 12
"""Dotted module paths longer than this are not split into path + qualname candidates."""

CLASS_SCORES: dict[MatchClass, float] = {
    "id": 1.0,
    "name": 0.9,
    "qualified_name": 0.8,
    "prefix": 0.6,
    "substring": 0.4,
}
ANCHOR_BONUS = 0.05
"""Added to the score of a candidate inside the anchor's file or namespace."""


def node_from_row(row: dict[str, Any]) -> FocusNode:
    """A focus from a statement's row (`id, kind, name, path, repo, qualname`); a module symbol
    becomes its file."""
    kind = str(row["kind"]).lower()
    if kind == "module" and row.get("path"):
        path = str(row["path"])
        return FocusNode(f"{row['repo']}:{path}", "file", path, path, str(row["repo"]))
    return FocusNode(
        node_id=str(row["id"]),
        label=kind,
        name=str(row["name"]),
        path=row.get("path"),
        repo=str(row["repo"]),
        qualname=row.get("qualname") if kind not in ("file", "ghost") else None,
    )


def focus_by_id(graph: Graph, node_id: str) -> FocusNode | None:
    """The node with this id (a route's target when following it), or None."""
    rows = graph.read("perspective/focus_nodes_by_id", ids=[node_id])
    return node_from_row(rows[0]) if rows else None


@dataclass(frozen=True, slots=True)
class _Anchor:
    repo: str | None
    scope: str
    """A repo-relative path or path prefix; candidates whose path it matches are inside."""


def resolve_focus(
    graph: Graph,
    query: str,
    *,
    anchor: str | None = None,
    repo: str | None = None,
    readable: Sequence[str] | None = None,
) -> FocusResolution:
    """Rank candidates: exact id, exact name, qualified name, prefix, substring; only nodes of
    the `readable` repos (those this server reads; None: every repo) are candidates."""
    text = _checked(query, "query")
    repos = None if readable is None else list(readable)
    if repo is not None and repos is not None and repo not in repos:
        return FocusResolution(status="not_found", node=None, candidates=[])
    where = (
        _resolve_anchor(graph, _checked(anchor, "anchor"), repo, repos)
        if anchor is not None
        else None
    )
    if repo is None and where is not None:
        repo = where.repo
    exact = graph.read(
        "perspective/focus_exact",
        query=text,
        pairs=module_path_pairs(text),
        repo=repo,
        repos=repos,
        limit=FOCUS_FETCH_LIMIT,
    )
    if repo is not None:
        exact = [row for row in exact if row["repo"] == repo]
    found: dict[MatchClass, list[dict[str, Any]]] = {"id": [], "name": [], "qualified_name": []}
    for row in exact:
        found[row["match"]].append(row)
    found["name"] = [row for row in found["name"] if row["kind"] != "Ghost"] or found["name"]
    lookups: list[tuple[MatchClass, Callable[[], list[dict[str, Any]]]]] = [
        ("id", lambda: found["id"]),
        ("name", lambda: found["name"]),
        ("qualified_name", lambda: found["qualified_name"]),
        ("prefix", lambda: _by_prefix(graph, text, repo, repos)),
        ("substring", lambda: _by_substring(graph, text, repo, repos)),
    ]
    for match, lookup in lookups:
        nodes = _unique_nodes(lookup())
        if nodes:
            return _ranked(match, nodes, where)
    return FocusResolution(status="not_found", node=None, candidates=[])


def _checked(value: str | None, field: str) -> str:
    if value is None or not isinstance(value, str) or not value.strip():
        raise InvalidInput(
            f"{field} is empty", field=field, hint="name a symbol, a file path or a node id"
        )
    if len(value) > FOCUS_MAX_QUERY_CHARS:
        raise InvalidInput(
            f"{field} has {len(value)} characters, more than {FOCUS_MAX_QUERY_CHARS}",
            field=field,
            hint="name a symbol, a file path or a node id",
        )
    return value.strip()


def _resolve_anchor(
    graph: Graph, anchor: str, repo: str | None, repos: list[str] | None
) -> _Anchor:
    rows = graph.read("perspective/focus_nodes_by_id", ids=[anchor])
    rows = [row for row in rows if repos is None or row["repo"] in repos]
    if rows:
        node = node_from_row(rows[0])
        return _Anchor(node.repo, node.path or "")
    if anchor.startswith("/") or ".." in anchor.split("/"):
        raise InvalidInput(
            f"anchor {anchor!r} is neither a node id nor a repo-relative path",
            field="anchor",
            hint="pass a node id (repo:path::qualname) or a path such as 'pkg/mod.py' or 'pkg/'",
        )
    return _Anchor(repo, anchor)


def module_path_pairs(text: str) -> list[dict[str, str]]:
    """Where a qualified query could point: `path::qualname`, or a dotted module path split at
    each dot into a module file (`a/b.py`, `a/b/__init__.py`) and a qualname (maybe empty)."""
    if "::" in text:
        path, _, qualname = text.partition("::")
        return [{"path": path, "qualname": qualname}]
    parts = text.split(".")
    if "/" in text or len(parts) < 2 or len(parts) > MAX_MODULE_PARTS or not all(parts):
        return []
    pairs: list[dict[str, str]] = []
    for cut in range(1, len(parts) + 1):
        module = "/".join(parts[:cut])
        qualname = ".".join(parts[cut:])
        pairs.append({"path": module + ".py", "qualname": qualname})
        pairs.append({"path": module + "/__init__.py", "qualname": qualname})
    return pairs


def _by_prefix(
    graph: Graph, text: str, repo: str | None, repos: list[str] | None
) -> list[dict[str, Any]]:
    return graph.read(
        "perspective/focus_by_prefix", query=text, repo=repo, repos=repos, limit=FOCUS_FETCH_LIMIT
    )


def _by_substring(
    graph: Graph, text: str, repo: str | None, repos: list[str] | None
) -> list[dict[str, Any]]:
    rows = graph.read(
        "perspective/focus_by_substring",
        query=text,
        repo=repo,
        repos=repos,
        scan=FOCUS_SCAN_LIMIT,
        limit=FOCUS_FETCH_LIMIT,
    )
    if rows or not any(char.isalnum() for char in text):
        # no word to ask the full-text index for (its repo clause alone would match everything)
        return rows
    return graph.read(
        "perspective/focus_by_words",
        # AND/OR/NOT are operators only in upper case
        lucene=symbol_text_query(escape_lucene(text.lower()), repo),
        repo=repo,
        repos=repos,
        scan=FOCUS_SCAN_LIMIT,
        limit=FOCUS_FETCH_LIMIT,
    )


def _unique_nodes(rows: list[dict[str, Any]]) -> list[FocusNode]:
    seen: dict[str, FocusNode] = {}
    for row in rows:
        node = node_from_row(row)
        seen.setdefault(node.node_id, node)
    return list(seen.values())


def _ranked(match: MatchClass, nodes: list[FocusNode], where: _Anchor | None) -> FocusResolution:
    def inside(node: FocusNode) -> bool:
        if where is None or node.path is None:
            return False
        if where.repo is not None and node.repo != where.repo:
            return False
        return not where.scope or namespace_matches(where.scope, node.path)

    kept = [node for node in nodes if inside(node)] or nodes
    kept.sort(key=lambda node: (not inside(node), node.node_id))
    candidates = [
        FocusCandidate(
            node=node,
            match=match,
            score=min(1.0, CLASS_SCORES[match] + (ANCHOR_BONUS if inside(node) else 0.0)),
        )
        for node in kept[:MAX_FOCUS_CANDIDATES]
    ]
    if len(kept) == 1:
        return FocusResolution(status="bound", node=kept[0], candidates=candidates)
    return FocusResolution(
        status="ambiguous",
        node=None,
        candidates=candidates,
        candidates_truncated=len(kept) > MAX_FOCUS_CANDIDATES,
    )
