"""The floors of the house (docs/architecture.md), held by reading every module's imports with
`ast`: imports at any level count, those inside functions too (a function-level import hides a
loop from the interpreter, not from the structure).

A *unit* is a subpackage of `coderooms` (`coderooms.search`) or a top-level module
(`coderooms.context`). The rules:

- `core` imports nothing of coderooms' but `errors`;
- `graph` imports only `core`, `errors` and `config` (exceptions named below, each with why);
- no import cycle among the units.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

SRC = Path(__file__).resolve().parents[3] / "src"
PACKAGE = "coderooms"

CORE_MAY_IMPORT = frozenset({"core", "errors"})
GRAPH_MAY_IMPORT = frozenset({"graph", "core", "errors", "config"})

GRAPH_EXCEPTIONS: dict[tuple[str, str], str] = {}
"""(file, imported module) -> why `graph` still imports it. The cycle check leaves these edges
out too (they are the known way back); a test fails when one is no longer there."""


@dataclass(frozen=True, slots=True)
class Import:
    file: str
    """Relative to src/, `/`-separated."""
    line: int
    source: str
    """Dotted name of the importing module."""
    target: str
    """Dotted name of the imported module (or of a name inside it)."""

    def where(self) -> str:
        return f"{self.file}:{self.line} imports {self.target}"


def module_name(path: Path, root: Path = SRC) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, root: Path = SRC) -> list[Import]:
    source = module_name(path, root)
    package = source if path.name == "__init__.py" else source.rpartition(".")[0]
    file = path.relative_to(root).as_posix()
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=file)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            # `from coderooms import connect` imports the module coderooms.connect
            targets = [f"{base}.{alias.name}" for alias in node.names]
        found += [Import(file, node.lineno, source, t) for t in targets if _ours(t)]
    return found


def _ours(name: str) -> bool:
    return name == PACKAGE or name.startswith(PACKAGE + ".")


def all_imports() -> list[Import]:
    return [i for path in sorted((SRC / PACKAGE).rglob("*.py")) for i in imports_of(path)]


def unit_of(name: str) -> str:
    """`coderooms.retrieval.seek` -> `retrieval`; `coderooms.context` -> `context`; the
    package's own `__init__` (`coderooms.__version__`) -> `__init__`."""
    parts = name.split(".")
    if len(parts) < 2:
        return "__init__"
    candidate = SRC / PACKAGE / parts[1]
    if candidate.is_dir() or candidate.with_suffix(".py").is_file():
        return parts[1]
    return "__init__"  # a name defined in coderooms/__init__.py


def is_exception(i: Import) -> bool:
    return any(i.file == f and _within(i.target, m) for f, m in GRAPH_EXCEPTIONS)


def _within(name: str, module: str) -> bool:
    return name == module or name.startswith(module + ".")


def test_every_module_is_read() -> None:
    modules = list((SRC / PACKAGE).rglob("*.py"))
    assert len(modules) > 100
    assert any(i.source == "coderooms.context" for i in all_imports())


def test_core_imports_only_errors() -> None:
    broken = [
        f"{i.where()}: core may import only coderooms.errors (and the standard library or "
        "third-party packages)"
        for i in all_imports()
        if unit_of(i.source) == "core" and unit_of(i.target) not in CORE_MAY_IMPORT
    ]
    assert not broken, "\n".join(broken)


def test_graph_imports_only_core_errors_and_config() -> None:
    broken = [
        f"{i.where()}: graph may import only core, errors and config (or name the exception "
        "in GRAPH_EXCEPTIONS with its reason)"
        for i in all_imports()
        if unit_of(i.source) == "graph"
        and unit_of(i.target) not in GRAPH_MAY_IMPORT
        and not is_exception(i)
    ]
    assert not broken, "\n".join(broken)


def test_every_named_exception_is_still_needed() -> None:
    stale = [
        f"{file} no longer imports {module}: remove it from GRAPH_EXCEPTIONS"
        for file, module in GRAPH_EXCEPTIONS
        if not any(i.file == file and _within(i.target, module) for i in all_imports())
    ]
    assert not stale, "\n".join(stale)


def test_no_import_cycle_between_units() -> None:
    edges: dict[str, dict[str, Import]] = defaultdict(dict)
    for i in all_imports():
        a, b = unit_of(i.source), unit_of(i.target)
        if a != b and not is_exception(i):
            edges[a].setdefault(b, i)
    cycle = find_cycle(edges)
    if cycle:
        steps = [f"  {a} -> {b}: {edges[a][b].where()}" for a, b in pairwise(cycle)]
        raise AssertionError(
            "import cycle between units " + " -> ".join(cycle) + ":\n" + "\n".join(steps)
        )


def find_cycle(edges: dict[str, dict[str, Import]]) -> list[str] | None:
    """One cycle (its first unit repeated at the end), or None: a depth-first search in sorted
    order, so the same graph always reports the same cycle."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(unit: str) -> list[str] | None:
        state[unit] = 1
        path.append(unit)
        for nxt in sorted(edges.get(unit, {})):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[unit] = 2
        return None

    for unit in sorted(edges):
        if unit not in state and (found := visit(unit)):
            return found
    return None


def test_the_cycle_finder_reports_a_cycle() -> None:
    def imp(a: str, b: str) -> Import:
        return Import(f"coderooms/{a}.py", 1, f"coderooms.{a}", f"coderooms.{b}")

    edges = {"a": {"b": imp("a", "b")}, "b": {"c": imp("b", "c")}, "c": {"a": imp("c", "a")}}
    assert find_cycle(edges) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b": imp("a", "b")}}) is None


def test_function_level_and_relative_imports_are_read(tmp_path: Path) -> None:
    module = tmp_path / "coderooms" / "search" / "seek.py"
    module.parent.mkdir(parents=True)
    module.write_text(
        "import os\n"
        "def f():\n"
        "    from coderooms.graph import driver\n"
        "    from . import lines\n"
        "    from ..core.ids import file_id\n"
    )
    found = [(i.line, i.target) for i in imports_of(module, tmp_path)]
    assert found == [
        (3, "coderooms.graph.driver"),
        (4, "coderooms.search.lines"),
        (5, "coderooms.core.ids.file_id"),
    ]
    assert unit_of("coderooms.graph.driver") == "graph"
    assert unit_of("coderooms.context.AppContext") == "context"
    assert unit_of("coderooms.__version__") == "__init__"
