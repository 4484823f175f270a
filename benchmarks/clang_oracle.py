"""clang's resolution of every call in a C or C++ repository: the CALLS oracle of
`resolution_accuracy_c.py`, through libclang's Python bindings (the `libclang` wheel, 18.1.1,
which bundles `libclang.so`: `pip install libclang==18.1.1`, or the `bench` extra; nothing is
downloaded at run time).

Translation units: the entries of the repository's `compile_commands.json` (at its root or in
`build/`) when it has one, with their own flags; else every `.c` (`-x c -std=gnu11`) and
`.cc`/`.cpp`/`.cxx` file (`-x c++ -std=gnu++17`) under the root, with `-I` the root and every
directory named `include`, then a header no unit includes parsed as a unit of its own (`-x
c-header` / `c++-header`: a C++ repository's `.h` as C++). A header a unit cannot find
(`'x.h' file not found`) is looked up in the repository (a file whose path ends with the
include's text; under a `linux` directory first, this machine's platform) and its directory
added with `-I` for this and the following units, up to `MAX_ROUNDS` reparses. Every unit gets
`-isystem` the C compiler's own headers (`gcc -print-file-name=include`: the wheel lacks clang's
`stddef.h`).

In each unit, every `CALL_EXPR` written in a file of the repository is a site, keyed by its file,
line and column (a header's site is read once, from the first unit that includes it). Its name
is where the callee's name is written (`x.f()`: `f`); its line is where the call expression
begins (the extractor's line for a chain `a\\n.f()`) and, apart, the name's. A site is:

* `call`: the callee is a function, method, constructor or function template that clang
  resolved; its definition is looked up by the declaration clang names (`get_definition`),
  else by its USR among the definitions of every unit (a C function defined in another `.c`);
  none found: declared only (a prototype, a pure virtual, a function defined outside).
* `pointer`: the callee is a variable, parameter or field (a function pointer, a functor):
  not a call of a function.
* `other`: clang names another kind of declaration.
* excluded apart (counted, never compared): `unresolved` (clang names no declaration: a
  dependent call in a template, a function undeclared after a missing header), `operator`
  (an overloaded operator or a lambda's `operator()`, not written as a call by name),
  `macro` (the call is in a macro's body: the source shows the
  macro's name), `implicit` (a constructor whose class name is not written where clang places
  it, before `(`, `{` or `<`: `T x(1);`, `return {a, b};`, a conversion).
"""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import subprocess
from collections import Counter
from collections.abc import Callable, Collection, Iterator
from ctypes import byref, c_uint
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.corpora import CorpusUnavailable
from coderooms.core.files import is_excluded_dir

C_SOURCES = frozenset({".c"})
CPP_SOURCES = frozenset({".cc", ".cpp", ".cxx", ".c++"})
HEADERS = frozenset({".h", ".hh", ".hpp", ".hxx", ".h++", ".inl", ".ipp", ".tpp"})
MAX_ROUNDS = 6
"""Reparses of one unit while headers it cannot find are found in the repository."""
PLATFORM = "linux"
"""The directory preferred among several holding a missing header (this machine's platform)."""
_VARIABLE = re.compile(r"@[A-Za-z0-9_]*@|\$\{[A-Za-z0-9_]+\}")
_MISSING = re.compile(r"'([^']+)' file not found")

_FUNCTION_KINDS = (
    "FUNCTION_DECL",
    "CXX_METHOD",
    "CONSTRUCTOR",
    "DESTRUCTOR",
    "FUNCTION_TEMPLATE",
    "CONVERSION_FUNCTION",
)
_VALUE_KINDS = ("VAR_DECL", "PARM_DECL", "FIELD_DECL")
_SCOPE_KINDS = (
    "NAMESPACE",
    "CLASS_DECL",
    "STRUCT_DECL",
    "UNION_DECL",
    "CLASS_TEMPLATE",
    "CLASS_TEMPLATE_PARTIAL_SPECIALIZATION",
)


def load_clang() -> Any:
    """The `clang.cindex` module, or CorpusUnavailable saying how to install it."""
    try:
        from clang import cindex
    except ImportError as e:
        raise CorpusUnavailable(
            "libclang's bindings are not installed: pip install libclang==18.1.1 "
            "(or the project's `bench` extra)"
        ) from e
    return cindex


@dataclass(frozen=True, slots=True)
class Place:
    """Where a definition is: its file, the line its extent starts on, the line of its name."""

    path: str
    start: int
    name_line: int
    qualname: str = ""
    """The enclosing namespaces and classes and the name, dotted (`CLI.App.parse`)."""


@dataclass(slots=True)
class CSite:
    path: str
    line: int
    """Where the call expression begins (the extractor's line)."""
    name_line: int
    column: int
    name: str
    kind: str
    """`call`, `pointer` or `other` (see the module's doc); excluded ones are not kept."""
    decl_kind: str = ""
    usr: str = ""
    outside: bool = False
    """The declaration clang names is outside the repository (libc, the standard library)."""
    declared: str = ""
    """The repository file of the declaration clang names."""
    definition: Place | None = None
    owner: Place | None = None
    """A constructor's class definition (a call `T(..)` may point at the class)."""
    text: str = ""


@dataclass(slots=True)
class Unit:
    path: str
    args: list[str]
    header: bool = False


@dataclass(slots=True)
class OracleRun:
    sites: dict[tuple[str, int, int], CSite] = field(default_factory=dict)
    definitions: dict[str, Place] = field(default_factory=dict)
    """USR -> the definition, from every unit parsed."""
    includes: dict[str, dict[str, int]] = field(default_factory=dict)
    """Repository file -> repository files it includes -> the line of the first `#include`."""
    answered: dict[str, set[int]] = field(default_factory=dict)
    """Repository file -> lines of its `#include`s clang resolved (inside or outside)."""
    outside_includes: dict[str, set[int]] = field(default_factory=dict)
    """Repository file -> lines of its `#include`s clang resolved outside the repository."""
    excluded: Counter[str] = field(default_factory=Counter)
    checked: set[str] = field(default_factory=set)
    """Repository files whose calls were read."""
    units: int = 0
    units_with_errors: int = 0
    errors: list[str] = field(default_factory=list)


# -- pure helpers (unit-tested) ------------------------------------------------------------------


def written_call(line_text: str, column: int, name: str) -> bool:
    """Whether `name` is written at 1-based byte `column` of the line (a site the reader sees)."""
    start = column - 1
    if start < 0 or line_text[start : start + len(name)] != name:
        return False
    after = line_text[start + len(name) : start + len(name) + 1]
    return not (after.isalnum() or after == "_")


def constructed_at(line_text: str, column: int, name: str) -> bool:
    """Whether a constructor call is written at 1-based byte `column` of the line as its class
    name, maybe qualified, before `(`, `{` or `<` (`N::S(4)`, `S{}`, `Box<int>(..)`); not
    `T x(1);` (clang places it at `x`), a conversion or a macro's body (at the macro's name)."""
    if column < 1:
        return False
    pattern = rf"(?:\w+\s*::\s*)*{re.escape(name)}\s*[<({{]"
    return re.match(pattern, line_text[column - 1 :]) is not None


def pick_header(include: str, candidates: list[str]) -> str | None:
    """The repository file an `#include` most likely names: the one under a `PLATFORM`
    directory, else the only one, else none (ambiguous)."""
    matching = [c for c in candidates if c == include or c.endswith("/" + include)]
    if len(matching) == 1:
        return matching[0]
    native = [c for c in matching if PLATFORM in c.split("/")[:-1]]
    return native[0] if len(native) == 1 else None


def include_root(path: str, include: str) -> str:
    """The directory to add with `-I` so that `#include "include"` finds `path`."""
    return path[: -len(include)].rstrip("/") if path != include else ""


TEMPLATE_SUFFIXES = (".in", ".cmakein", ".cmake")
"""A header's template, from which configure or CMake generates it."""


def templates(root: Path) -> list[str]:
    """Repository paths of headers' templates (`x.h.in`, `x.h.cmakein`, `x.h.cmake`)."""
    found: list[str] = []
    for directory, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not is_excluded_dir(d))
        found.extend(
            str((Path(directory) / name).relative_to(root))
            for name in sorted(files)
            if name.endswith(TEMPLATE_SUFFIXES)
            and Path(name.rsplit(".", 1)[0]).suffix.lower() in HEADERS
        )
    return found


SYSTEM_INCLUDE = (Path("/usr/include"), Path("/usr/include/x86_64-linux-gnu"))


def system_header(name: str) -> bool:
    return any((d / name).is_file() for d in SYSTEM_INCLUDE)


def header_of_feature(name: str) -> list[str]:
    """The headers a `HAVE_..._H` feature macro names: `HAVE_SYS_TYPES_H` -> `sys_types.h`,
    `sys/types.h`; none for another macro."""
    if not name.endswith("_H") or "HAVE_" not in name:
        return []
    stem = name.rsplit("HAVE_", 1)[1].removesuffix("_H").lower()
    return [stem + ".h", stem.replace("_", "/", 1) + ".h"] if stem else []


def configured(template: str, exists: Callable[[str], bool] = system_header) -> str:
    """A header template as configure or CMake would fill it on this machine, knowing only
    which headers it has: a `HAVE_X_H` feature (`#cmakedefine`, autoconf's `#undef`) defined
    when `x.h` `exists`, every other `#cmakedefine X` undefined, `#cmakedefine01 X` 0, `@X@`
    and `${X}` empty (a `#define` left with no value: undefined)."""
    lines = []
    for raw in template.split("\n"):
        stripped = raw.strip()
        words = stripped.split()
        line = raw
        name = words[1] if len(words) > 1 else ""
        have = any(exists(h) for h in header_of_feature(name))
        if stripped.startswith("#cmakedefine01"):
            line = f"#define {name} {int(have)}" if name else ""
        elif stripped.startswith(("#cmakedefine", "#undef")) and have:
            line = f"#define {name} 1"
        elif stripped.startswith("#cmakedefine"):
            line = f"/* {stripped} */"
        filled = _VARIABLE.sub("", line)
        if filled != line and stripped.startswith("#define") and len(filled.split()) < 3:
            filled = f"/* {stripped} */"  # `#define strtoll @x@`: a value unknown here
        lines.append(filled)
    return "\n".join(lines)


def has_body(source: str, offset: int) -> bool:
    """Whether the declaration whose extent ends at `offset` of `source` goes on with a body
    (`{`, a constructor's `:` initializers, a function-try-block), comments skipped."""
    rest = source[offset:]
    while True:
        rest = rest.lstrip()
        if rest.startswith("//"):
            rest = rest.partition("\n")[2]
        elif rest.startswith("/*"):
            rest = rest.partition("*/")[2]
        else:
            break
    if rest.startswith("::"):
        return False
    return rest.startswith(("{", ":")) or re.match(r"try\b", rest) is not None


def flags_of_command(entry: dict[str, Any]) -> list[str]:
    """The parser flags of a `compile_commands.json` entry: its arguments less the compiler,
    `-c`, `-o FILE` and the file itself, relative include paths made absolute."""
    args = entry.get("arguments") or shlex.split(entry.get("command", ""))
    directory = Path(entry.get("directory", "."))
    source = str(directory / entry["file"])
    out: list[str] = []
    skip = False
    for arg in args[1:]:
        if skip:
            skip = False
            continue
        if arg in ("-c", "-MD", "-MMD") or arg.startswith(("-W", "-fdiagnostics")):
            continue
        if arg in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if arg in (entry["file"], source):
            continue
        flag = arg
        for prefix in ("-I", "-isystem", "-iquote"):
            if arg.startswith(prefix) and len(arg) > len(prefix):
                flag = prefix + str(directory / arg[len(prefix) :])
        out.append(flag)
    return out


# -- units ---------------------------------------------------------------------------------------


def repo_files(root: Path) -> list[str]:
    """Repository-relative paths of the C/C++ sources and headers (the walker's excluded
    directories and dot-directories left out)."""
    found: list[str] = []
    for directory, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not is_excluded_dir(d))
        found.extend(
            str((Path(directory) / name).relative_to(root))
            for name in sorted(files)
            if Path(name).suffix.lower() in C_SOURCES | CPP_SOURCES | HEADERS
        )
    return found


def compiler_include() -> list[str]:
    try:
        done = subprocess.run(
            ["gcc", "-print-file-name=include"],
            check=False,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return []
    found = done.stdout.strip()
    return ["-isystem", found] if found and Path(found).is_dir() else []


def units_of(root: Path, files: list[str], cpp_headers: bool) -> list[Unit]:
    """The translation units: `compile_commands.json`'s, else every source with default flags."""
    for candidate in (root / "compile_commands.json", root / "build" / "compile_commands.json"):
        if candidate.is_file():
            units = []
            for entry in json.loads(candidate.read_text()):
                path = Path(entry.get("directory", ".")) / entry["file"]
                try:
                    relative = str(path.resolve().relative_to(root))
                except ValueError:
                    continue
                units.append(Unit(relative, flags_of_command(entry)))
            return units
    includes = ["-I" + str(root)] + [
        "-I" + str(root / d)
        for d in sorted({str(Path(f).parent) for f in files})
        if Path(d).name in ("include", "inc")
    ]
    units = []
    for path in files:
        suffix = Path(path).suffix.lower()
        if suffix in C_SOURCES:
            units.append(Unit(path, ["-x", "c", "-std=gnu11", *includes]))
        elif suffix in CPP_SOURCES:
            units.append(Unit(path, ["-x", "c++", "-std=gnu++17", *includes]))
    return units


def header_unit(path: str, root: Path, cpp: bool) -> Unit:
    includes = ["-I" + str(root)]
    language = ["-x", "c++-header", "-std=gnu++17"] if cpp else ["-x", "c-header", "-std=gnu11"]
    return Unit(path, [*language, *includes], header=True)


# -- the walk ------------------------------------------------------------------------------------


class _Reader:
    """Reads units of one repository into an OracleRun."""

    def __init__(self, cindex: Any, root: Path, files: list[str]) -> None:
        self.ci = cindex
        self.root = root
        self.files = files
        self.templates = templates(root)
        self.prefix = str(root) + os.sep
        self.index = cindex.Index.create()
        self.extra: list[str] = []
        self.system = compiler_include()
        self.lines: dict[str, list[str]] = {}
        self.run = OracleRun()
        self.pending: list[tuple[CSite, Any]] = []
        self.function_kinds = {getattr(cindex.CursorKind, k) for k in _FUNCTION_KINDS}
        self.value_kinds = {getattr(cindex.CursorKind, k) for k in _VALUE_KINDS}
        self.scope_kinds = {getattr(cindex.CursorKind, k) for k in _SCOPE_KINDS}
        self.generated: dict[str, str] = {}
        """Repository path -> the text of a header a build generates from its template."""
        self.walked: set[str] = set()
        """Files whose definitions were read (by a later unit too: the same text)."""
        self.needed: set[str] = set()
        """USRs of callees declared in the repository whose definition is still unknown."""

    def relative(self, name: str | None) -> str | None:
        if not name:
            return None
        full = os.path.normpath(name if os.path.isabs(name) else os.path.join(self.root, name))
        return full[len(self.prefix) :] if full.startswith(self.prefix) else None

    def line_text(self, path: str, line: int) -> str:
        lines = self.lines.get(path)
        if lines is None:
            try:
                raw = (self.root / path).read_bytes().decode("latin-1")
            except OSError:  # a header generated from its template, in memory only
                raw = ""
            lines = self.lines[path] = raw.split("\n")
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def parse(self, unit: Unit) -> Any:
        absolute = str(self.root / unit.path)
        tried: set[str] = set()
        for _ in range(MAX_ROUNDS):
            args = [*unit.args, *self.extra, *self.system]
            try:
                tu = self.index.parse(absolute, args=args, unsaved_files=self.generated_files())
            except self.ci.TranslationUnitLoadError as e:
                self.run.errors.append(f"{unit.path}: {e}")
                return None
            missing = [
                m.group(1)
                for d in tu.diagnostics
                if d.severity >= 3 and (m := _MISSING.search(d.spelling))
            ]
            added = False
            for include in missing:
                if include in tried:
                    continue
                tried.add(include)
                found = pick_header(include, self.files)
                if found is None:
                    found = self.generate(include)
                    added = added or found is not None
                if found is not None:
                    flag = "-I" + str(self.root / include_root(found, include))
                    if flag not in self.extra:
                        self.extra.append(flag)
                        added = True
            if not added:
                return tu
        return tu

    def generated_files(self) -> list[tuple[str, str]]:
        return [(str(self.root / p), text) for p, text in sorted(self.generated.items())]

    def generate(self, include: str) -> str | None:
        """A header the build generates (`json.h` from `json.h.cmakein`, `config.h` from
        `config.h.in`): its template (the shallowest of several), made a header by
        `configured`, in memory."""
        for suffix in TEMPLATE_SUFFIXES:
            name = include + suffix
            matching = [t for t in self.templates if t == name or t.endswith("/" + name)]
            if matching:  # several (autoconf's and CMake's): the shallowest
                template = min(matching, key=lambda t: (t.count("/"), t))
                path = template.removesuffix(suffix)
                text = (self.root / template).read_bytes().decode("latin-1")
                self.generated[path] = configured(text)
                return path
        return None

    def read(self, unit: Unit, calls: bool) -> bool:
        """Parse one unit; read its includes, definitions and (`calls`) its call sites, in the
        files no earlier unit read. Whether it parsed."""
        tu = self.parse(unit)
        if tu is None:
            return False
        self.run.units += 1
        errors = [d for d in tu.diagnostics if d.severity >= 3]
        if errors:
            self.run.units_with_errors += 1
            self.run.errors.extend(f"{unit.path}: {d}" for d in errors[:2])
        self.read_includes(tu)
        fresh: set[str] = set()
        for cursor in tu.cursor.get_children():
            path = self.relative(cursor.location.file.name if cursor.location.file else None)
            if path is None or path in self.walked:
                continue
            fresh.add(path)
            self.walk(cursor, calls)
        self.walked |= fresh
        if calls:
            self.run.checked |= fresh
        return True

    def read_includes(self, tu: Any) -> None:
        for inclusion in tu.get_includes():
            source = self.relative(inclusion.source.name if inclusion.source else None)
            if source is None:
                continue
            line = inclusion.location.line
            target = self.relative(inclusion.include.name if inclusion.include else None)
            self.run.answered.setdefault(source, set()).add(line)
            if target is None:
                self.run.outside_includes.setdefault(source, set()).add(line)
            else:
                self.run.includes.setdefault(source, {}).setdefault(target, line)

    def read_definitions(self, unit: Unit) -> None:
        """Parse a unit without function bodies (the faster parse) for the definitions still
        `needed`: a declaration whose text is followed by `{`, `:` or `try` has a body."""
        absolute = str(self.root / unit.path)
        args = [*unit.args, *self.extra, *self.system]
        try:
            tu = self.index.parse(
                absolute, args=args, options=self.ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES
            )
        except self.ci.TranslationUnitLoadError as e:
            self.run.errors.append(f"{unit.path}: {e}")
            return
        self.run.units += 1
        stack = [
            c
            for c in tu.cursor.get_children()
            if self.relative(c.location.file.name if c.location.file else None) is not None
        ]
        while stack:
            node = stack.pop()
            if node.kind in self.function_kinds:
                usr = node.get_usr()
                if usr in self.needed:
                    path = self.relative(node.location.file.name)
                    end = node.extent.end
                    if path is not None and has_body(self.source(path), end.offset):
                        self.run.definitions.setdefault(usr, self.place(node, path))
                        self.needed.discard(usr)
                continue
            stack.extend(node.get_children())

    def place(self, node: Any, path: str) -> Place:
        """A definition's Place, its qualname from its semantic parents."""
        names = [node.spelling]
        parent = node.semantic_parent
        while parent is not None and parent.kind in self.scope_kinds:
            names.append(parent.spelling)
            parent = parent.semantic_parent
        qualname = ".".join(n for n in reversed(names) if n)
        return Place(path, node.extent.start.line, node.location.line, qualname)

    def source(self, path: str) -> str:
        self.line_text(path, 1)
        return "\n".join(self.lines[path])

    def walk(self, cursor: Any, calls: bool) -> None:
        kinds = self.ci.CursorKind
        stack = [cursor]
        while stack:
            node = stack.pop()
            kind = node.kind
            if kind in self.function_kinds and node.is_definition():
                path = self.relative(node.location.file.name if node.location.file else None)
                if path is not None:
                    usr = node.get_usr()
                    if usr not in self.run.definitions:
                        self.run.definitions[usr] = self.place(node, path)
            elif kind == kinds.CALL_EXPR and calls:
                self.call(node)
            stack.extend(reversed(list(node.get_children())))

    def name_location(self, call: Any, constructor: bool) -> tuple[str | None, int, int]:
        """The file, line and column where the callee's name is spelled (a macro argument's
        text, a member's name; a constructor's own location, its children are its arguments),
        libclang's spelling location."""
        kinds = self.ci.CursorKind
        location = call.location
        for child in [] if constructor else call.get_children():
            node = child
            while node.kind == kinds.UNEXPOSED_EXPR:
                inner = list(node.get_children())
                if not inner:
                    break
                node = inner[0]
            if node.kind in (kinds.MEMBER_REF_EXPR, kinds.DECL_REF_EXPR):
                location = node.location
            break
        file, line, column, offset = self.ci.c_object_p(), c_uint(), c_uint(), c_uint()
        self.ci.conf.lib.clang_getSpellingLocation(
            location, byref(file), byref(line), byref(column), byref(offset)
        )
        name = self.ci.File(file).name if file else None
        return self.relative(name), line.value, column.value

    def call(self, node: Any) -> None:
        begin = node.extent.start
        begin_path = self.relative(begin.file.name if begin.file else None)
        if begin_path is None:
            return
        name = node.spelling
        referenced = node.referenced
        if referenced is None:
            self.run.excluded["unresolved"] += 1
            return
        if name.startswith("operator") or referenced.spelling.startswith("operator"):
            self.run.excluded["operator"] += 1
            return
        constructor = referenced.kind == self.ci.CursorKind.CONSTRUCTOR
        path, name_line, column = self.name_location(node, constructor)
        if constructor:
            if path != begin_path:
                self.run.excluded["macro"] += 1
                return
            if not constructed_at(self.line_text(path, name_line), column, name):
                self.run.excluded["implicit"] += 1
                return
            column = 0
        elif path != begin_path or not written_call(self.line_text(path, name_line), column, name):
            self.run.excluded["macro"] += 1
            return
        key = (begin_path, begin.line, begin.column)
        if key in self.run.sites:
            return
        site = CSite(begin_path, begin.line, name_line, column, name, "other")
        site.text = self.line_text(begin_path, begin.line).strip()
        site.decl_kind = referenced.kind.name
        declared = self.relative(
            referenced.location.file.name if referenced.location.file else None
        )
        site.outside = declared is None
        site.declared = declared or ""
        if referenced.kind in self.value_kinds:
            site.kind = "pointer"
        elif referenced.kind in self.function_kinds:
            site.kind = "call"
            site.usr = referenced.get_usr()
            if not site.outside:
                definition = referenced.get_definition()
                if definition is not None:
                    where = self.relative(
                        definition.location.file.name if definition.location.file else None
                    )
                    if where is not None:
                        site.definition = self.place(definition, where)
                if constructor:
                    owner = referenced.semantic_parent
                    owner = owner.get_definition() if owner is not None else None
                    if owner is not None:
                        where = self.relative(
                            owner.location.file.name if owner.location.file else None
                        )
                        if where is not None:
                            site.owner = self.place(owner, where)
        self.run.sites[key] = site


def run_oracle(
    root: Path,
    sample: int,
    seed: int,
    only: Collection[str] | None = None,
    max_definition_units: int = 400,
) -> OracleRun:
    """Parse the repository's units (shuffled, seeded) and read their calls until `sample`
    sites (0: all); then, while a callee declared in the repository has no definition found,
    up to `max_definition_units` of the others without function bodies (those named like a
    file declaring one first: `foo.h` -> `foo.cpp`). `only`: the files whose calls are read,
    as units or headers (the files the graph holds), else all."""
    cindex = load_clang()
    files = repo_files(root)
    cpp = any(Path(f).suffix.lower() in CPP_SOURCES for f in files)
    reader = _Reader(cindex, root, files)
    units = units_of(root, files, cpp)
    if only is not None:
        units = [u for u in units if u.path in only]
    random.Random(seed).shuffle(units)
    count = 0
    for unit in units:
        if sample and len(reader.run.sites) >= sample:
            break
        reader.read(unit, calls=True)
        count += 1
    included = {t for targets in reader.run.includes.values() for t in targets}
    headers = [
        f
        for f in files
        if Path(f).suffix.lower() in HEADERS
        and f not in included
        and f not in reader.walked
        and (only is None or f in only)
    ]
    random.Random(seed).shuffle(headers)
    for path in headers:
        if sample and len(reader.run.sites) >= sample:
            break
        reader.read(header_unit(path, root, cpp), calls=True)
    definitions = reader.run.definitions
    reader.needed = {
        s.usr
        for s in reader.run.sites.values()
        if s.kind == "call" and s.definition is None and not s.outside and s.usr
    } - definitions.keys()
    stems = {
        Path(s.declared).stem
        for s in reader.run.sites.values()
        if s.usr in reader.needed and s.declared
    }
    rest = sorted(units[count:], key=lambda u: Path(u.path).stem not in stems)
    for unit in rest[:max_definition_units]:
        if not reader.needed:
            break
        reader.read_definitions(unit)
    for site in reader.run.sites.values():
        if site.kind == "call" and site.definition is None and site.usr:
            site.definition = definitions.get(site.usr)
    return reader.run


def iter_sites(run: OracleRun) -> Iterator[CSite]:
    return iter(sorted(run.sites.values(), key=lambda s: (s.path, s.line, s.column)))
