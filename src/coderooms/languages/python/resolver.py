"""Python name resolution across files: what an expression of `scope` refers to.

The evaluator follows Python's own rules over what the repo's files say of themselves (their
symbols and module tables, see `scope`):

* **modules** resolve the way `sys.path` does for an installed project: a relative import from
  the importing file's package; an absolute one first from the importing file's base directory
  (the first directory up from it without an `__init__.py`: what a script or test runner puts
  first on `sys.path`), then the standard library (a top-level name in
  `sys.stdlib_module_names` found nowhere before it is the standard library's, never a repo file
  of the same name), then the project roots: each directory holding a `pyproject.toml`,
  `setup.py` or `setup.cfg` (and the repo root), its `src/` first. A package directory wins over
  a module file of the same name, as in Python;
* **a module's names**: its classes and functions, then its import bindings (followed through
  re-exports, however many), then its module variables (their value when one is known), then
  its star imports (their `__all__` when they have one, else their public names); a bare name
  not found there is a builtin when Python has one of that name;
* **attributes**: of a module, its names, then its submodules; of a class or an instance, the
  members of the classes in its method resolution order (the in-repo bases, depth first, left to
  right), a member being a method, a nested class or an attribute whose value is known; a
  property's value is what its getter returns;
* **calls**: a class gives an instance of it, a function what its return annotation (or every
  `return`) says.

What cannot be followed (a base or module outside the repo, a value nobody wrote down) is
external or unknown: the reference becomes a ghost, never a guess by name.

Every evaluation records its **keys**: the names it looked up in files other than the
reference's own (a changeset that changes what such a file binds under one of those names
re-resolves it) and the module stems it resolved through other files' imports (`@helpers`: a
file of that stem appearing or going, or that module's star list changing, re-resolves it).
What the reference's own file imports needs no key: a file appearing or going re-resolves every
reference of the files importing its stem (`import_stems`).
"""

from __future__ import annotations

import posixpath
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from coderooms.languages.python.scope import BUILTINS, decode_expr
from coderooms.resolution.keys import encode_key
from coderooms.resolution.waves import DIRECTORY, Missing, all_of, first_found

PROJECT_MARKERS = frozenset({"pyproject.toml", "setup.py", "setup.cfg"})
STDLIB = frozenset(sys.stdlib_module_names)
CLASS_KINDS = frozenset({"Class", "Interface"})
FUNCTION_KINDS = frozenset({"Function", "Method"})

TYPED, INHERITED, IMPORTED, EXTERNAL_BASE = 1, 2, 4, 8
"""Flags of how an evaluation went (the first three choose the edge's `via`); EXTERNAL_BASE
marks a method resolution order with a base outside the repo (or unknown)."""


MAX_NESTED = 100
"""Questions open at once (a class's bases' bases..., a name assigned a name assigned...):
past it the answer is unknown, not a RecursionError that stops the whole ingest (a chain of
480 classes, each the base of the next one across files, did)."""


@dataclass(frozen=True, slots=True)
class PythonTable:
    imports: dict[str, tuple[int, str, str | None]] = field(default_factory=dict)
    stars: tuple[tuple[int, str], ...] = ()
    all: frozenset[str] | None = None
    values: dict[str, str | None] = field(default_factory=dict)
    returns: dict[str, str] = field(default_factory=dict)
    bases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    properties: frozenset[str] = frozenset()

    @staticmethod
    def decode(entries: Iterable[str]) -> PythonTable:
        imports: dict[str, tuple[int, str, str | None]] = {}
        stars: list[tuple[int, str]] = []
        all_names: frozenset[str] | None = None
        values: dict[str, str | None] = {}
        returns: dict[str, str] = {}
        bases: dict[str, tuple[str, ...]] = {}
        properties: set[str] = set()
        for entry in entries:
            tag, body = entry[:1], entry[1:]
            if tag in ("i", "f"):
                name, _, spec = body.partition("=")
                level, _, rest = spec.partition(":")
                if tag == "i":
                    imports[name] = (int(level), rest, None)
                else:
                    module, _, item = rest.rpartition(":")
                    imports[name] = (int(level), module, item)
            elif tag == "*":
                level, _, module = body.partition(":")
                stars.append((int(level), module))
            elif tag == "a":
                all_names = frozenset(n for n in body.split(",") if n)
            elif tag in ("v", "r", "b"):
                qual, _, expr = body.partition("=")
                if tag == "v":
                    values[qual] = expr or None
                elif tag == "r":
                    returns[qual] = expr
                else:
                    bases[qual] = tuple(expr.split(";"))
            elif tag == "p":
                properties.add(body)
        return PythonTable(
            imports, tuple(stars), all_names, values, returns, bases, frozenset(properties)
        )


@dataclass(frozen=True, slots=True)
class ModuleData:
    """What the resolver knows of one Python file: its symbols' kinds and its module table."""

    path: str
    kinds: dict[str, str]
    table: PythonTable


class ModuleStore:
    """The Python files resolution may ask about. `complete`: it holds every file of the repo
    (a full ingest), so a path it lacks does not exist; otherwise a path it lacks is `Missing`
    until loaded (`add`, `absent`)."""

    def __init__(self, *, complete: bool) -> None:
        self.complete = complete
        self.files: dict[str, ModuleData | None] = {}
        self.dirs: dict[str, bool] = {}
        self.project_dirs: tuple[str, ...] = ("",)

    def add(self, data: ModuleData) -> None:
        self.files[data.path] = data

    def absent(self, path: str) -> None:
        self.files[path] = None

    def add_paths(self, paths: Iterable[str]) -> None:
        """Files that exist (of any language): their directories exist."""
        for path in paths:
            directory = posixpath.dirname(path)
            while directory and not self.dirs.get(directory):
                self.dirs[directory] = True
                directory = posixpath.dirname(directory)

    def is_dir(self, path: str) -> bool:
        found = self.dirs.get(path)
        if found is not None:
            return found
        if self.complete:
            return False
        raise Missing([DIRECTORY + path])

    def set_project_dirs(self, dirs: Iterable[str]) -> None:
        self.project_dirs = tuple(sorted({"", *dirs}))

    def data(self, path: str) -> ModuleData | None:
        if path in self.files:
            return self.files[path]
        if self.complete:
            return None
        raise Missing([path])

    def exists(self, path: str) -> bool:
        if path in self.files:
            return self.files[path] is not None
        if self.complete:
            return False
        raise Missing([path])


# -- values ---------------------------------------------------------------------------------------
# ("M", path) a module; ("C", path, qual) a class; ("F", path, qual) a function or method;
# ("I", path, qual) an instance of a class; ("S", path, qual) super() in a class;
# ("X",) something outside the repo (a builtin, the standard library, a package); None unknown.

Value = tuple[str, ...] | None
EXTERNAL: Value = ("X",)
NOT_FOUND = ("?",)
"""A name a namespace does not bind (unlike None, a binding whose value is unknown)."""


@dataclass(slots=True)
class Result:
    value: Value
    keys: frozenset[tuple[str, str]] = frozenset()
    flags: int = 0


@dataclass(frozen=True, slots=True)
class Answer:
    """What a reference resolved to: the target symbol's (path, qualname), or None for a ghost;
    how (`via`), and the keys it depends on (outside its own file)."""

    target: tuple[str, str] | None
    via: str
    keys: tuple[str, ...]


class PythonResolver:
    def __init__(self, store: ModuleStore) -> None:
        self.store = store
        self._memo: dict[tuple[object, ...], Result] = {}
        self._keys: dict[
            tuple[frozenset[tuple[str, str]], str, str], tuple[tuple[str, ...], bool]
        ] = {}
        self._active: set[tuple[object, ...]] = set()
        self._tainted = False

    # -- the entry point ------------------------------------------------------------------------

    def resolve(self, expr: str, source: str, inherits: bool, name: str) -> Answer:
        result = self._eval(expr, source)
        value = result.value
        target: tuple[str, str] | None = None
        if (value is not None and value[0] == "C") or (
            value is not None and value[0] == "F" and not inherits
        ):
            target = (value[1], value[2])
        cache_key = (result.keys, source, name)
        cached = self._keys.get(cache_key)
        if cached is None:
            found = {key for path, key in result.keys if path != source and key != name}
            foreign_lookup = any(path != source for path, _ in result.keys)
            cached = self._keys[cache_key] = (tuple(sorted(map(encode_key, found))), foreign_lookup)
        keys, foreign_lookup = cached
        if target is None:
            return Answer(None, "ghost", keys)
        foreign = target[0] != source or foreign_lookup
        if result.flags & TYPED:
            via = "typed"
        elif result.flags & INHERITED:
            via = "inherited"
        elif foreign or result.flags & IMPORTED:
            via = "import"
        else:
            via = "local"
        return Answer(target, via, keys)

    def candidates(self, source: str, specs: Iterable[tuple[int, str]]) -> set[str]:
        """Every file resolving these imports of `source` may ask about, whatever its base
        directory turns out to be: what a changeset loads in one go before resolving."""
        ancestors = []
        directory = posixpath.dirname(source)
        while True:
            ancestors.append(directory)
            if not directory:
                break
            directory = posixpath.dirname(directory)
        found = {posixpath.join(d, "__init__.py") for d in ancestors if d}
        found.add(source)
        roots = [*ancestors, *self._roots(source)]
        for level, module in specs:
            relative = module.replace(".", "/")
            if level:
                base = posixpath.dirname(source)
                for _ in range(level - 1):
                    base = posixpath.dirname(base)
                bases = [base]
            else:
                bases = roots
            for base in bases:
                stem = posixpath.join(base, relative) if relative else base
                if stem:
                    found |= {f"{stem}/__init__.py", f"{stem}.py"}
        return found

    def module_of(self, source: str, level: int, module: str) -> str | None:
        """The repo file an import of `module` from `source` loads (None: outside or none)."""
        value = self._module(source, level, module).value
        if value is None or value[0] != "M" or value[1].endswith("/"):
            return None  # outside, or a namespace package: a directory, no file
        return value[1]

    # -- memo -----------------------------------------------------------------------------------

    def _memoized(
        self, key: tuple[object, ...], compute: Callable[..., Result], *args: Any
    ) -> Result:
        found = self._memo.get(key)
        if found is not None:
            return found
        if key in self._active or len(self._active) >= MAX_NESTED:
            self._tainted = True
            return Result(None)
        self._active.add(key)
        outer = self._tainted
        self._tainted = False
        try:
            result = compute(*args)
        finally:
            self._active.discard(key)
        if not self._tainted:
            self._memo[key] = result
        self._tainted = self._tainted or outer
        return result

    # -- expressions ----------------------------------------------------------------------------

    def _eval(self, expr: str, context: str) -> Result:
        key = ("eval", expr, context)
        found = self._memo.get(key)
        return found if found is not None else self._memoized(key, self._eval_now, expr, context)

    def _eval_now(self, expr: str, context: str) -> Result:
        if "~" in expr:  # alternatives: the value they all give, else unknown
            results = [self._eval(part, context) for part in expr.split("~")]
            keys = frozenset().union(*(r.keys for r in results))
            flags = 0
            for result in results:
                flags |= result.flags
            values = {r.value for r in results}
            return Result(values.pop() if len(values) == 1 else None, keys, flags)
        start, steps = decode_expr(expr)
        tag, body = start[:1], start[1:]
        if tag == "n":
            result = self._lookup(context, body)
            if result.value == NOT_FOUND:
                value = EXTERNAL if body in BUILTINS and not self._external_star(context) else None
                result = Result(value, result.keys, result.flags)
        elif tag in ("s", "i"):
            data = self.store.data(context)
            kind = data.kinds.get(body) if data is not None else None
            if kind in CLASS_KINDS:
                result = Result(("C" if tag == "s" else "I", context, body))
            elif kind in FUNCTION_KINDS:
                result = Result(("F", context, body))
            else:
                result = Result(None)
        elif tag == "m":
            level, _, module = body.partition(":")
            result = self._module(context, int(level), module)
        else:
            return Result(None)
        for step in steps:
            value = result.value
            if value is None or value == EXTERNAL:
                break
            if step == "()":
                result = _join(result, self._call(value))
            elif step == "{}":  # a container of what the value is (`list[Foo]`)
                result = Result(("L", *value), result.keys, result.flags)
            elif step == "[]":  # an element of it (`for x in ...`, `xs[0]`)
                result = _join(result, self._element(value))
            elif step == "^":
                if value[0] in ("C", "I"):
                    result = Result(("S", value[1], value[2]), result.keys, result.flags)
                else:
                    result = Result(None, result.keys, result.flags)
            else:
                result = _join(result, self._attribute(value, step[1:]))
        if result.value == NOT_FOUND:
            result = Result(None, result.keys, result.flags)
        return result

    def _external_star(self, path: str) -> bool:
        data = self.store.data(path)
        if data is None:
            return False
        for level, module in data.table.stars:
            value = self._module(path, level, module).value
            if value == EXTERNAL:
                return True
        return False

    # -- modules --------------------------------------------------------------------------------

    def _module(self, source: str, level: int, module: str) -> Result:
        key = ("module", source, level, module)
        found = self._memo.get(key)
        if found is not None:
            return found
        return self._memoized(key, self._module_now, source, level, module)

    def _module_now(self, source: str, level: int, module: str) -> Result:
        parts = [p for p in module.split(".") if p]
        relative = "/".join(parts)
        if level:
            base = posixpath.dirname(source)
            for _ in range(level - 1):
                if not base:
                    return Result(None, frozenset({(source, "@" + (parts[-1] if parts else ""))}))
                base = posixpath.dirname(base)
            stem = parts[-1] if parts else posixpath.basename(base)
            keys = frozenset({(source, "@" + stem)})
            target = posixpath.join(base, relative) if relative else base
            found = self._find(target) or self._namespace(target)
            return Result(("M", found) if found else None, keys, IMPORTED)
        if not parts:
            return Result(None)
        keys = frozenset({(source, "@" + parts[-1])})
        first = self._base_dir(source)
        found = self._find(posixpath.join(first, relative)) or self._bound_module(first, parts)
        if found is None and parts[0] in STDLIB:
            return Result(EXTERNAL, keys)
        roots = self._roots(source)
        if found is None:  # every root's gap in one wave (python_waves)
            found = first_found(
                roots,
                lambda r: self._find(posixpath.join(r, relative)) or self._bound_module(r, parts),
            )
        if found is None:
            # no regular module or package on any root: a namespace package, whose portions
            # are the directories of that name on every root, in order
            portions = all_of(
                [first, *roots], lambda r: self._namespace(posixpath.join(r, relative))
            )
            found = "|".join(dict.fromkeys(p for p in portions if p)) or None
        return Result(("M", found) if found else EXTERNAL, keys, IMPORTED)

    def _bound_module(self, root: str, parts: list[str]) -> str | None:
        """`import os.path` where `os` is a module file that binds `path` to a module (`import
        posixpath as path`): the module that name is bound to, as Python's import finds it."""
        if len(parts) < 2:
            return None
        head = self._find(posixpath.join(root, parts[0]))
        if head is None or posixpath.basename(head) == "__init__.py":
            return None  # a package's submodules are files: looked for as such
        value: Value = ("M", head)
        for part in parts[1:]:
            if value is None or value[0] != "M":
                return None
            value = self._module_attribute(value[1], part).value
        return value[1] if value is not None and value[0] == "M" else None

    def _namespace(self, stem: str) -> str | None:
        """`stem/` when that directory exists (a namespace package), else None."""
        stem = stem.strip("/")
        return f"{stem}/" if stem and self.store.is_dir(stem) else None

    def _find(self, stem: str) -> str | None:
        """`stem/__init__.py` (a package wins) or `stem.py`, whichever exists."""
        stem = stem.strip("/")
        candidates = [f"{stem}/__init__.py", f"{stem}.py"] if stem else ["__init__.py"]
        missing: list[str] = []
        for candidate in candidates:
            try:
                if self.store.exists(candidate):
                    if missing:
                        raise Missing(missing)
                    return candidate
            except Missing as gap:
                missing.extend(gap.paths)
        if missing:
            raise Missing(missing)
        return None

    def _base_dir(self, source: str) -> str:
        directory = posixpath.dirname(source)
        while directory and self.store.exists(f"{directory}/__init__.py"):
            directory = posixpath.dirname(directory)
        return directory

    def _roots(self, source: str) -> list[str]:
        dirs = self.store.project_dirs
        own = sorted(
            (d for d in dirs if not d or source.startswith(d + "/")), key=len, reverse=True
        )
        others = [d for d in dirs if d not in own]
        roots: list[str] = []
        for directory in own + others:
            roots.append(posixpath.join(directory, "src") if directory else "src")
            roots.append(directory)
        return roots

    # -- names of a module ----------------------------------------------------------------------

    def _lookup(self, path: str, name: str) -> Result:
        key = ("lookup", path, name)
        found = self._memo.get(key)
        return found if found is not None else self._memoized(key, self._lookup_now, path, name)

    def _lookup_now(self, path: str, name: str) -> Result:
        keys = frozenset({(path, name)})
        data = self.store.data(path)
        if data is None:
            return Result(None, keys)
        kind = data.kinds.get(name)
        if kind in CLASS_KINDS:
            return Result(("C", path, name), keys)
        if kind in FUNCTION_KINDS:
            return Result(("F", path, name), keys)
        binding = data.table.imports.get(name)
        if binding is not None:
            level, module, item = binding
            found = self._module(path, level, module)
            if item is not None and found.value == ("M", path):
                # `from . import x` in a package's own `__init__.py`: the submodule
                found = _join(found, self._submodule(path, item))
            elif item is not None and found.value is not None and found.value[0] == "M":
                found = _join(found, self._module_attribute(found.value[1], item))
            elif item is not None and found.value is None:
                found = Result(None, found.keys, found.flags)
            return Result(found.value, found.keys | keys, found.flags | IMPORTED)
        if kind is not None:  # a variable: its value, when one is known
            expr = data.table.values.get(name)
            if expr is None:
                return Result(None, keys)
            value = self._eval(expr, path)
            return Result(value.value, value.keys | keys, value.flags)
        return self._star(data, name, keys)

    def _star(self, data: ModuleData, name: str, keys: frozenset[tuple[str, str]]) -> Result:
        # a name the module does not bind itself: its star list (even an empty one) decides.
        # No key of its own: whoever looked into this module resolved it, so holds its module
        # stem (`@pkg`), and a change of its star list touches that stem. But every star module
        # looked into is a key, found there or not, skipped by its `__all__` or for a `_`
        # name or not: that module binding the name later (or listing it in `__all__`) may
        # change the answer, and the touched name finds the reference by that key.
        external = False
        for level, module in reversed(data.table.stars):
            found = self._module(data.path, level, module)
            keys |= found.keys
            if found.value == EXTERNAL:
                external = True
                continue
            if found.value is None or found.value[0] != "M":
                continue
            star = self.store.data(found.value[1])
            if star is None:
                continue
            keys |= {(star.path, name)}
            if star.table.all is not None:
                if name not in star.table.all:
                    continue
            elif name.startswith("_"):
                continue
            inner = self._lookup(star.path, name)
            keys |= inner.keys
            if inner.value != NOT_FOUND or star.table.all is not None:
                value = None if inner.value == NOT_FOUND else inner.value
                return Result(value, keys, inner.flags | IMPORTED)
        return Result(EXTERNAL if external else NOT_FOUND, keys)

    def _module_attribute(self, path: str, name: str) -> Result:
        """`module.name`: a name the module binds, else a submodule of a package."""
        if path.endswith("/"):
            return self._submodule(path, name)
        found = self._lookup(path, name)
        if found.value != NOT_FOUND:
            return found
        return _join(found, self._submodule(path, name))

    def _submodule(self, path: str, name: str) -> Result:
        """The submodule `name` of the package whose `__init__.py` is `path`, or of the
        namespace package `path` (its directories, each ending in `/`, joined by `|`)."""
        if path.endswith("/"):
            directories = [p[:-1] for p in path.split("|")]
        elif posixpath.basename(path) == "__init__.py":
            directories = [posixpath.dirname(path)]
        else:
            return Result(None)
        stems = [posixpath.join(d, name) if d else name for d in directories]
        keys = frozenset({(path, "@" + name)})
        for stem in stems:
            found = self._find(stem)
            if found is not None:
                return Result(("M", found), keys, IMPORTED)
        portions = "|".join(p for p in map(self._namespace, stems) if p)
        return Result(("M", portions) if portions else None, keys, IMPORTED)

    def exported_names(self, path: str) -> set[str]:
        """Every name a star import of `path` may take (what a changed star list touches)."""
        seen: set[str] = set()
        found: set[str] = set()
        pending = [path]
        while pending:
            current = pending.pop()
            if current in seen:
                continue
            seen.add(current)
            data = self.store.data(current)
            if data is None:
                continue
            if data.table.all is not None:
                found |= data.table.all
                continue
            found |= {q for q in data.kinds if q and "." not in q and not q.startswith("_")}
            found |= {n for n in data.table.imports if not n.startswith("_")}
            for level, module in data.table.stars:
                value = self._module(current, level, module).value
                if value is not None and value[0] == "M":
                    pending.append(value[1])
        return found

    # -- attributes and calls -------------------------------------------------------------------

    def _attribute(self, value: tuple[str, ...], name: str) -> Result:
        kind = value[0]
        if kind == "M":
            return self._module_attribute(value[1], name)
        if kind in ("C", "I"):
            return self._member(value[1], value[2], name, 0)
        if kind == "S":
            return self._member(value[1], value[2], name, 1)
        if kind == "F":
            data = self.store.data(value[1])
            if data is not None and value[2] in data.table.properties:
                returned = self._call(value)
                if returned.value is not None and returned.value not in (EXTERNAL, NOT_FOUND):
                    return _join(returned, self._attribute(returned.value, name))
                return returned
        return Result(None)

    def _member(self, path: str, qual: str, name: str, skip: int) -> Result:
        key = ("member", path, qual, name, skip)
        found = self._memo.get(key)
        if found is not None:
            return found
        return self._memoized(key, self._member_now, path, qual, name, skip)

    def _member_now(self, path: str, qual: str, name: str, skip: int) -> Result:
        order = self._mro(path, qual)
        keys = order.keys
        classes = order.value or ()
        for index in range(2 * skip, len(classes), 2):
            owner_path, owner = classes[index], classes[index + 1]
            keys |= {(owner_path, name)}
            data = self.store.data(owner_path)
            if data is None:
                continue
            member = f"{owner}.{name}"
            flags = INHERITED if index else 0
            kind = data.kinds.get(member)
            if kind in CLASS_KINDS:
                return Result(("C", owner_path, member), keys, flags)
            if kind in FUNCTION_KINDS:
                return Result(("F", owner_path, member), keys, flags)
            if member in data.table.values:
                expr = data.table.values[member]
                if expr is None:
                    return Result(None, keys, flags)
                found = self._eval(expr, owner_path)
                return Result(found.value, keys | found.keys, found.flags | flags | TYPED)
        return Result(EXTERNAL if order.flags & EXTERNAL_BASE else None, keys)

    def _mro(self, path: str, qual: str) -> Result:
        """The classes of the method resolution order, flattened (path, qual, path, qual...);
        flag EXTERNAL_BASE when some base is outside the repo or unknown."""
        return self._memoized(("mro", path, qual), self._mro_now, path, qual)

    def _mro_now(self, path: str, qual: str) -> Result:
        keys = frozenset({(path, qual.rsplit(".", 1)[-1])})
        order: list[tuple[str, str]] = [(path, qual)]
        flags = 0
        data = self.store.data(path)
        for base in data.table.bases.get(qual, ()) if data is not None else ():
            if base == "?":
                flags |= EXTERNAL_BASE
                continue
            found = self._eval(base, path)
            keys |= found.keys
            value = found.value
            if value is None or value[0] != "C":
                flags |= EXTERNAL_BASE
                continue
            inner = self._mro(value[1], value[2])
            keys |= inner.keys
            flags |= inner.flags & EXTERNAL_BASE
            items = inner.value or ()
            for i in range(0, len(items), 2):
                pair = (items[i], items[i + 1])
                if pair not in order:
                    order.append(pair)
        flat = tuple(x for pair in order for x in pair)
        return Result(flat, keys, flags)

    def _element(self, value: tuple[str, ...]) -> Result:
        """An element of a container (`list[Foo]`), or what an instance's `__getitem__` (else
        its `__iter__`) gives."""
        if value[0] == "L":
            return Result(value[1:], flags=TYPED)
        if value[0] != "I":
            return Result(EXTERNAL if value == EXTERNAL else None)
        for method in ("__getitem__", "__iter__"):
            member = self._member(value[1], value[2], method, 0)
            if member.value is not None and member.value[0] == "F":
                returned = _join(member, self._call(member.value))
                if method == "__iter__" and returned.value is not None:
                    inner = returned.value
                    returned = Result(inner[1:] if inner[0] == "L" else None, returned.keys,
                                      returned.flags)  # fmt: skip
                return returned
        return Result(None, member.keys)

    def _call(self, value: tuple[str, ...]) -> Result:
        kind = value[0]
        if kind == "C":
            return Result(("I", value[1], value[2]), flags=TYPED)
        if kind == "F":
            data = self.store.data(value[1])
            expr = data.table.returns.get(value[2]) if data is not None else None
            if expr is None:
                return Result(None)
            found = self._eval(expr, value[1])
            returned = found.value
            if returned is not None and returned[0] == "C":
                returned = ("I", returned[1], returned[2])  # `return self`, `return cls`
            keys = found.keys | {(value[1], value[2].rsplit(".", 1)[-1])}
            return Result(returned, keys, found.flags | TYPED)
        if kind == "X":
            return Result(EXTERNAL)
        return Result(None)


def _join(first: Result, second: Result) -> Result:
    return Result(second.value, first.keys | second.keys, first.flags | second.flags)
