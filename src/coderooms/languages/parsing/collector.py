"""Helpers shared by the per-language extractors.

The extractors follow one shape: a single compiled tree-sitter query per language is run once per
file (the query traversal is the dominant cost after parsing, so one traversal is the budget); its
captures are sorted into definitions, call sites, imports and heritage, and a stack sweep over the
definitions (ordered by start byte) gives every definition its enclosing scope. Call sites are then
attributed to their innermost enclosing definition by a second sweep in `Collector.finish`.

Conventions shared by all languages (see the package docstring of `coderooms.ingest.languages`
for the full list):

* signature: the definition's header, from its first byte up to its body, whitespace collapsed,
  a trailing `:`/`{`/`;` dropped, capped at `SIGNATURE_MAX` characters. A definition without
  a body (an interface method, a trait method signature) uses its whole text.
* callee: the function part of a call, written dotted, when it is a chain of plain identifiers
  (`self.foo`, `os.path.join`, Rust `crate::a::b` -> `crate.a.b`, JS `a?.b` -> `a.b`, TS `a!.b`
  -> `a.b`); when it is a member/field/selector chain on anything else (the result of a call, a
  subscript, a parenthesised expression, a literal), `?.` and the trailing identifiers after that
  expression (`super().__init__()` -> `?.__init__`, `x[0].m()` -> `?.m`): the object is
  unknown, so the name must not be taken for a local one. A call whose callee is itself such a
  chain is written with `()` (`a().b()` -> `a().b`, `x.setA().setB()` -> `x.setA().setB`,
  `foo().bar.baz()` -> `foo().bar.baz`) where the extractor names its call nodes: what the
  inner call returns may be declared (`reference_requests`). Otherwise (a call of a subscript, of a
  call, of a parenthesised expression, or a member that is not an identifier, such as JS
  `this.#p`) the call is not recorded.
* imports: `names` are the original names; `aliases` the local names they are bound to where
  those differ (see `ImportRef`); `Collector.imp` drops an all-None `aliases`.
* a qualname appears at most once per file: the first definition (in source order) wins, later
  ones are dropped as symbols but still count as scopes, so their calls are attributed to the
  (shared) qualname.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from tree_sitter import Node

from coderooms.core.kinds import SymbolKind
from coderooms.languages.parsing.doc_comments import doc_of
from coderooms.languages.parsing.nodes import (
    DOTTED_RE,
    callee_name,
    header,
    text,
    type_parameters,
)
from coderooms.resolution.extraction import (
    CallRef,
    Extraction,
    FactKind,
    ImportRef,
    InheritRef,
    ScopeFact,
    SymbolDef,
)


@dataclass(slots=True)
class Scope:
    """What a definition means for what is nested in it.

    `prefix`: qualname prefix for children; `parent`: the parent qualname for children (a symbol
    qualname, `""` for top level); `in_type`: functions directly inside become METHODs;
    `anonymous`: an anonymous class body (JS class expression, Java `new I() { }`), whose methods
    are not symbols; `deferred`: the parent of methods directly inside is settled after the sweep
    (a Rust `impl` whose type may be declared later in the file).
    """

    prefix: str
    parent: str
    in_type: bool
    anonymous: bool = False
    deferred: bool = False

    def qualify(self, name: str) -> str:
        return f"{self.prefix}.{name}" if self.prefix else name


TOP = Scope("", "", in_type=False)


def nest(
    defs: Iterable[tuple[int, int, Node, str]],
    handle: Callable[[Node, str, Scope], Scope],
) -> None:
    """Visit definition captures `(start_byte, end_byte, node, role)` outermost-first in source
    order, calling `handle(node, role, enclosing_scope)`; what it returns is the scope pushed for
    the definition's contents (return the enclosing scope to make a node transparent)."""
    stack: list[tuple[int, Scope]] = []
    for start, end, node, role in sorted(defs, key=_def_order):
        while stack and stack[-1][0] <= start:
            stack.pop()
        outer = stack[-1][1] if stack else TOP
        stack.append((end, handle(node, role, outer)))


def _def_order(item: tuple[int, int, Node, str]) -> tuple[int, int]:
    return (item[0], -item[1])


def spans(nodes: Iterable[Node], role: str) -> list[tuple[int, int, Node, str]]:
    """Definition entries for `nest` from captured nodes."""
    return [(n.start_byte, n.end_byte, n, role) for n in nodes]


class Collector:
    """Accumulates one file's records: dedups qualnames and attributes calls to callers."""

    __slots__ = (
        "_facts",
        "_imports_at",
        "_replaceable",
        "_scopes",
        "_seen",
        "_sites",
        "ex",
        "import_scopes",
        "module_doc",
        "module_signature",
        "source",
    )

    def __init__(self, ex: Extraction, source: bytes) -> None:
        self.ex = ex
        self.source = source
        self.module_signature = ""
        self.module_doc: str | None = None
        self._seen: set[str] = {""}
        self._replaceable: set[str] = set()
        self._scopes: list[tuple[int, int, str]] = []
        self._sites: list[tuple[int, int, str]] = []
        self._facts: list[tuple[int, FactKind, str, str | None, str | None, int, int]] = []
        self._imports_at: list[int] = []
        self.import_scopes = False
        """Attribute each import to its enclosing definition (`ImportRef.scope`): set by the
        languages whose resolution scopes imports (Python)."""

    def define(
        self,
        kind: SymbolKind,
        qualname: str,
        parent: str,
        node: Node,
        sig: str,
        *,
        scope: bool = True,
        replaceable: bool = False,
        name: str | None = None,
    ) -> bool:
        """Record a definition spanning `node`, named `name` (given) or its qualname's last part.

        Returns False when the qualname was already taken. The node still becomes a caller scope
        under that qualname unless `scope` is false (variables: calls in their initialisers
        belong to the enclosing definition). A `replaceable` definition (a Python `@overload`
        stub) gives way to the next definition of its qualname: the symbol takes that one's
        lines, signature and doc (the implementation is what a call runs)."""
        if scope:
            self._scopes.append((node.start_byte, node.end_byte, qualname))
        symbol = SymbolDef(
            kind=kind,
            name=qualname.rsplit(".", 1)[-1] if name is None else name,
            qualname=qualname,
            start_line=node.start_point.row + 1,
            end_line=node.end_point.row + 1,
            signature=sig,
            parent=parent,
            doc=doc_of(node, self.source),
        )
        if qualname in self._seen:
            if qualname not in self._replaceable:
                return False
            at = next(i for i, s in enumerate(self.ex.symbols) if s.qualname == qualname)
            self.ex.symbols[at] = symbol
            if not replaceable:
                self._replaceable.discard(qualname)
            return True
        self._seen.add(qualname)
        if replaceable:
            self._replaceable.add(qualname)
        self.ex.symbols.append(symbol)
        return True

    def defines(self, qualname: str) -> bool:
        """Whether a definition of `qualname` was recorded (so far, in source order)."""
        return bool(qualname) and qualname in self._seen

    def fact(
        self,
        at: Node,
        kind: FactKind,
        name: str,
        value: str | None = None,
        annotation: str | None = None,
        index: int = 0,
    ) -> None:
        """A scope fact written at `at`, attributed to its innermost definition in `finish`."""
        self.fact_at(at.start_byte, at.start_point.row + 1, kind, name, value, annotation, index)

    def fact_at(
        self,
        byte: int,
        line: int,
        kind: FactKind,
        name: str,
        value: str | None = None,
        annotation: str | None = None,
        index: int = 0,
    ) -> None:
        """A scope fact written at `byte`, stated from `line` on (`fact`; Rust: the binding
        visible again after a block's shadowing one, `languages.rust.shadowed`)."""
        self._facts.append((byte, kind, name, value, annotation, line, index))

    def fact_annotations(self) -> dict[int, set[str | None]]:
        """The annotations of the scope facts written so far, by the start byte of the node
        each was written at."""
        found: dict[int, set[str | None]] = {}
        for fact in self._facts:
            found.setdefault(fact[0], set()).add(fact[4])
        return found

    def forget_facts(self, starts: set[int]) -> None:
        """Drop the scope facts written at a node starting at one of `starts` (Go: names a
        function literal binds that would clash in the enclosing function's scope)."""
        self._facts = [f for f in self._facts if f[0] not in starts]

    def fact_of(
        self,
        scope: str,
        at: Node,
        kind: FactKind,
        name: str,
        value: str | None = None,
        annotation: str | None = None,
    ) -> None:
        """A scope fact of the definition `scope` itself (its decorators, its annotation)."""
        self.ex.facts.append(
            ScopeFact(kind, scope, name, value, annotation, at.start_point.row + 1)
        )

    def calls(
        self,
        nodes: Iterable[Node],
        members: dict[str, tuple[str, str]],
        wrappers: dict[str, str | None] | None = None,
        calls: dict[str, str] | None = None,
    ) -> None:
        """Call sites whose function part is each of `nodes` (hot path: see `callee_name`)."""
        source = self.source
        append = self._sites.append
        fullmatch = DOTTED_RE.fullmatch
        for fn in nodes:
            start = fn.start_byte
            raw = source[start : fn.end_byte].decode("utf-8", "replace")
            if fullmatch(raw) is not None:
                append((start, fn.start_point.row + 1, raw))
                continue
            callee = callee_name(fn, source, members, wrappers, calls)
            if callee:
                append((start, fn.start_point.row + 1, callee))

    def call(self, node: Node, callee: str | None) -> None:
        """A call site starting at `node`'s first byte."""
        if callee:
            self._sites.append((node.start_byte, node.start_point.row + 1, callee))

    def imp(
        self,
        module: str,
        names: tuple[str, ...],
        alias: str | None,
        at: Node,
        level: int = 0,
        aliases: tuple[str | None, ...] = (),
        *,
        reexport: bool = False,
    ) -> None:
        """An import at `at`'s line; `aliases` as in `ImportRef` (all-None ones are dropped)."""
        if aliases:
            if len(aliases) != len(names):
                raise ValueError(f"{len(aliases)} aliases for {len(names)} names")
            if all(a is None for a in aliases):
                aliases = ()
        self.ex.imports.append(
            ImportRef(
                module, names, alias, at.start_point.row + 1, level, aliases, reexport=reexport
            )
        )
        self._imports_at.append(at.start_byte)

    def inherit(self, child: str, base: str | None, at: Node) -> None:
        if base:
            self.ex.inherits.append(InheritRef(child, base, at.start_point.row + 1))

    def finish(self) -> None:
        """Order symbols by position and attribute every call site, scope fact and import to
        its innermost enclosing definition."""
        ex = self.ex
        ex.symbols.sort(key=_symbol_order)
        ex.inherits.sort(key=_line_order)
        scopes = self._scopes
        scopes.sort(key=_scope_order)
        sites = self._sites
        sites.sort()
        ex.calls.extend(
            CallRef(scope, callee, line_no)
            for scope, (_, line_no, callee) in zip(
                _innermost(scopes, [s[0] for s in sites]), sites, strict=True
            )
        )
        if self.import_scopes and self._imports_at and scopes:
            order = sorted(range(len(ex.imports)), key=self._imports_at.__getitem__)
            at = [self._imports_at[i] for i in order]
            for i, scope in zip(order, _innermost(scopes, at), strict=True):
                if scope:
                    ex.imports[i] = replace(ex.imports[i], scope=scope)
        ex.imports.sort(key=_line_order)
        if self._facts:
            facts = sorted(self._facts, key=_fact_order)
            ex.facts.extend(
                ScopeFact(kind, scope, name, value, annotation, line, index)
                for scope, (_, kind, name, value, annotation, line, index) in zip(
                    _innermost(scopes, [f[0] for f in facts]), facts, strict=True
                )
            )


def _innermost(scopes: list[tuple[int, int, str]], positions: list[int]) -> list[str]:
    """The qualname of the innermost scope holding each position (ascending), `""` for none."""
    found: list[str] = []
    stack: list[tuple[int, int, str]] = []
    i, n = 0, len(scopes)
    for byte in positions:
        while i < n and scopes[i][0] <= byte:
            scope = scopes[i]
            i += 1
            while stack and stack[-1][1] <= scope[0]:
                stack.pop()
            stack.append(scope)
        while stack and stack[-1][1] <= byte:
            stack.pop()
        found.append(stack[-1][2] if stack else "")
    return found


def _fact_order(item: tuple[int, FactKind, str, str | None, str | None, int, int]) -> int:
    return item[0]


def _scope_order(item: tuple[int, int, str]) -> tuple[int, int]:
    return (item[0], -item[1])


def _symbol_order(sym: SymbolDef) -> tuple[int, int]:
    return (sym.start_line, -sym.end_line)


def _line_order(ref: ImportRef | InheritRef) -> int:
    return ref.line


def qualified_name(node: Node, outer: Scope, source: bytes) -> str | None:
    """The qualname a definition node's `name` field gives it in `outer` (None: no name)."""
    name_node = node.child_by_field_name("name")
    if name_node is None:
        return None
    return outer.qualify(text(name_node, source))


def named_function(node: Node, outer: Scope, c: Collector) -> Scope:
    """A function declaration with a `name` field and a `body`: FUNCTION in `outer`, and the
    scope of its body (Go `func f`, JS/TS `function f`)."""
    qual = qualified_name(node, outer, c.source)
    if qual is None:
        return outer
    sig = header(node, node.child_by_field_name("body"), c.source)
    c.define(SymbolKind.FUNCTION, qual, outer.parent, node, sig)
    return Scope(qual, qual, in_type=False)


def declared_return(c: Collector, definition: Node, typed: str | None) -> None:
    """A RETURNS fact of `definition` (named by its `name` field) when its declared return type
    `typed` is a named type and none of the type parameters in scope (`T get()` is unknown)."""
    name = definition.child_by_field_name("name")
    if name is None or not typed or typed in type_parameters(definition, c.source):
        return
    c.fact(name, FactKind.RETURNS, text(name, c.source), annotation=typed)
