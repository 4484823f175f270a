"""Alerts: what the watcher tells agents besides keeping the graph fresh, kept in Neo4j.

Kinds, each with a severity:
- `graph_vs_disk_drift`: the graph knowingly differs from disk. `high` when a batch failed and
  stays queued; `medium` when git reported changed paths that the ingest rules skip.
- `callers_affected` (`high`): a symbol's signature changed and symbols in other files call it;
  the alert also says how many call sites of its name have receivers the graph could not prove
  (`detail.completeness`: the caller files are then a lower bound; `graph/completeness`).
- `co_change_prediction` (`low`): a file that usually changes with one just changed (CO_CHANGES)
  did not change in the same batch.
- `note_stale` (`medium`): the code a note is anchored to changed or is gone; the alert names
  the note's author (`detail.author`), raised by the notes room (`coderooms.notes`) through
  `write_alerts`.

The last two are proactive: at most MAX_PROACTIVE_PER_FILE per file per tick, callers first.
An alert's id is a digest of (repo, kind, file, subject): raised again, it counts one more
occurrence, refreshes `last_ms` and is unacknowledged again. Retention is bounded per repo
(MAX_ALERTS_PER_REPO): pruning keeps unacknowledged before acknowledged, higher severity before
lower, newer before older, so a flood of low-severity alerts never evicts an unacknowledged
high-severity one. Alert nodes carry `repo_id`, not `repo`: they are not part of the code graph.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from coderooms.freshness.rootsync import RootTickReport
from coderooms.graph.completeness import unresolved_call_sites
from coderooms.graph.driver import Graph
from coderooms.ingest import CALL_GROUPS

Severity = Literal["low", "medium", "high", "critical"]
AlertKind = Literal["graph_vs_disk_drift", "co_change_prediction", "callers_affected", "note_stale"]

SEVERITY_RANK: dict[str, int] = {"low": 1, "medium": 2, "high": 3, "critical": 4}
ALERT_KINDS: tuple[str, ...] = (
    "graph_vs_disk_drift",
    "co_change_prediction",
    "callers_affected",
    "note_stale",
)
MAX_PROACTIVE_PER_FILE = 3
"""Proactive alerts (callers_affected, co_change_prediction) per file per tick."""
MAX_ALERTS_PER_TICK = 100
MAX_ALERTS_PER_REPO = 500
"""Alerts kept per repo; see the module docstring for which go first."""
MAX_CALLER_FILES_LISTED = 5
MAX_FILES_FOR_PREDICTIONS = 50
"""Changed files of one batch whose co-change partners are looked up."""
DEFAULT_LIST_LIMIT = 50
MAX_LIST_LIMIT = 500
MAX_ACK_IDS = 500


@dataclass(frozen=True, slots=True)
class Alert:
    repo: str
    kind: AlertKind
    severity: Severity
    file: str
    subject: str
    """What, besides kind and file, makes two alerts the same one."""
    message: str
    detail: dict[str, Any]

    @property
    def alert_id(self) -> str:
        key = "\0".join((self.repo, self.kind, self.file, self.subject))
        return "alert-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]

    def row(self, watcher_id: str, now_ms: int) -> dict[str, Any]:
        return {
            "id": self.alert_id,
            "props": {
                "id": self.alert_id,
                "repo_id": self.repo,
                "kind": self.kind,
                "severity": self.severity,
                "severity_rank": SEVERITY_RANK[self.severity],
                "file": self.file,
                "message": self.message,
                "detail_json": json.dumps(self.detail, sort_keys=True, ensure_ascii=False),
                "created_ms": now_ms,
                "last_ms": now_ms,
                "watcher_id": watcher_id,
            },
        }


class AlertWriter:
    """Turns a tick's root reports into alerts and stores them."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def from_tick(self, roots: list[RootTickReport], watcher_id: str, now_ms: int) -> int:
        alerts: list[Alert] = []
        for report in roots:
            alerts.extend(drift_alerts(report))
            alerts.extend(self.proactive_alerts(report))
        return self.write(alerts[:MAX_ALERTS_PER_TICK], watcher_id, now_ms)

    def write(self, alerts: list[Alert], watcher_id: str, now_ms: int) -> int:
        if not alerts:
            return 0
        rows = {a.alert_id: a.row(watcher_id, now_ms) for a in alerts}
        self.graph.write("freshness/upsert_alerts", rows=list(rows.values()))
        for repo in sorted({a.repo for a in alerts}):
            self.graph.write("freshness/prune_alerts", repo=repo, cap=MAX_ALERTS_PER_REPO)
        return len(rows)

    def proactive_alerts(self, report: RootTickReport) -> list[Alert]:
        per_file: dict[str, list[Alert]] = defaultdict(list)
        for alert in self._callers_affected(report):
            per_file[alert.file].append(alert)
        for alert in self._co_change_predictions(report):
            per_file[alert.file].append(alert)
        return [a for path in sorted(per_file) for a in per_file[path][:MAX_PROACTIVE_PER_FILE]]

    def _callers_affected(self, report: RootTickReport) -> list[Alert]:
        changes = {change["id"]: change for change in report.signature_changes}
        if not changes:
            return []
        rows = self.graph.read(
            "freshness/callers_elsewhere", ids=sorted(changes), limit=MAX_CALLER_FILES_LISTED
        )
        rows.sort(key=lambda row: (-row["files_count"], row["id"]))
        found = unresolved_call_sites(self.graph, [row["id"] for row in rows], CALL_GROUPS)
        alerts = []
        for row in rows:
            change = changes[row["id"]]
            files = row["files"]
            more = row["files_count"] - len(files)
            listed = ", ".join(files) + (f" and {more} more" if more > 0 else "")
            name = str(row["name"])
            mine = found.only([name])
            unproven = (
                f"; {mine.unresolved or 'many'} more call sites of {name} have receivers the "
                "graph could not prove and may call it too"
                if mine.lower_bound
                else ""
            )
            alerts.append(
                Alert(
                    report.repo,
                    "callers_affected",
                    "high",
                    change["file"],
                    change["id"],
                    f"{change['qualname']} changed its signature ({change['old']} → "
                    f"{change['new']}); it is called from {row['files_count']} other "
                    f"file(s): {listed}{unproven}",
                    {"symbol": change["id"], "old": change["old"], "new": change["new"],
                     "caller_files": files, "caller_files_count": row["files_count"],
                     "completeness": mine.brief()},
                )
            )  # fmt: skip
        return alerts

    def _co_change_predictions(self, report: RootTickReport) -> list[Alert]:
        paths = report.changed_paths[:MAX_FILES_FOR_PREDICTIONS]
        if not paths:
            return []
        rows = self.graph.read(
            "freshness/co_change_partners",
            repo=report.repo,
            paths=paths,
            per_file=MAX_PROACTIVE_PER_FILE,
        )
        return [
            Alert(
                report.repo,
                "co_change_prediction",
                "low",
                row["path"],
                row["partner"],
                f"{row['partner']} changed together with {row['path']} in {row['weight']} "
                "commits and has not changed now",
                {"partner": row["partner"], "weight": row["weight"]},
            )
            for row in rows
        ]


def write_alerts(graph: Graph, alerts: list[Alert], now_ms: int) -> int:
    """Store alerts raised outside a watcher's tick (a note gone stale), retention included."""
    return AlertWriter(graph).write(alerts[:MAX_ALERTS_PER_TICK], "", now_ms)


def drift_alerts(report: RootTickReport) -> list[Alert]:
    alerts = []
    if report.status == "failed":
        alerts.append(
            Alert(
                report.repo,
                "graph_vs_disk_drift",
                "high",
                "",
                "ingest_failed",
                f"changes under {report.root} are not in the graph yet: {report.reason}; they "
                "stay queued and are retried",
                {"reason": report.reason},
            )
        )
    if report.git_skipped:
        counts = ", ".join(f"{reason} {n}" for reason, n in sorted(report.git_skipped.items()))
        example = report.git_skipped_examples[0] if report.git_skipped_examples else ""
        alerts.append(
            Alert(
                report.repo,
                "graph_vs_disk_drift",
                "medium",
                example,
                "git_paths_skipped",
                f"git reports changed paths that the ingest skips ({counts}); the graph does "
                "not hold them",
                {"skipped": report.git_skipped, "examples": report.git_skipped_examples},
            )
        )
    return alerts


def list_alerts(
    graph: Graph,
    *,
    repo: str | None = None,
    severity: str | None = None,
    kind: str | None = None,
    file: str | None = None,
    unacked: bool = False,
    limit: int = DEFAULT_LIST_LIMIT,
    offset: int = 0,
    readable: Sequence[str] | None = None,
    one_more: bool = False,
) -> list[dict[str, Any]]:
    """Alerts, unacknowledged first, then by severity, newest first (a total order), of the
    `readable` repos (those this server reads; None: every repo). `limit` is clamped to
    MAX_LIST_LIMIT; `one_more` reads one row past it, so a page of the most rows still tells
    whether more follow."""
    rows = graph.read(
        "freshness/list_alerts",
        repo=repo,
        repos=None if readable is None else list(readable),
        severity=severity,
        kind=kind,
        file=file,
        unacked=unacked,
        limit=list_limit(limit) + (1 if one_more else 0),
        offset=max(offset, 0),
    )
    return [_public(row["alert"]) for row in rows]


def list_limit(limit: int) -> int:
    """The rows one listing may show: 1 to MAX_LIST_LIMIT."""
    return min(max(limit, 1), MAX_LIST_LIMIT)


def ack_alerts(
    graph: Graph,
    ids: list[str],
    agent_id: str,
    now_ms: int,
    readable: Sequence[str] | None = None,
) -> list[str]:
    """Acknowledge the alerts of `ids` of the `readable` repos (None: every repo)."""
    repos = None if readable is None else list(readable)
    rows = graph.write(
        "freshness/ack_alerts", ids=ids[:MAX_ACK_IDS], agent=agent_id, now_ms=now_ms, repos=repos
    )
    return sorted(row["id"] for row in rows)


def unacked_counts(graph: Graph, repo: str) -> dict[str, int]:
    rows = graph.read("freshness/unacked_alert_counts", repo=repo)
    return {f"{row['kind']}:{row['severity']}": int(row["alerts"]) for row in rows}


def _public(props: dict[str, Any]) -> dict[str, Any]:
    alert = {k: v for k, v in props.items() if k not in {"detail_json", "severity_rank"}}
    try:
        alert["detail"] = json.loads(props.get("detail_json") or "{}")
    except ValueError:
        alert["detail"] = {}
    alert["repo"] = alert.pop("repo_id", None)
    return dict(sorted(alert.items()))
