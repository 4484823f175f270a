"""What a question set is made of: the repository and its pinned commit, the questions, and the
helpers that write the two shell agents' commands the same way on every repository.

The two shell baselines (issue 30):

- **expert**: the fewest commands that reach the whole truth, as someone who knows grep, awk and
  git well writes them: scoped to the source, an awk pass naming the function that holds each hit
  (`callers`), `sed` ranges bounded by the next definition.
- **usual**: what a coding agent typically runs: `git grep -n` over the repository, then `sed -n`
  windows of the files it needs (READ_BEFORE lines above each hit it must place, further up to
  the definition that holds it, READ_AFTER below; overlapping windows of a file merged), and a
  body read in pages of PAGE lines from its first line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

READ_BEFORE = 30
"""Lines above a hit the usual agent reads to find what holds it."""
READ_AFTER = 10
"""Lines below a hit the usual agent reads with it."""
PAGE = 60
"""Lines a page of the usual agent's `sed -n` reads of a body."""

DEFINITIONS = {
    "python": r"^[ \t]*(async[ \t]+)?def[ \t]",
    "go": r"^func[ \t]",
    # function declarations, methods (an indented name and its parameters, then `{`, or the
    # parameters going on below), class fields and consts holding an arrow; control statements
    # (`if (`, `for (`...) are not definitions
    "typescript": r"^[ \t]*(export[ \t]+)?(default[ \t]+)?(async[ \t]+)?function|"
    r"^[ \t]+(static[ \t]+|private[ \t]+|protected[ \t]+|public[ \t]+|get[ \t]+|set[ \t]+)*"
    r"[A-Za-z_$][A-Za-z0-9_$]*(<[^>]*>)?\(([^;]*\)[^;]*\{)?[ \t]*$|"
    r"^[ \t]*(export[ \t]+)?(const[ \t]+)?[A-Za-z_$][A-Za-z0-9_$]*(:[^=]*)?[ \t]*=[ \t]*"
    r"(async[ \t]+)?(<[^>]*>)?(\([^)]*\)|[A-Za-z_$][A-Za-z0-9_$]*)[ \t]*(:[^=]*)?=>",
}
"""The line that starts a definition, per language, for the expert's awk (ERE)."""
CLASSES = {
    "python": r"^class[ \t]",
    "typescript": r"^[ \t]*(export[ \t]+)?(default[ \t]+)?(abstract[ \t]+)?class[ \t]",
}
"""The line that starts a class, per language, named before the definition by the expert's awk."""
CONTROL = r"^[ \t]*(if|for|while|switch|catch|return)[ \t(]"


def at(path: str, line: int) -> str:
    """A truth item: `path` followed, on the same line and within 160 characters, by `line`."""
    return rf"{re.escape(path)}[^\n]{{0,160}}?\b{line}\b"


def file(path: str) -> str:
    """A truth item: `path` itself (not a longer name it starts: `__init__.py` is not `.pyi`)."""
    return re.escape(path) + r"(?![\w.])"


def co_change(path: str) -> str:
    """A truth item: `path` as a co-change partner, a row `path N` (coderooms) or `N path`
    (`uniq -c`), so that the file named elsewhere in the answer does not meet it."""
    name = re.escape(path)
    return rf"(?m)^\s*\d+ {name}$|{name} \d+$"


def any_of(*items: str) -> str:
    """A truth item met by any one of `items` (one call site of several of the same caller)."""
    return "(?:" + "|".join(items) + ")"


def sed(path: str, start: int, end: int) -> str:
    return f"sed -n '{start},{end}p' {path}"


def reads(path: str, *hits: tuple[int, int]) -> list[str]:
    """The usual agent's reads of `path` to place hits: each (first line of the definition that
    holds the hit, the hit's line) is read from READ_BEFORE lines above the hit, or from the
    definition when it starts higher, to READ_AFTER lines below; overlapping windows merged."""
    windows = sorted(
        (max(1, min(start, hit - READ_BEFORE)), hit + READ_AFTER) for start, hit in hits
    )
    merged: list[tuple[int, int]] = []
    for first, last in windows:
        if merged and first <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], last))
        else:
            merged.append((first, last))
    return [sed(path, first, last) for first, last in merged]


def pages(path: str, start: int, end: int) -> list[str]:
    """The usual agent's read of a body from `start` to `end`: PAGE lines at a time."""
    return [sed(path, first, first + PAGE - 1) for first in range(start, end + 1, PAGE)]


def callers(pattern: str, where: str, language: str) -> str:
    """The expert's one command: every line of the files under `where` matching `pattern` (ERE),
    as `path:line:text <- class > definition` (awk keeps the last class and definition line seen
    above it)."""
    definition = DEFINITIONS[language]
    control = f"!/{CONTROL}/ && " if language == "typescript" else ""
    container = CLASSES.get(language)
    # a line at the left margin ends the class (the one that starts a class sets it again)
    track = (
        f'/^[A-Za-z_@}}]/{{c=""}} /{container}/{{c=$0; sub(/[ \\t]*[({{:].*/,"",c)}} '
        if container
        else ""
    )
    return (
        f'grep -rlE \'{pattern}\' {where} | xargs awk \'FNR==1{{c="";d=""}} {track}'
        f'{control}/{definition}/{{d=$0; sub(/^[ \\t]+/,"",d)}} '
        f'/{pattern}/{{print FILENAME ":" FNR ":" $0 "  <- " c (c?" > ":"") d}}\''
    )


def named(container: str, name: str) -> str:
    """A truth item naming a method: its class and its name both in the answer (a shell agent
    learns the class from a line of its own, `class X` above the method)."""
    return rf"\A(?=[\s\S]*\b{container}\b)(?=[\s\S]*\b{name}\b)"


def co_changes(path: str, top: int) -> str:
    """Files committed together with `path` over its history, most often first (the file itself
    heads the list): `--full-diff` lists each commit's every file, not only `path`."""
    return (
        f"git log --format= --name-only --full-diff -- {path} | grep . | sort | uniq -c"
        f" | sort -rn | head -{top + 1}"
    )


Split = Literal["tune", "report"]


@dataclass(frozen=True)
class Corpus:
    """A repository checked out with its history at `commit` (co-change truths need it)."""

    name: str
    url: str
    commit: str
    languages: tuple[str, ...]
    split: Split
    lines: str
    """Size as counted when the questions were written (source lines of its languages)."""


@dataclass(frozen=True)
class Question:
    ask: str
    calls: list[tuple[str, dict[str, Any]]]
    """coderooms verbs and arguments (agent_id and repo are added; `{repo}` in a string is the
    repo id)."""
    expert: list[str]
    """The expert shell agent's commands, from the repository root."""
    truth: list[str]
    """Regular expressions a right and complete answer matches, all of them."""
    kind: str = ""
    """Which of issue 30's kinds of question it is."""
    usual: list[str] = field(default_factory=list)
    """The usual shell agent's commands (empty: not measured, as for Flask's ten)."""
    wrong: list[str] = field(default_factory=list)
    """Regular expressions a right answer never matches (a hit that does not exist)."""
    note: str = ""
    """How the truth was found, where it is not plain from the items."""
