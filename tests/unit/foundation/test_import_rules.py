"""The floors of the house (docs/architecture.md), held by reading every module's imports with
`ast`: imports at any level count, those inside functions too (a function-level import hides a
loop from the interpreter, not from the structure).

A *unit* is a subpackage of `coderooms` (`coderooms.search`) or a top-level module
(`coderooms.verbs.context`). The rules:

- `core` imports nothing of coderooms' but `errors`;
- `graph` imports only `core`, `errors` and `config` (exceptions named below, each with why);
- `resolution` (the engine's contract) imports only `core` and `errors`;
- `languages` (each language's record and the parsing kit) imports only itself, `resolution`,
  `core` and `errors`; a language's package (`coderooms.languages.lua`) imports no other
  language's package but its family's base (FAMILY_BASES), and the kit imports none;
- no import cycle among the units, nor among the modules inside one unit (a `TYPE_CHECKING`
  import or one inside a function counts: it hides a loop from the interpreter only);
- a room imports another room only through its face: `coderooms.<room>` and the names its
  `__init__.__all__` lists, never its inner modules (exceptions named in FACE_EXCEPTIONS, each
  with why). The rooms are the subpackages but the floors below them (`core`, `graph`, `scope`,
  `neo4j_local`) and the entry points above (`cli`); the top-level modules (the hall and the
  wiring: `context`, `tooling`, `listing`, `server` ...) are no rooms either.
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
RESOLUTION_MAY_IMPORT = frozenset({"resolution", "core", "errors"})
LANGUAGES_MAY_IMPORT = frozenset({"languages", "resolution", "core", "errors"})

LANGUAGE_KIT = frozenset({"__init__", "parsing", "language", "file_kinds", "test_paths"})
"""The parts of `coderooms.languages` that are no language: its face, the parsing kit, the
record's types, the text-only file kinds, the test paths."""
LANGUAGE_PACKAGES = frozenset(
    {
        *("lua", "bash", "swift", "ruby", "php", "csharp", "go", "rust", "java", "kotlin"),
        *("scala", "c", "cpp", "javascript", "typescript", "python"),
    }
)
"""The languages that are one package each, `coderooms.languages.<name>` (issue 35, Phase D
adds one per step; the rest are still in `ingest`)."""
FAMILY_BASES: dict[str, str] = {
    "kotlin": "java",
    "scala": "java",
    "cpp": "c",
    "typescript": "javascript",
}
"""language package -> the one other language package it may import (its family's base)."""

GRAPH_EXCEPTIONS: dict[tuple[str, str], str] = {}
"""(file, imported module) -> why `graph` still imports it. The cycle check leaves these edges
out too (they are the known way back); a test fails when one is no longer there."""


NOT_ROOMS = frozenset(
    {"core", "graph", "scope", "neo4j_local", "cli", "verbs", "protocol", "web", "resolution",
     "languages"}
)  # fmt: skip
"""Subpackages that are floors (below every room: `verbs` is the contract rooms speak,
`resolution` the engine's, `languages` the languages' records and their parsing kit) or the
layers above them (`protocol`, the MCP layer; `web`, the web view's pages; `cli`, the entry
points), not rooms."""

WEB_MAY_NOT_IMPORT = frozenset({"protocol", "server", "cli"})
"""The web view is a front end beside the MCP layer: it knows no protocol and no entry point
(`protocol` serves it over HTTP)."""
WRITES = frozenset({"write", "write_parts", "transaction", "execute_write", "session"})
"""The graph handle's ways to write (and to open a session that could): the web view calls none."""

PROTOCOL_PACKAGES = ("fastmcp", "mcp")
"""The third-party packages of the protocol: only `coderooms.protocol` imports them."""
PROTOCOL_USERS = frozenset({"protocol", "server", "cli"})
"""The units that may import `coderooms.protocol`: the wiring and the entry points."""

FACE_EXCEPTIONS: dict[tuple[str, str], str] = {
    ("coderooms/retrieval/seek.py", "coderooms.semantic.query"): "seek calls the embedding "
    "queries through their module, so the tests' stand-in for the model (patching "
    "`coderooms.semantic.query`) is the one it calls",
}
"""(file, imported inner module) -> why that room still reaches past the other room's face.
A test fails when one is no longer there."""


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
    """`coderooms.retrieval.seek` -> `retrieval`; `coderooms.verbs.context` -> `context`; the
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
    assert any(i.source == "coderooms.verbs.context" for i in all_imports())


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


def test_resolution_imports_only_core_and_errors() -> None:
    broken = [
        f"{i.where()}: resolution may import only core and errors (a language's rule is handed "
        "in, never imported)"
        for i in all_imports()
        if unit_of(i.source) == "resolution" and unit_of(i.target) not in RESOLUTION_MAY_IMPORT
    ]
    assert not broken, "\n".join(broken)


def test_languages_import_only_resolution_core_and_errors() -> None:
    broken = [
        f"{i.where()}: languages may import only itself, resolution, core and errors"
        for i in all_imports()
        if unit_of(i.source) == "languages" and unit_of(i.target) not in LANGUAGES_MAY_IMPORT
    ]
    assert not broken, "\n".join(broken)


def language_part(name: str) -> str:
    """`coderooms.languages.lua.rules` -> `lua`; a name of the face (`coderooms.languages` and
    what its `__init__` defines) -> `__init__`."""
    parts = name.split(".")
    if len(parts) < 3:
        return "__init__"
    candidate = SRC / PACKAGE / "languages" / parts[2]
    if candidate.is_dir() or candidate.with_suffix(".py").is_file():
        return parts[2]
    return "__init__"


def test_every_part_of_languages_is_the_kit_or_a_language_package() -> None:
    parts = {
        path.stem if path.suffix else path.name
        for path in (SRC / PACKAGE / "languages").iterdir()
        if path.suffix == ".py" or (path / "__init__.py").is_file()
    }
    assert parts - LANGUAGE_KIT == LANGUAGE_PACKAGES
    assert set(FAMILY_BASES) | set(FAMILY_BASES.values()) <= LANGUAGE_PACKAGES


def test_a_language_package_imports_no_other_language_but_its_family_base() -> None:
    broken = []
    for i in all_imports():
        if unit_of(i.source) != "languages" or unit_of(i.target) != "languages":
            continue
        source, target = language_part(i.source), language_part(i.target)
        if target not in LANGUAGE_PACKAGES or target == source:
            continue
        if source in LANGUAGE_KIT:
            broken.append(f"{i.where()}: the kit ({source}) imports no language package")
        elif FAMILY_BASES.get(source) != target:
            broken.append(
                f"{i.where()}: a language package imports no other language package but its "
                "family's base (FAMILY_BASES)"
            )
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


def module_of(name: str, modules: frozenset[str]) -> str:
    """The module an imported name lives in: `coderooms.ingest.resolve.Lookup` ->
    `coderooms.ingest.resolve`; a module itself (`from coderooms.ingest import rows`) is its own."""
    while name not in modules and "." in name:
        name = name.rpartition(".")[0]
    return name


def test_no_import_cycle_between_modules_inside_a_unit() -> None:
    modules = frozenset(module_name(path) for path in (SRC / PACKAGE).rglob("*.py"))
    edges: dict[str, dict[str, Import]] = defaultdict(dict)
    for i in all_imports():
        target = module_of(i.target, modules)
        if target != i.source and unit_of(i.source) == unit_of(target):
            edges[i.source].setdefault(target, i)
    cycle = find_cycle(edges)
    if cycle:
        steps = [f"  {a} -> {b}: {edges[a][b].where()}" for a, b in pairwise(cycle)]
        raise AssertionError(
            "import cycle between modules " + " -> ".join(cycle) + " (a TYPE_CHECKING or "
            "function-level import counts: move what both need into a module below them, or "
            "hand the call in):\n" + "\n".join(steps)
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


def test_the_verb_contract_imports_no_room() -> None:
    known = rooms()
    broken = [
        f"{i.where()}: the verb contract (coderooms.verbs) is a floor below the rooms; pass what "
        "it needs in, or move the work into the room"
        for i in all_imports()
        if unit_of(i.source) == "verbs"
        and (unit_of(i.target) in known or unit_of(i.target) in PROTOCOL_USERS)
    ]
    assert not broken, "\n".join(broken)


def test_only_the_wiring_imports_the_protocol_layer() -> None:
    broken = [
        f"{i.where()}: only {sorted(PROTOCOL_USERS)} import coderooms.protocol (rooms declare "
        "verbs with coderooms.verbs; the protocol makes them tools)"
        for i in all_imports()
        if unit_of(i.target) == "protocol" and unit_of(i.source) not in PROTOCOL_USERS
    ]
    assert not broken, "\n".join(broken)


def third_party_imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.append((node.lineno, node.module))
    return found


def test_only_the_protocol_layer_imports_fastmcp_and_mcp() -> None:
    broken = [
        f"{path.relative_to(SRC).as_posix()}:{line} imports {name}: only coderooms.protocol "
        "may import the MCP packages"
        for path in sorted((SRC / PACKAGE).rglob("*.py"))
        if path.relative_to(SRC / PACKAGE).parts[0] != "protocol"
        for line, name in third_party_imports(path)
        if name.split(".")[0] in PROTOCOL_PACKAGES
    ]
    assert not broken, "\n".join(broken)


def rooms() -> frozenset[str]:
    return frozenset(
        p.name
        for p in (SRC / PACKAGE).iterdir()
        if (p / "__init__.py").is_file() and p.name not in NOT_ROOMS
    )


def face_of(room: str) -> frozenset[str] | None:
    """The names a room's `__init__.py` lists in `__all__` (None without one)."""
    init = SRC / PACKAGE / room / "__init__.py"
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        named = any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets)
        if named and isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            return frozenset(ast.literal_eval(node.value))
    return None


def through_the_face(target: str, room: str, face: frozenset[str]) -> bool:
    """`coderooms.<room>` itself, or one name its face lists."""
    rest = target.split(".")[2:]
    return not rest or (len(rest) == 1 and rest[0] in face)


def reaches() -> list[tuple[Import, str]]:
    """Every import of one room by another that does not go through the importee's face, with
    the inner module it reaches (`coderooms.ingest.pipeline`)."""
    known = rooms()
    faces = {room: face_of(room) or frozenset() for room in known}
    found = []
    for i in all_imports():
        a, b = unit_of(i.source), unit_of(i.target)
        if a in known and b in known and a != b and not through_the_face(i.target, b, faces[b]):
            found.append((i, ".".join(i.target.split(".")[:3])))
    return found


def test_every_room_has_a_face() -> None:
    faceless = sorted(room for room in rooms() if face_of(room) is None)
    assert not faceless, f"rooms without __all__ in their __init__.py: {faceless}"


def test_rooms_import_each_other_only_through_faces() -> None:
    broken = [
        f"{i.where()}: import it from {'.'.join(i.target.split('.')[:2])} (export it in that "
        f"room's __init__ __all__), or name ({i.file!r}, {inner!r}) in FACE_EXCEPTIONS with why"
        for i, inner in reaches()
        if (i.file, inner) not in FACE_EXCEPTIONS
    ]
    assert not broken, "\n".join(broken)


def test_every_named_face_exception_is_still_needed() -> None:
    found = {(i.file, inner) for i, inner in reaches()}
    stale = [
        f"{file} no longer reaches {inner}: remove it from FACE_EXCEPTIONS"
        for file, inner in FACE_EXCEPTIONS
        if (file, inner) not in found
    ]
    assert not stale, "\n".join(stale)


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
    assert unit_of("coderooms.verbs.context.AppContext") == "verbs"
    assert unit_of("coderooms.server") == "server"
    assert unit_of("coderooms.__version__") == "__init__"


def test_the_web_view_knows_no_protocol_and_no_room_knows_it() -> None:
    known = rooms() | {"verbs"}
    broken = [
        f"{i.where()}: coderooms.web is served by the protocol layer and imports none of "
        f"{sorted(WEB_MAY_NOT_IMPORT)}"
        for i in all_imports()
        if unit_of(i.source) == "web" and unit_of(i.target) in WEB_MAY_NOT_IMPORT
    ]
    broken += [
        f"{i.where()}: a room (or the verb contract) never imports the web view"
        for i in all_imports()
        if unit_of(i.source) in known and unit_of(i.target) == "web"
    ]
    assert not broken, "\n".join(broken)


def test_the_web_view_calls_no_graph_write() -> None:
    calls = [
        f"{path.relative_to(SRC).as_posix()}:{node.lineno} calls .{node.func.attr}(): the web "
        "view reads only (Graph.read and the rooms' read paths)"
        for path in sorted((SRC / PACKAGE / "web").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in WRITES
    ]
    assert not calls, "\n".join(calls)
