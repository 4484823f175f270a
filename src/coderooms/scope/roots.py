"""The operator's scope: the directories agents may ingest, watch, read and write.

The roots are the operator's (`serve --root`, `CODEROOMS_ROOTS`); without any, the working
directory the server started in is the one root, unless it is a directory no root may be (then
the scope is empty and every verb that ingests, watches or writes refuses, saying why). No root,
the operator's or an agent's, may be `/`, the home directory, coderooms' state directory or one
of its parents, or lie in version-control state. An agent's root must be a served root or under
one; a write's final canonical path must lie under a served root, outside VCS state and hooks.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from coderooms.core.git_dirs import git_directory_holding
from coderooms.errors import Forbidden, InvalidInput
from coderooms.scope.git_config import hooks_dirs, included_files, repos_around
from coderooms.scope.git_writes import git_structure_refusal
from coderooms.scope.names import (
    fold_component,
    hook_config_name,
    matches_name,
    protected_component,
    vcs_component,
)

MAX_ROOT_CHARS = 4096
"""Longest root argument accepted (Linux PATH_MAX)."""

FROM_FLAGS = "--root"
FROM_WORKING_DIRECTORY = "working directory"


def canonical(path: Path | str) -> Path:
    """Absolute, `..` and symlinks resolved as the kernel would follow them."""
    return Path(os.path.realpath(os.path.expanduser(path)))


def root_refusal(path: Path, state_dirs: Sequence[Path]) -> str | None:
    """Why the canonical directory `path` may not be a root, or None."""
    if path == Path(path.anchor):
        return "it is the file system root"
    if path == canonical(Path.home()):
        return "it is the home directory"
    for state in state_dirs:
        resolved = canonical(state)
        if path == resolved or path in resolved.parents:
            return f"it holds coderooms' state directory {str(resolved)!r}"
        if resolved in path.parents:
            return f"it is inside coderooms' state directory {str(resolved)!r}"
    part = vcs_component(path.parts)
    if part is not None:
        return f"it is inside version-control state ({part})"
    git_dir = git_directory_holding(path)
    if git_dir is not None:
        # a bare repository (planted or not) is VCS state whatever its name, and so is what
        # lies in it: git run there would use its config
        where = "it is" if git_dir == path else f"it is inside {str(git_dir)!r},"
        return f"{where} a git directory (HEAD, and objects and refs or commondir)"
    return None


@dataclass(frozen=True, slots=True)
class OperatorScope:
    roots: tuple[Path, ...]
    """Canonical served roots (empty: nothing may be ingested, watched or written)."""
    source: str
    """Where they came from: `--root` (flags or settings) or `working directory`."""
    state_dirs: tuple[Path, ...]
    allow_exec_bit: bool = False
    why_empty: str = ""
    allow_hook_config: bool = False
    """Let edits write hook-manager configuration (`names.HOOK_CONFIG_NAMES`)."""

    def describe(self) -> dict[str, object]:
        data: dict[str, object] = {
            "roots": [str(root) for root in self.roots],
            "source": self.source,
            "exec_bit_kept": self.allow_exec_bit,
            "hook_config_writable": self.allow_hook_config,
        }
        if self.why_empty:
            data["why_empty"] = self.why_empty
        return data

    def root_of(self, path: Path) -> Path | None:
        """The deepest served root that is `path` or holds it (`path` canonical)."""
        holders = [root for root in self.roots if path == root or root in path.parents]
        return max(holders, key=lambda root: len(root.parts)) if holders else None

    def allows_root(self, path: Path | str) -> bool:
        """Whether a stored root (a watcher's, a `:Repo`'s) may be used by this server."""
        resolved = canonical(path)
        return (
            self.root_of(resolved) is not None and root_refusal(resolved, self.state_dirs) is None
        )

    def require_roots(self, field: str) -> None:
        if not self.roots:
            raise Forbidden(
                f"this server has no roots: {self.why_empty}",
                field=field,
                hint="the operator starts the server with `coderooms serve --root DIR`",
            )

    def agent_roots(self, values: Sequence[object] | None, field: str = "roots") -> list[Path]:
        """The canonical roots an agent asked for; the served roots when it omitted them."""
        self.require_roots(field)
        if values is None:
            return list(self.roots)
        if not values:
            raise InvalidInput(
                f"{field} is empty", field=field, hint="omit it to mean the server's roots"
            )
        return [self.agent_root(value, f"{field}[{i}]") for i, value in enumerate(values)]

    def agent_root(self, value: object, field: str) -> Path:
        """One root an agent named, checked: a served root or a directory under one."""
        text = _root_text(value, field)
        lexical = Path(os.path.expanduser(text))
        if not lexical.is_absolute():
            if len(self.roots) != 1:
                raise InvalidInput(
                    f"{text!r} is relative and this server has {len(self.roots)} roots",
                    field=field,
                    hint=f"pass an absolute path under one of {self._listed()}",
                )
            lexical = self.roots[0] / lexical
        resolved = canonical(lexical)
        if self.root_of(resolved) is None:  # first: a refusal below may name where it resolved
            raise Forbidden(
                f"{text!r} is outside the roots this server was given",
                field=field,
                hint=self._hint(),
            )
        why = root_refusal(resolved, self.state_dirs)
        if why is not None:
            raise Forbidden(f"{text!r} cannot be a root: {why}", field=field, hint=self._hint())
        if not resolved.is_dir():
            raise InvalidInput(f"{text!r} is not a directory", field=field)
        return resolved

    def check_write(self, path: Path, text: str, field: str) -> None:
        """Refuse writing the file whose canonical path is `path`: outside the served roots, in
        VCS state, a hook directory (`.husky/`, any `core.hooksPath`) or coderooms' state; a
        file that would make or change a git directory (`git_writes`), a file git config
        includes, or hook-manager configuration (unless the operator allows it)."""
        root = self.root_of(path)
        if root is None:
            raise Forbidden(
                f"{text!r} leads outside the roots this server was given",
                field=field,
                hint=self._hint(),
            )
        part = protected_component(path.parts)
        if part is not None:
            raise Forbidden(
                f"{text!r} is inside version-control state or hooks ({part}/)",
                field=field,
                hint="VCS internals and hook directories are never written",
            )
        for state in self.state_dirs:
            resolved = canonical(state)
            if path == resolved or resolved in path.parents:
                raise Forbidden(
                    f"{text!r} is inside coderooms' state directory",
                    field=field,
                )
        hooks = hook_dir_holding(path)
        if hooks is not None:
            # named only where it lies under the root: core.hooksPath may point anywhere
            shown = f" {hooks.relative_to(root).as_posix()!r}" if root in hooks.parents else ""
            raise Forbidden(
                f"{text!r} is in the repository's hooks directory{shown} (core.hooksPath)",
                field=field,
                hint="hook scripts run on git commands, so edits never write them",
            )
        self._check_git_runs(path, root, text, field)

    def _check_git_runs(self, path: Path, root: Path, text: str, field: str) -> None:
        """Refuse a file that git, or a hook manager on a git command, would read as its own
        configuration (docs/security.md, "What git runs")."""
        why = git_structure_refusal(path, root)
        if why is not None:
            raise Forbidden(
                f"{text!r} would make or change a git directory: {why}",
                field=field,
                hint="git directories (HEAD, objects/, refs/, their config) are never written",
            )
        included = config_include_of(path)
        if included is not None:
            raise Forbidden(
                f"{text!r} is a file the repository's git config includes ({str(included)!r})",
                field=field,
                hint="git reads it as its own config (core.fsmonitor, filters run programs)",
            )
        config = hook_config_name(path.name)
        if config is not None and not self.allow_hook_config:
            raise Forbidden(
                f"{text!r} is hook-manager configuration ({config}): a git hook runs what it names",
                field=field,
                hint="the operator may allow it with `serve --allow-hook-config`",
            )

    def _listed(self) -> str:
        return ", ".join(str(root) for root in self.roots) or "(none)"

    def _hint(self) -> str:
        return (
            f"this server's roots: {self._listed()}; pass one of them, a directory under one, "
            "or no roots at all (the served roots); the operator sets them with `serve --root`"
        )


def hook_dir_holding(path: Path) -> Path | None:
    """The `core.hooksPath` directory of a repository around `path` that `path` is a hook in:
    anything under it, or, when it is the repository's worktree or above, a file directly in it."""
    for repo in repos_around(path.parent):
        for hooks in hooks_dirs(repo):
            resolved = canonical(hooks)
            if _spelled_under(path, resolved) and (
                _spelled_as(path.parent, resolved)
                or not (resolved == repo.worktree or resolved in repo.worktree.parents)
            ):
                return resolved
    return None


def config_include_of(path: Path) -> Path | None:
    """The file `path` opens that the git config of a repository around it includes, if any
    (`[include]` / `[includeIf]`, any condition, read as text: `git_config.included_files`)."""
    for repo in repos_around(path.parent):
        for included in included_files(repo.git_dir):
            resolved = canonical(included)
            if _spelled_as(path, resolved):
                return resolved
    return None


def _spelled_as(path: Path, directory: Path) -> bool:
    """`path` opens `directory` on a case-insensitive, NTFS-like file system (`.GITHOOKS`,
    `.githooks.`, `GITHOO~1` for `.githooks`): component by component, as `names` folds them."""
    if len(path.parts) != len(directory.parts):
        return False
    return all(
        matches_name(part, (fold_component(wanted),)) is not None
        for part, wanted in zip(path.parts, directory.parts, strict=True)
    )


def _spelled_under(path: Path, directory: Path) -> bool:
    """`path` lies under `directory` however the components are spelled (see `_spelled_as`)."""
    depth = len(directory.parts)
    return len(path.parts) > depth and _spelled_as(Path(*path.parts[:depth]), directory)


def _root_text(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise InvalidInput("a root must be a string", field=field)
    if not value.strip():
        raise InvalidInput(
            "a root may not be empty (it would mean the server's working directory)",
            field=field,
            hint="pass a directory under the served roots, or no roots at all",
        )
    if len(value) > MAX_ROOT_CHARS:
        raise InvalidInput(f"a root is longer than {MAX_ROOT_CHARS} characters", field=field)
    for ch in value:
        if unicodedata.category(ch) in {"Cc", "Cs"}:
            raise InvalidInput(
                f"a root contains the control character U+{ord(ch):04X}", field=field
            )
    return value


def operator_scope(
    roots: Iterable[Path],
    *,
    state_dirs: Sequence[Path],
    allow_exec_bit: bool = False,
    allow_hook_config: bool = False,
    cwd: Path | None = None,
) -> OperatorScope:
    """The scope of a server given `roots` by its operator (InvalidInput naming `--root` for a
    root that may not be one), or its working directory when it was given none."""
    given = list(roots)
    states = tuple(state_dirs)
    if given:
        checked: list[Path] = []
        for path in given:
            resolved = canonical(path)
            why = root_refusal(resolved, states)
            if why is None and not resolved.is_dir():
                why = "it is not a directory"
            if why is not None:
                raise InvalidInput(f"--root {str(path)!r} cannot be a root: {why}", field="--root")
            if resolved not in checked:
                checked.append(resolved)
        return OperatorScope(
            tuple(checked), FROM_FLAGS, states, allow_exec_bit, allow_hook_config=allow_hook_config
        )
    here = canonical(cwd if cwd is not None else Path.cwd())
    why = root_refusal(here, states)
    if why is not None:
        return OperatorScope(
            (), FROM_WORKING_DIRECTORY, states, allow_exec_bit,
            why_empty=f"it was started without --root in {str(here)!r}, and {why}",
            allow_hook_config=allow_hook_config,
        )  # fmt: skip
    return OperatorScope(
        (here,), FROM_WORKING_DIRECTORY, states, allow_exec_bit, allow_hook_config=allow_hook_config
    )
