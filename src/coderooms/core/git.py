"""The one way coderooms runs git, so that nothing written in a work tree makes git run a
program. Used by co-change history, the freshness watcher and `impact`.

The repository is found once per root by reading files (`git_dirs.locate_git_dir`: no implicit
bare repository, no git directory planted in the work tree), confirmed by one `rev-parse` that
may look no higher than the top level found, and every later command is pinned to it with
`--git-dir` and `--work-tree`, so git never looks for a repository on its own. What would make
git start another program is switched off on the command line, which outranks every config
file: `PINNED_CONFIG`, the filter drivers the repository's config defines (`filter_switches`),
`PINNED_ENV`, and `NO_EXEC_DIFF_OPTIONS` on the commands that diff.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from coderooms.core.git_dirs import LocatedGitDir, RefusedGitDir, locate_git_dir

GIT_PROBE_TIMEOUT_S = 10.0
"""How long a quick question to git (`rev-parse`, `config`) may take."""

PINNED_CONFIG = (
    # the output format, whatever the user configured
    "core.quotepath=false",
    "diff.relative=false",
    "log.showSignature=false",  # also: gpg.program never runs
    # no program git could start
    "core.fsmonitor=false",
    "core.hooksPath=/dev/null",
    "safe.bareRepository=explicit",
    "protocol.allow=never",
    "gc.auto=0",
    "maintenance.auto=false",
)
"""`-c` settings of every git command. A submodule's git would inherit them
(`GIT_CONFIG_PARAMETERS`), though the commands that could start one pass
`NO_SUBMODULE_PROCESSES`."""

PINNED_ENV = {
    "GIT_ALLOW_PROTOCOL": "",
    "GIT_NO_LAZY_FETCH": "1",
    "GIT_OPTIONAL_LOCKS": "0",
    "GIT_TERMINAL_PROMPT": "0",
}
"""Set for every git command. `GIT_ALLOW_PROTOCOL` empty allows no transport, whatever any
`protocol.<name>.allow` says, so no ssh (`core.sshCommand`), remote helper (`ext::`), credential
helper or askpass runs, and a partial clone fetches no missing object (`GIT_NO_LAZY_FETCH` says
so too from git 2.45). `GIT_OPTIONAL_LOCKS=0`: reading takes no `index.lock` and writes no
index under the user (nor runs a `post-index-change` hook)."""

DROPPED_ENV = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_COMMON_DIR",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_NAMESPACE",
    "GIT_CONFIG",
    "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_COUNT",
    "GIT_EXTERNAL_DIFF",
    "GIT_DIFF_OPTS",
    "GIT_SSH",
    "GIT_SSH_COMMAND",
    "GIT_PROXY_COMMAND",
    "GIT_ASKPASS",
    "GIT_PAGER",
    "GIT_EDITOR",
)
"""Dropped from git's environment: a git hook (or anything else) running coderooms would
otherwise point git at another repository or configuration, or name programs for it to run."""
DROPPED_ENV_PREFIXES = ("GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_")

NO_EXEC_DIFF_OPTIONS = ("--no-ext-diff", "--no-textconv")
"""On every `diff` and `log`: no external diff driver (`diff.external`, `diff.<driver>.command`,
`GIT_EXTERNAL_DIFF`) and no text conversion (`diff.<driver>.textconv`)."""
NO_SUBMODULE_PROCESSES = ("--ignore-submodules=all",)
"""On the commands that read the work tree (`status`, `diff` against it): no git process is
started inside a submodule to see whether it is dirty."""

FILTER_KEYS = ("clean", "smudge", "process")
"""A filter driver's programs: git runs them on work-tree files (`git status` hashing a file
whose stat changed, `git diff` against the work tree), for any path `.gitattributes` names."""


@dataclass(frozen=True, slots=True)
class GitRepository:
    """A root's repository, found once: every git command of the root runs pinned to it."""

    root: Path
    """The canonical directory the commands run in (pathspecs such as `.` are relative to it)."""
    top_level: Path
    git_dir: Path
    """The per-worktree git directory (`.git`, or `.git/worktrees/<name>` of a worktree)."""
    common_dir: Path
    prefix: str
    """The root relative to the top level: "" or "a/b/"."""
    filter_drivers: tuple[str, ...] = ()
    """The filter drivers the repository's config defines (each switched off)."""


@dataclass(frozen=True, slots=True)
class NoRepository:
    why: str
    refused: bool = False
    """True when git would find a repository here but coderooms refuses it (a planted one)."""


def find_repository(root: Path) -> GitRepository | NoRepository:
    """The repository `root` lies in, checked by git itself with every later pin in place."""
    root = Path(os.path.realpath(root))
    located = locate_git_dir(root)
    if located is None:
        return NoRepository("not inside a git work tree")
    if isinstance(located, RefusedGitDir):
        return NoRepository(f"coderooms runs no git here: {located.why}", refused=True)
    return _confirmed(root, located)


def _confirmed(root: Path, located: LocatedGitDir) -> GitRepository | NoRepository:
    """git's own view of the located repository: one `rev-parse` that may look no higher than
    the top level found (`GIT_CEILING_DIRECTORIES`), so git applies its own checks
    (`safe.directory` ownership, the repository format) and can land nowhere else; then the
    config it reads there, for the filter drivers to switch off."""
    args = ["rev-parse", "--is-inside-work-tree", "--show-toplevel", "--absolute-git-dir",
            "--path-format=absolute", "--git-common-dir", "--show-prefix"]  # fmt: skip
    try:
        probe = subprocess.run(
            ["git", *_pinned_config(()), *args],
            cwd=root,
            env=_env(ceiling=located.work_tree.parent),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=GIT_PROBE_TIMEOUT_S,
            check=False,
        )
        lines = os.fsdecode(probe.stdout).split("\n")
        if probe.returncode != 0 or len(lines) != 6 or lines[0] != "true":
            # not a work tree, a path with a newline (which git cannot print here), or a
            # repository git itself refuses (another user's: safe.directory)
            return NoRepository(first_line(probe.stderr) or "not inside a git work tree")
        found = GitRepository(root, Path(lines[1]), Path(lines[2]), Path(lines[3]), lines[4])
        if not _same(found.top_level, located.work_tree) or not _same(
            found.git_dir, located.git_dir
        ):
            return NoRepository(
                f"git finds {found.git_dir} for {root}, not {located.git_dir}", refused=True
            )
        listed = run_git(found, ["config", "-z", "--list"], GIT_PROBE_TIMEOUT_S)
    except OSError as e:
        return NoRepository(f"git could not be run: {e}")
    except subprocess.TimeoutExpired:
        return NoRepository(f"git took over {GIT_PROBE_TIMEOUT_S} s to answer")
    if listed.returncode != 0:
        return NoRepository(f"git cannot read its config: {first_line(listed.stderr)}")
    drivers = filter_drivers(listed.stdout)
    if any("=" in name for name in drivers):
        return NoRepository(
            "its config defines a filter driver whose name holds '=' (it cannot be switched off)",
            refused=True,
        )
    return dataclasses.replace(found, filter_drivers=drivers)


def _same(a: Path, b: Path) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def filter_drivers(config_list: bytes) -> tuple[str, ...]:
    """The `<name>`s of `filter.<name>.<clean|smudge|process>` in `git config -z --list`."""
    names: set[str] = set()
    for entry in config_list.split(b"\0"):
        key = os.fsdecode(entry.partition(b"\n")[0])
        section, _, rest = key.partition(".")
        name, _, variable = rest.rpartition(".")
        if section.lower() == "filter" and name and variable.lower() in FILTER_KEYS:
            names.add(name)
    return tuple(sorted(names))


def filter_switches(drivers: Iterable[str]) -> list[str]:
    """`-c` settings that turn each filter driver off: an empty command is no filter (git runs
    nothing and keeps the content as it is), and a required filter is no longer required."""
    settings = [f"filter.{name}.{key}=" for name in drivers for key in FILTER_KEYS]
    settings += [f"filter.{name}.required=false" for name in drivers]
    return [part for setting in settings for part in ("-c", setting)]


def git_command(repository: GitRepository, args: Sequence[str]) -> list[str]:
    """The argument list of a pinned git command."""
    return [
        "git",
        f"--git-dir={repository.git_dir}",
        f"--work-tree={repository.top_level}",
        *_pinned_config(repository.filter_drivers),
        *args,
    ]


def git_env(repository: GitRepository) -> dict[str, str]:
    """The operator's environment without what points git elsewhere, plus `PINNED_ENV`; git
    never looks for a repository above the top level (`GIT_CEILING_DIRECTORIES`)."""
    return _env(ceiling=repository.top_level.parent)


def _pinned_config(drivers: Iterable[str]) -> list[str]:
    pinned = [part for setting in PINNED_CONFIG for part in ("-c", setting)]
    return [*pinned, *filter_switches(drivers)]


def _env(*, ceiling: Path) -> dict[str, str]:
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in DROPPED_ENV and not name.startswith(DROPPED_ENV_PREFIXES)
    }
    env.update(PINNED_ENV)
    env["GIT_CEILING_DIRECTORIES"] = str(ceiling)
    return env


def run_git(
    repository: GitRepository, args: Sequence[str], timeout_s: float
) -> subprocess.CompletedProcess[bytes]:
    """Run git in `repository.root`, pinned to the repository (see the module's docstring)."""
    return subprocess.run(
        git_command(repository, args),
        cwd=repository.root,
        env=git_env(repository),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=timeout_s,
        check=False,
    )


def first_line(output: bytes) -> str:
    lines = os.fsdecode(output).strip().splitlines()
    return lines[0] if lines else ""


def root_relative(paths: Iterable[str], prefix: str) -> Iterator[str]:
    """Top-level-relative paths made relative to the root; paths outside it are dropped."""
    for path in paths:
        if path.startswith(prefix):
            yield path[len(prefix) :]
