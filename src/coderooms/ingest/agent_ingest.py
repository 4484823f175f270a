"""The `ingest` verb's work: the roots an agent names (the served roots, or directories under
them), each ingested whole, one ingest of a root at a time in this server, and the answer's
problem lists cut to its budget. Its arguments are `IngestArguments`."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field

from coderooms.config import Settings
from coderooms.core.ids import repo_id_for, validate_repo_id
from coderooms.errors import Conflict, InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.scope.served import served_scope
from coderooms.semantic import left_to_embed
from coderooms.steps import QUIET, Steps
from coderooms.verbs.budget import MAX_TOKENS_DEFAULT, MaxTokensArg, fit
from coderooms.verbs.budget import room as room_for


@dataclass(frozen=True, slots=True)
class IngestArguments:
    """The arguments of `ingest`."""

    roots: Annotated[
        list[str] | None,
        Field(description="Default: the server's roots."),
    ] = None
    mode: Annotated[
        Literal["full", "incremental"],
        Field(),
    ] = "incremental"
    repo: Annotated[
        str | None,
        Field(),
    ] = None
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT


MAX_ROOTS_PER_CALL = 16

_running: set[str] = set()
_running_lock = threading.Lock()


def ingest_roots(
    graph_of: Callable[[], Graph],
    settings: Settings,
    roots: list[str] | None,
    *,
    mode: Literal["full", "incremental"] = "incremental",
    repo: str | None = None,
    steps: Steps = QUIET,
    embed_in_background: Callable[[str], None] = lambda repo: None,
) -> dict[str, Any]:
    """Ingest each root (one repo per root; none given: the served roots) and return its
    report. Every root is checked against the operator's scope before anything is read.
    `steps`: progress and cancellation (coderooms.steps); a cancelled ingest stops between
    roots or at the pipeline's safe points, each root's graph whole. A repo with symbols
    without a current vector is handed to `embed_in_background`: nothing is embedded before
    the call returns, and its report says how many are left (`embeddings`). The graph
    (`graph_of`) is asked for once the arguments are checked."""
    if roots is not None and len(roots) > MAX_ROOTS_PER_CALL:
        raise InvalidInput(f"at most {MAX_ROOTS_PER_CALL} roots per call", field="roots")
    chosen = served_scope(settings).agent_roots(roots)
    if repo is not None and len(chosen) > 1:
        raise InvalidInput("repo names one root; pass one root with it", field="repo")
    graph = graph_of()
    for root in chosen:
        _refuse_foreign_repo_id(graph, settings, root, repo)
    reports = []
    for root in chosen:
        key = str(root)
        with _running_lock:
            if key in _running:
                raise Conflict(
                    f"an ingest of {key} is already running in this server",
                    hint="retry when it ends",
                )
            _running.add(key)
        try:
            report = ingest_root(graph, root, repo=repo, mode=mode, steps=steps.part(), embed=False)
            report.embeddings = left_to_embed(graph, report.repo)
            if report.embeddings["pending"] and "off" not in report.embeddings:
                report.embeddings["background"] = True  # the call returns with the graph
                embed_in_background(report.repo)
            reports.append(report.as_dict())
        finally:
            with _running_lock:
                _running.discard(key)
    return {"reports": reports}


def _refuse_foreign_repo_id(graph: Graph, settings: Settings, root: Path, repo: str | None) -> None:
    """The repo id `root` would be ingested under, when the graph holds it for a root this
    server does not serve (another operator's project): `not_found` without naming that root,
    so an agent learns neither where another project lies nor, from the message, that it
    exists. (A repo id of another served root is refused by the pipeline, naming it.)"""
    repo_id = validate_repo_id(repo) if repo is not None else repo_id_for(root)
    rows = graph.read("ingest/repo_root", repo=repo_id)
    if (
        rows
        and rows[0]["root"] != str(root)
        and not served_scope(settings).allows_root(str(rows[0]["root"]))
    ):
        raise NotFound(
            f"repo id {repo_id!r} cannot be used for {str(root)!r}",
            field="repo",
            hint="pass another repo id for this root (`repo`); a server reads only the repos "
            "under the roots its operator gave it (`serve --root`)",
        )


def problems_within(answer: dict[str, Any], max_tokens: int) -> dict[str, Any]:
    """Each report's problem list cut to its share of `max_tokens`, the rest counted. An
    ingest is not asked twice, so there is no cursor: each file's problems stay in the graph
    (surgical_context lists a file's)."""
    reports = answer["reports"]
    problems = [report.pop("problems") for report in reports]
    share = room_for(max_tokens, answer) // max(len(reports), 1)
    for report, rows in zip(reports, problems, strict=True):
        fitted = fit(rows, share)
        report["problems"] = rows[: fitted.shown]
        left = max(int(report.get("problems_total", len(rows))), len(rows)) - fitted.shown
        if left > 0:
            report["problems_more"] = (
                f"{left} more problems not listed: surgical_context path=... lists a file's"
            )
    return answer
