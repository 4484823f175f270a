"""surgical_context says how complete its callers are, and surgical_context_v2 stays short of
ready_to_edit while call sites named like the file's symbols have unproven receivers, until the
caller acknowledges them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from coderooms.config import Settings
from coderooms.graph.driver import Graph
from coderooms.verbs.context import AppContext, GraphProvider
from tests.integration.foundation.completeness_repo import make_unresolved_repo
from tests.integration.surgical.test_surgical_context import context_verbs
from tests.integration.surgical.test_surgical_context_states import marks_of


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Path:
    return make_unresolved_repo(graph, tmp_path / "proj", repo_id)


@pytest.fixture
def verbs(settings: Settings, graph: Graph) -> dict[str, Callable[..., dict[str, Any]]]:
    on = settings.model_copy(update={"proof_gate": True})
    return context_verbs(AppContext(settings=on, graphs=GraphProvider.ready(on, graph)))


def test_one_proven_caller_and_one_unresolved_site(
    verbs: dict[str, Callable[..., dict[str, Any]]], root: Path, repo_id: str
) -> None:
    got = verbs["surgical_context"]("cc-v1", path="pkg/a.py", repo=repo_id, sections=["callers"])
    [caller] = got["callers"]["items"]
    assert caller.startswith("pkg/use.py:")
    assert caller.endswith(" g -> A.run")
    completeness = got["completeness"]
    assert completeness["lower_bound"] is True
    assert completeness["names"] == {"run": 1}
    assert "unresolved_call_sites" not in completeness  # every name listed: they sum it
    assert "search mode=regex query='\\.run\\b'" in completeness["hint"]


def test_everything_resolved_is_no_lower_bound(
    verbs: dict[str, Callable[..., dict[str, Any]]], root: Path, repo_id: str
) -> None:
    got = verbs["surgical_context"](
        "cc-clean", path="pkg/clean.py", repo=repo_id, sections=["callers"]
    )
    assert [c.split(" ")[1] for c in got["callers"]["items"]] == ["h"]
    assert "completeness" not in got  # said only when callers may be missing
    default = verbs["surgical_context"]("cc-clean", path="pkg/clean.py", repo=repo_id)
    assert "completeness" not in default
    assert default["users"]  # given whole: its rows
    v2 = verbs["surgical_context_v2"]("cc-clean", path="pkg/clean.py", repo=repo_id)
    assert (v2["proof_state"], v2["reasons"]) == ("ready_to_edit", [])
    assert "acknowledged" not in v2


def test_unresolved_callers_are_triaging_until_acknowledged(
    verbs: dict[str, Callable[..., dict[str, Any]]], graph: Graph, root: Path, repo_id: str
) -> None:
    agent = f"cc-v2-{repo_id}"
    got = verbs["surgical_context_v2"](agent, path="pkg/a.py", repo=repo_id)
    assert got["proof_state"] == "triaging"
    assert [r["code"] for r in got["reasons"]] == ["unresolved_callers"]
    assert "lower bound" in got["reasons"][0]["detail"]
    assert got["next_suggested_tool"] == "search"
    assert got["next_suggested_arguments"] == {
        "query": r"\.run\b",
        "mode": "regex",
        "repo": repo_id,
    }
    assert got["recovery_playbook"][-1].endswith("acknowledge_unresolved=true")
    assert got["completeness"]["unresolved_call_sites"] == 1
    assert got["proof_mark"]["recorded"] is False
    # acknowledging the partial signal is not acknowledging unresolved callers
    partial = verbs["surgical_context_v2"](agent, path="pkg/a.py", repo=repo_id,
                                           acknowledge_partial=True)  # fmt: skip
    assert partial["proof_state"] == "triaging"
    assert marks_of(graph, agent) == []
    acked = verbs["surgical_context_v2"](agent, path="pkg/a.py", repo=repo_id,
                                         acknowledge_unresolved=True)  # fmt: skip
    assert acked["proof_state"] == "ready_to_edit"
    assert acked["acknowledged"] == ["unresolved_callers"]
    assert acked["completeness"]["lower_bound"] is True  # still said, now accepted
    assert acked["proof_mark"]["recorded"] is True
    assert marks_of(graph, agent) == ["pkg/a.py"]


def test_partial_and_unresolved_need_both_acknowledgements(
    verbs: dict[str, Callable[..., dict[str, Any]]], root: Path, repo_id: str
) -> None:
    """hub.py is called from three files: with max_connected=1 the signal is also partial."""
    v2 = verbs["surgical_context_v2"]
    got = v2("cc-both", path="pkg/hub.py", repo=repo_id, max_connected=1)
    assert [r["code"] for r in got["reasons"]] == ["callers_exceed_cap", "unresolved_callers"]
    assert got["next_suggested_tool"] == "batch_view"
    assert got["recovery_playbook"][-1].endswith(
        "acknowledge_partial=true and acknowledge_unresolved=true"
    )
    one = v2("cc-both", path="pkg/hub.py", repo=repo_id, max_connected=1,
             acknowledge_partial=True)  # fmt: skip
    assert ([r["code"] for r in one["reasons"]], one["acknowledged"]) == (
        ["unresolved_callers"], ["callers_exceed_cap"])  # fmt: skip
    assert one["next_suggested_tool"] == "search"
    both = v2("cc-both", path="pkg/hub.py", repo=repo_id, max_connected=1,
              acknowledge_partial=True, acknowledge_unresolved=True)  # fmt: skip
    assert (both["proof_state"], both["acknowledged"]) == (
        "ready_to_edit", ["callers_exceed_cap", "unresolved_callers"])  # fmt: skip
