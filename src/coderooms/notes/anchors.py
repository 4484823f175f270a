"""What a note is anchored to: a symbol, a file or a repo, named the way the other verbs name
them, resolved once when the note is written and kept by id.

Ids are readable and stable (`repo:path::Qual.name`, `repo:path`, `repo`): a full re-ingest
writes the same ids, so a note stays on its anchor whatever the ingest rewrites, and no edge
ties it to a node an ingest could delete. An anchor is given as a symbol id
(`repo:path::Qual.name`, or `path::Qual.name` within `repo`), a file (`pkg/mod.py`, or its id
`repo:pkg/mod.py`), a qualname or name (`Flask.url_for`, one symbol only), or a repo id.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from coderooms.core.ids import file_id
from coderooms.errors import InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.notes.limits import MAX_ANCHOR_CHARS, MAX_ANCHORS_PER_NOTE

SYMBOL, FILE, REPO = "symbol", "file", "repo"
CANDIDATES_SHOWN = 5
"""Symbols an ambiguous anchor lists in its error."""


@dataclass(frozen=True, slots=True)
class AnchorKey:
    """An anchor as its code is compared: its kind and node id."""

    kind: str
    target: str


@dataclass(frozen=True, slots=True)
class Anchor:
    kind: str
    """`symbol`, `file` or `repo`."""
    target: str
    """The node's id: what the note holds and compares."""
    repo: str
    file: str | None
    """The file id of a symbol or file anchor (notes of a file are found by it)."""

    @property
    def key(self) -> AnchorKey:
        return AnchorKey(self.kind, self.target)

    @property
    def label(self) -> str:
        """How answers name it: `path::Qual.name`, `path`, or the repo id."""
        if self.kind == REPO:
            return self.repo
        return self.target.removeprefix(f"{self.repo}:")

    def row(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "target": self.target,
            "repo_id": self.repo,
            "file": self.file,
            "label": self.label,
        }


def resolve_anchors(
    graph: Graph, given: Sequence[str], repo: str | None, readable: Sequence[str]
) -> list[Anchor]:
    """Each anchor as the graph holds it, in the order given (duplicates dropped); every one in
    one readable repo. An anchor of a repo this server does not read is `not_found`, exactly
    like one the graph does not hold."""
    if not given:
        raise InvalidInput(
            "anchors is empty",
            field="anchors",
            hint="name a symbol, a file or the repo the note is about",
        )
    if len(given) > MAX_ANCHORS_PER_NOTE:
        raise InvalidInput(f"at most {MAX_ANCHORS_PER_NOTE} anchors a note", field="anchors")
    repos = [repo] if repo is not None else list(readable)
    if repo is not None and repo not in readable:
        raise NotFound(
            f"no repo {repo!r} in the graph",
            field="repo",
            hint="a server reads only the repos under its operator's roots",
        )
    anchors: list[Anchor] = []
    for index, text in enumerate(given):
        field = f"anchors[{index}]"
        anchor = _resolve_one(graph, _checked(text, field), repos, field)
        if anchor not in anchors:
            anchors.append(anchor)
    if len({a.repo for a in anchors}) > 1:
        raise InvalidInput(
            "a note's anchors lie in one repo; these lie in "
            + ", ".join(sorted({a.repo for a in anchors})),
            field="anchors",
            hint="write one note per repo",
        )
    return anchors


def _checked(text: object, field: str) -> str:
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput("an anchor is an empty string", field=field)
    if len(text) > MAX_ANCHOR_CHARS or "\x00" in text:
        raise InvalidInput(
            f"an anchor is at most {MAX_ANCHOR_CHARS} characters, no NUL", field=field
        )
    return text.strip()


def _resolve_one(graph: Graph, text: str, repos: list[str], field: str) -> Anchor:
    if text in repos and "/" not in text and "::" not in text:
        return Anchor(REPO, text, text, None)
    if "::" in text:
        found = _symbols_by_id(graph, _symbol_ids(text, repos), repos)
    else:
        found = _files(graph, text, repos) or _symbols_named(graph, text, repos)
    if not found:
        raise NotFound(
            f"no symbol, file or repo {text!r} in the repos this server reads",
            field=field,
            hint="give a symbol id (repo:path::Qual.name), a path as "
            "glob returns it, a qualname, or a repo id",
        )
    if len(found) > 1:
        shown = ", ".join(a.target for a in found[:CANDIDATES_SHOWN])
        raise InvalidInput(
            f"{text!r} names {len(found)} symbols or files: {shown}",
            field=field,
            hint="give the symbol id, or pass repo",
        )
    return found[0]


def _symbol_ids(text: str, repos: list[str]) -> list[str]:
    """`repo:path::Q` names itself when `repo` is readable; `path::Q` is tried in each repo."""
    head, _, _ = text.partition("::")
    repo, sep, _ = head.partition(":")
    if sep and repo in repos:
        return [text]
    return [f"{r}:{text}" for r in repos]


def _symbols_by_id(graph: Graph, ids: list[str], repos: list[str]) -> list[Anchor]:
    rows = graph.read("notes/symbols_by_id", ids=ids, repos=repos)
    return [Anchor(SYMBOL, r["id"], r["repo"], r["file"]) for r in rows]


def _files(graph: Graph, text: str, repos: list[str]) -> list[Anchor]:
    repo, sep, path = text.partition(":")
    if sep and repo in repos:
        rows = graph.read("notes/files_by_id", ids=[file_id(repo, path)], repos=repos)
    else:
        rows = graph.read("notes/files_by_path", path=text.removeprefix("./"), repos=repos)
    return [Anchor(FILE, r["id"], r["repo"], r["id"]) for r in rows]


def _symbols_named(graph: Graph, text: str, repos: list[str]) -> list[Anchor]:
    name = text.rsplit(".", 1)[-1]
    qualname = text if "." in text else None
    rows = graph.read(
        "notes/symbols_named", name=name, qualname=qualname, repos=repos, limit=CANDIDATES_SHOWN + 1
    )
    return [Anchor(SYMBOL, r["id"], r["repo"], r["file"]) for r in rows]
