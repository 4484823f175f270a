"""Python name resolution, the part that depends on one file only.

From a file's extraction (symbols, calls, bases, imports and scope facts) this builds

* one request per call and base, whose `expr` says what the reference means in terms the
  whole repo can answer later (`coderooms.languages.python.resolver`): where its first name is
  bound, then the attribute steps and calls that follow;
* the file's **module table** (`names`): what other files can ask of it — its module-level
  import bindings, star imports and `__all__`, the values of its module variables and class
  attributes, what its functions return, its classes' bases, its properties.

Scoping follows Python: a name in a function is local when the function binds it anywhere
(assignment, parameter, loop or `with` target, function-local import, nested `def`), unless it is
declared `global`; class bodies are not a scope for the functions inside them; then the module,
then builtins. A use of a local sees the last binding above it in the function (the one they all
agree on when it is above all of them: a loop, a closure); its value is followed when that
binding writes one down (`x = Foo()`, `p: Foo`, `with Foo() as x`, `except E as e`), else it is
unknown, and so is what is reached through it.

An expression (`expr`) is `start|steps`:

* start `n<name>` — a name of the file's own module namespace (definitions, imports, star
  imports, builtins); `s<qualname>` — a class or function defined in this file (`cls`, a nested
  `def`); `i<qualname>` — an instance of a class of this file (`self`); `m<level>:<module>` — a
  module imported inside a function;
* steps `.name` (attribute), `()` (call: a class gives an instance, a function what it returns),
  `^` (`super()`: the classes after this one in the method resolution order).

`self.foo.bar` in a method of `Cart` becomes `iCart|.foo.bar`; `flask.url_for` after
`import flask` becomes `nflask|.url_for`.
"""

from __future__ import annotations

import builtins
import functools
import re
from collections import defaultdict
from dataclasses import dataclass, field

from coderooms.core.kinds import SymbolKind
from coderooms.resolution.extraction import (
    CALLS,
    INHERITS,
    Extraction,
    FactKind,
    ImportRef,
    ScopeFact,
)

BUILTINS = frozenset(dir(builtins))
PROPERTY_DECORATORS = frozenset(
    {"property", "cached_property", "functools.cached_property", "abc.abstractproperty"}
)
CLASS_METHOD_DECORATORS = frozenset({"classmethod"})
UNKNOWN = "?"
MAX_DEPTH = 8
"""Locals followed through other locals at most this deep (`a = b; b = c; ...`)."""

_HEAD = re.compile(r"\w+")
_STEP = re.compile(r"\.(\w+)|\(\)|\^|\[\]|\{\}")
_ANNOTATION_WRAPPERS = frozenset(
    {"Optional", "ClassVar", "Final", "Annotated", "Required", "NotRequired", "ReadOnly"}
)
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_TYPE_OF = re.compile(r"(?:[\w.]+\.)?(?:type|Type)\[(.*)\]", flags=re.DOTALL)
_CONTAINERS = frozenset(
    {
        "list", "List", "Sequence", "MutableSequence", "Iterable", "Iterator", "Collection",
        "set", "Set", "frozenset", "FrozenSet", "AbstractSet", "MutableSet", "deque", "Deque",
        "Generator", "AsyncIterator", "AsyncIterable", "AsyncGenerator", "Reversible",
    }
)  # fmt: skip
"""Annotations whose first argument is the type of their elements (`list[Foo]`)."""
_CALLABLE_KINDS = (SymbolKind.CLASS, SymbolKind.INTERFACE, SymbolKind.FUNCTION, SymbolKind.METHOD)


@dataclass(frozen=True, slots=True)
class Expr:
    """A start and its steps, as `encode` writes them; or alternatives (`a or b`, `a if c else
    b`), encoded joined by `~`: the value is known when they all give the same one."""

    start: str
    steps: str = ""
    alternatives: tuple[Expr, ...] = ()

    def then(self, steps: str) -> Expr:
        if self.alternatives:
            return Expr("", "", tuple(a.then(steps) for a in self.alternatives))
        return Expr(self.start, self.steps + steps)

    def encode(self) -> str:
        if self.alternatives:
            return "~".join(a.encode() for a in self.alternatives)
        return f"{self.start}|{self.steps}"


UNKNOWN_EXPR = "?"
"""An edge's `expr` when the reference's meaning is unknown (see `stored_expr`)."""


def stored_expr(ref: str, expr: str | None) -> str | None:
    """What an edge stores of a reference's expr: nothing when it is what the written chain
    says at module level (`flask.url_for` -> `nflask|.url_for`, most references), `?` when it is
    unknown, else the expr."""
    if expr is None:
        return UNKNOWN_EXPR
    return None if expr == _plain_expr(ref) else expr


def loaded_expr(ref: str, stored: str | None) -> str | None:
    """The expr of a reference from what its edge stores (see `stored_expr`)."""
    if stored is None:
        return _plain_expr(ref)
    return None if stored == UNKNOWN_EXPR else stored


def _plain_expr(ref: str) -> str | None:
    split = chain_steps(ref)
    return f"n{split[0]}|{split[1]}" if split is not None and split[0] != "super()" else None


@functools.lru_cache(maxsize=65536)
def decode_expr(text: str) -> tuple[str, tuple[str, ...]]:
    """`nfoo|.a().b` -> ("nfoo", (".a", "()", ".b"))."""
    start, _, steps = text.partition("|")
    return start, tuple(m.group(0) for m in _STEP.finditer(steps))


def chain_steps(chain: str) -> tuple[str, str] | None:
    """A written chain split into its head and steps: `a.b().c` -> ("a", ".b().c");
    `super().m` -> ("super()", ".m"); None for a chain that starts with no name."""
    if not chain or chain.startswith(UNKNOWN):
        return None
    head = _HEAD.match(chain)
    if head is None:
        return None
    name = head.group(0)
    rest = chain[head.end() :]
    if name == "super" and rest.startswith("()"):
        return "super()", rest[2:]
    return name, rest


def annotation_type(written: str | None) -> str | None:
    """The class an annotation names, as a dotted chain: `Foo`, `"pkg.Foo"`, `Optional[Foo]`,
    `Foo | None`, `Annotated[Foo, ...]`; None for anything else (containers, unions of types,
    literals)."""
    if not written:
        return None
    text = written.strip()
    for _ in range(4):
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
            text = text[1:-1].strip()
            continue
        parts = _top_level_split(text, "|")
        if len(parts) > 1:
            kept = [p for p in parts if p != "None"]
            if len(kept) != 1:
                return None
            text = kept[0]
            continue
        match = re.fullmatch(r"([\w.]+)\[(.*)\]", text, flags=re.DOTALL)
        if match is None:
            break
        wrapper = match.group(1).rsplit(".", 1)[-1]
        args = _top_level_split(match.group(2), ",")
        if wrapper == "Union":
            kept = [a for a in args if a != "None"]
            if len(kept) != 1:
                return None
            text = kept[0]
        elif wrapper in _ANNOTATION_WRAPPERS and args:
            text = args[0]
        else:
            return None
    return text if _DOTTED.fullmatch(text) else None


def annotated(written: str | None) -> str | None:
    """The value an annotation declares, as a chain: an instance (`Foo()`) for `Foo`, the class
    itself (`Foo`) for `type[Foo]`; None when it names no class."""
    if not written:
        return None
    text = written.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1].strip()
    match = _TYPE_OF.fullmatch(text)
    if match is not None:
        return annotation_type(match.group(1))
    container = re.fullmatch(r"([\w.]+)\[(.*)\]", text, flags=re.DOTALL)
    if container is not None and container.group(1).rsplit(".", 1)[-1] in _CONTAINERS:
        args = _top_level_split(container.group(2), ",")
        element = annotated(args[0]) if args else None
        return f"{element}{{}}" if element and element.endswith("()") else None
    if container is not None and container.group(1).rsplit(".", 1)[-1] == "tuple":
        args = _top_level_split(container.group(2), ",")
        element = annotated(args[0]) if len(args) == 2 and args[1] == "..." else None
        return f"{element}{{}}" if element and element.endswith("()") else None
    typed = annotation_type(text)
    return f"{typed}()" if typed else None


def _top_level_split(text: str, separator: str) -> list[str]:
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for ch in text:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == separator and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    parts.append("".join(current).strip())
    return parts


# -- scopes ---------------------------------------------------------------------------------------


Picked = tuple[int, str | None, "Expr | None", str | None]
"""A binding a use sees: (line, chain, import expression, import label); chain and import both
None: its value is unknown."""


@dataclass(slots=True)
class _Binding:
    """What a name is bound to in a scope, line by line: written chains to follow (None:
    unknown), imports (already an `Expr`, with the label a ghost is named by)."""

    chains: list[tuple[int, str | None]] = field(default_factory=list)
    imports: list[tuple[int, Expr, str]] = field(default_factory=list)

    def pick(self, line: int | None) -> Picked | None:
        """The binding a use at `line` sees: the last one above it; for a use above every
        binding (a loop, a closure) or at no line, the one they all agree on (None: the name
        is never bound here)."""
        entries: list[Picked] = sorted(
            [(at, chain, None, None) for at, chain in self.chains]
            + [(at, None, expr, label) for at, expr, label in self.imports],
            key=lambda entry: entry[0],
        )
        if not entries:
            return None
        if line is not None:
            before = [entry for entry in entries if entry[0] < line]
            if before:
                entries = before[-1:]
        if len({(chain, expr) for _, chain, expr, _ in entries}) != 1:
            return (entries[0][0], None, None, None)
        return entries[0]


@dataclass(slots=True)
class _ScopeInfo:
    qual: str
    kind: str
    """`module`, `class` or `function`."""
    parent: str | None
    bound: dict[str, _Binding] = field(default_factory=lambda: defaultdict(_Binding))
    globals: set[str] = field(default_factory=set)
    params: dict[str, tuple[int, str | None, int]] = field(default_factory=dict)
    """name -> (position, annotation, line)."""
    receiver: str | None = None
    """The first parameter of a method (`self`, `cls`), None for static methods and functions."""
    receiver_is_class: bool = False
    decorators: list[str] = field(default_factory=list)
    returns: list[tuple[int, str | None]] = field(default_factory=list)
    annotation: str | None = None


@dataclass(frozen=True, slots=True)
class Meaning:
    """What a written chain means in a scope: the expression (None: unknown) and the label of the
    import its head is bound by (None when not an import), for naming ghosts."""

    expr: Expr | None
    label: str | None = None
    builtin: bool = False


class FileScopes:
    """The scopes of one file and the questions asked of them."""

    def __init__(self, extraction: Extraction) -> None:
        self.kinds: dict[str, SymbolKind] = {s.qualname: s.kind for s in extraction.symbols}
        self.scopes: dict[str, _ScopeInfo] = {"": _ScopeInfo("", "module", None)}
        for symbol in extraction.symbols:
            if symbol.parent is None:
                continue
            kind = "class" if symbol.kind in (SymbolKind.CLASS, SymbolKind.INTERFACE) else None
            if symbol.kind in (SymbolKind.FUNCTION, SymbolKind.METHOD):
                kind = "function"
            if kind is not None:
                self.scopes[symbol.qualname] = _ScopeInfo(symbol.qualname, kind, symbol.parent)
        self.facts = extraction.facts
        for fact in extraction.facts:
            self._add(fact)
        for ref in extraction.imports:
            self._import(ref)
        for info in self.scopes.values():
            if info.kind == "function":
                self._receiver(info)
        self._following: set[tuple[str, str, int]] = set()
        self._heads: dict[tuple[str, str], Meaning] = {}

    def scope(self, qual: str) -> _ScopeInfo:
        found = self.scopes.get(qual)
        if found is not None:
            return found
        # a fact in a definition that is no symbol (a repeated qualname): its nearest known one
        while qual and qual not in self.scopes:
            qual = qual.rpartition(".")[0]
        return self.scopes.get(qual, self.scopes[""])

    def _add(self, fact: ScopeFact) -> None:
        info = self.scope(fact.scope)
        kind = fact.kind
        if kind == FactKind.ASSIGN:
            if "." in fact.name:
                return  # `self.x = ...`: a class attribute (see _attribute_values)
            typed = annotated(fact.annotation)
            info.bound[fact.name].chains.append((fact.line, typed or fact.value))
        elif kind == FactKind.BIND:
            info.bound[fact.name].chains.append((fact.line, None))
        elif kind == FactKind.PARAM:
            info.params.setdefault(fact.name, (fact.index, fact.annotation, fact.line))
        elif kind == FactKind.GLOBAL:
            info.globals.add(fact.name)
        elif kind == FactKind.RETURN:
            info.returns.append((fact.line, fact.value))
        elif kind == FactKind.RETURNS:
            info.annotation = fact.annotation
        elif kind == FactKind.DECORATOR and fact.value is not None:
            info.decorators.append(fact.value)

    def _import(self, ref: ImportRef) -> None:
        if ref.module == "__future__":
            return
        info = self.scope(ref.scope)
        label = "." * ref.level + ref.module
        module = f"m{ref.level}:{ref.module}"
        line = ref.line
        if not ref.names:
            if ref.alias:
                info.bound[ref.alias].imports.append((line, Expr(module), label))
            else:
                head = ref.module.split(".", 1)[0]
                info.bound[head].imports.append((line, Expr(f"m{ref.level}:{head}"), head))
            return
        aliases = ref.aliases if len(ref.aliases) == len(ref.names) else (None,) * len(ref.names)
        for name, alias in zip(ref.names, aliases, strict=True):
            if name == "*":
                continue
            item_label = f"{label}.{name}" if ref.module else f"{label}{name}"
            info.bound[alias or name].imports.append((line, Expr(module, f".{name}"), item_label))

    def _receiver(self, info: _ScopeInfo) -> None:
        parent = self.scopes.get(info.parent or "")
        if parent is None or parent.kind != "class" or "staticmethod" in info.decorators:
            return
        for name, (index, _, _) in info.params.items():
            if index == 0:
                info.receiver = name
        name = info.qual.rsplit(".", 1)[-1]
        info.receiver_is_class = any(
            d in CLASS_METHOD_DECORATORS for d in info.decorators
        ) or name in ("__new__", "__init_subclass__", "__class_getitem__")

    def owner(self, qual: str) -> str | None:
        """The class a method (or a function nested in one) belongs to."""
        info = self.scope(qual)
        while info.kind == "function":
            parent = self.scopes.get(info.parent or "")
            if parent is None:
                return None
            if parent.kind == "class":
                return parent.qual
            info = parent
        return info.qual if info.kind == "class" else None

    def _receiver_owner(self, qual: str, name: str) -> str | None:
        """The class `name` stands for when it is the receiver of an enclosing method."""
        info = self.scope(qual)
        while info.kind == "function":
            if name in info.params or name in info.bound:
                if info.receiver == name:
                    parent = self.scopes.get(info.parent or "")
                    return parent.qual if parent is not None else None
                return None
            parent = self.scopes.get(info.parent or "")
            if parent is None or parent.kind != "function":
                return None
            info = parent
        return None

    # -- meaning of a chain ---------------------------------------------------------------------

    def depends_on_line(self, name: str, scope: str) -> bool:
        """Whether what `name` means in `scope` depends on where it is used: it has bindings
        there that disagree, or is a parameter rebound later."""
        info = self.scope(scope)
        binding = info.bound.get(name)
        if binding is None:
            return False
        values: set[object] = {chain for _, chain in binding.chains}
        values |= {expr for _, expr, _ in binding.imports}
        return len(values) > 1 or (info.kind == "function" and name in info.params)

    def meaning(self, chain: str, scope: str, line: int | None = None, depth: int = 0) -> Meaning:
        """What `chain`, written in `scope` at `line`, refers to (see the module docstring)."""
        if " or " in chain:  # alternatives (`a or b`): known when they all mean the same
            parts = [self.meaning(part, scope, line, depth).expr for part in chain.split(" or ")]
            exprs = [e for e in dict.fromkeys(parts) if e is not None]
            if len(exprs) != len(set(parts)):
                return Meaning(None)  # one of them is unknown
            return Meaning(exprs[0] if len(exprs) == 1 else Expr("", "", tuple(exprs)))
        split = chain_steps(chain)
        if split is None or depth > MAX_DEPTH:
            return Meaning(None)
        head, steps = split
        if head == "super()":
            owner = self.owner(scope)
            return Meaning(Expr(f"s{owner}", "^" + steps) if owner else None)
        found = self._head(head, scope, line, depth)
        if found.expr is None:
            return found
        return Meaning(found.expr.then(steps), found.label, found.builtin)

    def _head(self, name: str, scope: str, line: int | None, depth: int) -> Meaning:
        if line is None and not self._following:
            key = (name, scope)
            found = self._heads.get(key)
            if found is None:
                found = self._heads[key] = self._head_now(name, scope, None, depth)
            return found
        return self._head_now(name, scope, line, depth)

    def _head_now(self, name: str, scope: str, line: int | None, depth: int) -> Meaning:
        info = self.scope(scope)
        first = True
        while info.kind != "module":
            if name in info.globals:
                break
            if info.kind == "function" or first:
                local = self._local(info, name, line if first else None, depth)
                if local is not None:
                    return local
            first = False
            info = self.scopes.get(info.parent or "", self.scopes[""])
        module = self.scopes[""]
        binding = module.bound.get(name)
        label = None
        if binding is not None and binding.imports and not binding.chains:
            label = binding.imports[0][2]
        defined = name in self.kinds or (
            binding is not None and bool(binding.imports or binding.chains)
        )
        return Meaning(Expr(f"n{name}"), label, builtin=not defined and name in BUILTINS)

    def _local(self, info: _ScopeInfo, name: str, line: int | None, depth: int) -> Meaning | None:
        """The meaning of `name` bound in `info` itself (None: not bound there)."""
        qual = f"{info.qual}.{name}" if info.qual else name
        binding = info.bound.get(name)
        picked = binding.pick(line) if binding is not None else None
        param = info.params.get(name) if info.kind == "function" else None
        if param is not None and (picked is None or (line is not None and picked[0] >= line)):
            if name == info.receiver:
                owner = self.scopes.get(info.parent or "")
                if owner is None:
                    return Meaning(None)
                start = "s" if info.receiver_is_class else "i"
                return Meaning(Expr(f"{start}{owner.qual}"))
            typed = annotated(param[1])
            if typed is None:
                return Meaning(None)
            return self._follow(typed, info.parent or "", None, depth, (info.qual, name, 0))
        if picked is None:
            if self.kinds.get(qual) in _CALLABLE_KINDS:
                return Meaning(Expr(f"s{qual}"))
            return None
        at, chain, expr, label = picked
        if expr is not None:
            return Meaning(expr, label)
        if chain is None:
            return Meaning(None)
        return self._follow(chain, info.qual, at, depth, (info.qual, name, at))

    def _follow(
        self, chain: str, scope: str, line: int | None, depth: int, key: tuple[str, str, int]
    ) -> Meaning:
        if key in self._following:
            return Meaning(None)
        self._following.add(key)
        try:
            # what a local holds is named by what it is asked, not by where its value came from
            return Meaning(self.meaning(chain, scope, line, depth + 1).expr)
        finally:
            self._following.discard(key)

    # -- the module table -----------------------------------------------------------------------

    def table(self, extraction: Extraction) -> list[str]:
        """The module table entries (sorted; see `coderooms.languages.python.resolver` for how
        they are read): `i`/`f` import bindings, `*` star imports, `a` `__all__`, `v` values,
        `r` returns, `b` bases, `p` properties."""
        entries: set[str] = set()
        module = self.scopes[""]
        for ref in extraction.imports:
            if ref.scope or ref.module == "__future__":
                continue
            if ref.names == ("*",):
                entries.add(f"*{ref.level}:{ref.module}")
        for name, binding in sorted(module.bound.items()):
            if binding.imports:
                _, expr, _ = min(binding.imports, key=lambda entry: entry[0])
                entries.add(_binding_entry(name, expr))
            if binding.chains and name in self.kinds and not binding.imports:
                value = self._value([chain for _, chain in binding.chains], "", name)
                if value is not None:  # a variable with no entry has an unknown value
                    entries.add(f"v{name}={value.encode()}")
        all_names = self._all_names()
        if all_names is not None:
            entries.add("a" + ",".join(all_names))
        for (qual, name), value in self._attribute_values().items():
            entries.add(f"v{qual}.{name}={value.encode() if value else ''}")
        for qual, info in self.scopes.items():
            if info.kind != "function":
                continue
            returned = self._returns(info)
            if returned is not None:
                entries.add(f"r{qual}={returned.encode()}")
            if any(d in PROPERTY_DECORATORS for d in info.decorators):
                entries.add(f"p{qual}")
        bases: dict[str, list[str]] = defaultdict(list)
        for inherit in extraction.inherits:
            if inherit.child in self.scopes:
                found = self.base(inherit.child, inherit.base)
                bases[inherit.child].append(found.expr.encode() if found.expr else UNKNOWN)
        for qual, written in bases.items():
            entries.add(f"b{qual}=" + ";".join(written))
        return sorted(entries)

    def base(self, child: str, base: str) -> Meaning:
        """A base class as written, looked up where the class statement is (its parent)."""
        info = self.scope(child)
        return self.meaning(base, info.parent or "")

    def _value(self, chains: list[str | None], scope: str, name: str) -> Expr | None:
        if len(set(chains)) != 1 or chains[0] is None:
            return None
        return self._follow(chains[0], scope, None, 0, (scope, name, 0)).expr

    def _all_names(self) -> list[str] | None:
        found: list[str] | None = None
        for fact in self.facts:
            if fact.kind == FactKind.ALL and fact.scope == "" and fact.value is not None:
                names = [n for n in fact.value.split(",") if n]
                found = (found or []) + names
        return sorted(set(found)) if found is not None else None

    def _attribute_values(self) -> dict[tuple[str, str], Expr | None]:
        """Class attributes: annotated or assigned in the class body, or through `self.x` /
        `cls.x` in its methods; an annotation wins over assignments, and assignments that
        disagree give an unknown value."""
        declared: dict[tuple[str, str], Expr | None] = {}
        assigned: dict[tuple[str, str], list[Expr | None]] = defaultdict(list)
        for fact in self.facts:
            if fact.kind != FactKind.ASSIGN:
                continue
            info = self.scope(fact.scope)
            if "." in fact.name:
                receiver, _, name = fact.name.partition(".")
                owner = self._receiver_owner(fact.scope, receiver)
                if owner is None:
                    continue
                scope, types_scope = fact.scope, fact.scope
            elif info.kind == "class":
                owner, name, scope = info.qual, fact.name, info.qual
                types_scope = info.parent or ""
                if f"{owner}.{name}" in self.kinds:
                    continue  # a method or nested class of that name is the member
            else:
                continue
            key, line = (owner, name), fact.line
            typed = annotated(fact.annotation)
            if typed is not None:
                declared[key] = self.meaning(typed, types_scope).expr
            else:
                value = self.meaning(fact.value, scope, line).expr if fact.value else None
                assigned[key].append(value)
        found: dict[tuple[str, str], Expr | None] = {}
        for key, values in assigned.items():
            found[key] = values[0] if len(set(values)) == 1 else None
        found.update(declared)
        return found

    def _returns(self, info: _ScopeInfo) -> Expr | None:
        typed = annotated(info.annotation)
        if typed is not None and self._returns_self(info, typed):
            owner = self.scopes.get(info.parent or "")
            return Expr(f"i{owner.qual}") if owner is not None else None
        if typed is not None:
            return self.meaning(typed, info.parent or "").expr
        if info.annotation is not None or not info.returns:
            return None
        values = {chain for _, chain in info.returns}
        if len(values) != 1 or None in values:
            return None
        line, chain = info.returns[0]
        return self.meaning(chain or "", info.qual, line).expr

    def _returns_self(self, info: _ScopeInfo, typed: str) -> bool:
        """`-> Self`, or `def m(self: T) -> T`: the method returns its receiver's type."""
        if info.receiver is None:
            return False
        name = typed.removesuffix("()")
        if name.rsplit(".", 1)[-1] == "Self":
            return True
        receiver = info.params.get(info.receiver)
        written = annotation_type(receiver[1]) if receiver is not None else None
        return written is not None and written == name


def _binding_entry(name: str, expr: Expr) -> str:
    """`i<name>=<level>:<module>` binds a module; `f<name>=<level>:<module>:<item>` a name taken
    from one."""
    module = expr.start[1:]
    if expr.steps:
        return f"f{name}={module}:{expr.steps[1:]}"
    return f"i{name}={module}"


# -- the file's requests ----------------------------------------------------------------------


def python_references(
    extraction: Extraction,
) -> tuple[list[tuple[str, str, str, int, int, str | None, str]], list[str]]:
    """Per reference (source, kind, ref): its first line, its count of sites, its expr (None
    when its sites mean different things) and its ghost name; and the module table. `source`
    is `""` for a caller that is no symbol (a repeated qualname)."""
    scopes = FileScopes(extraction)
    sites = [(c.caller, CALLS, c.callee, c.line) for c in extraction.calls]
    sites += [(i.child, INHERITS, i.base, i.line) for i in extraction.inherits]
    lines: dict[tuple[str, str, str], list[int]] = {}
    for written, kind, ref, line in sites:
        source = written if written in scopes.kinds else ""
        if source != written and kind == INHERITS:
            continue
        lines.setdefault((source, kind, ref), []).append(line)
    found: list[tuple[str, str, str, int, int, str | None, str]] = []
    for (source, kind, ref), at in lines.items():
        parts = _names(ref)
        if not parts:
            continue
        meaning = _meaning_of(scopes, source, kind, ref, parts, at)
        expr = meaning.expr.encode() if meaning is not None and meaning.expr else None
        found.append((source, kind, ref, min(at), len(at), expr, _ghost_name(parts, meaning)))
    return found, scopes.table(extraction)


def _meaning_of(
    scopes: FileScopes, source: str, kind: str, ref: str, parts: list[str], lines: list[int]
) -> Meaning | None:
    """What a reference means at all its sites: one meaning, or unknown (keeping the import
    label) when its sites see different bindings."""
    if kind == INHERITS:
        return scopes.base(source, ref)
    if parts[0] == UNKNOWN:
        return None
    if not scopes.depends_on_line(parts[0], source):
        return scopes.meaning(ref, source)
    meanings = {scopes.meaning(ref, source, line) for line in sorted(set(lines))}
    if len(meanings) == 1:
        return meanings.pop()
    labels = {m.label for m in meanings}
    return Meaning(None, labels.pop() if len(labels) == 1 else None)


def _names(ref: str) -> list[str]:
    """The names of a written chain, calls and subscripts left out (`a.b().c[]` -> a, b, c)."""
    return [p for p in ref.replace("()", "").replace("[]", "").split(".") if p]


def _ghost_name(parts: list[str], meaning: Meaning | None) -> str:
    """What a reference that nothing in the repo answers is called: the import it goes through
    (`numpy.array`), the builtin (`len`), else the name asked for."""
    if meaning is not None and meaning.label is not None:
        rest = parts[1:]
        return ".".join([meaning.label.lstrip("."), *rest]).strip(".")
    if meaning is not None and meaning.builtin:
        return ".".join(parts)
    return parts[-1]
