"""One ingest of a file at a time in this process: the apply's re-ingest, the watcher's batch,
the start-up ingest and the `ingest` verb never write the same file's claim at once.

Two ingests of one file plan against the same graph state and both create its chunks: the
second fails "Node already exists with label `Chunk`" (the apply then answered `graph.updated:
false`, the start-up ingest `failed`). So `ingest_paths` holds its paths of its repo, and
`ingest_root` (every file of the repo) the whole repo: paths of one repo wait only for the same
paths or a whole-repo ingest, a whole-repo ingest for every other ingest of the repo, which in
turn waits behind it (a waiting whole-repo ingest goes first, so a busy watcher cannot starve
it). Keyed by repo id, which is what the graph's ids are made of. A thread never holds two
grants (`ingest_paths` hands over to `ingest_root` after letting its paths go), so none waits
on itself. Other processes (another server, `coderooms watch`) are not covered here.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from coderooms.core.ids import repo_id_for, validate_repo_id
from coderooms.errors import Conflict

INGEST_WAIT_S = 300.0
"""How long an ingest waits for another ingest of the same files (a whole-repo one can take
minutes) before it gives up with `conflict`."""


@dataclass
class _Repo:
    whole: bool = False
    whole_waiting: int = 0
    paths_waiting: int = 0
    paths: set[str] = field(default_factory=set)

    def idle(self) -> bool:
        """Nobody holds or waits for it: it may be forgotten."""
        return not (self.whole or self.whole_waiting or self.paths_waiting or self.paths)


class IngestGate:
    """Who ingests what of which repo in this process, now."""

    def __init__(self) -> None:
        self._repos: dict[str, _Repo] = {}
        self._changed = threading.Condition()

    @contextmanager
    def paths(
        self, repo: str, paths: Iterable[str], *, wait_s: float = INGEST_WAIT_S
    ) -> Iterator[None]:
        """Hold `paths` of `repo` (no whole-repo ingest of it runs or waits meanwhile)."""
        wanted = set(paths)
        with self._changed:
            state = self._repos.setdefault(repo, _Repo())
            state.paths_waiting += 1
            try:
                self._wait(
                    lambda: not (state.whole or state.whole_waiting or wanted & state.paths),
                    repo,
                    wait_s,
                )
            except BaseException:
                state.paths_waiting -= 1
                self._release(repo, state)
                raise
            state.paths_waiting -= 1
            state.paths |= wanted
        try:
            yield
        finally:
            with self._changed:
                state.paths -= wanted
                self._release(repo, state)

    @contextmanager
    def whole(self, repo: str, *, wait_s: float = INGEST_WAIT_S) -> Iterator[None]:
        """Hold every file of `repo` (no other ingest of it runs meanwhile)."""
        with self._changed:
            state = self._repos.setdefault(repo, _Repo())
            state.whole_waiting += 1
            try:
                self._wait(lambda: not (state.whole or state.paths), repo, wait_s)
            except BaseException:
                state.whole_waiting -= 1
                self._release(repo, state)  # a whole-repo waiter that gave up lets paths in
                raise
            state.whole_waiting -= 1
            state.whole = True
        try:
            yield
        finally:
            with self._changed:
                state.whole = False
                self._release(repo, state)

    def busy(self, repo: str) -> bool:
        with self._changed:
            state = self._repos.get(repo)
            return state is not None and not state.idle()

    def _wait(self, free: Callable[[], bool], repo: str, wait_s: float) -> None:
        deadline = time.monotonic() + wait_s
        while not free():
            left = deadline - time.monotonic()
            if left <= 0:
                raise Conflict(
                    f"another ingest of repo {repo!r} in this server held these files for "
                    f"{wait_s:.0f} s",
                    hint="retry when it ends (health shows the start-up ingest; "
                    "auto_ingest_status the watcher)",
                )
            self._changed.wait(left)

    def _release(self, repo: str, state: _Repo) -> None:
        if state.idle() and self._repos.get(repo) is state:
            del self._repos[repo]
        self._changed.notify_all()


GATE = IngestGate()
"""The process's one gate: every ingest entry point (`ingest_root`, `ingest_paths`,
`warm_saves`) passes it."""

P = ParamSpec("P")
R = TypeVar("R")


def whole_repo(
    ingest: Callable[Concatenate[Any, Path, P], R],
) -> Callable[Concatenate[Any, Path, P], R]:
    """`ingest(graph, root, ..., repo=...)` holding the whole repo: its id is `repo`, or the
    one a root gets by default (as `bind_repo` gives it)."""

    @functools.wraps(ingest)
    def held(graph: Any, root: Path, /, *args: P.args, **kwargs: P.kwargs) -> R:
        repo = kwargs.get("repo")
        key = validate_repo_id(repo) if isinstance(repo, str) and repo else None
        with GATE.whole(key or repo_id_for(Path(root).expanduser().resolve())):
            return ingest(graph, root, *args, **kwargs)

    return held
