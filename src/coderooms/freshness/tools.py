"""MCP verbs of the freshness room. `auto_ingest_*` and `daemon_*` drive the same in-process
engine (the names follow the two engines of the design this replaces): the `daemon_*` status
adds recent ticks, and `daemon_tick` runs a tick now."""

from __future__ import annotations

from typing import Any

from coderooms.core.clamps import Clamps
from coderooms.errors import InvalidInput
from coderooms.freshness.alerts import (
    ALERT_KINDS,
    MAX_ACK_IDS,
    SEVERITY_RANK,
    ack_alerts,
    list_alerts,
    list_limit,
)
from coderooms.freshness.options import (
    DEFAULT_IDLE_POLL_MS,
)
from coderooms.freshness.requests import (
    AlertsAckArguments,
    AlertsListArguments,
    DaemonStartArguments,
    DaemonStatusArguments,
    StartArguments,
    StatusArguments,
    StopArguments,
    TickArguments,
)
from coderooms.freshness.room import FreshnessRoom
from coderooms.verbs.budget import (
    Question,
    clamp_max_tokens,
    fit,
    page_answer,
)
from coderooms.verbs.budget import room as room_for
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import READS, Effect, Writes
from coderooms.verbs.spec import ToolSpec

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


def status_paged(
    room: FreshnessRoom, verb: str, detail: bool, max_tokens: int, cursor: str | None
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
        answer,
        "watchers",
        question=question,
        offset=offset,
        max_tokens=budget,
        what="watchers",
    )


def auto_ingest_start(room: FreshnessRoom, agent: str, r: StartArguments) -> dict[str, Any]:
    """Keep directories' code graph equal to the files on disk, from this server.

    Catches up first (whatever changed while nothing watched), then ingests each changed file
    `debounce_ms` after its last event, deferring while git rebases/merges. Returns the
    catch-up report and the watcher's status. Starting roots already watched here is a no-op.
    """
    budget = clamp_max_tokens(Clamps(), r.max_tokens)
    started = room.start(
        r.roots, repo=r.repo, debounce_ms=r.debounce_ms, idle_poll_ms=DEFAULT_IDLE_POLL_MS
    )
    return reports_within(started, budget)


def auto_ingest_stop(room: FreshnessRoom, agent: str, r: StopArguments) -> dict[str, Any]:
    """Stop this server's watcher(s): pending changes are drained first, state is saved."""
    return reports_within(room.stop(r.roots), clamp_max_tokens(Clamps(), r.max_tokens))


def auto_ingest_status(room: FreshnessRoom, agent: str, r: StatusArguments) -> dict[str, Any]:
    """Show every watcher and how fresh the graph of each repo is.

    This server's watchers (queue, last batch per root), those other processes recorded in
    Neo4j (`coderooms watch`, heartbeat, alive), and per repo the pending files, last tick
    and unacknowledged alerts."""
    return status_paged(room, "auto_ingest_status", False, r.max_tokens, r.cursor)


def daemon_start(room: FreshnessRoom, agent: str, r: DaemonStartArguments) -> dict[str, Any]:
    """Start the git-aware watcher in this server (same engine as auto_ingest_start).

    Changed sets come from `git diff <last seen HEAD> HEAD` plus `git status` when HEAD
    moves; rebase/merge/cherry-pick/bisect/index.lock defer ticks, then one reconciliation.
    """
    budget = clamp_max_tokens(Clamps(), r.max_tokens)
    started = room.start(
        r.roots, repo=r.repo, debounce_ms=r.debounce_ms, idle_poll_ms=r.idle_poll_ms
    )
    return reports_within(started, budget)


def daemon_stop(room: FreshnessRoom, agent: str, r: StopArguments) -> dict[str, Any]:
    """Stop this server's watcher(s) (same as auto_ingest_stop)."""
    return reports_within(room.stop(r.roots), clamp_max_tokens(Clamps(), r.max_tokens))


def daemon_status(room: FreshnessRoom, agent: str, r: DaemonStatusArguments) -> dict[str, Any]:
    """Like auto_ingest_status, plus each in-process watcher's recent ticks (git HEAD moves,
    deferrals, reconciliations, paths git reported that the ingest skips)."""
    return status_paged(room, "daemon_status", True, r.max_tokens, r.cursor)


def daemon_tick(room: FreshnessRoom, agent: str, r: TickArguments) -> dict[str, Any]:
    """Run one tick of this server's watcher(s) now and return what it did.

    A tick asked for while one runs is coalesced: it runs once right after (status
    `coalesced`)."""
    budget = clamp_max_tokens(Clamps(), r.max_tokens)
    return reports_within(room.tick(force=r.force), budget)


def alerts_list(room: FreshnessRoom, agent: str, r: AlertsListArguments) -> dict[str, Any]:
    """List the watcher's alerts: unacknowledged first, then by severity, newest first.

    At most `limit` a call, cut to max_tokens; when more follow, `next_cursor` goes on
    (`offset` is then not read)."""
    budget = clamp_max_tokens(Clamps(), r.max_tokens)
    question = Question.of(
        "alerts_list", repo=r.repo, severity=r.severity, kind=r.kind, file=r.file, unacked=r.unacked
    )
    offset = r.offset
    if r.cursor is not None:
        _, offset = question.read(r.cursor)
    if r.severity is not None and r.severity not in SEVERITY_RANK:
        raise InvalidInput(f"severity must be one of {', '.join(SEVERITY_RANK)}", field="severity")
    if r.kind is not None and r.kind not in ALERT_KINDS:
        raise InvalidInput(f"kind must be one of {', '.join(ALERT_KINDS)}", field="kind")
    graph = room.ctx.graph()
    alerts = list_alerts(
        graph,
        repo=r.repo,
        readable=room.ctx.readable(graph),
        severity=r.severity,
        kind=r.kind,
        file=r.file,
        unacked=r.unacked,
        limit=r.limit,
        offset=offset,
        one_more=True,  # a row past the page, at the most rows too: whether more follow
    )
    answer: dict[str, Any] = {"count": 0}
    fitted = fit(alerts[: list_limit(r.limit)], room_for(budget, answer))
    answer["alerts"] = alerts[: fitted.shown]
    answer["count"] = fitted.shown
    if offset:
        answer["offset"] = offset
    if len(alerts) > fitted.shown:
        answer |= question.more(offset + fitted.shown, None, "alerts")
    return answer


def alerts_ack(room: FreshnessRoom, agent: str, r: AlertsAckArguments) -> dict[str, Any]:
    """Acknowledge alerts (they stay listed, after the unacknowledged ones). Unknown ids are
    reported back in `unknown`."""
    if not r.alert_ids:
        raise InvalidInput("alert_ids is empty", field="alert_ids")
    if len(r.alert_ids) > MAX_ACK_IDS:
        raise InvalidInput(f"at most {MAX_ACK_IDS} alert ids per call", field="alert_ids")
    now_ms = int(room.now() * 1000)
    graph = room.ctx.graph()
    acked = ack_alerts(graph, r.alert_ids, agent, now_ms, room.ctx.readable(graph))
    return {"acked": acked, "unknown": sorted(set(r.alert_ids) - set(acked))}


VERBS = (
    Verb(auto_ingest_start, StartArguments, Effect(Writes.GRAPH, idempotent=True)),
    Verb(auto_ingest_stop, StopArguments, Effect(Writes.GRAPH, idempotent=True)),
    Verb(auto_ingest_status, StatusArguments, READS),
    Verb(daemon_start, DaemonStartArguments, Effect(Writes.GRAPH, idempotent=True)),
    Verb(daemon_stop, StopArguments, Effect(Writes.GRAPH, idempotent=True)),
    Verb(daemon_status, DaemonStatusArguments, READS),
    Verb(daemon_tick, TickArguments, Effect(Writes.GRAPH)),
    Verb(alerts_list, AlertsListArguments, READS),
    Verb(alerts_ack, AlertsAckArguments, Effect(Writes.SESSION_STATE, idempotent=True)),
)


def freshness_tools(ctx: AppContext, room: FreshnessRoom | None = None) -> list[ToolSpec]:
    """The verbs, over `room` (this server's watchers; a new one by default, resumed once the
    graph is ready)."""
    room = room or FreshnessRoom(ctx)
    room.resume_when_ready()
    return [verb.spec(ctx, using=room) for verb in VERBS]
