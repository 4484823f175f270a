"""Hostile inputs over stdio with a real MCP client (issue 15, item 6): every path, root and id an
attacker could write, through every verb that takes one, answered by one real server process.

Each case asserts that the answer is a structured JSON error or a harmless result (never a crash,
never the internal "bug in coderooms" error), that a secret planted outside the served root never
appears in any answer (the outside directory is in the shared graph too, as another operator's
`coderooms ingest` would put it there: graph reads are scoped to the served roots), that nothing
outside the root, in the repo's `.git` or in its hooks directories was written, and that no file
gained an executable bit."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import stat
import threading
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.graph.driver import Connection, Graph
from coderooms.ingest.pipeline import ingest_root
from tests.e2e.stdio_client import hit_paths, server_env, stdio_client
from tests.integration.ingest.graph_snapshot import wipe

AGENT = "e2e-hostile-inputs"
SECRET = "HOSTILE_SECRET_9d41e7a0"
HARD_MARK = "hard-linked outside, not secret"
"""The content of an outside file hard-linked into the root (not the secret: see the report of
the hard-link read below)."""
GRAPH_DEADLINE_S = 60.0
CALL_TIMEOUT_S = 30.0
GIT_CONFIG = "[core]\n\trepositoryformatversion = 0\n\thooksPath = .githooks\n"
HOOK = "#!/bin/sh\nexit 0\n"
ERROR_CODES = {"invalid_input", "not_found", "forbidden", "conflict"}
PROTECTED = (".git", ".githooks", ".husky")

GIT_SPELLINGS = [
    ".git/config",
    ".GIT/config",
    ".Git/config",
    ".git./config",
    ".git../config",
    ".git /config",
    ".git. /config",
    ".g\u200cit/config",
    ".\u200bgit/config",
    ".git\ufeff/config",
    "\uff0egit/config",  # FULLWIDTH FULL STOP: NFKC folds it to "."
    "GIT~1/config",
    "git~1/config",
    ".git::$INDEX_ALLOCATION/config",
    ".git:stream/config",
    "pkg/../.git/config",
    "./.git/config",
    ".git/hooks/pre-commit",
    ".git/HEAD",
    ".git/coderooms/journal/forged.json",  # where writers meet (edits/locks.py): theirs only
    ".git/coderooms/write.lock",
    ".hg/hgrc",
    ".HG/hgrc",
    ".svn/entries",
]
HOOK_PATHS = [
    ".githooks/pre-commit",
    ".githooks/post-checkout",
    ".githooks/new-hook",
    ".GITHOOKS/pre-commit",
    ".githooks./pre-commit",
    ".husky/pre-commit",
    ".HUSKY/pre-commit",
    ".husky./pre-commit",
    "HUSKY~1/pre-commit",
    ".hus\u200dky/pre-commit",
    ".husky/_/husky.sh",
]
LONG = "a" * 5000
TRAVERSALS = [
    "../outside/secret.py",
    "../../outside/secret.py",
    "pkg/../../outside/secret.py",
    "pkg/../../../../../../../../etc/passwd",
    "..",
    "../",
    ".",
    "",
    "/",
    "~",
    "~/.bashrc",
    "~root/.bashrc",
    "/etc/passwd",
    "/proc/self/environ",
    "/dev/zero",
    "link_out.py",
    "linkdir/secret.py",
    "pkg/link_up/outside/secret.py",
    "hard.py",
    "pkg/core.py\x00../../outside/secret.py",
    "\x00",
    "pkg/\x00core.py",
    LONG,
    "pkg/" + "x/" * 2500 + "f.py",
    "pkg/" + "..%2f" * 20 + "outside/secret.py",
    "..\\..\\outside\\secret.py",
    "pkg/\u202egnp.py",
    "pkg/\u202e../../outside/secret.py",
    "\u0627\u0644\u0645\u0644\u0641.py",
    "pkg/\u200f\u200e.py",
    "\U0001f916/../../outside/secret.py",
    "file:///etc/passwd",
    "\\\\?\\C:\\Windows\\win.ini",
    "C:\\Windows\\win.ini",
    "pkg/core.py/",
    "pkg//core.py",
    "\n../outside/secret.py",
    " ../outside/secret.py",
]


@dataclass
class Served:
    tmp: Path
    root: Path
    outside: Path
    repo: str
    theirs: str
    """The repo id of `outside`, ingested into the shared graph by "another operator"."""
    run: Callable[[Awaitable[Any]], Any]
    client: Client[Any]


OWN_GIT_ENTRIES = ("coderooms", "coderooms/journal", "coderooms/write.lock")
"""What coderooms itself keeps in a repo's git directory: the write lock and the (empty between
writes) journal directory of edits/locks.py. Anything else in `.git` must never change."""


def protected(root: Path, name: str) -> dict[str, tuple[str, int]]:
    found = snapshot(root / name)
    if name == ".git":
        for entry in OWN_GIT_ENTRIES:
            found.pop(entry, None)
    return found


def snapshot(path: Path) -> dict[str, tuple[str, int]]:
    """Every entry under `path` (not following links): a hash of its bytes (or link target)
    and its mode."""
    found: dict[str, tuple[str, int]] = {}
    for folder, dirs, files in os.walk(path):
        for name in [*dirs, *files]:
            entry = Path(folder) / name
            info = entry.lstat()
            if stat.S_ISLNK(info.st_mode):
                digest = "link:" + os.readlink(entry)
            elif stat.S_ISREG(info.st_mode):
                digest = hashlib.sha256(entry.read_bytes()).hexdigest()
            else:
                digest = "dir"
            found[str(entry.relative_to(path))] = (digest, info.st_mode)
    return found


def executable(path: Path) -> set[str]:
    """Regular files under `path` with any exec bit."""
    return {
        name
        for name, (digest, mode) in snapshot(path).items()
        if digest not in ("dir",) and not digest.startswith("link:") and mode & 0o111
    }


def make_served(root: Path, outside: Path) -> None:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "core.py").write_text("def keep():\n    return 1\n")
    (root / "README.md").write_text("# served\n")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text(GIT_CONFIG)
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (root / ".git" / "hooks").mkdir()
    (root / ".githooks").mkdir()
    (root / ".husky" / "_").mkdir(parents=True)
    for hook in (".githooks/pre-commit", ".githooks/post-checkout", ".husky/pre-commit"):
        (root / hook).write_text(HOOK)
        (root / hook).chmod(0o755)
    (root / "run.sh").write_text("#!/bin/sh\necho old\n")
    (root / "run.sh").chmod(0o755)
    outside.mkdir()
    (outside / "secret.py").write_text(f"TOKEN = '{SECRET}'\n")
    (outside / "hard_target.py").write_text(f"MARK = '{HARD_MARK}'\n")


def plant_after_ingest(root: Path, outside: Path) -> None:
    """What a local process might leave in the root after the ingest."""
    (root / "link_out.py").symlink_to(outside / "secret.py")
    (root / "linkdir").symlink_to(outside, target_is_directory=True)
    (root / "pkg" / "link_up").symlink_to(root.parent, target_is_directory=True)
    os.link(outside / "hard_target.py", root / "hard.py")


@pytest.fixture(scope="module")
def served(
    connection: Connection, graph: Graph, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Served]:
    tmp = tmp_path_factory.mktemp("hostile")
    root, outside = tmp / "served", tmp / "outside"
    make_served(root, outside)
    repo = f"test-hostile-{uuid.uuid4().hex[:12]}"
    theirs = f"{repo}-theirs"
    ingest_root(graph, outside, repo=theirs, workers=1, git=False)
    close_perspectives(graph)  # an earlier run stopped before its teardown must not fill the cap
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    def run(coro: Awaitable[Any]) -> Any:
        future: Future[Any] = asyncio.run_coroutine_threadsafe(
            asyncio.wait_for(coro, CALL_TIMEOUT_S), loop
        )
        return future.result(CALL_TIMEOUT_S + 5)

    env = server_env(connection, CODEROOMS_ROOTS=str(root))
    manager = stdio_client(env)
    client = run(manager.__aenter__())
    try:
        deadline = time.monotonic() + GRAPH_DEADLINE_S
        while (
            run(client.call_tool("health", {"agent_id": AGENT})).structured_content["status"]
            != "ok"
        ):
            assert time.monotonic() < deadline, "the graph never became ready"
            time.sleep(0.2)
        run(client.call_tool("ingest", {"agent_id": AGENT, "repo": repo}))
        plant_after_ingest(root, outside)
        yield Served(tmp, root, outside, repo, theirs, run, client)
    finally:
        try:
            run(manager.__aexit__(None, None, None))
        finally:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(10)
            wipe(graph, repo)
            wipe(graph, theirs)
            close_perspectives(graph)


def close_perspectives(graph: Graph) -> None:
    """The perspectives this module's agent opened (`perspective_start` calls that succeed in
    the served repo): the cap of open perspectives per agent holds across runs on one graph."""
    graph.run_text(
        "MATCH (p:Perspective {agent_id: $agent}) "
        "OPTIONAL MATCH (c:PerspectiveCheckpoint {perspective_id: p.id}) DETACH DELETE p, c",
        agent=AGENT,
    )


def answer_of(s: Served, verb: str, arguments: dict[str, Any]) -> tuple[str, Any]:
    """("ok", structured content) or ("error", the JSON error); anything else fails."""
    try:
        result = s.run(s.client.call_tool(verb, arguments))
    except ToolError as e:
        text = str(e)
        try:
            payload = json.loads(text)
        except json.JSONDecodeError:
            # argument validation by the MCP layer (wrong types): a plain message, no crash
            assert "validation error" in text.lower(), (verb, arguments, text)
            return "validation", text
        assert isinstance(payload, dict), (verb, arguments, text)
        assert payload.get("error") in ERROR_CODES, (verb, arguments, payload)
        assert payload.get("message"), (verb, arguments, payload)
        return "error", payload
    return "ok", result.structured_content


def answer_text(payload: Any, arguments: dict[str, Any]) -> str:
    """The answer as text, without what only echoes the agent's own arguments back (a search
    for the secret string names it in `query`)."""
    if isinstance(payload, dict):
        echoed = {"query", "index_literal"} if SECRET in json.dumps(arguments) else set()
        payload = {key: value for key, value in payload.items() if key not in echoed}
    return payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)


def check(
    s: Served, verb: str, arguments: dict[str, Any], *, agent: Any = AGENT
) -> tuple[str, Any]:
    """Call `verb` and assert the scope held: no secret in the answer, nothing written outside
    or under VCS/hooks, no new exec bit, the server still alive."""
    outside_before = snapshot(s.outside)
    protected_before = {name: protected(s.root, name) for name in PROTECTED}
    exec_before = executable(s.root) | {f"outside/{n}" for n in executable(s.outside)}
    kind, payload = answer_of(s, verb, {"agent_id": agent, **arguments})
    assert SECRET not in answer_text(payload, arguments), (verb, arguments, payload)
    assert snapshot(s.outside) == outside_before, (verb, arguments, "outside changed")
    for name in PROTECTED:
        assert protected(s.root, name) == protected_before[name], (verb, arguments, name)
    exec_after = executable(s.root) | {f"outside/{n}" for n in executable(s.outside)}
    assert exec_after <= exec_before, (verb, arguments, exec_after - exec_before)
    assert (s.root / ".git" / "config").read_text() == GIT_CONFIG
    alive = s.run(s.client.call_tool("health", {"agent_id": AGENT})).structured_content
    assert alive["status"] == "ok", alive
    return kind, payload


def refused(kind: str, payload: Any, *codes: str) -> None:
    assert kind in ("error", "validation"), payload
    if kind == "error" and codes:
        assert payload["error"] in codes, payload


# --- reads: view, batch_view, glob, search ---------------------------------------------------


READ_PATHS = [*TRAVERSALS, *GIT_SPELLINGS[:8], ".husky/pre-commit"]


@pytest.mark.parametrize("path", READ_PATHS, ids=ascii)
def test_view(served: Served, path: str) -> None:
    kind, payload = check(served, "view", {"path": path, "repo": served.repo})
    if kind == "ok":  # only a file the ingest took from inside the root
        assert "repo" not in payload  # the one repo this server reads: no answer names it
        assert (served.root / payload["path"]).resolve().is_relative_to(served.root.resolve())


@pytest.mark.parametrize(
    "paths",
    [
        TRAVERSALS[:10],
        TRAVERSALS[10:20],
        TRAVERSALS[20:],
        GIT_SPELLINGS,
        ["pkg/core.py", "../outside/secret.py", "link_out.py", "hard.py", "linkdir/secret.py"],
    ],
    ids=["traversal-a", "traversal-b", "traversal-c", "git", "mixed"],
)
def test_batch_view(served: Served, paths: list[str]) -> None:
    items = [{"path": p, "repo": served.repo} for p in paths]
    kind, payload = check(served, "batch_view", {"items": items})
    if kind == "ok":
        assert len(payload["items"]) == len(paths)


GLOBS = [
    "**",
    "**/*",
    "../**",
    "../outside/**",
    "/**/secret.py",
    "**/secret.py",
    "/etc/passwd",
    "~/**",
    "linkdir/**",
    "link_out.py",
    "hard.py",
    ".git/**",
    ".GIT/**",
    "**/.git/config",
    "\x00",
    "**/\x00",
    "",
    "/",
    LONG,
    "[",
    "[!",
    "{a,b}/**/" * 50,
    "**/" * 400 + "secret.py",
    "\u202e**",
    "pkg/\u200b**",
]


@pytest.mark.parametrize("pattern", GLOBS, ids=ascii)
def test_glob(served: Served, pattern: str) -> None:
    kind, payload = check(served, "glob", {"pattern": pattern, "repo": served.repo})
    if kind == "ok":
        paths = {
            ("" if folder == "./" else folder) + f.rsplit(" (", 1)[0]
            for folder, names in payload.get("files", {}).items()  # none: no `files`
            for f in names
        }
        assert not {"link_out.py", "hard.py"} & paths
        assert not any(p.startswith(("linkdir/", "pkg/link_up/")) for p in paths), paths


SEARCHES: list[dict[str, Any]] = [
    {"query": SECRET},
    {"query": SECRET, "mode": "regex"},
    {"query": "HOSTILE_SECRET_.*", "mode": "regex"},
    {"query": "(?i)hostile_secret", "mode": "regex"},
    {"query": HARD_MARK},
    {"query": "TOKEN", "path_glob": "../outside/**"},
    {"query": "TOKEN", "path_glob": "/**"},
    {"query": "TOKEN", "path_glob": "linkdir/**"},
    {"query": "TOKEN", "path_glob": "link_out.py"},
    {"query": "MARK", "path_glob": "hard.py"},
    {"query": "hooksPath", "path_glob": ".git/**"},
    {"query": "hooksPath"},
    {"query": "keep", "path_glob": "\x00"},
    {"query": "keep", "path_glob": LONG},
    {"query": "keep", "path_glob": "["},
    {"query": "keep", "path_glob": ""},
    {"query": "\x00"},
    {"query": ""},
    {"query": LONG},
    {"query": LONG, "mode": "regex"},
    {"query": "(", "mode": "regex"},
    {"query": "(?<=a)b", "mode": "regex"},
    {"query": "\u202ekeep"},
    {"query": "keep", "mode": "semantic", "path_glob": "../**"},
    {"query": "keep", "language": "../../outside"},
    {"query": "keep", "repo": "../outside"},
    {"query": "keep", "repo": "\x00"},
    {"query": "keep", "top_k": -1},
    {"query": "keep", "top_k": 10**12},
    {"query": "keep", "context_lines": 10**9},
]


@pytest.mark.parametrize("arguments", SEARCHES, ids=lambda a: ascii(a)[:80])
def test_search(served: Served, arguments: dict[str, Any]) -> None:
    kind, payload = check(served, "search", {"repo": served.repo, **arguments})
    if kind == "ok":
        assert "results" not in payload
        files = hit_paths(payload)
        assert not {"link_out.py", "hard.py"} & files, files


# --- writes: apply, apply_batch, edit_preview / edit_commit ----------------------------------


WRITE_REFUSED = [*GIT_SPELLINGS, *HOOK_PATHS]
WRITE_ESCAPES = [
    "../outside/secret.py",
    "../outside/new.py",
    "pkg/../../outside/new.py",
    "linkdir/secret.py",
    "linkdir/new.py",
    "link_out.py",
    "pkg/link_up/outside/new.py",
    "pkg/link_up/served/.git/config",
    "~/new.py",
    "/tmp/hostile-new.py",
    "",
    "/",
    ".",
    "..",
    "pkg",
    "pkg/core.py\x00.sh",
    "\x00",
    LONG,
    "pkg/" + "x/" * 2500 + "f.py",
]


@pytest.mark.parametrize("path", WRITE_REFUSED, ids=ascii)
def test_apply_refuses_vcs_and_hooks(served: Served, path: str) -> None:
    kind, payload = check(
        served, "apply", {"path": path, "repo": served.repo, "content": "[core]\n\tx = 1\n"}
    )
    refused(kind, payload, "forbidden")


@pytest.mark.parametrize("path", WRITE_ESCAPES, ids=ascii)
def test_apply_cannot_escape(served: Served, path: str) -> None:
    kind, payload = check(
        served, "apply", {"path": path, "repo": served.repo, "content": "ESCAPED = 1\n"}
    )
    if kind == "ok":  # harmless only if every file written lies under the root
        for written in payload["files"]:
            target = (served.root / written["path"]).resolve()
            assert target.is_relative_to(served.root.resolve()), (path, written)
            assert not stat.S_IMODE(target.stat().st_mode) & 0o111, (path, written)
    assert not Path("/tmp/hostile-new.py").exists()
    assert not (Path.home() / "new.py").exists()
    assert not (served.tmp / "outside" / "new.py").exists()


def test_apply_through_a_hard_link_leaves_the_outside_file(served: Served) -> None:
    kind, payload = check(
        served, "apply", {"path": "hard.py", "repo": served.repo, "content": "MARK = 'x'\n"}
    )
    assert kind in ("ok", "error"), payload
    assert (served.outside / "hard_target.py").read_text() == f"MARK = '{HARD_MARK}'\n"


def test_apply_rewrite_drops_the_exec_bit(served: Served) -> None:
    kind, payload = check(
        served, "apply", {"path": "run.sh", "repo": served.repo, "content": "echo new\n"}
    )
    assert kind == "ok", payload
    assert stat.S_IMODE((served.root / "run.sh").stat().st_mode) & 0o111 == 0


@pytest.mark.parametrize(
    "bad",
    [
        ".GIT/config",
        ".git./config",
        "GIT~1/config",
        ".husky/pre-commit",
        ".githooks/pre-commit",
        "../outside/secret.py",
        "linkdir/secret.py",
        "\x00",
        LONG,
    ],
    ids=ascii,
)
def test_apply_batch_is_all_or_nothing(served: Served, bad: str) -> None:
    edits = [
        {"path": "pkg/batch_new.py", "repo": served.repo, "content": "Y = 2\n"},
        {"path": bad, "repo": served.repo, "content": "[core]\n"},
    ]
    kind, payload = check(served, "apply_batch", {"edits": edits})
    refused(kind, payload)
    assert not (served.root / "pkg" / "batch_new.py").exists()


PREVIEW_PATHS = [
    ".git/config",
    ".GIT/config",
    ".git /config",
    ".g\u200cit/config",
    ".git::$INDEX_ALLOCATION/config",
    ".githooks/pre-commit",
    ".husky/pre-commit",
    "../outside/secret.py",
    "linkdir/secret.py",
    "link_out.py",
    "\x00",
    LONG,
]


@pytest.mark.parametrize("path", PREVIEW_PATHS, ids=ascii)
def test_edit_preview_refuses(served: Served, path: str) -> None:
    kind, payload = check(
        served, "edit_preview", {"path": path, "repo": served.repo, "content": "x = 1\n"}
    )
    refused(kind, payload)


@pytest.mark.parametrize(
    "preview_id",
    ["", "\x00", "../outside/secret.py", LONG, "' OR 1=1 //", "}) MATCH (n) DETACH DELETE n //"],
    ids=ascii,
)
def test_edit_commit_of_a_forged_preview(served: Served, preview_id: str) -> None:
    kind, payload = check(served, "edit_commit", {"preview_id": preview_id, "confirm": True})
    refused(kind, payload)


def test_edit_commit_of_another_agents_preview_is_refused(served: Served) -> None:
    kind, preview = check(
        served, "edit_preview", {"path": "README.md", "repo": served.repo, "content": "# x\n"}
    )
    assert kind == "ok", preview
    kind, payload = check(
        served,
        "edit_commit",
        {"preview_id": preview["preview_id"], "confirm": True},
        agent=AGENT + "\u200b",
    )
    refused(kind, payload, "invalid_input")
    kind, payload = check(
        served, "edit_commit", {"preview_id": preview["preview_id"], "confirm": True},
        agent="someone-else",
    )  # fmt: skip
    refused(kind, payload)
    assert (served.root / "README.md").read_text() == "# served\n"


# --- roots: ingest, auto_ingest_start, daemon_start ------------------------------------------


ROOTS = [
    "",
    "/",
    "~",
    "~/",
    "~root",
    "..",
    "../outside",
    "../..",
    "/etc",
    "/proc",
    "/tmp",
    "\x00",
    "served\x00/../outside",
    LONG,
    "/" + "a/" * 2500,
    ".git",
    ".GIT",
    ".git.",
    "GIT~1",
    ".git/hooks",
    "linkdir",
    "pkg/link_up",
    "pkg/link_up/outside",
    "\u202e..",
    "~/../..",
]


@pytest.mark.parametrize("root", ROOTS, ids=ascii)
@pytest.mark.parametrize("verb", ["ingest", "auto_ingest_start", "daemon_start"])
def test_roots_outside_are_refused(served: Served, verb: str, root: str) -> None:
    kind, payload = check(served, verb, {"roots": [root], "repo": served.repo + "-x"})
    refused(kind, payload, "forbidden", "invalid_input", "not_found")
    if kind == "error":
        assert payload.get("field", "roots[0]").startswith("roots"), payload


@pytest.mark.parametrize("absolute", ["tmp", "outside", "outside_secret", "git", "parent"], ids=str)
def test_absolute_roots_outside_are_refused(served: Served, absolute: str) -> None:
    root = {
        "tmp": served.tmp,
        "outside": served.outside,
        "outside_secret": served.outside / "secret.py",
        "git": served.root / ".git",
        "parent": served.root / "..",
    }[absolute]
    for verb in ("ingest", "auto_ingest_start", "daemon_start"):
        kind, payload = check(served, verb, {"roots": [str(root)], "repo": served.repo + "-x"})
        refused(kind, payload, "forbidden", "invalid_input", "not_found")


def test_a_second_root_outside_is_named(served: Served) -> None:
    kind, payload = check(served, "ingest", {"roots": [str(served.root), str(served.outside)]})
    refused(kind, payload, "forbidden")
    assert payload["field"] == "roots[1]"


def test_reingest_does_not_follow_links_outside(served: Served) -> None:
    kind, payload = check(served, "ingest", {"repo": served.repo})
    assert kind == "ok", payload
    for query in (SECRET,):
        kind, found = check(served, "search", {"query": query})
        assert kind == "ok", found
        files = hit_paths(found)
        assert not {"link_out.py", "linkdir/secret.py"} & files, files


# --- another operator's repo in the shared graph ---------------------------------------------


THEIR_REPO_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("view", {"path": "secret.py"}),
    ("batch_view", {"items": [{"path": "secret.py", "repo": "{theirs}"}]}),
    ("glob", {"pattern": "**/*"}),
    ("search", {"query": "TOKEN"}),
    ("search", {"query": "TOKEN", "mode": "semantic"}),
    ("seek", {"query": "TOKEN"}),
    ("impact", {"symbol": "TOKEN"}),
    ("perspective_start", {"query": "secret.py"}),
    ("surgical_context", {"path": "secret.py"}),
    ("activate", {"seeds": ["{theirs}:secret.py", "{theirs}:secret.py::TOKEN"]}),
    ("heuristics_surface", {"node_id": "{theirs}:secret.py::TOKEN"}),
    ("surgical_context", {"symbol_id": "{theirs}:secret.py::TOKEN"}),
    ("impact", {"symbol": "{theirs}:secret.py::TOKEN"}),
    ("impact", {"symbol": "secret.py::TOKEN"}),
    ("perspective_start", {"query": "{theirs}:secret.py"}),
    ("perspective_start", {"query": "keep", "anchor": "{theirs}:secret.py"}),
]
"""Calls that name the other repo's files, symbols and ids; those with `repo` are made with
and without it (`repo` is added where the verb takes it)."""
TAKES_REPO = {"view", "glob", "search", "seek", "impact", "perspective_start", "surgical_context"}


def their(value: Any, theirs: str) -> Any:
    return json.loads(json.dumps(value).replace("{theirs}", theirs))


@pytest.mark.parametrize("named", [False, True], ids=["any repo", "repo=theirs"])
@pytest.mark.parametrize(("verb", "arguments"), THEIR_REPO_CALLS, ids=lambda v: ascii(v)[:60])
def test_another_operators_repo_is_never_read(
    served: Served, verb: str, arguments: dict[str, Any], named: bool
) -> None:
    if named and verb not in TAKES_REPO:
        pytest.skip("the verb takes no repo")
    wanted = their(arguments, served.theirs) | ({"repo": served.theirs} if named else {})
    kind, payload = check(served, verb, wanted)
    text = json.dumps(payload, ensure_ascii=False)
    assert str(served.outside) not in text, (verb, wanted, payload)
    if kind == "error":
        assert payload["error"] in ("not_found", "invalid_input", "forbidden"), payload
    for hit in (payload.get("results") or []) if isinstance(payload, dict) else []:
        assert hit.get("repo") in (None, served.repo), (verb, wanted, hit)
    if named:
        refused(kind, payload, "not_found")


# --- identities and types ----------------------------------------------------------------------


AGENT_IDS = [
    "",
    " ",
    "\x00",
    "agent\x00",
    "e2e-hostile-inputs\u200b",
    "\u200be2e-hostile-inputs",
    "e2e-\u202ehostile",
    "e2e\u2066hostile\u2069",
    "e2e\u200dhostile",
    "\ufeffe2e",
    "e2e\u00adhostile",
    "e2e\ufe0fhostile",
    "e2e\U000e0041hostile",
    "e2e\u2028hostile",
    "e2e\x1b[31mhostile",
    "e2e\x7f",
    "e2e\x85",
    "a" * 129,
    LONG,
]


@pytest.mark.parametrize("agent", AGENT_IDS, ids=ascii)
def test_invisible_or_impersonating_agent_ids_are_refused(served: Served, agent: str) -> None:
    kind, payload = check(served, "view", {"path": "pkg/core.py"}, agent=agent)
    refused(kind, payload, "invalid_input")
    if kind == "error":
        assert payload["field"] == "agent_id", payload


@pytest.mark.parametrize("agent", ["\u0430\u0433\u0435\u043d\u0442-7", "\U0001f916"], ids=ascii)
def test_visible_unicode_agent_ids_are_served(served: Served, agent: str) -> None:
    kind, payload = check(served, "view", {"path": "pkg/core.py", "repo": served.repo}, agent=agent)
    assert kind == "ok", payload


WRONG_TYPES: list[tuple[str, dict[str, Any]]] = [
    ("view", {"path": 1}),
    ("view", {"path": None}),
    ("view", {"path": ["pkg/core.py"]}),
    ("view", {"path": {"$gt": ""}}),
    ("view", {"path": "pkg/core.py", "start_line": "1; DROP"}),
    ("batch_view", {"items": "pkg/core.py"}),
    ("batch_view", {"items": [{"path": 5}]}),
    ("batch_view", {"items": [None]}),
    ("glob", {"pattern": ["**"]}),
    ("glob", {"pattern": "**", "top_k": "all"}),
    ("search", {"query": 7}),
    ("search", {"query": "keep", "mode": "shell"}),
    ("apply", {"path": ".git/config", "content": 1}),
    ("apply", {"path": ["..", "outside", "secret.py"], "content": "x"}),
    ("apply", {"path": "pkg/new.py", "content": "x", "old_text": "a", "new_text": "b"}),
    ("apply_batch", {"edits": {"path": ".git/config", "content": "x"}}),
    ("apply_batch", {"edits": [{"path": ".git/config", "content": "x", "mode": 0o755}]}),
    ("apply_batch", {"edits": []}),
    ("edit_commit", {"preview_id": 1, "confirm": "yes"}),
    ("edit_commit", {"preview_id": "x", "confirm": 1}),
    ("ingest", {"roots": "/"}),
    ("ingest", {"roots": [None]}),
    ("ingest", {"roots": [], "repo": "x"}),
    ("ingest", {"mode": "rm -rf"}),
    ("auto_ingest_start", {"roots": [1]}),
    ("auto_ingest_start", {"roots": ["/"], "debounce_ms": -1}),
    ("daemon_start", {"roots": {"/": 1}}),
    ("daemon_start", {"idle_poll_ms": "fast"}),
]


@pytest.mark.parametrize(("verb", "arguments"), WRONG_TYPES, ids=lambda v: ascii(v)[:60])
def test_wrong_types_are_refused(served: Served, verb: str, arguments: dict[str, Any]) -> None:
    kind, payload = check(served, verb, arguments)
    refused(kind, payload)


def test_an_out_of_range_number_is_clamped(served: Served) -> None:
    # the one repo this server reads holds pkg/core.py, so no `repo` is needed (before reads
    # were scoped, every test repo of the shared graph holding the path made this ambiguous)
    kind, payload = check(served, "view", {"path": "pkg/core.py", "start_line": -(10**18)})
    assert kind == "ok", payload
    assert "repo" not in payload  # the one readable repo's (issue 30): not said
    assert payload["start_line"] == 1
    assert "start_line" in payload["clamped"], payload


def test_agent_id_of_the_wrong_type(served: Served) -> None:
    for agent in (None, 7, ["a"], {"id": "a"}):
        kind, payload = check(served, "view", {"path": "pkg/core.py"}, agent=agent)
        refused(kind, payload)
