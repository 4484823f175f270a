"""The proof gate: with `CODEROOMS_PROOF_GATE=1` an agent may write a file only when it holds a
proof mark for it that was made against the file's current content and has not expired.

A mark is (agent, file, content hash at marking, expiry), stored in Neo4j so every server process
sees it. Because it names the content it was made against, it goes stale the moment the file
changes (by anyone, this agent included): the agent must prove the new content again.
`surgical_context_v2` will call `mark_proof_ready` when it reaches `ready_to_edit`.
"""

from __future__ import annotations

from collections.abc import Sequence

import blake3

from coderooms.core.clock import now_ms
from coderooms.core.hashing import HASH_ALGORITHM
from coderooms.core.ids import file_id
from coderooms.graph.driver import Graph
from coderooms.surgical.errors import ProofRequired

PROOF_TTL_S = 15 * 60
"""How long a proof mark admits writes (it dies earlier if the file changes)."""

ABSENT_HASH = "absent"
"""The content hash of a file that does not exist (a mark for creating it; a batch expecting it
not to exist)."""

GC_BATCH = 1000
"""Expired marks and previews deleted per collection pass."""


def mark_id(agent_id: str, repo: str, path: str) -> str:
    return blake3.blake3(f"{agent_id}\x00{file_id(repo, path)}".encode()).hexdigest()


def mark_proof_ready(
    graph: Graph,
    agent_id: str,
    repo: str,
    path: str,
    content_hash: str,
    *,
    ttl_s: float = PROOF_TTL_S,
) -> str:
    """Record that `agent_id` proved `repo:path` ready to edit at `content_hash`; its id."""
    now = now_ms()
    graph.write(
        "surgical/mark_proof",
        id=mark_id(agent_id, repo, path),
        agent_id=agent_id,
        repo=repo,
        path=path,
        content_hash=content_hash,
        hash_algorithm=HASH_ALGORITHM,
        now_ms=now,
        expires_ms=now + int(ttl_s * 1000),
    )
    return mark_id(agent_id, repo, path)


def require_proof(graph: Graph, agent_id: str, targets: Sequence[tuple[str, str, str]]) -> None:
    """Refuse unless every (repo, path, current hash) has a live mark at that hash."""
    if not targets:
        raise ProofRequired("the proof gate refuses an empty or unresolved target set")
    graph.write("surgical/delete_expired_proof_marks", now_ms=now_ms(), limit=GC_BATCH)
    ids = {mark_id(agent_id, repo, path): (repo, path, digest) for repo, path, digest in targets}
    marks = {row["id"]: row for row in graph.read("surgical/proof_marks_for", ids=sorted(ids))}
    now = now_ms()
    problems = []
    for key, (repo, path, digest) in sorted(ids.items(), key=lambda item: item[1]):
        mark = marks.get(key)
        if mark is None:
            problems.append(f"{repo}:{path} has no proof mark")
        elif int(mark["expires_ms"]) <= now:
            problems.append(f"{repo}:{path}: the proof mark expired")
        elif mark["content_hash"] != digest:
            problems.append(f"{repo}:{path}: the proof mark is stale (the file changed since)")
    if problems:
        raise ProofRequired(
            "the proof gate refuses this write: " + "; ".join(problems),
            hint="prove each target ready with surgical_context_v2 against its current content, "
            "then retry",
        )
