"""What extraction produces for one file: plain records, no graph and no database.

Each language module turns a parsed tree into an `Extraction`. Resolution (which symbol a call or
import points at) happens later, across files, so nothing here knows about other files.
The kinds of definition (`SymbolKind`) live in `coderooms.core.kinds`: graph and the rooms that
read it ask by them too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from coderooms.core.kinds import SymbolKind

CALLS = "CALLS"
INHERITS = "INHERITS"
"""The edge types of references (a call; a base class or implemented interface)."""


@dataclass(frozen=True, slots=True)
class SymbolDef:
    """One definition. `qualname` is dotted within the file (`Outer.Inner.method`); the module
    symbol of a file has the empty qualname. `parent` is the qualname of the enclosing definition
    (`""` for top level, `None` only for the module symbol itself). Lines are 1-based, inclusive.
    `doc` is the first sentence of its docstring or leading comment (see `doc_comments`)."""

    kind: SymbolKind
    name: str
    qualname: str
    start_line: int
    end_line: int
    signature: str
    parent: str | None
    doc: str | None = None
    """First sentence of the docstring or leading comment (at most 200 characters), if any."""


@dataclass(frozen=True, slots=True)
class ImportRef:
    """One import as written. `module` is the module spec as the language spells it
    (`os.path`, `./util`, `github.com/x/y`, `crate::a::b`, `java.util.List`); `names` are the
    names taken from it (empty for a whole-module import), as the imported module spells them;
    `alias` the local name bound when the whole module is bound to a name; `level` the count of
    leading dots of a relative import.

    `aliases` gives, entry by entry, the local name each of `names` is bound to where it differs
    from the name itself (None where it does not): `from m import f, h as g` -> names
    ("f", "h"), aliases (None, "g"); JS `import d, {x as y} from "m"` -> names ("default", "x"),
    aliases ("d", "y") (a default import is the name `default` bound to its local name). It is
    either empty (no entry has an alias) or exactly as long as `names`."""

    module: str
    names: tuple[str, ...]
    alias: str | None
    line: int
    level: int = 0
    aliases: tuple[str | None, ...] = ()
    scope: str = ""
    """Qualname of the definition the import statement is in (`""` at module level): a
    function-local import binds its names in that function only."""
    reexport: bool = False
    """JS/TS `export ... from "m"`: the names are exported from this module, not bound in it."""


@dataclass(frozen=True, slots=True)
class CallRef:
    """A call site. `caller` is the qualname of the enclosing definition (`""` at module level);
    `callee` the called expression's name as written, dotted (`foo`, `self.bar`, `mod.fn`)."""

    caller: str
    callee: str
    line: int


@dataclass(frozen=True, slots=True)
class InheritRef:
    """`child` (a class or interface qualname) extends or implements `base` (name as written)."""

    child: str
    base: str
    line: int


MODULE_VALUE = "module.exports"
"""JS/TS: the exported name of a CommonJS module's value (`module.exports = a`)."""


class FactKind(StrEnum):
    """What a `ScopeFact` records (Python: the facts name resolution needs, see
    `coderooms.languages.python.scope`)."""

    ASSIGN = "assign"
    """`name = value` / `name: annotation [= value]`; `name` may be `self.x` or `cls.x`."""
    PARAM = "param"
    """A parameter (`index` its position, `annotation` its annotation, if any)."""
    BIND = "bind"
    """Any other binding of a name whose value is not followed (loop and comprehension
    targets, `except ... as`, walrus, star targets, augmented assignment). JS/TS: a called
    bare name an enclosing scope of the call binds to no symbol and no import (a parameter, a
    local), see `languages.javascript.scopes`."""
    GLOBAL = "global"
    """`global name` / `nonlocal name`: the name is not local to the scope."""
    RETURN = "return"
    """`return value` (`value` the returned expression)."""
    RETURNS = "returns"
    """The return annotation of the definition `scope` (`annotation`)."""
    DECORATOR = "decorator"
    """A decorator of the definition `scope` (`value`: its expression, without arguments)."""
    ALL = "all"
    """`__all__ = [...]` / `+= [...]` at module level (`value`: the names, comma-joined)."""
    EXTENDS = "extends"
    """JS/TS: the class `scope` extends `value` (not what it `implements`: members a class does
    not define as symbols may be its properties, so interfaces are not walked from a class).
    Java: an anonymous class body in `scope`, from `line` to line `index` (no `value`)."""
    EXPORT = "export"
    """JS/TS: a module-level export of a local name (`value`) under `name`: `export { a as
    b }`, `export default a`, CommonJS `exports.b = a`, `module.exports = { b: a }`;
    `name` is `module.exports` for `module.exports = a` (the module's value is `a`)."""
    MODULE = "module"
    """JS/TS: the file is a module (`import`, `export`, `require`, CommonJS exports): its free
    names are globals of the runtime, never another file's definitions."""


@dataclass(frozen=True, slots=True)
class ScopeFact:
    """A binding, parameter, return or decorator, attributed to the innermost definition it is
    written in (`scope`, `""` at module level). Expressions (`value`, `annotation`) are written
    as chains (`Foo`, `a.b`, `make().c`, `?` for what is no chain); None when absent."""

    kind: FactKind
    scope: str
    name: str
    value: str | None
    annotation: str | None
    line: int
    index: int = 0


@dataclass(slots=True)
class Extraction:
    """Everything one file yields. `problems` records why a part could not be extracted (syntax
    errors, unsupported constructs); extraction never raises on bad source."""

    language: str
    symbols: list[SymbolDef] = field(default_factory=list)
    imports: list[ImportRef] = field(default_factory=list)
    calls: list[CallRef] = field(default_factory=list)
    inherits: list[InheritRef] = field(default_factory=list)
    facts: list[ScopeFact] = field(default_factory=list)
    """Scope facts, for the languages whose resolution follows them (Python)."""
    arities: dict[str, set[str]] = field(default_factory=dict)
    """Java: method qualname -> the argument counts its overloads take (`2`; `1+`: varargs,
    one argument or more), for `file_records.arity_entries`."""
    call_args: dict[tuple[str, int], set[int]] = field(default_factory=dict)
    """Java: (callee as written, line) -> the argument counts of the calls written there."""
    problems: list[str] = field(default_factory=list)
