"""`impact`: what a change to a symbol, a file or a diff reaches, as one bounded answer.

The seeds (`seeds`) are walked back along calls, inheritance and imports to `depth` (`walk`);
the seeds' files' co-change partners are read (code first), and completeness counted: the call
sites named like the seeds (and like the symbols the walk went through) whose receivers the
graph could not prove, which make the lists a lower bound (`graph/completeness`). `answer`
writes it all as short rows, paged by `cursor`.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from coderooms.config import Settings
from coderooms.core.clamps import Clamps
from coderooms.core.ids import validate_repo_id
from coderooms.errors import InvalidInput
from coderooms.graph import completeness
from coderooms.graph.completeness import Completeness
from coderooms.graph.driver import Graph
from coderooms.impact import limits
from coderooms.impact.answer import Findings, Page, answer_of
from coderooms.impact.revisions import parse_changes
from coderooms.impact.seeds import (
    Seeds,
    change_seeds,
    check_symbol_text,
    path_seeds,
    symbol_seeds,
)
from coderooms.impact.walk import FILE_KIND, walk
from coderooms.ingest import CALL_GROUPS, DEEP_LANGUAGES
from coderooms.languages import is_test_path
from coderooms.scope.readable import readable_repos
from coderooms.scope.served import served_scope
from coderooms.verbs.budget import MAX_TOKENS_DEFAULT, CursorArg, MaxTokensArg, Question

CODE_LANGUAGES = sorted(DEEP_LANGUAGES)


@dataclass(frozen=True, slots=True)
class ImpactRequest:
    """The arguments of `impact`, each described for the tool listing (`max_tokens` is the
    adapter's: the answer's budget)."""

    symbol: Annotated[
        str | None,
        Field(description="A name (url_for), qualname (Flask.url_for) or symbol id."),
    ] = None
    path: Annotated[str | None, Field(description="A file, repo-relative or absolute.")] = None
    changes: Annotated[
        str | None,
        Field(
            description="'working' (the working tree against HEAD) or a revision range "
            "(HEAD~3..HEAD, main...topic)."
        ),
    ] = None
    repo: Annotated[
        str | None, Field(description="Repo id (needed when several are ingested).")
    ] = None
    depth: Annotated[
        int,
        Field(description=f"Hops of callers/importers ({limits.DEPTH_MIN}..{limits.DEPTH_MAX})."),
    ] = limits.DEPTH_DEFAULT
    max_items: Annotated[
        int, Field(description=f"Most affected rows returned (1..{limits.MAX_ITEMS_MAX}).")
    ] = limits.MAX_ITEMS_DEFAULT
    cursor: CursorArg = None
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT


def impact(graph: Graph, settings: Settings, request: ImpactRequest) -> dict[str, Any]:
    given = [name for name in ("symbol", "path", "changes") if getattr(request, name) is not None]
    if len(given) != 1:
        raise InvalidInput(
            "pass exactly one of symbol, path and changes"
            + (f" (got {', '.join(given)})" if given else ""),
            field=given[-1] if given else "symbol",
            hint="symbol: a name or id; path: a file; changes: 'working' or a range A..B",
        )
    clamps = Clamps()
    depth = clamps.clamp("depth", request.depth, limits.DEPTH_MIN, limits.DEPTH_MAX)
    page = clamps.clamp("max_items", request.max_items, limits.MAX_ITEMS_MIN, limits.MAX_ITEMS_MAX)
    _, offset = impact_question(request).read(request.cursor)
    if request.repo is not None:
        validate_repo_id(request.repo)
    seeds = _seeds(graph, settings, request)
    sites = completeness.submit(graph, seeds.symbols, CALL_GROUPS)
    walked = walk(graph, seeds.symbols, seeds.files, depth)
    # what the walk read the callers of; tests are leaves: their names' sites are noise
    through = [r.id for r in walked.reached
               if r.kind != FILE_KIND and r.hop < depth and not is_test_path(r.path)]  # fmt: skip
    further: Future[Completeness] | None = None
    if through:
        further = completeness.submit(graph, through[: limits.COMPLETENESS_IDS_MAX], CALL_GROUPS)
    found = Findings(
        seeds=seeds,
        walked=walked,
        sites=sites.result(),
        further=further.result() if further else None,
        through=len(through),
        co_changes=_co_changes(graph, seeds),
    )
    return answer_of(found, Page(depth, page, offset), clamps)


def impact_question(request: ImpactRequest) -> Question:
    """What an impact call asks (the seeds, the repo, the depth: not the page or the budget):
    its cursors carry the digest, so one of another question is refused (`field: cursor`)."""
    return Question.of(
        "impact",
        symbol=request.symbol,
        path=request.path,
        changes=request.changes,
        repo=request.repo,
        depth=request.depth,
    )


def _seeds(graph: Graph, settings: Settings, request: ImpactRequest) -> Seeds:
    if request.symbol is not None:
        readable = readable_repos(graph, served_scope(settings))
        return symbol_seeds(graph, check_symbol_text(request.symbol), request.repo, readable)
    if request.path is not None:
        return path_seeds(graph, settings, request.path, request.repo)
    return change_seeds(graph, settings, parse_changes(request.changes), request.repo)


def _co_changes(graph: Graph, seeds: Seeds) -> dict[str, Any]:
    files = sorted({_file_of(s) for s in seeds.symbols} | set(seeds.files))
    if not files:
        return {"items": [], "total": 0}
    (row,) = graph.read("impact/co_changes", file_ids=files, code=CODE_LANGUAGES,
                        limit=limits.MAX_CO_CHANGES)  # fmt: skip
    items = [{"path": r["path"], "weight": r["weight"]} for r in row["items"]]
    return {"items": items, "total": int(row["total"])}


def _file_of(symbol_id: str) -> str:
    """The file id of a symbol id (`repo:path::qualname`)."""
    return symbol_id.rsplit("::", 1)[0]  # qualnames are dotted: the last `::` ends the path
