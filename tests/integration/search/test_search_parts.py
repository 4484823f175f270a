"""The trigram index is partitioned by repo (graph/chunk_parts.py): a new repo's `:Repo` holds the
part chosen for it, its chunks carry that part's label, a search asks the index of each part its
scope falls in, and a repo sharing a part with another still gets its own hits only."""

from __future__ import annotations

import itertools
import uuid

import pytest

from coderooms.graph.chunk_parts import effective_part, part_label
from coderooms.graph.driver import Graph
from coderooms.graph.schema import backfill_chunk_parts
from coderooms.ingest.pipeline import ingest_root
from coderooms.search.text_search import SearchRequest, search


def part_labels(graph: Graph, repo: str) -> list[list[str]]:
    rows = graph.run_text(
        "MATCH (c:Chunk {repo: $repo}) RETURN [l IN labels(c) WHERE l <> 'Chunk'] AS parts",
        repo=repo,
    )
    return [row["parts"] for row in rows]


def held_part(graph: Graph, repo: str) -> str:
    rows = graph.run_text("MATCH (r:Repo {id: $repo}) RETURN r.chunk_part AS part", repo=repo)
    return effective_part(repo, rows[0]["part"])


def repos_in_parts() -> tuple[str, str, str]:
    """Three fresh repo ids: the first two hash to one part, the third to another one."""
    stem = f"test-part-{uuid.uuid4().hex[:8]}"
    by_part: dict[str, str] = {}
    for i in itertools.count():
        repo = f"{stem}-{i}"
        label = part_label(repo)
        if label in by_part:
            first = by_part[label]
            other = next(r for p, r in by_part.items() if p != label)
            return first, repo, other
        by_part[label] = repo
    raise AssertionError("unreachable")


@pytest.fixture(scope="module")
def three_repos(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], str]:
    needle = f"needle_{uuid.uuid4().hex[:10]}"
    repos = list(repos_in_parts())
    for n, repo in enumerate(repos):
        root = tmp_path_factory.mktemp(repo)
        if n == 1:  # made to share the first repo's part (a :Repo that holds it already)
            graph.run_text(
                "CREATE (:Repo {id: $repo, root: $root, chunk_part: $part})",
                repo=repo,
                root=str(root),
                part=held_part(graph, repos[0]),
            )
        # repo n holds the needle on n + 1 lines
        body = "".join(f"value_{i} = '{needle}'\n" for i in range(n + 1))
        (root / "m.py").write_text(f"import os\n\n{body}", encoding="utf-8")
        ingest_root(graph, root, repo=repo, workers=1, git=False)
    return repos, needle


def count(graph: Graph, needle: str, repo: str | None) -> int:
    answer = search(graph, SearchRequest(query=needle, repo=repo, count_only=True))
    assert answer["index"] == "trigram"
    return int(answer["count"])


def test_chunks_carry_their_repos_part(graph: Graph, three_repos: tuple[list[str], str]) -> None:
    for repo in three_repos[0]:
        stored = graph.run_text("MATCH (r:Repo {id: $repo}) RETURN r.chunk_part AS p", repo=repo)
        assert stored[0]["p"] is not None  # chosen when the :Repo was created
        assert part_labels(graph, repo)
        assert all(parts == [held_part(graph, repo)] for parts in part_labels(graph, repo))


def test_a_repo_sharing_a_part_gets_its_own_hits(
    graph: Graph, three_repos: tuple[list[str], str]
) -> None:
    (first, second, other), needle = three_repos
    assert held_part(graph, first) == held_part(graph, second)
    assert count(graph, needle, first) == 1
    assert count(graph, needle, second) == 2
    assert count(graph, needle, other) == 3
    # every repo: one read per part, both parts asked
    assert count(graph, needle, None) == 6
    hits = search(graph, SearchRequest(query=needle, top_k=10))["results"]
    assert sorted(hit["repo"] for hit in hits) == sorted([first] + [second] * 2 + [other] * 3)


def test_chunks_of_older_graphs_get_their_part(
    graph: Graph, three_repos: tuple[list[str], str]
) -> None:
    (first, _, other), needle = three_repos
    for repo in (first, other):
        graph.run_text(
            f"MATCH (c:Chunk {{repo: $repo}}) REMOVE c:{held_part(graph, repo)}", repo=repo
        )
        assert part_labels(graph, repo) == [[]] * len(part_labels(graph, repo))
    assert count(graph, needle, first) == 0  # unlabelled chunks are in no part's index
    assert backfill_chunk_parts(graph) >= 2
    for repo in (first, other):
        assert all(parts == [held_part(graph, repo)] for parts in part_labels(graph, repo))
    assert count(graph, needle, first) == 1
    assert backfill_chunk_parts(graph) == 0  # idempotent
