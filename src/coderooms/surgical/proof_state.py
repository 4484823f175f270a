"""The proof state of `surgical_context_v2`: blocked -> proving -> triaging -> ready_to_edit.

The first rule that holds decides (docs/surgical-context.md has the table):

- blocked: no graph file answers the request (unknown symbol or repo, a path outside every
  ingest root, a directory or version-control state, a file the graph does not hold).
- proving: the graph holds the file but does not describe what an edit would change: the file
  is missing on disk, unreadable, or its BLAKE3 hash differs from the graph's (stale).
- triaging: fresh, but the signal is partial: the file has parse problems, unresolved
  references dominate its calls, or more files call it than the connected-files cap shows
  (`acknowledge_partial`, after viewing the listed files, moves on); or call sites named like
  its symbols have receivers the graph could not prove, so its callers are a lower bound
  (`acknowledge_unresolved`, after searching those sites, moves on).
- ready_to_edit: fresh and complete. Only then is a proof mark recorded, for the primary file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from coderooms.core.clamps import BATCH_VIEW_MAX_ITEMS
from coderooms.surgical import context_limits as limits
from coderooms.surgical import locate
from coderooms.surgical.context import DIFFERS, MISSING, SAME, DiskCopy, Neighbourhood
from coderooms.surgical.locate import Located, Unlocated

BLOCKED = "blocked"
PROVING = "proving"
TRIAGING = "triaging"
READY_TO_EDIT = "ready_to_edit"

PARSE_PROBLEMS = "parse_problems"
GHOSTS_DOMINATE = "ghosts_dominate"
CALLERS_EXCEED_CAP = "callers_exceed_cap"
UNRESOLVED_CALLERS = "unresolved_callers"


@dataclass
class Decision:
    state: str
    reasons: list[dict[str, Any]]
    next_tool: str
    next_arguments: dict[str, Any]
    playbook: list[str] = field(default_factory=list)
    acknowledged: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        answer: dict[str, Any] = {
            "proof_state": self.state,
            "reasons": self.reasons,
            "next_suggested_tool": self.next_tool,
            "next_suggested_arguments": self.next_arguments,
        }
        if self.playbook:
            answer["recovery_playbook"] = self.playbook
        if self.acknowledged:
            answer["acknowledged"] = self.acknowledged
        return answer


def blocked(where: Unlocated) -> Decision:
    reason = {"code": where.reason, "detail": where.message}
    repo_arg = {"repo": where.repo} if where.repo else {}
    name = (where.path or "").rstrip("/").rsplit("/", 1)[-1]
    find = {"pattern": f"**/{name}" if name else "**/*", **repo_arg}
    ingest = {"roots": [where.root] if where.root else ["<repo root>"], **repo_arg}
    plays: dict[str, tuple[str, dict[str, Any], list[str]]] = {
        locate.UNKNOWN_SYMBOL: (
            "search",
            {"query": "<symbol name>"},
            [
                "search for the symbol's name to find its current id (ids change when code moves)",
                "or pass the file's path instead of a symbol id",
            ],
        ),
        locate.UNKNOWN_REPO: (
            "ingest",
            {"roots": ["<repo root>"], **repo_arg},
            [
                "ingest the repository (ingest roots=[its root directory]) so the graph holds it",
                "or pass the id of an ingested repo (health lists the graph; glob lists its files)",
            ],
        ),
        locate.OUTSIDE_ROOTS: (
            "glob",
            find,
            [
                "context and edits are confined to ingested repo roots; `..` and symlinks may not "
                "leave them",
                "glob for the file inside an ingested repo, or ingest the directory that holds it",
            ],
        ),
        locate.NOT_A_FILE: (
            "glob",
            find,
            [
                "the path names a directory, a repo root or version-control state, not a file",
                "glob to list the files under it and call again with one of them",
            ],
        ),
        locate.NOT_IN_GRAPH: (
            "glob",
            find,
            [
                "glob to find the path the graph uses for this file",
                "a file created since the last ingest: ingest its repo root (incremental: only "
                "changed files are read), then call again",
                "ignored files (.gitignore, .coderoomsignore), binary files and files over the "
                "size limit are never in the graph",
            ],
        ),
    }
    tool, arguments, playbook = plays[where.reason]
    if where.reason == locate.NOT_IN_GRAPH and where.root:
        playbook = [*playbook, f"ingest arguments: {ingest}"]
    return Decision(BLOCKED, [reason], tool, arguments, playbook)


def decide(
    located: Located,
    disk: DiskCopy,
    hood: Neighbourhood,
    *,
    connected_cap: int,
    acknowledge_partial: bool = False,
    acknowledge_unresolved: bool = False,
) -> Decision:
    target = located.target
    here = {"path": target.relative, "repo": target.repo}
    ingest = {"roots": [str(target.root)], "repo": target.repo}
    if disk.state != SAME:
        detail = {
            MISSING: "the file is in the graph but missing on disk",
            DIFFERS: f"the file on disk (BLAKE3 {disk.hash}) differs from the graph's "
            f"({located.file['hash']}): the graph describes other content",
        }.get(disk.state, f"the file cannot be read: {disk.error}")
        return Decision(
            PROVING,
            [{"code": f"disk_{disk.state}", "detail": detail}],
            "ingest",
            ingest,
            [
                "ingest the repo root (incremental: only changed files are read) so the graph "
                "describes the file on disk, then call surgical_context_v2 again",
                "on a read-only server ingest is refused: wait for the watcher to catch up "
                "(freshness verbs), then call again",
            ],
        )
    partial = partial_signal(located, hood, connected_cap)
    unresolved = unresolved_signal(hood)
    open_partial = [] if acknowledge_partial else partial
    open_unresolved = [] if acknowledge_unresolved else unresolved
    acknowledged = [r["code"] for r in partial if acknowledge_partial]
    acknowledged += [r["code"] for r in unresolved if acknowledge_unresolved]
    if not open_partial and not open_unresolved:
        return Decision(READY_TO_EDIT, [], "edit_preview", here, acknowledged=acknowledged)
    playbook: list[str] = []
    flags: list[str] = []
    if open_partial:
        items = [here] + [{"path": c.path, "repo": target.repo} for c in hood.connected]
        tool, arguments = "batch_view", {"items": items[:BATCH_VIEW_MAX_ITEMS]}
        playbook.append("view the files listed (batch_view) to cover what the graph cannot tell")
        flags.append("acknowledge_partial=true")
    if open_unresolved:
        if not open_partial:
            tool, arguments = "search", hood.unresolved.search_arguments(target.repo)
        playbook.append(
            f"search the unresolved call sites (search mode=regex query="
            f"'{hood.unresolved.pattern()}'): any of them may call this file's symbols; check "
            "those your edit could break"
        )
        flags.append("acknowledge_unresolved=true")
    playbook.append("then call surgical_context_v2 again with " + " and ".join(flags))
    return Decision(
        TRIAGING, open_partial + open_unresolved, tool, arguments, playbook, acknowledged
    )


def unresolved_signal(hood: Neighbourhood) -> list[dict[str, Any]]:
    """The `unresolved_callers` reason when call sites named like the file's symbols have
    receivers the graph could not prove (its callers are then a lower bound)."""
    found = hood.unresolved
    if not found.lower_bound:
        return []
    names = len(found.sites) + len(found.capped)
    more = f", {len(found.capped)} of them too many to count" if found.capped else ""
    return [
        {
            "code": UNRESOLVED_CALLERS,
            "detail": f"{found.unresolved} call sites of {names} of its symbols' names{more} "
            "have receivers the graph could not prove: the callers listed are a lower bound "
            "(see completeness)",
        }
    ]


def partial_signal(
    located: Located, hood: Neighbourhood, connected_cap: int
) -> list[dict[str, Any]]:
    """The triaging reasons that hold for a fresh file (empty: the signal is complete)."""
    reasons: list[dict[str, Any]] = []
    problems = list(located.file.get("problems") or [])
    if problems:
        reasons.append({"code": PARSE_PROBLEMS, "detail": "; ".join(problems)})
    edges = int(hood.callees["edges"])
    builtin_ghosts = int(hood.callees["ghost_edges"]) - int(hood.callees["foreign_ghost_edges"])
    foreign = int(hood.callees["foreign_ghost_edges"])
    counted = edges - builtin_ghosts
    if foreign >= limits.GHOST_EDGES_MIN and foreign > limits.GHOST_SHARE_MAX * counted:
        reasons.append(
            {
                "code": GHOSTS_DOMINATE,
                "detail": f"{foreign} of {counted} call edges (builtins not counted) resolve to no "
                f"symbol in the repo (more than {limits.GHOST_SHARE_MAX:.0%})",
            }
        )
    if hood.caller_files > connected_cap:
        reasons.append(
            {
                "code": CALLERS_EXCEED_CAP,
                "detail": f"{hood.caller_files} files call this file; connected_files shows "
                f"{connected_cap} (surgical_context lists callers in full up to its bound)",
            }
        )
    return reasons
