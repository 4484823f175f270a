"""The web view's data: one JSON answer per page, read with the server's scope (the repos under
its operator's roots, computed per request like a verb's) through read statements only. No
page writes: not the graph, not session state, not a file."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from coderooms.config import Settings
from coderooms.errors import CoderoomsError, NotFound
from coderooms.graph.driver import Graph
from coderooms.verbs.context import AppContext
from coderooms.web.answers import impact_page, perspective_page, surgical_page
from coderooms.web.params import Params
from coderooms.web.repo_map import dir_listing, repo_map
from coderooms.web.symbol_page import NotesReader, symbol_page

Page = Callable[["Reading", Params], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Reading:
    """What one request reads with: the graph, the settings, the repos it may read."""

    graph: Graph
    settings: Settings
    readable: Sequence[str]
    notes: NotesReader | None


def _repos(reading: Reading, _: Params) -> dict[str, Any]:
    generations = _generations(reading)
    return {
        "page": "repos",
        "title": "repositories",
        "repos": [
            {"repo": repo, "generation": generations.get(repo, 0), "href": f"/ui/map?repo={repo}"}
            for repo in reading.readable
        ],
    }


def _generations(reading: Reading) -> dict[str, int]:
    rows = reading.graph.read("web/generations", repos=list(reading.readable))
    return {row["repo"]: int(row["generation"]) for row in rows}


PAGES: dict[str, Page] = {
    "repos": _repos,
    "generation": lambda r, _: {"generations": _generations(r)},
    "symbol": lambda r, p: symbol_page(r.graph, r.settings, r.readable, p, r.notes),
    "map": lambda r, p: repo_map(r.graph, r.readable, p),
    "dir": lambda r, p: dir_listing(r.graph, r.readable, p),
    "impact": lambda r, p: impact_page(r.graph, r.settings, p),
    "surgical": lambda r, p: surgical_page(r.graph, r.settings, p),
    "perspective": lambda r, p: perspective_page(r.graph, r.readable, p),
}
"""Every page's data by name: `/ui/api/<name>`; the page itself is `/ui/<name>`."""


class View:
    """The web view of one server (or of `coderooms ui`): answers a page's data request."""

    def __init__(self, ctx: AppContext, *, notes: NotesReader | None = None) -> None:
        self.ctx = ctx
        self.notes = notes

    def data(self, page: str, values: Mapping[str, str]) -> dict[str, Any]:
        """The page's data; a CoderoomsError (not found, invalid input, not ready) for the
        caller to answer with its status."""
        answer = PAGES.get(page)
        if answer is None:
            raise NotFound(f"no page {page[:40]!r}", field="page",
                           hint="one of: " + ", ".join(PAGES))  # fmt: skip
        graph = self.ctx.graph()
        reading = Reading(graph, self.ctx.settings, self.ctx.readable(graph), self.notes)
        return answer(reading, Params(values))


def status_of(error: CoderoomsError) -> int:
    """The HTTP status a page's error answers with."""
    return {"not_found": 404, "invalid_input": 400, "forbidden": 403, "not_ready": 503,
            "neo4j_unavailable": 503, "neo4j_timeout": 504}.get(error.code, 500)  # fmt: skip
