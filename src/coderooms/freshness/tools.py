"""MCP verbs of the freshness room. `auto_ingest_*` and `daemon_*` drive the same in-process
engine (the names follow the two engines of the design this replaces): the `daemon_*` status
adds recent ticks, and `daemon_tick` runs a tick now."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from coderooms.budget import (
    MAX_TOKENS_DEFAULT,
    CursorArg,
    MaxTokensArg,
    Question,
    clamp_max_tokens,
    fit,
    page_answer,
)
from coderooms.budget import room as room_for
from coderooms.context import AppContext
from coderooms.core.clamps import Clamps
from coderooms.effects import READS, Effect, Writes
from coderooms.errors import InvalidInput
from coderooms.freshness.alerts import (
    ALERT_KINDS,
    DEFAULT_LIST_LIMIT,
    MAX_ACK_IDS,
    MAX_LIST_LIMIT,
    SEVERITY_RANK,
    ack_alerts,
    list_alerts,
)
from coderooms.freshness.options import (
    DEFAULT_DEBOUNCE_MS,
    DEFAULT_IDLE_POLL_MS,
    MAX_DEBOUNCE_MS,
    MAX_IDLE_POLL_MS,
    MIN_IDLE_POLL_MS,
)
from coderooms.freshness.room import FreshnessRoom
from coderooms.tooling import ToolSpec

Roots = Annotated[
    list[str] | None,
    Field(
        description="Directories to keep fresh, each one repo: the server's roots or directories "
        "under them. Omit for the server's roots."
    ),
]
Debounce = Annotated[
    int,
    Field(
        description="Wait this long after a file's last event before ingesting it.",
        ge=0,
        le=MAX_DEBOUNCE_MS,
    ),
]
Repo = Annotated[
    str | None, Field(description="Repo id for a single root (default: its directory name).")
]
SomeRoots = Annotated[
    list[str] | None, Field(description="Roots whose watcher to stop; omit to stop all.")
]


REPORT_LISTS = {
    "changed_paths": "changed paths",
    "signature_changes": "signature changes",
    "git_skipped_examples": "skipped paths",
}
"""The lists of a root's tick report that grow with the batch (each capped when recorded)."""


def _root_reports(value: Any) -> list[dict[str, Any]]:
    """Every root tick report in an answer (the dicts that hold `changed_paths`)."""
    if isinstance(value, dict):
        found = [value] if "changed_paths" in value else []
        return found + [r for v in value.values() for r in _root_reports(v)]
    if isinstance(value, list):
        return [r for v in value for r in _root_reports(v)]
    return []


def reports_within(answer: dict[str, Any], max_tokens: int) -> dict[str, Any]:
    """The tick reports' path lists cut to their share of `max_tokens`, the rest counted. A
    tick is not asked twice, so there is no cursor: the graph holds what it wrote (glob lists
    the files, `impact changes=...` what a revision range reaches)."""
    reports = _root_reports(answer)
    lists = [(r, key, r.pop(key)) for r in reports for key in REPORT_LISTS if r.get(key)]
    if not lists:
        return answer
    share = room_for(max_tokens, answer) // len(lists)
    for report, key, rows in lists:
        fitted = fit(rows, share)
        report[key] = rows[: fitted.shown]
        if fitted.shown < len(rows):
            report[f"{key}_more"] = (
                f"{len(rows) - fitted.shown} more {REPORT_LISTS[key]} not listed (max_tokens)"
            )
    return answer


def freshness_tools(ctx: AppContext, room: FreshnessRoom | None = None) -> list[ToolSpec]:
    room = room or FreshnessRoom(ctx)
    room.resume_when_ready()

    def auto_ingest_start(
        agent_id: str,
        roots: Roots = None,
        debounce_ms: Debounce = DEFAULT_DEBOUNCE_MS,
        repo: Repo = None,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
    ) -> dict[str, Any]:
        """Keep directories' code graph equal to the files on disk, from this server.

        Catches up first (whatever changed while nothing watched), then ingests each changed file
        `debounce_ms` after its last event, deferring while git rebases/merges. Returns the
        catch-up report and the watcher's status. Starting roots already watched here is a no-op.
        """
        ctx.agent(agent_id)
        budget = clamp_max_tokens(Clamps(), max_tokens)
        started = room.start(
            roots, repo=repo, debounce_ms=debounce_ms, idle_poll_ms=DEFAULT_IDLE_POLL_MS
        )
        return reports_within(started, budget)

    def auto_ingest_stop(
        agent_id: str, roots: SomeRoots = None, max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    ) -> dict[str, Any]:
        """Stop this server's watcher(s): pending changes are drained first, state is saved."""
        ctx.agent(agent_id)
        return reports_within(room.stop(roots), clamp_max_tokens(Clamps(), max_tokens))

    def status_paged(
        verb: str, detail: bool, max_tokens: int, cursor: str | None
    ) -> dict[str, Any]:
        """The status, its recorded watchers (the list that grows: one per process that ever
        watched) paged to `max_tokens`."""
        budget = clamp_max_tokens(Clamps(), max_tokens)
        answer = reports_within(room.status(detail=detail), budget // 2)  # the recent ticks
        if "watchers" not in answer:
            return answer
        question = Question.of(verb, ids=[w.get("watcher_id") for w in answer["watchers"]])
        _, offset = question.read(cursor)
        return page_answer(
            answer, "watchers", question=question, offset=offset, max_tokens=budget,
            what="watchers",
        )  # fmt: skip

    def auto_ingest_status(
        agent_id: str, max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT, cursor: CursorArg = None
    ) -> dict[str, Any]:
        """Show every watcher and how fresh the graph of each repo is.

        This server's watchers (queue, last batch per root), those other processes recorded in
        Neo4j (`coderooms watch`, heartbeat, alive), and per repo the pending files, last tick
        and unacknowledged alerts."""
        ctx.agent(agent_id)
        return status_paged("auto_ingest_status", False, max_tokens, cursor)

    def daemon_start(
        agent_id: str,
        roots: Roots = None,
        debounce_ms: Debounce = DEFAULT_DEBOUNCE_MS,
        idle_poll_ms: Annotated[
            int,
            Field(
                description="Idle poll before backoff (grows x2 up to 10 s).",
                ge=MIN_IDLE_POLL_MS,
                le=MAX_IDLE_POLL_MS,
            ),
        ] = DEFAULT_IDLE_POLL_MS,
        repo: Repo = None,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
    ) -> dict[str, Any]:
        """Start the git-aware watcher in this server (same engine as auto_ingest_start).

        Changed sets come from `git diff <last seen HEAD> HEAD` plus `git status` when HEAD
        moves; rebase/merge/cherry-pick/bisect/index.lock defer ticks, then one reconciliation.
        """
        ctx.agent(agent_id)
        budget = clamp_max_tokens(Clamps(), max_tokens)
        started = room.start(roots, repo=repo, debounce_ms=debounce_ms, idle_poll_ms=idle_poll_ms)
        return reports_within(started, budget)

    def daemon_stop(
        agent_id: str, roots: SomeRoots = None, max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    ) -> dict[str, Any]:
        """Stop this server's watcher(s) (same as auto_ingest_stop)."""
        ctx.agent(agent_id)
        return reports_within(room.stop(roots), clamp_max_tokens(Clamps(), max_tokens))

    def daemon_status(
        agent_id: str, max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT, cursor: CursorArg = None
    ) -> dict[str, Any]:
        """Like auto_ingest_status, plus each in-process watcher's recent ticks (git HEAD moves,
        deferrals, reconciliations, paths git reported that the ingest skips)."""
        ctx.agent(agent_id)
        return status_paged("daemon_status", True, max_tokens, cursor)

    def daemon_tick(
        agent_id: str,
        force: Annotated[
            bool, Field(description="Take pending files now, without waiting for debounce.")
        ] = False,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
    ) -> dict[str, Any]:
        """Run one tick of this server's watcher(s) now and return what it did.

        A tick asked for while one runs is coalesced: it runs once right after (status
        `coalesced`)."""
        ctx.agent(agent_id)
        budget = clamp_max_tokens(Clamps(), max_tokens)
        return reports_within(room.tick(force=force), budget)

    def alerts_list(
        agent_id: str,
        repo: Annotated[str | None, Field(description="Only this repo's alerts.")] = None,
        severity: Annotated[str | None, Field(description="low, medium, high or critical.")] = None,
        kind: Annotated[
            str | None,
            Field(description="graph_vs_disk_drift, co_change_prediction or callers_affected."),
        ] = None,
        file: Annotated[str | None, Field(description="Repo-relative path.")] = None,
        unacked: Annotated[bool, Field(description="Only unacknowledged alerts.")] = False,
        limit: Annotated[int, Field(ge=1, le=MAX_LIST_LIMIT)] = DEFAULT_LIST_LIMIT,
        offset: Annotated[int, Field(ge=0)] = 0,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
        """List the watcher's alerts: unacknowledged first, then by severity, newest first.

        At most `limit` a call, cut to max_tokens; when more follow, `next_cursor` goes on
        (`offset` is then not read)."""
        ctx.agent(agent_id)
        budget = clamp_max_tokens(Clamps(), max_tokens)
        question = Question.of(
            "alerts_list", repo=repo, severity=severity, kind=kind, file=file, unacked=unacked
        )
        if cursor is not None:
            _, offset = question.read(cursor)
        if severity is not None and severity not in SEVERITY_RANK:
            raise InvalidInput(
                f"severity must be one of {', '.join(SEVERITY_RANK)}", field="severity"
            )
        if kind is not None and kind not in ALERT_KINDS:
            raise InvalidInput(f"kind must be one of {', '.join(ALERT_KINDS)}", field="kind")
        graph = ctx.graph()
        alerts = list_alerts(
            graph,
            repo=repo,
            readable=ctx.readable(graph),
            severity=severity,
            kind=kind,
            file=file,
            unacked=unacked,
            limit=limit + 1,  # one past the page: whether more follow
            offset=offset,
        )
        answer: dict[str, Any] = {"count": 0}
        fitted = fit(alerts[:limit], room_for(budget, answer))
        answer["alerts"] = alerts[: fitted.shown]
        answer["count"] = fitted.shown
        if offset:
            answer["offset"] = offset
        if len(alerts) > fitted.shown:
            answer |= question.more(offset + fitted.shown, None, "alerts")
        return answer

    def alerts_ack(
        agent_id: str,
        alert_ids: Annotated[list[str], Field(description=f"Alert ids, at most {MAX_ACK_IDS}.")],
    ) -> dict[str, Any]:
        """Acknowledge alerts (they stay listed, after the unacknowledged ones). Unknown ids are
        reported back in `unknown`."""
        agent = ctx.agent(agent_id)
        if not alert_ids:
            raise InvalidInput("alert_ids is empty", field="alert_ids")
        if len(alert_ids) > MAX_ACK_IDS:
            raise InvalidInput(f"at most {MAX_ACK_IDS} alert ids per call", field="alert_ids")
        now_ms = int(room.now() * 1000)
        graph = ctx.graph()
        acked = ack_alerts(graph, alert_ids, agent, now_ms, ctx.readable(graph))
        return {"acked": acked, "unknown": sorted(set(alert_ids) - set(acked))}

    return [
        ToolSpec(auto_ingest_start, Effect(Writes.GRAPH, idempotent=True)),
        ToolSpec(auto_ingest_stop, Effect(Writes.GRAPH, idempotent=True)),
        ToolSpec(auto_ingest_status, READS),
        ToolSpec(daemon_start, Effect(Writes.GRAPH, idempotent=True)),
        ToolSpec(daemon_stop, Effect(Writes.GRAPH, idempotent=True)),
        ToolSpec(daemon_status, READS),
        ToolSpec(daemon_tick, Effect(Writes.GRAPH)),
        ToolSpec(alerts_list, READS),
        ToolSpec(alerts_ack, Effect(Writes.SESSION_STATE, idempotent=True)),
    ]
