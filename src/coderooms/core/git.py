"""The one way coderooms runs git: user configuration that would change the output format is
pinned, and the repository is the one found from the given directory (never `GIT_DIR` and its
kin from the environment). Used by co-change history, the freshness watcher and `impact`."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

GIT_PROBE_TIMEOUT_S = 10.0
"""How long a quick question to git (`rev-parse`) may take."""
GIT_LOCATION_ENV = ("GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_INDEX_FILE")
"""Dropped from git's environment so the repository is the one found from the root (a git hook
running coderooms would otherwise point git elsewhere)."""
GIT_CONFIG = ("core.quotepath=false", "diff.relative=false", "log.showSignature=false")
"""Pinned so user configuration cannot change the output format."""


def run_git(
    root: Path, args: Sequence[str], timeout_s: float
) -> subprocess.CompletedProcess[bytes]:
    config = [part for setting in GIT_CONFIG for part in ("-c", setting)]
    env = {name: value for name, value in os.environ.items() if name not in GIT_LOCATION_ENV}
    return subprocess.run(
        ["git", *config, *args],
        cwd=root,
        env=env,
        capture_output=True,
        timeout=timeout_s,
        check=False,
    )


def root_relative(paths: Iterable[str], prefix: str) -> Iterator[str]:
    """Top-level-relative paths made relative to the root; paths outside it are dropped."""
    for path in paths:
        if path.startswith(prefix):
            yield path[len(prefix) :]
