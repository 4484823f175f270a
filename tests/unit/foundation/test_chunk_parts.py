"""Chunk parts: the label a repo's chunks carry for the trigram index of their part."""

from __future__ import annotations

import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coderooms.graph.chunk_parts import (
    CHUNK_PARTS,
    TEMPLATE_LABEL,
    choose_part,
    effective_part,
    for_part,
    for_parts,
    part_label,
    parts_of,
)


@given(st.text(min_size=1, max_size=80))
def test_a_repo_always_falls_in_the_same_valid_part(repo: str) -> None:
    label = part_label(repo)
    assert label == part_label(repo)
    assert label == f"ChunkPart{zlib.crc32(repo.encode('utf-8')) % 32:02d}"
    assert 0 <= int(label.removeprefix("ChunkPart")) < CHUNK_PARTS


def test_parts_group_repos_and_keep_an_order() -> None:
    repos = [f"repo-{i}" for i in range(100)]
    parts = parts_of(reversed(repos))
    assert list(parts) == sorted(parts)
    assert sorted(repo for members in parts.values() for repo in members) == sorted(repos)
    for label, members in parts.items():
        assert members == sorted(members)
        assert all(part_label(repo) == label for repo in members)
    assert len(parts) > CHUNK_PARTS // 2  # 100 repos spread over the parts


def test_a_statement_is_moved_to_a_part_and_only_to_a_part() -> None:
    statement = f"MATCH (c:{TEMPLATE_LABEL}) USING TEXT INDEX c:{TEMPLATE_LABEL}(text) RETURN c"
    moved = for_part(statement, "ChunkPart17")
    assert moved == "MATCH (c:ChunkPart17) USING TEXT INDEX c:ChunkPart17(text) RETURN c"
    for bad in ("Chunk", "ChunkPart", "ChunkPart1x", "ChunkPart01) DETACH DELETE (c"):
        with pytest.raises(ValueError, match="not a chunk part label"):
            for_part(statement, bad)
    with pytest.raises(ValueError, match="names no"):
        for_part("MATCH (c:Chunk) RETURN c", "ChunkPart03")


def test_a_marked_branch_is_asked_once_per_part() -> None:
    statement = (
        "CALL () {\n  // part\n  MATCH (c:ChunkPart00) RETURN c\n  // end part\n}\n"
        "RETURN collect(c.id) AS rows"
    )
    assert for_parts(statement, ["ChunkPart03"]) == (
        "CALL () {\n  MATCH (c:ChunkPart03) RETURN c\n}\nRETURN collect(c.id) AS rows"
    )
    both = for_parts(statement, ["ChunkPart03", "ChunkPart17"])
    assert both == (
        "CALL () {\n  MATCH (c:ChunkPart03) RETURN c\n  UNION ALL\n"
        "  MATCH (c:ChunkPart17) RETURN c\n}\nRETURN collect(c.id) AS rows"
    )
    with pytest.raises(ValueError, match="no chunk part"):
        for_parts(statement, [])
    with pytest.raises(ValueError, match="marks no part branch"):
        for_parts("MATCH (c:ChunkPart00) RETURN c", ["ChunkPart03"])
    with pytest.raises(ValueError, match="not a chunk part label"):
        for_parts(statement, ["ChunkPart03", "Chunk"])


def test_a_new_repo_takes_its_hash_part_when_no_other_repo_holds_it() -> None:
    repo = "flask"
    own = part_label(repo)
    assert choose_part(repo, {}) == own
    assert choose_part(repo, {repo: "ChunkPart03"}) == own  # its own entry is not another's
    labels = [f"ChunkPart{i:02d}" for i in range(CHUNK_PARTS)]
    others = {f"r{n}": label for n, label in enumerate(labels) if label != own}
    assert choose_part(repo, others) == own


def test_a_new_repo_whose_hash_part_is_held_takes_a_part_fewest_repos_hold() -> None:
    repo = "requests"
    own = part_label(repo)
    held = {"jsoup": own, "a": "ChunkPart00", "b": "ChunkPart01", "c": "ChunkPart01"}
    chosen = choose_part(repo, held)
    assert chosen not in {own, "ChunkPart00", "ChunkPart01"}
    assert chosen == min(
        f"ChunkPart{n:02d}" for n in range(CHUNK_PARTS) if f"ChunkPart{n:02d}" not in held.values()
    )
    # every part held once and the hash's part twice: the lowest of those held once
    full = {f"r{n}": f"ChunkPart{n:02d}" for n in range(CHUNK_PARTS)} | {"extra": own}
    assert choose_part(repo, full) == min(label for label in full.values() if label != own)


@given(st.lists(st.text(min_size=1, max_size=20), unique=True, max_size=3 * CHUNK_PARTS))
def test_up_to_chunk_parts_repos_each_get_a_part_of_their_own(repos: list[str]) -> None:
    held: dict[str, str] = {}
    for repo in repos:
        held[repo] = choose_part(repo, held)
    users = sorted(list(held.values()).count(label) for label in set(held.values()))
    if len(repos) <= CHUNK_PARTS:
        assert len(set(held.values())) == len(repos)  # no two share
    else:
        assert len(set(held.values())) == CHUNK_PARTS
        assert users[-1] - users[0] <= 1  # spread evenly


def test_a_repo_without_a_chosen_part_is_in_its_hash_part() -> None:
    assert effective_part("flask", None) == part_label("flask")
    assert effective_part("flask", "ChunkPart09") == "ChunkPart09"
    with pytest.raises(ValueError, match="not a chunk part label"):
        effective_part("flask", "Chunk")
    parts = parts_of(["flask", "requests", "jsoup"], {"jsoup": "ChunkPart31", "flask": None})
    assert parts["ChunkPart31"] == ["jsoup"]
    assert "flask" in parts[part_label("flask")]
