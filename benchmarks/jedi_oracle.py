"""The independent resolver of the accuracy benchmark: jedi, asked about every call site, base
class and import of sampled Python files of a corpus.

jedi sees the corpus as an installed project would: its `sys.path` is the project's source roots
(the root, a `src/` beside it, every directory holding a `pyproject.toml`, `setup.py` or
`setup.cfg` and its `src/`) followed by the running interpreter's standard library — no
site-packages, so a package installed in this venv never answers for the corpus's own copy.
`smart_sys_path` adds what Python adds for a script (its base directory).

Sites are found with tree-sitter the way the extractor finds them (`(call function: ...)`,
class bases, import names), so each is matched to the extractor's record by file, line and
callee text; jedi is asked at the last identifier of the callee (`a.b.c` -> at `c`).
"""

from __future__ import annotations

import os
import sysconfig
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import tree_sitter_python
from tree_sitter import Language, Node, Parser, Query, QueryCursor

from coderooms.languages.parsing.nodes import DOTTED_RE, dotted
from coderooms.languages.python.extract import UNKNOWN, chain

if TYPE_CHECKING:
    import jedi


def _jedi() -> ModuleType:
    """jedi, imported when an oracle is made (the `bench` extra): the harnesses of other
    languages import this module's helpers without it."""
    import jedi

    return jedi


_QUERY = """
(call function: (_) @call)
(class_definition superclasses: (argument_list) @bases)
(import_statement) @import
(import_from_statement) @from
"""
PROJECT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg")
CALLABLE = frozenset({"function", "class"})


@dataclass(frozen=True, slots=True)
class Answer:
    """What jedi says a name at a site is: definitions as (repo-relative path or None when
    outside the corpus, line, jedi type, full name)."""

    definitions: tuple[tuple[str | None, int | None, str, str | None], ...]


@dataclass(frozen=True, slots=True)
class Site:
    path: str
    kind: str
    """`call`, `base` or `import`."""
    line: int
    column: int
    text: str
    """Callee or base as the extractor writes it (dotted, `?.` heads); for imports the module
    spec, or `spec:name` for a name taken from it."""
    statement: int
    """First line of the statement holding the site (the line the extractor records)."""
    answer: Answer


class Oracle:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.sys_path = source_roots(self.root) + stdlib_paths()
        self.project = _jedi().Project(
            str(self.root),
            sys_path=self.sys_path,
            smart_sys_path=True,
            load_unsafe_extensions=False,
        )
        self.environment = _jedi().InterpreterEnvironment()
        language = Language(tree_sitter_python.language())
        self.parser = Parser(language)
        self.query = Query(language, _QUERY)

    def sites(self, relative: str) -> Iterator[Site]:
        """Every call, base and import site of one file, with jedi's answer."""
        path = self.root / relative
        source = path.read_bytes()
        code = source.decode("utf-8", "replace")
        script = _jedi().Script(
            code, path=str(path), project=self.project, environment=self.environment
        )
        tree = self.parser.parse(source)
        caps = QueryCursor(self.query).captures(tree.root_node)
        for node in caps.get("call", ()):
            callee = _callee(node, source)
            anchor = _last_identifier(node)
            if callee and anchor is not None:
                yield self._site(script, relative, "call", anchor, callee, node)
        for bases in caps.get("bases", ()):
            for base in bases.named_children:
                name = _base_text(base, source)
                anchor = _last_identifier(base.child_by_field_name("value") or base)
                if name and anchor is not None:
                    yield self._site(script, relative, "base", anchor, name, base)
        for node in [*caps.get("import", ()), *caps.get("from", ())]:
            for anchor, spec in _import_anchors(node, source):
                yield self._site(script, relative, "import", anchor, spec, node)

    def _site(
        self, script: jedi.Script, relative: str, kind: str, anchor: Node, text: str, at: Node
    ) -> Site:
        line, column = anchor.start_point.row + 1, anchor.start_point.column
        try:
            names = script.goto(line, column, follow_imports=True)
            if kind != "import" and names and not any(n.type in CALLABLE for n in names):
                # a name bound to a class or function (`self.session_class()`, `f = g; f()`):
                # what the call runs is what jedi infers the name to be
                inferred = script.infer(line, column)
                if any(n.type in CALLABLE for n in inferred):
                    names = inferred
        except Exception:  # jedi gives up on some inputs; that is an unknown, not a failure
            names = []
        answer = Answer(tuple(self._where(n) for n in names))
        return Site(relative, kind, line, column, text, at.start_point.row + 1, answer)

    def _where(self, name: jedi.api.classes.Name) -> tuple[str | None, int | None, str, str | None]:
        module = name.module_path
        relative = None
        full_name = name.full_name
        if module is not None:
            try:
                relative = Path(module).resolve().relative_to(self.root.resolve()).as_posix()
            except ValueError:
                relative = None
        if relative == "ntpath.py" and os.name == "posix" and name.type == "module":
            return "posixpath.py", 1, "module", "posixpath"
        if relative == "ntpath.py" and os.name == "posix" and name.name:
            # os.path is posixpath here; jedi reads os.py's platform branches as ntpath
            found = self._source_of(f"posixpath.{name.name}")
            if found is not None:
                return found[0], None, name.type, found[1]
        if relative is None and module is not None and str(module).endswith(".pyi") and full_name:
            # jedi answered from its bundled stubs; when the stubbed module is the corpus's own
            # (the standard library as a corpus), the definition is the corpus's source
            if os.name == "posix" and full_name.startswith("ntpath."):
                full_name = "posixpath." + full_name.removeprefix("ntpath.")  # os.path here
            found = self._source_of(full_name)
            if found is not None:
                return found[0], None, name.type, found[1]
        return relative, name.line, name.type, full_name

    def _source_of(self, full_name: str) -> tuple[str, str] | None:
        """(corpus file, qualname in it) of a dotted full name, when a corpus root holds its
        module: the longest module prefix wins."""
        parts = full_name.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            relative = "/".join(parts[:cut])
            for root in self.sys_path:
                base = Path(root)
                try:
                    inside = base.resolve().relative_to(self.root.resolve())
                except ValueError:
                    continue
                for candidate in (f"{relative}/__init__.py", f"{relative}.py"):
                    if (base / candidate).is_file():
                        path = (inside / candidate).as_posix().removeprefix("./")
                        return path, ".".join(parts[cut:])
        return None


def source_roots(root: Path) -> list[str]:
    """The corpus's own import roots, as an installed (or editable) project has them."""
    found: list[Path] = [
        hit.parent
        for marker in PROJECT_MARKERS
        for hit in sorted(root.rglob(marker))
        if not any(part.startswith(".") or part == "node_modules" for part in hit.parts)
    ]
    roots: list[str] = []
    for directory in [root, *sorted(set(found))]:
        for candidate in (directory / "src", directory):
            if candidate.is_dir() and str(candidate) not in roots:
                roots.append(str(candidate))
    return roots


def stdlib_paths() -> list[str]:
    paths = sysconfig.get_paths()
    found = [paths["stdlib"], paths["platstdlib"], str(Path(paths["platstdlib"]) / "lib-dynload")]
    return [p for i, p in enumerate(found) if Path(p).is_dir() and p not in found[:i]]


def _last_identifier(node: Node) -> Node | None:
    if node.type == "identifier":
        return node
    if node.type == "attribute":
        return node.child_by_field_name("attribute")
    return None


def _base_text(node: Node, source: bytes) -> str | None:
    if node.type in ("identifier", "attribute"):
        return dotted(source[node.start_byte : node.end_byte].decode("utf-8", "replace"))
    if node.type == "subscript":
        value = node.child_by_field_name("value")
        if value is not None and value.type in ("identifier", "attribute"):
            return dotted(source[value.start_byte : value.end_byte].decode("utf-8", "replace"))
    return None


def _import_anchors(node: Node, source: bytes) -> Iterator[tuple[Node, str]]:
    """(node to ask jedi at, what is imported there): `import a.b` -> at `b`; `from m import x`
    -> at `x` (a submodule or a name of `m`) and at `m` (the module itself)."""

    def text(n: Node) -> str:
        return source[n.start_byte : n.end_byte].decode("utf-8", "replace")

    def last(n: Node) -> Node:
        return n.named_children[-1] if n.type == "dotted_name" and n.named_children else n

    if node.type == "import_statement":
        for name in node.children_by_field_name("name"):
            target = name.child_by_field_name("name") if name.type == "aliased_import" else name
            if target is not None:
                yield last(target), text(target)
        return
    module = node.child_by_field_name("module_name")
    spec = text(module) if module is not None else ""
    if module is not None:
        anchor = module
        if module.type == "relative_import":
            inner = [c for c in module.named_children if c.type == "dotted_name"]
            anchor = inner[0] if inner else module
        if anchor.type == "dotted_name":
            yield last(anchor), spec
    for name in node.children_by_field_name("name"):
        target = name.child_by_field_name("name") if name.type == "aliased_import" else name
        if target is not None:
            yield last(target), f"{spec}:{text(target)}"


def _callee(node: Node, source: bytes) -> str | None:
    """The callee as the Python extractor writes it (`coderooms.languages.python.extract`)."""
    raw = source[node.start_byte : node.end_byte].decode("utf-8", "replace")
    if DOTTED_RE.fullmatch(raw) is not None:
        return raw
    found = chain(node, source)
    return None if found == UNKNOWN or found.endswith(")") else found
