"""Alerts in Neo4j: retention keeps what matters, proactive alerts from real changes are capped
per file, drift is reported, listing is ordered and filtered, acknowledging works."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from coderooms.errors import InvalidInput
from coderooms.freshness import tools as alert_tools
from coderooms.freshness.alerts import (
    MAX_ALERTS_PER_REPO,
    MAX_LIST_LIMIT,
    MAX_PROACTIVE_PER_FILE,
    Alert,
    AlertWriter,
    ack_alerts,
    list_alerts,
    unacked_counts,
)
from coderooms.freshness.requests import AlertsListArguments
from coderooms.freshness.tools import alerts_list
from coderooms.graph.driver import Graph
from tests.integration.freshness.conftest import Make, git, wait_until


@pytest.fixture
def alerts_repo(graph: Graph, repo_id: str) -> Iterator[str]:
    yield repo_id
    graph.run_text("MATCH (a:Alert {repo_id: $repo}) DETACH DELETE a", repo=repo_id)


def test_retention_keeps_the_critical_alert_when_a_thousand_low_ones_arrive(
    graph: Graph, alerts_repo: str
) -> None:
    writer = AlertWriter(graph)
    critical = Alert(
        alerts_repo, "graph_vs_disk_drift", "high", "", "ingest_failed", "graph behind", {}
    )
    writer.write([critical], "w", 1_000)
    for batch in range(10):
        lows = [
            Alert(alerts_repo, "co_change_prediction", "low", f"f{batch}.py", f"p{i}", "m", {})
            for i in range(100)
        ]
        writer.write(lows, "w", 2_000 + batch)
    kept = list_alerts(graph, repo=alerts_repo, limit=MAX_ALERTS_PER_REPO + 10)
    assert len(kept) == MAX_ALERTS_PER_REPO
    assert kept[0]["id"] == critical.alert_id
    assert kept[0]["severity"] == "high"
    assert kept[1]["last_ms"] == 2_009  # then the newest low ones
    # acknowledged alerts go before unacknowledged ones of any severity
    ack_alerts(graph, [critical.alert_id], "agent-ü", 3_000)
    writer.write(
        [Alert(alerts_repo, "co_change_prediction", "low", "x.py", "y", "m", {})], "w", 4_000
    )
    ids = [a["id"] for a in list_alerts(graph, repo=alerts_repo, limit=MAX_ALERTS_PER_REPO)]
    assert critical.alert_id not in ids
    assert unacked_counts(graph, alerts_repo) == {"co_change_prediction:low": MAX_ALERTS_PER_REPO}


def test_the_same_alert_raised_again_is_one_alert_unacknowledged_again(
    graph: Graph, alerts_repo: str
) -> None:
    writer = AlertWriter(graph)
    alert = Alert(alerts_repo, "callers_affected", "high", "a.py", "sym", "changed", {"n": 1})
    writer.write([alert], "w", 1)
    assert ack_alerts(graph, [alert.alert_id, "nope"], "me", 2) == [alert.alert_id]
    acked = list_alerts(graph, repo=alerts_repo)[0]
    assert (acked["acked"], acked["acked_by"]) == (True, "me")
    writer.write([alert], "w", 3)
    again = list_alerts(graph, repo=alerts_repo, unacked=True)
    assert [(a["id"], a["occurrences"], a["acked"]) for a in again] == [(alert.alert_id, 2, False)]
    assert again[0]["detail"] == {"n": 1}
    assert list_alerts(graph, repo=alerts_repo, kind="co_change_prediction") == []
    assert len(list_alerts(graph, repo=alerts_repo, severity="high", file="a.py")) == 1


def test_a_changed_signature_and_usual_partners_raise_capped_proactive_alerts(
    graph: Graph, tmp_path: Path, repo_id: str, alerts_repo: str, make_watcher: Make
) -> None:
    root = tmp_path / "proactive"
    root.mkdir()
    git(root, "init", "-q")
    partners = [f"partner{i}.py" for i in range(MAX_PROACTIVE_PER_FILE + 2)]
    (root / "core.py").write_text("def run(a):\n    return a\n")
    (root / "caller.py").write_text("from core import run\n\n\ndef go():\n    return run(1)\n")
    for round_ in range(2):  # core.py and every partner change together twice
        (root / "core.py").write_text(f"def run(a):\n    return a + {round_}\n")
        for name in partners:
            (root / name).write_text(f"X = {round_}\n")
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", f"together {round_}")
    watcher = make_watcher([root], [repo_id])
    watcher.start()
    (root / "core.py").write_text("def run(a, b=2):\n    return a + b\n")
    wait_until(lambda: bool(list_alerts(graph, repo=repo_id, file="core.py")), "alerts")
    wait_until(watcher.settled, "the watcher to settle")
    alerts = list_alerts(graph, repo=repo_id, file="core.py")
    kinds = [a["kind"] for a in alerts]
    assert len(alerts) == MAX_PROACTIVE_PER_FILE
    assert kinds[0] == "callers_affected"  # high severity first
    assert alerts[0]["detail"]["caller_files"] == ["caller.py"]
    assert "b=2" in alerts[0]["detail"]["new"]
    assert kinds[1:] == ["co_change_prediction"] * (MAX_PROACTIVE_PER_FILE - 1)
    assert {a["detail"]["partner"] for a in alerts[1:]} <= set(partners)
    assert watcher.all_counters()["alerts_written"] == MAX_PROACTIVE_PER_FILE


def test_paths_git_reports_but_the_ingest_skips_are_a_drift_alert(
    graph: Graph, tmp_path: Path, repo_id: str, alerts_repo: str, make_watcher: Make
) -> None:
    root = tmp_path / "drift"
    root.mkdir()
    git(root, "init", "-q")
    (root / ".coderoomsignore").write_text("generated/\n")
    (root / "a.py").write_text("A = 1\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "one")
    watcher = make_watcher([root], [repo_id])
    watcher.start()
    (root / "generated").mkdir()
    (root / "generated" / "big.py").write_text("B = 1\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "two")
    wait_until(watcher.settled, "the scan of the new HEAD")
    drift = list_alerts(graph, repo=repo_id, kind="graph_vs_disk_drift")
    assert [(a["severity"], a["file"]) for a in drift] == [("medium", "generated/big.py")]
    assert drift[0]["detail"]["skipped"] == {"ignored": 1}
    assert drift[0]["last_ms"] <= int(time.time() * 1000)


class TwoRepos:
    """The app context alerts_list reads: the test graph, and the two repos it may read."""

    def __init__(self, graph: Graph, repos: list[str]) -> None:
        self._graph, self._repos = graph, repos

    def graph(self) -> Graph:
        return self._graph

    def readable(self, graph: Graph) -> list[str]:
        return self._repos


def test_alerts_list_at_its_most_rows_says_more_follow(
    graph: Graph, alerts_repo: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One repo keeps at most MAX_LIST_LIMIT alerts: two repos hold one more than a page of the
    most rows. The token budget is taken out of the way (500 alerts do not fit the largest), so
    the page alone cuts the list."""
    other = f"{alerts_repo}-other"
    writer = AlertWriter(graph)
    many = [
        Alert(alerts_repo, "co_change_prediction", "low", f"f{i}.py", "p", "m", {})
        for i in range(MAX_LIST_LIMIT)
    ]
    writer.write(many, "w", 1_000)
    writer.write([Alert(other, "co_change_prediction", "low", "g.py", "p", "m", {})], "w", 500)
    both = [alerts_repo, other]
    monkeypatch.setattr(alert_tools, "room_for", lambda budget, envelope: 1 << 30)
    room = SimpleNamespace(ctx=TwoRepos(graph, both))
    try:
        page = list_alerts(graph, readable=both, limit=MAX_LIST_LIMIT)
        assert len(page) == MAX_LIST_LIMIT
        assert len(list_alerts(graph, readable=both, limit=MAX_LIST_LIMIT, one_more=True)) == (
            MAX_LIST_LIMIT + 1
        )
        first = alerts_list(room, "agent", AlertsListArguments(limit=MAX_LIST_LIMIT))
        assert first["count"] == MAX_LIST_LIMIT
        assert first["more"].startswith("more alerts")
        rest = alerts_list(
            room, "agent", AlertsListArguments(limit=MAX_LIST_LIMIT, cursor=first["next_cursor"])
        )
        assert [a["repo"] for a in rest["alerts"]] == [other]  # the oldest, listed last
        assert (rest["offset"], "next_cursor" in rest) == (MAX_LIST_LIMIT, False)
        with pytest.raises(InvalidInput) as refused:
            alerts_list(
                room, "agent", AlertsListArguments(severity="low", cursor=first["next_cursor"])
            )
        assert refused.value.field == "cursor"
    finally:
        graph.run_text("MATCH (a:Alert {repo_id: $repo}) DETACH DELETE a", repo=other)
