"""Graph rows (node and edge property maps) for what one file contributes.

Edge rows carry `source`, `target`, `type`, `label` (of the target) and `props`; every prop map
holds the producing file's `claim` and the `repo` (in the digest; the graph's edges do not hold
them: their start node does, see `START_NODE_PROPS`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from coderooms.core.chunks import Chunk
from coderooms.core.hashing import HASH_ALGORITHM, row_digest, text_digest
from coderooms.core.ids import chunk_id, file_id, symbol_id
from coderooms.core.words import symbol_words
from coderooms.graph.fulltext import repo_key
from coderooms.ingest.languages import LANGUAGE_GROUPS, RESOLVERS, TARGET_MODES
from coderooms.resolution.lookup import SYMBOL, SymbolInfo
from coderooms.resolution.ref_requests import FileRecord, RefRequest
from coderooms.resolution.resolutions import Resolution
from coderooms.resolution.target_modes import target_stems
from coderooms.resolution.targets import trigger_stems
from coderooms.semantic import symbol_key

SYMBOL_PROPS = ("id", "repo", "kind", "name", "qualname", "file", "language", "start_line",
                "end_line", "signature", "doc", "words", "repo_key", "claim", "embedding_key",
                "digest")  # fmt: skip
"""The properties a symbol row holds: `ingest/create_symbols` names each one (a test checks)."""
EDGE_PROPS = ("ref", "name", "group", "bound", "alts", "ghost", "expr", "keys", "then", "arity",
              "line", "count", "via", "confidence", "digest")  # fmt: skip
"""Every property an edge row writes (structure, import and reference edges): the edge
statements (`ingest/edges_*`) name each one in their CREATE (a test checks)."""
START_NODE_PROPS = ("claim", "repo")
"""Edge props the edge's start node holds with the same values (a Symbol's `claim` and `repo`, a
File's `id` and `repo`): not written on ~375k edges of a stdlib ingest; the statements that read
edges back (`ingest/references_of_claims`, `ingest/foreign_rows`) add them from the start
node, so a re-resolved edge's props and digest are what they were."""


@dataclass(slots=True)
class ParsedFile:
    """A file read, hashed and (for deep languages) extracted."""

    path: str
    size: int
    mtime_ns: int
    hash: str
    lines: int
    language: str | None
    record: FileRecord
    chunks: list[Chunk] = field(default_factory=list)

    @property
    def group(self) -> str | None:
        return LANGUAGE_GROUPS.get(self.language or "")


@dataclass(frozen=True, slots=True)
class EdgeRow:
    source: str
    source_label: str
    target: str
    label: str
    type: str
    props: dict[str, Any]
    digest: str = field(init=False, compare=False)
    """Every edge row needs it once: to diff against the graph's, or to be written with."""

    def __post_init__(self) -> None:
        digest = row_digest(self.source, self.type, self.target, self.props)
        object.__setattr__(self, "digest", digest)

    def as_row(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "target": self.target,
            "type": self.type,
            "props": {
                **{k: v for k, v in self.props.items() if k not in START_NODE_PROPS},
                "digest": self.digest,
            },
        }


def file_props(repo: str, parsed: ParsedFile) -> dict[str, Any]:
    record = parsed.record
    stems: set[str] = set()
    for request in record.imports:
        for target in request.targets:
            stems |= target_stems(target, parsed.path, TARGET_MODES)
    return {
        "id": file_id(repo, parsed.path),
        "repo": repo,
        "path": parsed.path,
        "dir": parsed.path.rpartition("/")[0],
        "name": parsed.path.rpartition("/")[2],
        "language": parsed.language,
        "hash": parsed.hash,
        "hash_algorithm": HASH_ALGORITHM,
        "size": parsed.size,
        "mtime_ns": parsed.mtime_ns,
        "lines": parsed.lines,
        "claim": file_id(repo, parsed.path),
        "imports": [request.encode() for request in record.imports] or None,
        "import_stems": sorted(stems) or None,
        "problems": record.problems or None,
        "names": record.names or None,
        "ref_keys": None,
    }


def symbol_rows(repo: str, parsed: ParsedFile) -> list[dict[str, Any]]:
    """Symbol rows; `embedding_key` names the vector the symbol's text calls for (see
    coderooms.semantic.texts): the vector itself is written later, by the semantic store."""
    claim = file_id(repo, parsed.path)
    rows = []
    for s in parsed.record.symbols:
        sid = symbol_id(repo, parsed.path, s.qualname)
        props = {
            "id": sid,
            "repo": repo,
            "kind": s.kind.value,
            "name": s.name,
            "qualname": s.qualname,
            "file": parsed.path,
            "language": parsed.language,
            "start_line": s.start_line,
            "end_line": s.end_line,
            "signature": s.signature,
            "doc": s.doc,
            "words": symbol_words(s.name, s.qualname),
            "repo_key": repo_key(repo),
            "claim": claim,
        }
        props["embedding_key"] = symbol_key(props)
        props["digest"] = row_digest(s.kind.value, props)
        rows.append({"id": sid, "kind": s.kind.value, "props": props})
    return rows


def chunk_rows(repo: str, parsed: ParsedFile) -> list[dict[str, Any]]:
    claim = file_id(repo, parsed.path)
    return [
        {
            "id": chunk_id(repo, parsed.path, seq),
            "repo": repo,
            "file": parsed.path,
            "claim": claim,
            "seq": seq,
            "start_line": start,
            "end_line": end,
            "text": text,
            "digest": text_digest(start, end, text),
        }
        for seq, (start, end, text) in enumerate(parsed.chunks)
    ]


def symbol_infos(repo: str, parsed: ParsedFile) -> list[SymbolInfo]:
    group = parsed.group or ""
    return [
        SymbolInfo(
            symbol_id(repo, parsed.path, s.qualname), parsed.path, s.qualname, s.kind.value, group
        )
        for s in parsed.record.symbols
    ]


def structure_edges(repo: str, parsed: ParsedFile) -> list[EdgeRow]:
    """DEFINES (file -> each of its symbols) and CONTAINS (enclosing symbol -> symbol)."""
    claim = file_id(repo, parsed.path)
    props = {"claim": claim, "repo": repo}
    edges: list[EdgeRow] = []
    for s in parsed.record.symbols:
        target = symbol_id(repo, parsed.path, s.qualname)
        edges.append(EdgeRow(claim, "File", target, SYMBOL, "DEFINES", props))
        if s.parent is not None:
            parent = symbol_id(repo, parsed.path, s.parent)
            edges.append(EdgeRow(parent, SYMBOL, target, SYMBOL, "CONTAINS", props))
    return edges


def _stored_expr(request: RefRequest) -> str | None:
    """What the reference's group's resolver stores of its expr (none without one)."""
    resolver = RESOLVERS.get(request.group)
    return None if resolver is None else resolver.stored_expr(request.ref, request.expr)


def reference_props(
    repo: str, claim: str, request: RefRequest, resolution: Resolution
) -> dict[str, Any]:
    return {
        "claim": claim,
        "repo": repo,
        "ref": request.ref,
        "name": request.name,
        "group": request.group,
        "bound": request.bound or None,
        "alts": list(request.alternatives) or None,
        "ghost": request.ghost,
        "expr": _stored_expr(request),
        "keys": list(resolution.keys) or None,
        "then": list(request.then) or None,
        "arity": list(request.arities) or None,
        "line": request.line,
        "count": request.count,
        "via": resolution.via,
        "confidence": resolution.confidence,
    }


def import_props(repo: str, claim: str, line: int, resolution: Resolution) -> dict[str, Any]:
    return {
        "claim": claim,
        "repo": repo,
        "line": line,
        "via": resolution.via,
        "confidence": resolution.confidence,
    }


def file_trigger_stems(paths: list[str]) -> set[str]:
    stems: set[str] = set()
    for path in paths:
        stems |= trigger_stems(path)
    return stems
