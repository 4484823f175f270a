"""How fresh the graph behind an answer is, from Neo4j alone (any process's watcher): the
`freshness` field answers that read the graph carry. `freshness_of` keys it by repo;
`brief_freshness` is its short form (no empty alert counts, unkeyed for one repo), and
`freshness_news` that form only when it says something: a watcher with changes pending, or
alerts not yet acknowledged (a brief answer carries nothing else, so its field is news)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from coderooms.freshness.alerts import unacked_counts
from coderooms.freshness.state import WatcherRecord, WatcherStore
from coderooms.graph.driver import Graph


def repo_freshness(
    graph: Graph,
    repo: str,
    now_ms: int | None = None,
    watchers: list[WatcherRecord] | None = None,
) -> dict[str, Any]:
    """How fresh one repo's graph is, from Neo4j alone (any process's watcher): for rooms that
    attach it to answers that read the graph. Two reads (one when `watchers` is given)."""
    now_ms = int(time.time() * 1000) if now_ms is None else now_ms
    entry: dict[str, Any] = {"watched": False}
    for record in WatcherStore(graph).list() if watchers is None else watchers:
        described = record.describe(now_ms)
        if described["alive"] and any(root.repo == repo for root in record.roots):
            entry = {
                "watched": True,
                "watcher_id": record.watcher_id,
                "pending": record.queue_length,
                "last_tick_ms": record.last_tick_ms,
                "heartbeat_age_ms": described["heartbeat_age_ms"],
            }
            break
    entry["unacked_alerts"] = unacked_counts(graph, repo)
    return entry


MAX_REPOS_WITH_FRESHNESS = 50
"""An answer covering more repos than this carries the freshness of the first 50 (by id)."""


def freshness_of(graph: Graph, repos: Iterable[str]) -> dict[str, dict[str, Any]]:
    """`repo_freshness` for each repo an answer covers, keyed by repo id (sorted)."""
    wanted = sorted(set(repos))[:MAX_REPOS_WITH_FRESHNESS]
    if not wanted:
        return {}
    watchers = WatcherStore(graph).list()
    return {repo: repo_freshness(graph, repo, watchers=watchers) for repo in wanted}


def brief_freshness(fresh: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """`freshness_of` without empty alert counts, and unkeyed when it covers one repo (the
    answer names it)."""
    entries = {
        repo: {k: v for k, v in entry.items() if v or k != "unacked_alerts"}
        for repo, entry in fresh.items()
    }
    return next(iter(entries.values())) if len(entries) == 1 else entries


def has_news(entry: dict[str, Any]) -> bool:
    """A repo's freshness says something an agent must act on: its watcher has changes not yet
    in the graph, or it has unacknowledged alerts."""
    return bool(entry.get("pending")) or any(dict(entry.get("unacked_alerts") or {}).values())


def freshness_news(fresh: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """`brief_freshness` of the repos whose freshness has news (`has_news`); None when none
    has: the answer then carries no `freshness` field at all."""
    news = {repo: entry for repo, entry in fresh.items() if has_news(entry)}
    return brief_freshness(news) if news else None
