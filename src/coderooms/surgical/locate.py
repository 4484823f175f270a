"""Which file a context call is about: a path (repo-relative or absolute) or a symbol id.

Canonicalisation and the ingest-root confinement are `surgical.paths`' (the write path's own
rules), so what a context call proves is exactly the file an edit would write. A file that cannot
be located is not an error for `surgical_context_v2`: it is the `blocked` proof state, with the
reason; `surgical_context` turns it into `not_found` / `forbidden`.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from typing import Any

from coderooms.config import Settings
from coderooms.core.ids import validate_repo_id
from coderooms.core.paths import (
    MAX_PATH_CHARS,
    Root,
    Target,
    check_path_text,
    resolve_target,
)
from coderooms.errors import Forbidden, InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.scope.readable import ingest_roots, readable_repos
from coderooms.scope.roots import OperatorScope
from coderooms.scope.served import served_scope

UNKNOWN_SYMBOL = "unknown_symbol"
UNKNOWN_REPO = "unknown_repo"
OUTSIDE_ROOTS = "outside_roots"
NOT_A_FILE = "not_a_file"
NOT_IN_GRAPH = "not_in_graph"


@dataclass(frozen=True, slots=True)
class Located:
    target: Target
    file: dict[str, Any]
    """The graph's File row (statement surgical/context_file)."""


@dataclass(frozen=True, slots=True)
class Unlocated:
    """Why no graph file answers the request: one of the reason constants above."""

    reason: str
    message: str
    repo: str | None = None
    path: str | None = None
    root: str | None = None

    def error(self) -> NotFound | Forbidden:
        if self.reason in (OUTSIDE_ROOTS, NOT_A_FILE):
            return Forbidden(self.message, field="path", hint=_HINTS[self.reason])
        field = "symbol_id" if self.reason == UNKNOWN_SYMBOL else "path"
        if self.reason == UNKNOWN_REPO:
            field = "repo"
        return NotFound(self.message, field=field, hint=_HINTS[self.reason])


_HINTS = {
    UNKNOWN_SYMBOL: "find symbol ids with search, or pass the file's path instead",
    UNKNOWN_REPO: "ingest the repository first (the `ingest` verb), or pass an ingested repo id",
    OUTSIDE_ROOTS: "context is given for files under an ingested repo root only",
    NOT_A_FILE: "pass the path of a file (find it with glob)",
    NOT_IN_GRAPH: "find the right path with glob; a new file needs `ingest` of its repo root",
}


def resolve(
    graph: Graph,
    settings: Settings,
    *,
    path: str | None,
    repo: str | None,
    symbol_id: str | None,
) -> Target | Unlocated:
    """The canonical file meant by `path` (+ `repo`) or `symbol_id`, by the write path's rules;
    whether the graph holds it is asked next (`not_in_graph` when it does not). InvalidInput for
    bad input."""
    if (path is None) == (symbol_id is None):
        raise InvalidInput(
            "pass exactly one of path and symbol_id",
            field="path" if path is None else "symbol_id",
            hint="path: a repo-relative or absolute file path; symbol_id: a symbol's id",
        )
    if repo is not None:
        validate_repo_id(repo)
    scope = served_scope(settings)
    readable = readable_repos(graph, scope)
    if symbol_id is not None:
        found = _symbol_file(graph, symbol_id, readable)
        if isinstance(found, Unlocated):
            return found
        repo, path = found
    assert path is not None
    text = check_path_text(path, "path")
    roots, chosen = _roots_for(graph, scope, text, repo, readable)
    if isinstance(chosen, Unlocated):
        return chosen
    repo = chosen
    try:
        return resolve_target(roots, text, scope=scope, repo=repo)
    except Forbidden as e:
        return Unlocated(OUTSIDE_ROOTS, e.message, repo, text)
    except InvalidInput as e:
        if e.field != "path":
            raise
        return Unlocated(NOT_A_FILE, e.message, repo, text)


def not_in_graph(target: Target) -> Unlocated:
    return Unlocated(
        NOT_IN_GRAPH,
        f"the graph holds no file {target.relative!r} in repo {target.repo!r} (new, ignored, "
        "binary, too large, or not ingested yet)",
        target.repo,
        target.relative,
        str(target.root),
    )


def _symbol_file(graph: Graph, symbol_id: str, readable: list[str]) -> tuple[str, str] | Unlocated:
    if not isinstance(symbol_id, str) or not symbol_id.strip():
        raise InvalidInput("symbol_id must be a non-empty string", field="symbol_id")
    if len(symbol_id) > 2 * MAX_PATH_CHARS:
        raise InvalidInput("symbol_id is too long", field="symbol_id")
    rows = graph.read("surgical/context_symbol_file", id=symbol_id, repos=readable)
    if not rows:
        return Unlocated(UNKNOWN_SYMBOL, f"no symbol has the id {symbol_id!r}")
    return str(rows[0]["repo"]), str(rows[0]["path"])


def _roots_for(
    graph: Graph, scope: OperatorScope, text: str, repo: str | None, readable: list[str]
) -> tuple[list[Root], str | Unlocated | None]:
    """The roots to resolve against and the repo id to resolve in (None: let the absolute path
    choose its root), among the repos this server reads (`readable`)."""
    if repo is not None:
        roots = ingest_roots(graph, scope, [repo])
        if not roots:
            return roots, Unlocated(
                UNKNOWN_REPO,
                f"no ingested repo {repo!r} has its root on this machine",
                repo,
                text,
            )
        return roots, repo
    if text.startswith("/"):
        return ingest_roots(graph, scope), None  # resolve_target picks the (deepest) root
    lexical = posixpath.normpath(text)
    if lexical == ".." or lexical.startswith("../"):
        return [], Unlocated(OUTSIDE_ROOTS, f"{text!r} leaves the repo root", None, text)
    rows = graph.read("surgical/context_repos_with_path", path=lexical, repos=readable)
    holders = [str(r["repo"]) for r in rows]
    if len(holders) > 1:
        raise InvalidInput(
            f"{text!r} exists in several repos: {', '.join(holders)}",
            field="repo",
            hint="pass repo to choose one",
        )
    if holders:
        return _roots_for(graph, scope, text, holders[0], readable)
    roots = ingest_roots(graph, scope)
    if len(roots) == 1:
        return roots, roots[0].repo
    return roots, Unlocated(
        NOT_IN_GRAPH,
        f"no ingested repo holds a file {lexical!r}",
        None,
        text,
    )
