"""A callers_affected alert says how many call sites of the symbol's name the graph could not
prove: its caller files are then a lower bound."""

from __future__ import annotations

from pathlib import Path

from coderooms.freshness.alerts import AlertWriter
from coderooms.freshness.rootsync import RootTickReport
from coderooms.graph.driver import Graph
from tests.integration.foundation.completeness_repo import RUN, TIDY, make_unresolved_repo


def change(repo: str, node: str) -> dict[str, str]:
    path, _, qualname = node.partition("::")
    return {"id": f"{repo}:{node}", "file": path, "qualname": qualname,
            "old": f"def {qualname}()", "new": f"def {qualname}(extra)"}  # fmt: skip


def test_callers_affected_says_how_complete(graph: Graph, tmp_path: Path, repo_id: str) -> None:
    root = make_unresolved_repo(graph, tmp_path / "proj", repo_id)
    report = RootTickReport(str(root), repo_id, status="ingested")
    report.signature_changes = [change(repo_id, RUN), change(repo_id, TIDY)]
    alerts = {a.subject: a for a in AlertWriter(graph).proactive_alerts(report)}
    run, tidy = alerts[f"{repo_id}:{RUN}"], alerts[f"{repo_id}:{TIDY}"]
    assert (run.kind, run.detail["caller_files"]) == ("callers_affected", ["pkg/use.py"])
    assert run.detail["completeness"] == {"unresolved_call_sites": 1, "lower_bound": True}
    assert "1 more call sites of run have receivers the graph could not prove" in run.message
    assert tidy.detail["caller_files"] == ["pkg/calls_clean.py"]
    assert tidy.detail["completeness"] == {"unresolved_call_sites": 0, "lower_bound": False}
    assert "could not prove" not in tidy.message
