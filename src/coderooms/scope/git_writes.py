"""Writes that would make or change a git directory, at any depth of a served root.

git takes a directory for a git directory when it holds `HEAD` and either `commondir` or both
`objects/` and `refs/` (`is_git_directory`); from then on any git command run below it may use
it, with the `config` beside them (`core.fsmonitor`, `core.worktree`, filters: programs git
runs). So a write is refused when it would

- create or change a file named `HEAD` or `commondir` (`GIT_DIR_MARKERS`), anywhere: a git
  directory cannot exist without one of them, so no sequence of writes (nor a batch, nor two
  agents at once) can assemble one;
- put anything in `objects/` or `refs/` beside an existing `HEAD` (a directory that holds one
  already, from a checkout or a person, is one step from being a git directory);
- put anything in a directory that already is a git directory by that test (a bare repository
  committed as test data, a worktree's git directory outside `.git`): its `config`, `hooks/`,
  `info/`, `objects/info/alternates`, `packed-refs` and `index` are git's.

Everything else stays writable: `src/config`, `config.py`, `docs/HEAD.md`, `refs.py`,
`src/refs/x.ts` and `objects/x.json` where no `HEAD` is beside them. `.git` itself (a directory
or a `gitdir:` file) is refused by name with the other VCS directories (`scope.names`).
"""

from __future__ import annotations

import os
from pathlib import Path

from coderooms.core.git_dirs import is_git_directory
from coderooms.scope.names import matches_name

GIT_DIR_MARKERS = {"head": "HEAD", "commondir": "commondir"}
"""The files without which no directory is a git directory (folded name -> git's); never
written."""
GIT_DIR_CONTENTS = ("objects", "refs")
"""The directories that, beside a `HEAD`, complete a git directory."""


def git_structure_refusal(path: Path, root: Path) -> str | None:
    """Why writing the canonical file `path`, under the served root `root`, would make or
    change a git directory; None when it would not."""
    marker = matches_name(path.name, GIT_DIR_MARKERS)
    if marker is not None:
        return f"a file git reads as {GIT_DIR_MARKERS[marker]} makes its folder a git directory"
    folder = root
    for part in path.relative_to(root).parts:
        if is_git_directory(folder):
            return f"{str(folder)!r} is a git directory (HEAD, objects and refs, or commondir)"
        content = matches_name(part, GIT_DIR_CONTENTS)
        if content is not None and os.path.lexists(folder / "HEAD"):
            return (
                f"{str(folder / part)!r} is the {content}/ of a directory with a HEAD: the write "
                "would make it a git directory"
            )
        folder = folder / part
    return None
