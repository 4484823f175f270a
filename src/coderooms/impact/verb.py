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
from coderooms.impact.accessors import accessors
from coderooms.impact.answer import DEFAULT_SECTIONS, Findings, ImpactSection, Page, answer_of
from coderooms.impact.revisions import parse_changes
from coderooms.impact.seeds import (
    Seeds,
    change_seeds,
    path_seeds,
    symbol_seeds,
)
from coderooms.impact.walk import FILE_KIND, walk
from coderooms.ingest import CALL_GROUPS
from coderooms.languages import is_test_path
from coderooms.scope.readable import ingest_roots, readable_repos
from coderooms.scope.served import served_scope
from coderooms.surgical import co_change_partners
from coderooms.verbs.arguments import check_symbol_text
from coderooms.verbs.budget import MAX_TOKENS_DEFAULT, CursorArg, MaxTokensArg, Question


@dataclass(frozen=True, slots=True)
class ImpactRequest:
    """The arguments of `impact`, each described for the tool listing (`max_tokens` is the
    adapter's: the answer's budget)."""

    symbol: Annotated[
        str | None,
        Field(description="A name, qualname or id."),
    ] = None
    path: Annotated[str | None, Field(description="Or a file.")] = None
    changes: Annotated[
        str | None,
        Field(description="Or a diff: 'working', or a range (HEAD~3..HEAD)."),
    ] = None
    repo: Annotated[str | None, Field()] = None
    depth: Annotated[
        int,
        Field(description=f"Caller hops ({limits.DEPTH_MIN}..{limits.DEPTH_MAX})."),
    ] = limits.DEPTH_DEFAULT
    max_items: Annotated[int, Field()] = limits.MAX_ITEMS_DEFAULT
    sections: Annotated[
        list[ImpactSection] | None,
        Field(description="Default: callers, tests."),
    ] = None
    cursor: CursorArg = None
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT


def impact(
    graph: Graph, settings: Settings, request: ImpactRequest, *, tests_apart: bool = True
) -> dict[str, Any]:
    """The answer's records; `tests_apart`: a test file's rows are left to `tests` when it is
    asked too (an agent reads them once; the web page, which draws every edge, keeps them)."""
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
    sections = DEFAULT_SECTIONS if request.sections is None else frozenset(request.sections)
    sites = completeness.submit(graph, seeds.symbols, CALL_GROUPS)
    # the tests are looked for further than the rows are listed (a test reaches code through
    # its callers' callers); the rows stay within `depth`
    reach = max(depth, limits.TESTS_DEPTH) if "tests" in sections else depth
    walked = walk(graph, seeds.symbols, seeds.files, reach)
    # what the walk read the callers of; tests are leaves: their names' sites are noise
    through = [r.id for r in walked.reached
               if r.kind != FILE_KIND and r.hop < reach and not is_test_path(r.path)]  # fmt: skip
    further: Future[Completeness] | None = None
    if through:
        further = completeness.submit(graph, through[: limits.COMPLETENESS_IDS_MAX], CALL_GROUPS)
    reached_to = {r.to for r in walked.reached}
    dead_ends = [i for i in [*seeds.symbols, *through] if i not in reached_to]
    found = Findings(
        seeds=seeds,
        walked=walked,
        sites=sites.result(),
        further=further.result() if further else None,
        through=len(through),
        co_changes=_co_changes(graph, settings, seeds) if "co_changes" in sections else None,
        read_not_called=accessors(graph, dead_ends),
    )
    return answer_of(found, Page(depth, page, offset), clamps, sections, tests_apart=tests_apart)


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


def _co_changes(graph: Graph, settings: Settings, seeds: Seeds) -> dict[str, Any]:
    """The seed files' co-change partners, from each file's own history (surgical's rule)."""
    cut = len(seeds.repo) + 1
    files = sorted({_file_of(s) for s in seeds.symbols} | set(seeds.files))
    roots = ingest_roots(graph, served_scope(settings), [seeds.repo])
    root = roots[0].root if roots else None
    return co_change_partners(graph, seeds.repo, root, [f[cut:] for f in files])


def _file_of(symbol_id: str) -> str:
    """The file id of a symbol id (`repo:path::qualname`)."""
    return symbol_id.rsplit("::", 1)[0]  # qualnames are dotted: the last `::` ends the path
