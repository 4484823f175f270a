"""A source tree on disk with a deterministic clock, and readers of one repo's graph as plain sets
of ids with the repo prefix stripped, for the ingest scenario tests."""

from __future__ import annotations

import os
from pathlib import Path

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import IngestReport, Mode, ingest_root

REFERENCE_TYPES = ("CALLS", "INHERITS", "IMPORTS")


class Tree:
    """Files under `root`; every write moves the clock, so the mtime always changes."""

    def __init__(self, root: Path, clock: int = 1_700_000_000) -> None:
        self.root = root
        self.clock = clock
        root.mkdir(parents=True, exist_ok=True)

    def write(self, relative: str, text: str) -> Path:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        self.touch(relative)
        return path

    def touch(self, relative: str) -> int:
        self.clock += 1
        os.utime(self.root / relative, (self.clock, self.clock))
        return self.clock * 1_000_000_000

    def delete(self, relative: str) -> None:
        (self.root / relative).unlink()

    def rename(self, old: str, new: str) -> None:
        target = self.root / new
        target.parent.mkdir(parents=True, exist_ok=True)
        (self.root / old).replace(target)


def ingest(graph: Graph, tree: Tree, repo: str, mode: Mode = "incremental") -> IngestReport:
    return ingest_root(graph, tree.root, repo=repo, mode=mode, workers=1)


def strip(repo: str, value: str) -> str:
    return value.removeprefix(f"{repo}:")


def references(graph: Graph, repo: str) -> set[tuple[str, str, str, str]]:
    """(source, type, target, via) of every CALLS, INHERITS and IMPORTS edge of the repo."""
    rows = graph.run_text(
        "MATCH (a)-[r:CALLS|INHERITS|IMPORTS]->(b) WHERE a.repo = $repo "
        "RETURN a.id AS a, type(r) AS type, b.id AS b, r.via AS via",
        repo=repo,
    )
    return {(strip(repo, r["a"]), r["type"], strip(repo, r["b"]), r["via"]) for r in rows}


def node_ids(graph: Graph, repo: str, label: str) -> set[str]:
    rows = graph.run_text(
        "MATCH (n) WHERE n.repo = $repo AND $label IN labels(n) RETURN n.id AS id",
        repo=repo,
        label=label,
    )
    return {strip(repo, r["id"]) for r in rows}


def symbols(graph: Graph, repo: str) -> set[tuple[str, str]]:
    rows = graph.run_text(
        "MATCH (s:Symbol) WHERE s.repo = $repo RETURN s.id AS id, s.kind AS kind", repo=repo
    )
    return {(strip(repo, r["id"]), r["kind"]) for r in rows}


def labels_of(graph: Graph, node_id: str) -> list[list[str]]:
    """The labels of every node with this id, whatever its label (none when it is gone)."""
    rows = graph.run_text("MATCH (n {id: $id}) RETURN labels(n) AS labels", id=node_id)
    return [sorted(r["labels"]) for r in rows]
