"""An import that resolved to no file of the repo is either a module from outside (the standard
library, a package) or one of the repo's own that coderooms could not resolve: the answer says
which (`external` or `unresolved`), so a standard-library import does not read as a failure.

The rules, per language (others: every such import stays `unresolved`, nothing is guessed):
- Python: a relative import (`.mod`) is the repo's; a standard-library top-level name
  (`sys.stdlib_module_names`) is external; any other is the repo's when a file of the repo lies
  under a directory (or is a module) of its top-level name, at the root or under `src/` or
  `lib/`, else external (a package).
- JavaScript / TypeScript: a specifier starting `.` or `/`, or an alias (`@/`, `~/`, `#`) is the
  repo's; a bare one (`react`, `@scope/pkg`, `node:fs`) is external.
- Go: a path whose first element has no dot is the standard library (external); one starting
  with the module path of the root's `go.mod` is the repo's; any other is external.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

from coderooms.core import beneath
from coderooms.errors import CoderoomsError
from coderooms.graph.driver import Graph

EXTERNAL, UNRESOLVED = "external", "unresolved"
PACKAGE_DIRS = ("", "src/", "lib/")
"""Where a Python package of the repo may lie (a top-level name's directory or module)."""
GO_MODULE = re.compile(rb"^\s*module\s+(\S+)", re.MULTILINE)
GO_MOD_BYTES = 64 * 1024


def import_kinds(
    graph: Graph, repo: str, root: Path | None, language: str, names: Iterable[str]
) -> dict[str, str]:
    """Each unresolved import's name -> `external` or `unresolved`."""
    names = sorted(set(names))
    if language == "python":
        return _python(graph, repo, names)
    if language in {"javascript", "typescript", "tsx"}:
        return {n: UNRESOLVED if n.startswith((".", "/", "@/", "~/", "#")) else EXTERNAL
                for n in names}  # fmt: skip
    if language == "go":
        module = _go_module(root)
        return {n: _go_kind(n, module) for n in names}
    return dict.fromkeys(names, UNRESOLVED)


def _python(graph: Graph, repo: str, names: list[str]) -> dict[str, str]:
    kinds: dict[str, str] = {}
    heads: dict[str, str] = {}
    for name in names:
        head = name.split(".", 1)[0]
        if name.startswith(".") or not head:
            kinds[name] = UNRESOLVED
        elif head in sys.stdlib_module_names or head == "__future__":
            kinds[name] = EXTERNAL
        else:
            heads[name] = head
    if heads:
        prefixes = sorted({f"{d}{h}{end}" for h in heads.values() for d in PACKAGE_DIRS
                           for end in ("/", ".py")})  # fmt: skip
        found = {str(r["prefix"]) for r in
                 graph.read("surgical/repo_paths_start", repo=repo, prefixes=prefixes)}  # fmt: skip
        for name, head in heads.items():
            own = any(f"{d}{head}{end}" in found for d in PACKAGE_DIRS for end in ("/", ".py"))
            kinds[name] = UNRESOLVED if own else EXTERNAL
    return kinds


def _go_module(root: Path | None) -> str | None:
    if root is None:
        return None
    try:
        data = beneath.read_file(root, "go.mod", max_bytes=GO_MOD_BYTES).data
    except (CoderoomsError, OSError):
        return None
    found = GO_MODULE.search(data)
    return found.group(1).decode("utf-8", "replace") if found else None


def _go_kind(name: str, module: str | None) -> str:
    if "." not in name.split("/", 1)[0]:
        return EXTERNAL
    if module is None:
        return UNRESOLVED
    return UNRESOLVED if name == module or name.startswith(module + "/") else EXTERNAL
