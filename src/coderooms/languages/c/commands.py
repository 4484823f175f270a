"""`compile_commands.json` (a JSON compilation database, at the repo's root or in `build/`):
the include directories each C/C++ file is compiled with.

Each entry's `-I`, `-isystem` and `-iquote` directories (as `-Idir` or `-I dir`; from
`arguments`, else `command` split as a shell would), relative to the entry's `directory`,
become include directories of the entry's `file`. Paths are taken into the repo: an absolute
path under the repo's root as it is on this machine, a relative `directory` from the database's
own directory; one outside the repo is left out (a system or another checkout's directory).
Read offline, bounded (`MAX_BYTES`, `MAX_ENTRIES`, `MAX_DIRS` per entry).

The database keeps what this needs as its module table (`File.names`): `d<k><dir>\\t...` (one
line per distinct list of directories, `k` one of `q` -iquote, `i` -I, `s` -isystem), then one
`f<path>` per file compiled with that list. A header no entry lists takes the directories of a
listed file of its own directory, else of a listed file of its stem (`x.h` -> `x.c`).
"""

from __future__ import annotations

import posixpath
import shlex
from collections.abc import Mapping
from typing import Any

from coderooms.core.nesting import load_json
from coderooms.languages.c.headers import BY_NAME_MODE
from coderooms.resolution.candidate_modes import by_candidates
from coderooms.resolution.lookup import Lookup
from coderooms.resolution.project_files import ProjectFile
from coderooms.resolution.targets import path_stem

COMPILE_COMMANDS = "compile_commands.json"
LOCATIONS = (COMPILE_COMMANDS, "build/" + COMPILE_COMMANDS)
"""Where a database is read, the first one present winning."""
MAX_BYTES = 16 * 1024 * 1024
MAX_ENTRIES = 50_000
MAX_DIRS = 64
FLAGS = {"-iquote": "q", "-I": "i", "-isystem": "s"}


def is_database(path: str) -> bool:
    return path in LOCATIONS


def command_entries(path: str, text: str, root: str) -> list[str]:
    """The module table of the database at `path` (repo-relative); `root`: the repo's absolute
    root on this machine."""
    if len(text) > MAX_BYTES:
        return []
    try:
        data = load_json(text)
    except ValueError:
        return []
    if not isinstance(data, list):
        return []
    home = posixpath.dirname(path)
    groups: dict[tuple[str, ...], list[str]] = {}
    for entry in data[:MAX_ENTRIES]:
        if not isinstance(entry, dict):
            continue
        parsed = _entry(entry, home, root.rstrip("/"))
        if parsed is not None:
            file, dirs = parsed
            groups.setdefault(dirs, []).append(file)
    table: list[str] = []
    for dirs, files in groups.items():
        table.append("d" + "\t".join(dirs))
        table.extend("f" + file for file in sorted(set(files)))
    return table


def _entry(entry: dict[str, Any], home: str, root: str) -> tuple[str, tuple[str, ...]] | None:
    directory, file = entry.get("directory"), entry.get("file")
    if not isinstance(directory, str) or not isinstance(file, str):
        return None
    base = _inside(root, home, directory)
    if base is None:
        return None
    source = _inside(root, base, file)
    if not source:
        return None
    arguments = entry.get("arguments")
    if not isinstance(arguments, list):
        command = entry.get("command")
        try:
            arguments = shlex.split(command) if isinstance(command, str) else []
        except ValueError:
            return None
    dirs: list[str] = []
    words = [a for a in arguments if isinstance(a, str)]
    for i, word in enumerate(words):
        for flag, kind in FLAGS.items():
            if word == flag and i + 1 < len(words):
                value = words[i + 1]
            elif word.startswith(flag) and word != flag:
                value = word[len(flag) :]
            else:
                continue
            found = _inside(root, base, value)
            if found is not None and "\t" not in found and len(dirs) < MAX_DIRS:
                dirs.append(kind + found)
            break
    return source, tuple(dirs)


def _inside(root: str, base: str, path: str) -> str | None:
    """`path` (absolute, or relative to the repo directory `base`) as a repo path; None when
    outside the repo."""
    if posixpath.isabs(path):
        if not root or (path != root and not path.startswith(root + "/")):
            return None
        path = path[len(root) + 1 :]
    else:
        path = posixpath.join(base, path)
    joined = posixpath.normpath(path) if path else "."
    if joined.startswith("..") or posixpath.isabs(joined):
        return None
    return "" if joined == "." else joined


def include_dirs(tables: Mapping[str, list[str]]) -> dict[str, tuple[str, ...]]:
    """File -> its include directories (`q`/`i`/`s` prefixed), from the first database of
    `LOCATIONS` the repo has."""
    table = next((tables[p] for p in LOCATIONS if p in tables), [])
    found: dict[str, tuple[str, ...]] = {}
    current: tuple[str, ...] = ()
    for line in table:
        if line.startswith("d"):
            current = tuple(d for d in line[1:].split("\t") if d)
        elif line.startswith("f"):
            found.setdefault(line[1:], current)
    return found


def dirs_of(listed: Mapping[str, tuple[str, ...]], path: str) -> tuple[str, ...]:
    """The include directories `path` is compiled (or, a header, read) with."""
    own = listed.get(path)
    if own is not None:
        return own
    directory = posixpath.dirname(path)
    stem = posixpath.splitext(posixpath.basename(path))[0]
    same_dir = same_stem = None
    for other, dirs in listed.items():
        if same_dir is None and posixpath.dirname(other) == directory:
            same_dir = dirs
        if same_stem is None and posixpath.splitext(posixpath.basename(other))[0] == stem:
            same_stem = dirs
    return same_dir or same_stem or ()


def command_candidates(listed: Mapping[str, tuple[str, ...]], where: str) -> list[str] | None:
    """The repo paths the `I` target `<file>\\t<spec>` may be, in the compiler's order (quoted:
    `-iquote`, `-I`, `-isystem` directories; `<spec>`: `-I`, `-isystem`); None without a
    database."""
    if not listed:
        return None
    path, _, spec = where.partition("\t")
    system = spec.startswith("<") and spec.endswith(">")
    spec = spec[1:-1] if system else spec
    dirs = dirs_of(listed, path)
    order = "is" if system else "qis"
    found: list[str] = []
    for kind in order:
        for entry in dirs:
            if entry[0] == kind:
                joined = posixpath.normpath(posixpath.join(entry[1:], spec))
                if not joined.startswith("..") and joined not in found:
                    found.append(joined)
    return found


# -- the `I` target mode and the project file ---------------------------------------------------


def include_stem(path: str, importer: str) -> str:
    """An include seen from a file (`<file>\t<spec>`): the header's stem."""
    return path_stem(path.partition("\t")[2].strip("<>"))


def c_command(lookup: Lookup, path: str) -> list[str] | None:
    return command_candidates(c_include_dirs(lookup), path)


def c_include_dirs(lookup: Lookup) -> dict[str, tuple[str, ...]]:
    """File -> its include directories from the repo's `compile_commands.json` (kept until
    one changes)."""
    found = lookup.memo.get(COMPILE_COMMANDS)
    if found is None:
        found = lookup.memo[COMPILE_COMMANDS] = include_dirs(lookup.table(COMPILE_COMMANDS))
    return found


C_MODES = (by_candidates("I", include_stem, c_command, load=False), BY_NAME_MODE)
"""`I`: its candidates are not loaded by path (`changeset._load_files`), as before issue 35;
`H`: a quoted include's one header of its name (`headers.BY_NAME`)."""
C_PROJECT = (
    ProjectFile(
        COMPILE_COMMANDS,
        (COMPILE_COMMANDS,),
        command_entries,
        "path",
        LOCATIONS,
        kept_in_excluded=("build/" + COMPILE_COMMANDS,),
    ),
)
