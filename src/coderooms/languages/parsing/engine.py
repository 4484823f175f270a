"""The parse engine: one file of a deep language, parsed with tree-sitter and extracted through
its `Syntax` into an `Extraction` (see `coderooms.ingest.languages` for the conventions every
extractor keeps). `extract` never raises: problems (syntax errors, a file too large, an
extractor failure) are recorded in `Extraction.problems`.

The compiled grammars and queries, and the thread-local parsers, are kept per language name
(a C++ header read by C's record uses the `cpp` entries).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from functools import partial
from itertools import chain

from tree_sitter import Language as Grammar
from tree_sitter import Node, Parser, Query, QueryCursor, Tree

from coderooms.core.kinds import SymbolKind
from coderooms.languages.language import Syntax
from coderooms.languages.parsing import reparse
from coderooms.languages.parsing.branches import merge_other_branches
from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.grammars import load_grammar
from coderooms.languages.parsing.limits import (
    MAX_SYNTAX_DEPTH,
    bound_extraction,
    syntax_depth_over,
)
from coderooms.resolution.extraction import Extraction, SymbolDef

MAX_SOURCE_BYTES = 8 * 1024 * 1024
"""Files larger than this get only their module symbol and a problem (generated or minified code
is not worth the parse time)."""

_BOM = b"\xef\xbb\xbf"

SyntaxOf = Callable[[str], Syntax]
"""A deep language's syntax by name (the registry's)."""
ModuleName = Callable[[str], str]
"""The module symbol's name of a path."""


class _Compiled:
    __slots__ = ("errors", "language", "query")

    def __init__(self, syntax: Syntax) -> None:
        self.language = Grammar(load_grammar(syntax.grammar))
        self.query = Query(self.language, syntax.query)
        self.errors = Query(self.language, "(ERROR) @error (MISSING) @missing")


_compiled: dict[str, _Compiled] = {}
_compile_lock = threading.Lock()
_local = threading.local()


def _compiled_for(language: str, syntax: Syntax) -> _Compiled:
    compiled = _compiled.get(language)
    if compiled is None:
        with _compile_lock:
            compiled = _compiled.get(language)
            if compiled is None:
                compiled = _compiled[language] = _Compiled(syntax)
    return compiled


def _parser(language: str, compiled: _Compiled) -> Parser:
    parsers: dict[str, Parser] | None = getattr(_local, "parsers", None)
    if parsers is None:
        parsers = _local.parsers = {}
    parser = parsers.get(language)
    if parser is None:
        parser = parsers[language] = Parser(compiled.language)
    return parser


def _line_count(source: bytes) -> int:
    if not source:
        return 1
    return source.count(b"\n") + (0 if source.endswith(b"\n") else 1)


def module_symbol(name: str, source: bytes, sig: str, doc: str | None = None) -> SymbolDef:
    """A file's module symbol: kind MODULE, qualname `""`, lines 1..last."""
    return SymbolDef(
        kind=SymbolKind.MODULE,
        name=name,
        qualname="",
        start_line=1,
        end_line=_line_count(source),
        signature=sig,
        parent=None,
        doc=doc,
    )


def _error_count(root: Node, errors: Query) -> int:
    caps = QueryCursor(errors).captures(root)
    return len(caps.get("error", ())) + len(caps.get("missing", ()))


def _syntax_errors(root: Node, errors: Query) -> str:
    caps = QueryCursor(errors).captures(root)
    nodes = sorted(
        [*caps.get("error", ()), *caps.get("missing", ())],
        key=lambda n: (n.start_byte, -n.end_byte),
    )
    regions = 0
    first = 0
    covered_to = -1
    for node in nodes:
        if node.start_byte < covered_to or (node.start_byte == covered_to and node.is_missing):
            continue
        regions += 1
        if regions == 1:
            first = node.start_point.row + 1
        covered_to = max(covered_to, node.end_byte)
    if regions == 0:
        return "syntax errors: 1 region, position unknown"
    plural = "region" if regions == 1 else "regions"
    return f"syntax errors: {regions} {plural}, first at line {first}"


def extract(
    language: str, path: str, source: bytes, syntax_of: SyntaxOf, module_name: ModuleName
) -> Extraction:
    """Parse `source` as `language` (a deep one: `syntax_of` knows it) and extract its
    definitions, imports, calls and heritage. Never raises."""
    if not isinstance(source, bytes):
        source = bytes(source)
    if len(source) > MAX_SOURCE_BYTES:
        return Extraction(
            language=language,
            symbols=[module_symbol(module_name(path), source, "")],
            problems=[f"file too large for extraction: {len(source)} bytes"],
        )
    try:
        extraction = _extract(language, path, source, syntax_of, module_name)
        bound_extraction(extraction)
    except Exception as exc:  # extraction must never raise; keep the module symbol
        return Extraction(
            language=language,
            symbols=[module_symbol(module_name(path), source, "")],
            problems=[f"extraction failed: {type(exc).__name__}: {exc}"],
        )
    return extraction


def _extract(
    language: str, path: str, source: bytes, syntax_of: SyntaxOf, module_name: ModuleName
) -> Extraction:
    syntax = syntax_of(language)
    compiled = _compiled_for(language, syntax)
    plain = source[3:] if source.startswith(_BOM) else source
    first_reading = syntax.first_reading
    parse_source = plain if first_reading is None else first_reading(path, plain)
    tree = reparse.parse(_parser(language, compiled), language, path, parse_source)
    if syntax_depth_over(tree.root_node):  # `parsing.limits`: its walk would cost minutes
        return Extraction(
            language=language,
            symbols=[module_symbol(module_name(path), source, "")],
            problems=[f"not extracted: syntax nested more than {MAX_SYNTAX_DEPTH} deep"],
        )
    read_as = language
    other = syntax.read_as(path, tree.root_node, parse_source) if syntax.read_as else None
    if other is not None:  # e.g. a C++ project's C header: read as C++ where C++ parses it
        tree, parse_source, read_as = _read_as(language, other, path, tree, parse_source, syntax_of)
    syntax = syntax_of(read_as)
    compiled = _compiled_for(read_as, syntax)
    branched: tuple[bytes, Callable[[bytes], Iterable[bytes]]] | None = None
    if tree.root_node.has_error and syntax.second_readings:
        errors = _error_count(tree.root_node, compiled.errors)
        repaired = parse_source
        for reading in syntax.second_readings:
            read = reading.rewrite(repaired)
            if read == repaired:
                continue
            before, repaired = repaired, read
            second = _parser(read_as, compiled).parse(repaired)
            if (count := _error_count(second.root_node, compiled.errors)) < errors:
                tree, parse_source, errors = second, repaired, count
                # kept with the first branch of each `#if` only: the others read from before it
                branched = (before, reading.branches) if reading.branches else None
    root = tree.root_node
    ex = Extraction(language=language)
    collector = Collector(ex, parse_source)
    syntax.extract(root, compiled.query, collector)
    doc = syntax.module_doc(root, parse_source)
    ex.symbols.insert(0, module_symbol(module_name(path), source, collector.module_signature, doc))
    collector.finish()
    if root.has_error:
        ex.problems.append(_syntax_errors(root, compiled.errors))
    reader = partial(_reading, read_as, syntax, compiled)
    if syntax.other_branches is not None:  # what `#elif`/`#else` branches define (C#)
        readings = iter(syntax.other_branches(plain))
        first = next(readings, None)
        if first is not None:
            errors = _error_count(root, compiled.errors) if root.has_error else 0
            merge_other_branches(ex, errors, chain([first], readings), reader)
    if branched is not None:  # read with first branches only: the others' definitions (C/C++)
        before, branches = branched
        errors = _error_count(root, compiled.errors) if root.has_error else 0
        merge_other_branches(ex, errors, branches(before), reader)
    return ex


def _read_as(
    language: str, other: str, path: str, tree: Tree, parse_source: bytes, syntax_of: SyntaxOf
) -> tuple[Tree, bytes, str]:
    """The file read as language `other` instead, when that parses it where the first did not
    (or the first did not parse it either); else the first reading, as it was."""
    syntax = syntax_of(other)
    compiled = _compiled_for(other, syntax)
    source = syntax.first_reading(path, parse_source) if syntax.first_reading else parse_source
    other_tree = _parser(other, compiled).parse(source)
    if not other_tree.root_node.has_error or tree.root_node.has_error:
        return other_tree, source, other
    return tree, parse_source, language


def _reading(
    language: str, syntax: Syntax, compiled: _Compiled, source: bytes
) -> tuple[Extraction, int]:
    """A further reading of a file: what `source` yields (no module symbol), and its errors."""
    root = _parser(language, compiled).parse(source).root_node
    ex = Extraction(language=language)
    collector = Collector(ex, source)
    syntax.extract(root, compiled.query, collector)
    collector.finish()
    return ex, _error_count(root, compiled.errors) if root.has_error else 0
