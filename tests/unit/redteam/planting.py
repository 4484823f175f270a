"""A real git repository with everything a hostile checkout (or, before issue 29, an agent's
writes) could put in its work tree to make git run a program, each program touching a marker
file when it runs. Shared by the red-team tests: `fired()` must stay empty whatever coderooms
runs.

- `sub/` is a planted git directory (HEAD, config, objects/info/alternates, refs/heads/main,
  index): git run in `sub/inner` takes it for an implicit bare repository whose `core.worktree`
  is the top level, with `core.fsmonitor`, filter, text conversion and external diff drivers,
  and a promisor remote whose `ext::` URL runs a command when a missing object is fetched
  (HEAD names a commit that does not exist);
- `team.gitconfig` is a work-tree file the real repository's `.git/config` includes (a common
  way to share settings), defining the same programs;
- `.gitattributes` routes every file through the `evil` filter and diff driver, and a tracked
  file is left stat-dirty (same bytes, new mtime) so that git re-reads it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

GIT = [
    "git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false",
    # the tests' own git (a commit after planting) must not fire the markers either
    "-c", "core.fsmonitor=false", "-c", "filter.evil.clean=", "-c", "filter.evil.smudge=",
]  # fmt: skip
MISSING_COMMIT = "0123456789abcdef0123456789abcdef01234567"

SCRIPTS = {
    "fsmonitor": "touch '{marker}'\nexit 1\n",
    "filter": "touch '{marker}'\ncat\n",
    "textconv": "touch '{marker}'\ncat \"$1\"\n",
    "extdiff": "touch '{marker}'\n",
}


@dataclass(frozen=True, slots=True)
class Planted:
    top: Path
    """The real repository (its own `.git`)."""
    planted: Path
    """`top/sub`: the planted git directory."""
    inner: Path
    """`top/sub/inner`: a folder under it."""
    markers: Path

    def fired(self) -> list[str]:
        """The programs that ran."""
        return sorted(path.name for path in self.markers.iterdir())


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run([*GIT, *args], cwd=cwd, check=True, capture_output=True, timeout=30)
    return done.stdout.decode().strip()


def programs_config(bin_dir: Path, markers: Path) -> str:
    """Config text naming one marker-touching program per way git runs one."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    markers.mkdir(parents=True, exist_ok=True)
    for name, body in SCRIPTS.items():
        script = bin_dir / f"{name}.sh"
        script.write_text("#!/bin/sh\n" + body.format(marker=markers / name))
        script.chmod(0o755)
    fetch = f"ext::sh -c touch% {markers / 'fetch'}"
    return (
        f"[core]\n\tfsmonitor = {bin_dir / 'fsmonitor.sh'}\n"
        f'[filter "evil"]\n\tclean = {bin_dir / "filter.sh"}\n\tsmudge = {bin_dir / "filter.sh"}\n'
        f'[diff "evil"]\n\ttextconv = {bin_dir / "textconv.sh"}\n'
        f"\tcommand = {bin_dir / 'extdiff.sh'}\n"
        f"[diff]\n\texternal = {bin_dir / 'extdiff.sh'}\n"
        f'[remote "origin"]\n\turl = {fetch}\n\tpromisor = true\n'
        f'[protocol "ext"]\n\tallow = always\n'
    )


def make_repo(top: Path) -> str:
    """A repository with two commits; returns the first."""
    (top / "pkg").mkdir(parents=True)
    (top / "sub" / "inner").mkdir(parents=True)
    (top / "pkg" / "a.py").write_text("def a():\n    return 1\n")
    (top / "sub" / "inner" / "m.py").write_text("def m():\n    return 1\n")
    git(top, "-c", "init.defaultBranch=main", "init", "-q")
    git(top, "add", "-A")
    git(top, "commit", "-q", "-m", "one")
    first = git(top, "rev-parse", "HEAD")
    (top / "pkg" / "b.py").write_text("def b():\n    return 2\n")
    git(top, "add", "-A")
    git(top, "commit", "-q", "-m", "two")
    return first


def plant(top: Path, markers: Path) -> Planted:
    """Plant the git directory and the included config on disk (as a checkout could)."""
    programs = programs_config(top.parent / "bin", markers)
    sub = top / "sub"
    (sub / "objects" / "info").mkdir(parents=True)
    (sub / "refs" / "heads").mkdir(parents=True)
    (sub / "HEAD").write_text("ref: refs/heads/main\n")
    (sub / "objects" / "info" / "alternates").write_text(f"{top / '.git' / 'objects'}\n")
    (sub / "refs" / "heads" / "main").write_text(f"{MISSING_COMMIT}\n")
    shutil.copy(top / ".git" / "index", sub / "index")
    (sub / "config").write_text(
        "[core]\n\trepositoryformatversion = 1\n\tbare = false\n\tworktree = ..\n"
        "[extensions]\n\tpartialClone = origin\n" + programs
    )
    (top / "team.gitconfig").write_text(programs)
    with (top / ".git" / "config").open("a") as config:
        config.write("[include]\n\tpath = ../team.gitconfig\n")
    (top / ".gitattributes").write_text("* filter=evil diff=evil\n")
    stat_dirty(top / "pkg" / "a.py")
    return Planted(top, sub, sub / "inner", markers)


def stat_dirty(path: Path) -> None:
    """Same bytes, another mtime: git must read the file again to know it is unchanged."""
    info = path.stat()
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 7_000_000_000))


def move_planted_ref(planted: Planted, sha: str) -> None:
    (planted.planted / "refs" / "heads" / "main").write_text(f"{sha}\n")
