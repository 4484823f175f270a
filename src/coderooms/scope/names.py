"""Path components that are version-control state or hooks, however a file system spells them.

Case-insensitive and NTFS-like file systems (and macOS's, which ignores some code points) open
`.GIT/config`, `.git./config`, `.git /config`, `.g\u200cit/config`, `GIT~1/config` or
`.git::$INDEX_ALLOCATION/config` as `.git/config`. A component is compared after folding it the
way those file systems may: NFKC, default-ignorable code points removed, an NTFS stream suffix
(`:...`) cut, trailing dots and spaces stripped, case folded; an 8.3 short name (`GIT~1`)
matches the long name it abbreviates. Folding only ever widens what is refused.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

VCS_DIR_NAMES = (".git", ".hg", ".svn")
"""Version-control state: a path through one of these may run code (`.git/config`
`core.fsmonitor`, `.hg/hgrc` hooks) or corrupt the repository."""

HOOK_DIR_NAMES = (
    ".husky",
    ".githooks",
    ".git-hooks",
    ".lefthook",
    ".lefthook-local",
    ".cargo-husky",
)
"""Directories of hook scripts by convention, refused at any depth: husky's, lefthook's
`source_dir` and `source_dir_local`, overcommit's repo-specific hooks (`.git-hooks`), cargo-husky's
(copied into `.git/hooks` at the next build), and `.githooks`, the name most `core.hooksPath`
setups use. The repo's own `core.hooksPath` is added per repo (`scope.roots`)."""

HOOK_CONFIG_NAMES = frozenset(
    {
        ".pre-commit-config.yaml",  # pre-commit: `repo: local` hooks run any command
        ".pre-commit-config.yml",  # read by prek (pre-commit in Rust)
        ".pre-commit-hooks.yaml",  # the hooks a repository offers (`pre-commit try-repo .`)
        "prek.toml",
        ".overcommit.yml",
        "captainhook.json",
        "hk.pkl",
        ".huskyrc",  # husky 4 (cosmiconfig)
        ".lefthookrc",
        ".lintstagedrc",  # the commands a husky or simple-git-hooks pre-commit runs
        ".rusty-hook.toml",
        "rusty-hook.toml",
    }
    | {
        f"{stem}.{ext}"
        for stem in ("lefthook", ".lefthook", "lefthook-local", ".lefthook-local")
        for ext in ("yml", "yaml", "toml", "json", "jsonc")
    }
    | {
        f"{stem}.{ext}"
        for stem in ("simple-git-hooks", ".simple-git-hooks")
        for ext in ("json", "js", "cjs", "mjs")
    }
    | {
        f"{stem}.{ext}"
        for stem in (".huskyrc", "husky.config")
        for ext in ("json", "yaml", "yml", "js", "cjs", "mjs")
    }
    | {
        f"{stem}.{ext}"
        for stem in (".lintstagedrc", "lint-staged.config")
        for ext in ("json", "yaml", "yml", "js", "cjs", "mjs", "ts", "mts", "cts")
    }
)
"""Hook-manager configuration: files that say which commands a git hook runs, so a person's
next `git commit` (or `push`, `checkout`) runs what they name. Refused by file name at any depth
(lefthook also reads `.config/lefthook.yml`; a nested project has its own), case and NTFS
spellings folded, unless the operator allows them (`serve --allow-hook-config`). Not listed:
`package.json` (its `husky`, `simple-git-hooks`, `gitHooks` (yorkie), `pre-commit` keys also
name hook commands, but refusing it would stop every JavaScript edit: a known limit)."""

COORDINATION_DIR_NAMES = (".coderooms",)
"""Where coderooms processes keep the write locks and journals of a root outside any git work
tree (`edits/locks.py`): a journal there tells a recovery which temp to rename over which file."""

DEFAULT_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt); they include the
ones HFS+ ignores in names (U+200C-200F, U+202A-202E, U+206A-206F, U+FEFF)."""

_SHORT_NAME = re.compile(r"([^~.]{1,6})~[0-9]+(?:\.([^.]{1,3}))?")
"""An 8.3 short name: up to six characters of the long name, `~`, a number, and up to three
characters of its extension (`GIT~1`, `LEFTHO~1.YML`)."""


def is_ignorable(ch: str) -> bool:
    code = ord(ch)
    if unicodedata.category(ch) == "Cf":
        return True
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE_RANGES)


def fold_component(name: str) -> str:
    """`name` as a case-insensitive, NTFS-like file system may compare it."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(ch for ch in text if not is_ignorable(ch))
    text = text.split(":", 1)[0]
    text = text.rstrip(". ")
    return unicodedata.normalize("NFKC", text.casefold())


def _short_name_of(folded: str, long_name: str) -> bool:
    match = _SHORT_NAME.fullmatch(folded)
    if match is None:
        return False
    stem, dot, extension = long_name.lstrip(".").rpartition(".")
    if not dot:
        stem, extension = extension, ""
    stem = stem.replace(".", "")  # a short name keeps no inner dot
    return match.group(1) == stem[:6] and (match.group(2) or "") == extension[:3]


def matches_name(name: str, protected: Iterable[str]) -> str | None:
    """Which of `protected` (lower-case names) the component `name` may open, if any."""
    folded = fold_component(name)
    for long_name in protected:
        if folded == long_name or _short_name_of(folded, long_name):
            return long_name
    return None


def protected_component(parts: Iterable[str]) -> str | None:
    """The first component of `parts` that is VCS state, a hook directory or coderooms'
    coordination directory, as written."""
    for part in parts:
        if matches_name(part, VCS_DIR_NAMES + HOOK_DIR_NAMES + COORDINATION_DIR_NAMES) is not None:
            return part
    return None


def hook_config_name(name: str) -> str | None:
    """Which hook-manager configuration (`HOOK_CONFIG_NAMES`) the file name `name` may open."""
    return matches_name(name, sorted(HOOK_CONFIG_NAMES))


def vcs_component(parts: Iterable[str]) -> str | None:
    """The first component of `parts` that is version-control state, as written."""
    for part in parts:
        if matches_name(part, VCS_DIR_NAMES) is not None:
            return part
    return None
