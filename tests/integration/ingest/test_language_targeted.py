"""The watcher's path for the ten newer languages: one file of a fixture repo edited and
re-ingested alone (`ingest_paths`, what the watcher calls) gives the graph a full ingest of the
edited tree gives, and the edges into the edited file survive."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.ingest.targeted import ingest_paths
from tests.integration.ingest.graph_snapshot import dangling_edges, snapshot
from tests.integration.ingest.scenario_tree import references
from tests.integration.languages.rooms import ROOMS, Room

REPOS = Path(__file__).resolve().parents[2] / "fixtures" / "repos"


@pytest.mark.parametrize("room", ROOMS, ids=[room.lang for room in ROOMS])
def test_one_edited_file_reingested_equals_full(
    graph: Graph, tmp_path: Path, repo: str, full_repo: str, room: Room
) -> None:
    root = tmp_path / room.lang
    shutil.copytree(REPOS / room.lang, root)
    ingest_root(graph, root, repo=repo, mode="full", workers=1, git=False, embed=False)
    edited = root / room.file
    # two lines more above every definition: every span and call line of the file moves
    edited.write_text(f"{room.comment} moved\n{room.comment} down\n" + edited.read_text())
    ingest_paths(graph, root, [room.file], repo=repo, embed=False)
    ingest_root(graph, root, repo=full_repo, mode="full", workers=1, git=False, embed=False)
    assert snapshot(graph, repo) == snapshot(graph, full_repo)
    assert dangling_edges(graph, repo) == []
    call = (room.caller, "CALLS", room.symbol)
    assert call in {r[:3] for r in references(graph, repo)}
