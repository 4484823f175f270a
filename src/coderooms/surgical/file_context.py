"""The two verbs that describe one file before an edit: `describe` (`surgical_context`: the
file's symbols and graph neighbours, paged compactly) and `prove` (`surgical_context_v2`: the
same, its most connected files, the proof state, and at ready_to_edit a proof mark in the
session store). Their requests hold the verbs' arguments, each described for the tool listing;
the adapter (`context_tools`) checks the caller and passes the graph and settings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import Field

from coderooms.config import Settings
from coderooms.core.clamps import Clamps
from coderooms.core.clock import now_ms
from coderooms.core.hashing import HASH_ALGORITHM
from coderooms.core.paths import Target
from coderooms.errors import InvalidInput
from coderooms.graph.driver import Graph
from coderooms.surgical import context_limits as limits
from coderooms.surgical.compact import LISTS, bare_whole_lists, compact_context, context_question
from coderooms.surgical.context import (
    FIRST_PAGE,
    Window,
    clamp_text_lines,
    context_answer,
    gather,
    read_disk,
)
from coderooms.surgical.locate import Located, Unlocated, not_in_graph, resolve
from coderooms.surgical.proof import PROOF_TTL_S, mark_proof_ready
from coderooms.surgical.proof_state import READY_TO_EDIT, blocked, decide
from coderooms.surgical.sections import Section, chosen
from coderooms.verbs.arguments import PathRepoArg
from coderooms.verbs.budget import (
    MAX_TOKENS_DEFAULT,
    MAX_TOKENS_MIN,
    CursorArg,
    MaxTokensArg,
    clamp_max_tokens,
    cursor_parts,
    tokens_of,
)

PathArg = Annotated[
    str | None,
    Field(),
]
SymbolArg = Annotated[
    str | None,
    Field(description="Or a symbol id."),
]
IncludeTextArg = Annotated[bool, Field(description="Also the file's text.")]
TextLinesArg = Annotated[int | None, Field()]
ConnectedArg = Annotated[
    int,
    Field(
        description="Most connected files returned, strongest connection first "
        f"({limits.CONNECTED_FILES_MIN}..{limits.CONNECTED_FILES_MAX})."
    ),
]
AcknowledgePartialArg = Annotated[
    bool,
    Field(
        description="Set after viewing the files a `triaging` answer listed: the partial "
        "signal is accepted and the file can be proved ready_to_edit."
    ),
]
AcknowledgeUnresolvedArg = Annotated[
    bool,
    Field(
        description="Set after searching the call sites `completeness` names (receivers "
        "the graph could not prove): the callers are accepted as a lower bound."
    ),
]


SectionsArg = Annotated[
    list[Section] | None,
    Field(description="Default: the first three."),
]


@dataclass(frozen=True, slots=True)
class ContextRequest:
    """The arguments of `surgical_context`."""

    path: PathArg = None
    repo: PathRepoArg = None
    symbol_id: SymbolArg = None
    sections: SectionsArg = None
    include_text: IncludeTextArg = False
    max_text_lines: TextLinesArg = None
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class ProofRequest:
    """The arguments of `surgical_context_v2`."""

    path: PathArg = None
    repo: PathRepoArg = None
    symbol_id: SymbolArg = None
    max_connected: ConnectedArg = limits.CONNECTED_FILES_DEFAULT
    acknowledge_partial: AcknowledgePartialArg = False
    acknowledge_unresolved: AcknowledgeUnresolvedArg = False
    include_text: IncludeTextArg = False
    max_text_lines: TextLinesArg = None
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


def describe(
    graph: Graph, settings: Settings, request: ContextRequest, *, hashes: bool = True
) -> dict[str, Any]:
    """`surgical_context`: the file's context, the sections asked for (`sections`), one list's
    page when a cursor names it; the graph's hash only where an edit can use it (`hashes`)."""
    r = request
    where = resolve(graph, settings, path=r.path, repo=r.repo, symbol_id=r.symbol_id)
    if isinstance(where, Unlocated):
        raise where.error()
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    window = _window(r.cursor)
    text_lines = clamp_text_lines(clamps, r.max_text_lines) if r.include_text else None
    sections = chosen(r.sections)
    hood = gather(graph, where, window=window, sections=frozenset() if window.part else sections)
    if hood is None:
        raise not_in_graph(where).error()
    located = Located(where, hood.file)
    disk = read_disk(where, hood.file["hash"])
    raw = context_answer(located, disk, hood, text_lines=text_lines, clamps=clamps, window=window)
    return compact_context(raw, window=_checked(raw, r.cursor), max_tokens=budget,
                           sections=sections, hashes=hashes)  # fmt: skip


def said_once(request: ContextRequest, answer: dict[str, Any]) -> dict[str, Any]:
    """What the model reads of `describe`'s first page (its notes found by its path): the path
    left out when the call named it as the answer would, each list given whole as its rows
    (`bare_whole_lists`). A cursor's page keeps its list and the file's head, as v2's pages."""
    if request.cursor is not None:
        return answer
    if named_as_answered(request.path, answer.get("path")):
        answer = {key: value for key, value in answer.items() if key != "path"}
    return bare_whole_lists(answer)


def named_as_answered(asked: str | None, path: Any) -> bool:
    """Whether the call named the file as the answer would write it (repo-relative, `/`
    separators): the answer need not say it again. An absolute path, a symbol id or `./a.py`
    is answered with the path it resolved to."""
    return asked is not None and asked == path


def prove(graph: Graph, settings: Settings, agent: str, request: ProofRequest) -> dict[str, Any]:
    """`surgical_context_v2`: the context, the connected files and the proof state; a proof
    mark recorded at ready_to_edit (unless the server is read-only)."""
    r = request
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    window = _window(r.cursor)
    cap = clamps.clamp(
        "max_connected", r.max_connected, limits.CONNECTED_FILES_MIN, limits.CONNECTED_FILES_MAX
    )
    text_lines = clamp_text_lines(clamps, r.max_text_lines) if r.include_text else None
    where = resolve(graph, settings, path=r.path, repo=r.repo, symbol_id=r.symbol_id)
    hood = (
        gather(graph, where, connected_cap=cap, window=window)
        if isinstance(where, Target)
        else None
    )
    if hood is None or isinstance(where, Unlocated):
        unlocated = where if isinstance(where, Unlocated) else not_in_graph(where)
        return {
            "repo": unlocated.repo,
            "path": unlocated.path,
            **blocked(unlocated).as_dict(),
            "proof_mark": {"recorded": False, "reason": "the proof state is blocked"},
            "clamped": clamps.as_dict(),
        }
    located = Located(where, hood.file)
    disk = read_disk(where, hood.file["hash"])
    if window.part:  # a page of one list: no proof decided, no mark recorded
        raw = context_answer(located, disk, hood, text_lines=None, clamps=clamps, window=window)
        return compact_context(raw, window=_checked(raw, r.cursor), max_tokens=budget)
    decision = decide(
        located,
        disk,
        hood,
        connected_cap=cap,
        acknowledge_partial=r.acknowledge_partial,
        acknowledge_unresolved=r.acknowledge_unresolved,
    )
    raw = context_answer(located, disk, hood, text_lines=text_lines, clamps=clamps)
    answer: dict[str, Any] = decision.as_dict()
    answer["connected_files"] = {
        "items": [c.as_dict(hood.relevant.get(c.id, [])) for c in hood.connected],
        "total": hood.connected_total,
        "truncated": hood.connected_total > len(hood.connected),
        "cap": cap,
    }
    if decision.state != READY_TO_EDIT:
        answer["proof_mark"] = {
            "recorded": False,
            "reason": f"the proof state is {decision.state}",
        }
    elif settings.read_only:
        answer["proof_mark"] = {
            "recorded": False,
            "reason": "this server is read-only: no edit can follow, so no mark is recorded",
        }
    else:
        answer["proof_mark"] = _mark(graph, settings, agent, where, str(disk.hash))
    left = max(budget - tokens_of(answer), MAX_TOKENS_MIN)
    _checked(raw, r.cursor)
    return {**compact_context(raw, max_tokens=left), **answer}


def _window(cursor: str | None) -> Window:
    """The list and offset a cursor names, read before the graph is (its digest is checked
    once the file's hash is known: `_checked`)."""
    if cursor is None:
        return FIRST_PAGE
    part, offset = cursor_parts(cursor)
    if part not in LISTS:
        raise InvalidInput(
            f"cursor {str(cursor)[:80]!r} is not a next_cursor of surgical_context",
            field="cursor",
            hint="pass the next_cursor of one of this file's lists, or no cursor",
        )
    return Window(part, offset)


def _checked(raw: dict[str, Any], cursor: str | None) -> Window:
    part, offset = context_question(raw).read(cursor, ("", *LISTS))
    return Window(part, offset)


def _mark(
    graph: Graph, settings: Settings, agent: str, target: Target, digest: str
) -> dict[str, Any]:
    # read before marking: the mark's own expiry is at or just after this one
    expires_ms = now_ms() + PROOF_TTL_S * 1000
    mark = mark_proof_ready(graph, agent, target.repo, target.relative, digest)
    return {
        "recorded": True,
        "id": mark,
        "path": target.relative,
        "repo": target.repo,
        "content_hash": digest,
        "hash_algorithm": HASH_ALGORITHM,
        "expires_at": datetime.fromtimestamp(expires_ms / 1000, UTC).isoformat(),
        "ttl_s": PROOF_TTL_S,
        "gate_on": settings.proof_gate,
    }
