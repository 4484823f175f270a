"""Shared by the red-team tests of issue 29's path classes: a small git repo under the served
root, an outside directory holding a secret in files shaped like the repo's, and a thread that
swaps a file or a directory of the repo for a symlink to its outside twin as fast as it can."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import traceback
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from coderooms.core.files import WRITE_TEMP_SUFFIX
from coderooms.errors import CoderoomsError
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root

GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid",
       "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"]  # fmt: skip
CORE = "def helper(x):\n    return x + 1\n\n\ndef other(y):\n    return helper(y) * 2\n"
USE = "from pkg.core import helper\n\n\ndef run():\n    return helper(1)\n"


def outside_text(secret: str) -> str:
    """Python shaped like the repo's files, holding the secret (so a parse would keep it)."""
    return f'def helper(x):\n    """{secret}"""\n    return "{secret}"\n\n\ndef run():\n    pass\n'


@dataclass
class Layout:
    root: Path
    outside: Path
    repo: str
    secret: str = field(default_factory=lambda: f"OUTSIDE_SECRET_{uuid.uuid4().hex}")

    def leaked(self, answer: object) -> list[str]:
        """What of the outside an answer shows: the secret, or where the outside lies."""
        text = json.dumps(answer, default=str)
        return [mark for mark in (self.secret, str(self.outside)) if mark in text]

    def outside_tree(self) -> dict[str, bytes]:
        return {
            str(path.relative_to(self.outside)): path.read_bytes() if path.is_file() else b"<dir>"
            for path in sorted(self.outside.rglob("*"))
        }

    def temps(self) -> list[str]:
        found = [*self.root.rglob(f"*{WRITE_TEMP_SUFFIX}"), *self.outside.rglob("*")]
        return sorted(str(p) for p in found if p.name.endswith(WRITE_TEMP_SUFFIX))


def git(root: Path, *args: str) -> None:
    subprocess.run([*GIT, *args], cwd=root, check=True, capture_output=True, timeout=60)


def make_layout(graph: Graph, top: Path, repo: str) -> Layout:
    """`top/proj` (git, two commits, the second changing pkg/core.py; ingested) and
    `top/outside` (core.py, and pkg/ with the repo's file names, all holding the secret)."""
    root, outside = top / "proj", top / "outside"
    layout = Layout(root, outside, repo)
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "core.py").write_text(CORE)
    (root / "pkg" / "use.py").write_text(USE)
    git(root, "init", "-q")
    git(root, "add", "-A", ".")
    git(root, "commit", "-q", "-m", "start")
    (root / "pkg" / "core.py").write_text(CORE + "# revised\n")
    git(root, "commit", "-q", "-am", "revise core")
    (outside / "pkg").mkdir(parents=True)
    for name in ("core.py", "pkg/__init__.py", "pkg/core.py", "pkg/use.py"):
        (outside / name).write_text(outside_text(layout.secret))
    ingest_root(graph, root, repo=repo, workers=1, git=True, embed=False)
    return layout


class Flipper:
    """Swaps `path` for a symlink to `twin` and back in a tight loop on a thread, until the
    `with` block ends; `path` is as it was afterwards (its latest content kept)."""

    def __init__(self, path: Path, twin: Path) -> None:
        self.path, self.twin = path, twin
        self.directory = path.is_dir()
        self.flips = 0
        self.errors: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="flipper", daemon=True)
        self._away = path.with_name(f"{path.name}.away")
        self._link = path.with_name(f"{path.name}.link")

    def __enter__(self) -> Flipper:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        self._thread.join(60)
        assert not self._thread.is_alive(), "the flipper did not stop"
        assert not self.errors, self.errors

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                self._flip()
        except BaseException:  # reported by __exit__
            self.errors.append(traceback.format_exc())

    def _flip(self) -> None:
        os.symlink(self.twin, self._link)
        if self.directory:
            os.rename(self.path, self._away)  # a directory: moved aside, then the link in
            self._rename_over(self._link, self.path)
            self.flips += 1
            os.unlink(self.path)
            self._rename_over(self._away, self.path)
        else:
            self._link_aside()  # a file: replaced atomically
            os.rename(self._link, self.path)
            self.flips += 1
            os.rename(self._away, self.path)

    def _link_aside(self) -> None:
        """Hard-link the file aside. Linux answers ENOENT when the inode looked up is renamed
        over meanwhile (a writer's rename drops its last link before `link` takes one): the
        name is looked up again."""
        for _ in range(100):
            try:
                os.link(self.path, self._away, follow_symlinks=False)
                return
            except FileNotFoundError:
                continue
        raise AssertionError(f"{self.path} kept being renamed over")

    def _rename_over(self, source: Path, target: Path) -> None:
        """Rename; a writer may have made a directory at `target` in the gap: it is moved
        aside first (inside the root, its files kept)."""
        for attempt in range(100):
            try:
                os.rename(source, target)
                return
            except OSError:
                os.rename(target, target.with_name(f"{target.name}.made-{self.flips}-{attempt}"))
        raise AssertionError(f"{target} could not be put back")


INTERNAL = "internal_error"


def answer_of(call: Callable[[], Any]) -> Any:
    """A verb's answer, the payload of the typed error it raised, or `{INTERNAL: ...}` for any
    other exception (what a client would get as the internal error)."""
    try:
        return call()
    except CoderoomsError as e:
        return e.payload()
    except Exception as e:
        return {INTERNAL: f"{type(e).__name__}: {e}"}


def internal(answer: object) -> bool:
    return isinstance(answer, dict) and INTERNAL in answer
