"""The edge rows of a changeset's references and imports, from their resolutions: one CALLS or
INHERITS row per reference, one IMPORTS row per imported file (`changeset.plan_changeset`
builds them; a save reuses the rows of its last one where nothing of them changed,
`resolution_memo`)."""

from __future__ import annotations

from coderooms.core.ids import file_id, symbol_id
from coderooms.ingest import resolution_memo
from coderooms.ingest.rows import EdgeRow, ParsedFile, import_props, reference_props
from coderooms.resolution.lookup import SYMBOL
from coderooms.resolution.ref_requests import RefRequest
from coderooms.resolution.resolutions import Resolution
from coderooms.resolution.targets import ImportRequest


def reference_edges(
    repo: str,
    parsed: ParsedFile,
    resolved: dict[int, Resolution],
    ghosts: dict[str, str],
    reuse: resolution_memo.Reuse | None = None,
) -> list[EdgeRow]:
    """The file's reference edges (one per reference, in order), then its import edges. A
    reference the last save of the file had at the same line with the same resolution has the
    row that save built (`reuse`: the same props, so the same digest)."""
    claim = file_id(repo, parsed.path)
    edges = []
    built = reuse.memo.edges if reuse is not None else {}
    for request in parsed.record.references:
        resolution = resolved[id(request)]
        if built:
            found = built.get((resolution_memo.request_key(request), request.line))
            if found is not None and found[0] == resolution:
                if resolution.ghost_name is not None:
                    ghosts[resolution.target] = resolution.ghost_name
                edges.append(found[1])
                continue
        source = symbol_id(repo, parsed.path, request.source)
        edges.append(reference_edge(repo, claim, source, request, resolution, ghosts))
    edges.extend(import_edges(repo, claim, parsed.group, parsed.record.imports, resolved, ghosts))
    return edges


def reference_edge(
    repo: str,
    claim: str,
    source: str,
    request: RefRequest,
    resolution: Resolution,
    ghosts: dict[str, str],
) -> EdgeRow:
    if resolution.ghost_name is not None:
        ghosts[resolution.target] = resolution.ghost_name
    props = reference_props(repo, claim, request, resolution)
    return EdgeRow(source, SYMBOL, resolution.target, resolution.label, request.kind, props)


def import_edges(
    repo: str,
    claim: str,
    group: str | None,
    requests: list[ImportRequest],
    resolved: dict[int, Resolution],
    ghosts: dict[str, str],
) -> list[EdgeRow]:
    """One IMPORTS edge per imported file (or ghost), at the first line importing it."""
    first: dict[str, tuple[int, Resolution]] = {}
    for request in requests:
        resolution = resolved[id(request)]
        if resolution.target == claim:
            continue
        known = first.get(resolution.target)
        if known is None or request.line < known[0]:
            first[resolution.target] = (request.line, resolution)
    edges = []
    for target, (line, resolution) in sorted(first.items()):
        if resolution.ghost_name is not None:
            ghosts[target] = resolution.ghost_name
        props = import_props(repo, claim, line, resolution)
        edges.append(EdgeRow(claim, "File", target, resolution.label, "IMPORTS", props))
    return edges
