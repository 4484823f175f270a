"""The MCP verb `dead_code` (read-only): the symbols nothing references, and how sure."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import Field

from coderooms.core.clamps import Clamps
from coderooms.core.paths import check_path_text
from coderooms.deadcode.find import LOW, SURE, Analysis, analyse
from coderooms.deadcode.limits import CACHED_ANALYSES, ITEMS_DEFAULT, ITEMS_MAX
from coderooms.errors import InvalidInput, NotFound
from coderooms.verbs.budget import (
    MAX_TOKENS_DEFAULT,
    CursorArg,
    MaxTokensArg,
    Question,
    clamp_max_tokens,
    fit,
    room,
)
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import READS
from coderooms.verbs.spec import ToolSpec


@dataclass(frozen=True, slots=True)
class DeadCodeRequest:
    """The arguments of `dead_code`."""

    repo: Annotated[str | None, Field(description="Repo id (needed when several are read).")] = None
    path: Annotated[
        str | None, Field(description="Only symbols under this path prefix (pkg/, pkg/mod.py).")
    ] = None
    confidence: Annotated[str | None, Field(description="sure or low (default: both).")] = None
    include_public: Annotated[
        bool, Field(description="Judge public API too (what other repos may import).")
    ] = False
    left_out: Annotated[
        bool, Field(description="List the symbols a rule left out, with the rule, instead.")
    ] = False
    limit: Annotated[int, Field(description=f"Most rows returned (1..{ITEMS_MAX}).")] = (
        ITEMS_DEFAULT
    )
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass
class DeadCodeRoom:
    """The analyses this server made, kept by repo generation and question."""

    ctx: AppContext
    cache: OrderedDict[tuple[Any, ...], Analysis] = field(default_factory=OrderedDict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def analysis(self, repo: str, generation: int, path: str | None, public: bool) -> Analysis:
        key = (repo, generation, path, public)
        with self._lock:
            if key in self.cache:
                self.cache.move_to_end(key)
                return self.cache[key]
        found = analyse(self.ctx.graph(), repo, path, include_public=public)
        with self._lock:
            self.cache[key] = found
            while len(self.cache) > CACHED_ANALYSES:
                self.cache.popitem(last=False)
        return found


def dead_code(room_: DeadCodeRoom, agent: str, r: DeadCodeRequest) -> dict[str, Any]:
    """The symbols nothing in the graph references (functions, methods, classes), each with
    how sure: `sure` (no unresolved call site could be a call of it and its name is written
    nowhere else in the repo) or `low` (the places that could be uses are listed).

    Rows: `path:first-last kind qualname`, `low` ones with why (`unresolved call sites
    path:line ref`, `named at path:line`, `a name built from 'visit_'`); sure first. Left
    out, counted by rule in `left_out`: dunders and operators, tests, entry points (`main`),
    decorated symbols (`@app.route`, `@Override`), overrides, methods of classes whose base
    the graph does not hold or of anonymous classes (framework hooks), and public API (names
    other repos may import)
    unless include_public. `left_out=true` lists those with their rule. Cut to limit and
    max_tokens; `next_cursor` goes on. See docs/dead-code.md for how sure `sure` is."""
    ctx = room_.ctx
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    page = clamps.clamp("limit", r.limit, 1, ITEMS_MAX)
    if r.confidence not in (None, SURE, LOW):
        raise InvalidInput("confidence must be sure or low", field="confidence")
    if r.path is not None:
        check_path_text(r.path.removesuffix("/"), "path")  # a prefix: `pkg/` is fine
    graph = ctx.graph()
    readable = ctx.readable(graph)
    repo = _repo(r.repo, readable)
    question = Question.of(
        "dead_code",
        repo=repo,
        path=r.path,
        confidence=r.confidence,
        include_public=r.include_public,
        left_out=r.left_out,
    )
    _, offset = question.read(r.cursor)
    rows = graph.read("deadcode/repo_state", repo=repo)
    generation = int(rows[0]["generation"] or 0) if rows else 0
    found = room_.analysis(repo, generation, r.path, r.include_public)
    if r.left_out:
        listed = found.left_out
    else:
        listed = [f for f in found.judged if r.confidence in (None, f.confidence)]
    answer: dict[str, Any] = {
        "repo": repo,
        "sure": sum(f.confidence == SURE for f in found.judged),
        "low": sum(f.confidence == LOW for f in found.judged),
        "left_out": dict(sorted(found.rules.items())),
    }
    if clamps.changes:
        answer["clamped"] = clamps.as_dict()
    rows_text = [f"{f.confidence or 'left out'} {f.row()}" for f in listed[offset : offset + page]]
    fitted = fit(rows_text, room(budget, answer))
    answer["items"] = rows_text[: fitted.shown]
    if offset:
        answer["offset"] = offset
    left = len(listed) - offset - fitted.shown
    if left > 0:
        answer |= question.more(offset + fitted.shown, left, "symbols")
    return answer


def _repo(repo: str | None, readable: list[str]) -> str:
    if repo is not None:
        if repo not in readable:
            raise NotFound(
                f"no repo {repo!r} in the graph",
                field="repo",
                hint="a server reads only the repos under its operator's roots",
            )
        return repo
    if len(readable) == 1:
        return readable[0]
    raise InvalidInput(
        "pass repo: this server reads " + (f"{len(readable)} repos" if readable else "no repo"),
        field="repo",
    )


VERBS = (Verb(dead_code, DeadCodeRequest, READS),)


def dead_code_tools(ctx: AppContext) -> list[ToolSpec]:
    room_ = DeadCodeRoom(ctx)
    return [verb.spec(ctx, using=room_) for verb in VERBS]
