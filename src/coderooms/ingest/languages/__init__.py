"""Language registry and per-file extraction entry point.

`language_for_path` names a file's language from its extension or file name; `extract` parses a
file of a deep language with tree-sitter and returns its `Extraction` (for any other language an
empty one). `extract` never raises: problems (syntax errors, a file too large, an extractor
failure) are recorded in `Extraction.problems`.

Conventions common to every deep language (details in each language module's docstring):

* Module symbol: exactly one per file, kind MODULE, qualname `""`, parent None, lines 1..last.
  Its name is the file stem, except for `__init__.py(i)`, `index.*` (JS/TS), `mod.rs`, `lib.rs`,
  `main.rs` and `init.lua`, which take their parent directory's name (the stem when there is
  none); `.d.ts` files drop the `.d`. Its signature is `""`, except Go (`package x`), Java, Kotlin
  and Scala (`package a.b`; Scala's chained `package a` `package b` is `package a.b`), where the
  package clause matters for resolution, and PHP (its first `namespace App\\Models`, for code at
  the top level).
* Qualnames are dotted within the file; `parent` is the qualname of the enclosing symbol (`""` at
  top level). Containers that have no symbol kind (a Rust inline `mod m { }`, a TS
  `namespace N { }`) prefix their contents' qualnames (`m.f`) but are not symbols, so their
  contents' parent is the nearest enclosing symbol (`""` at top level).
* A qualname occurs once per file: the first definition in source order wins, later ones (Python
  redefinitions, property setters, TS overload implementations, Java overloads, a second Rust
  `impl` defining the same method name) are dropped as symbols; their calls are still attributed
  to the shared qualname. Classes and functions take precedence over variables.
* Methods: a function whose nearest enclosing definition is a class/interface/trait/impl (Go: a
  receiver) is METHOD; every other function, nested ones included, is FUNCTION.
* Variables (VARIABLE) are top-level only and never callers: calls in their initialisers belong to
  the enclosing scope (`""` at module level).
* Calls: caller = qualname of the innermost enclosing definition (a class when at class-body
  level, `""` at module level); callee per `common.callee_name`: a dotted chain of identifiers
  as written (`f`, `self.m`, `os.path.join`), or, for a member of anything else (a call's
  result, a subscript, a parenthesised expression, a literal), `?.` followed by the trailing
  identifiers after that expression (`a().b()` -> `?.b`, `super().__init__()` -> `?.__init__`,
  `foo().bar.baz()` -> `?.bar.baz`, `x[0].m()` -> `?.m`, Rust `(**self).area()` -> `?.area`),
  so that such a name is never taken for a local one. Constructor calls (`new Foo()`) are calls
  of `Foo`. Macro invocations (Rust `println!`) are not calls, though calls written inside their
  arguments are (see `rust`).
* Import module specs are written dotted for Python, Rust (`crate::a::b` -> `crate.a.b`) and Java;
  JS/TS keep the specifier string verbatim (`./util`, `../x/y.js`, `react`): relative-ness is the
  leading `.`, `level` stays 0; Go keeps the import path (`github.com/x/y`) with the package name
  as alias only when one is written. `names` holds original (not local) names; `aliases`, when
  not empty, the local name of each where it differs from the name, else None
  (`from m import f as g` -> names ("f",), aliases ("g",); JS `import d from "m"` -> names
  ("default",), aliases ("d",); Rust `use a::{d as e}`; Go and Java have none); `("*",)` marks a
  wildcard import (Python, JS `export *`, Rust); Rust `mod x;` is ImportRef("self.x", (), "x"),
  and Rust `self`/`super` paths inside an inline `mod m { }` are rewritten relative to the file's
  module (`super::x` -> `self.x`, `self::y` -> `self.m.y`).
  Kotlin and Scala imports are written as Java's (`import a.b.C` -> ("a.b", ("C",)), a
  wildcard ("a.b", ()); renames in `aliases`: Kotlin `as`, Scala `D => E` / `D as E`); Swift
  `import M` is ("M", ()): a module, no names (see `kotlin`, `scala`, `swift`).
* Ruby keeps a `require` path as written and writes `require_relative "x"` as `./x`; Lua keeps
  the module name (`a.b`), with the local a `local x = require("a.b")` binds as `alias`; Bash
  keeps a sourced literal path as written (`./x.sh` for one under the script's own directory);
  none has names.
* Syntax errors do not stop extraction: tree-sitter recovers and whatever parsed is extracted;
  the problem reads `syntax errors: N regions, first at line L`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from tree_sitter import Language, Node, Parser, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import (
    bash,
    c,
    c_branches,
    c_macros,
    csharp,
    go,
    java,
    javascript,
    kotlin,
    kotlin_repairs,
    lua,
    php,
    python,
    reparse,
    ruby,
    rust,
    scala,
    swift,
    typescript,
)
from coderooms.ingest.languages.common import Collector
from coderooms.ingest.languages.csharp_branches import merge_other_branches, other_branches
from coderooms.ingest.languages.doc_comments import doc_of, docstring
from coderooms.ingest.languages.file_names import language_for_path, module_name
from coderooms.ingest.languages.grammars import grammar_loader
from coderooms.ingest.languages.limits import MAX_SYNTAX_DEPTH, bound_extraction, syntax_depth_over
from coderooms.resolution.extraction import Extraction, SymbolDef

__all__ = [
    "DEEP_LANGUAGES",
    "MAX_SOURCE_BYTES",
    "extract",
    "language_for_path",
    "module_name",
]

MAX_SOURCE_BYTES = 8 * 1024 * 1024
"""Files larger than this get only their module symbol and a problem (generated or minified code
is not worth the parse time)."""

_BOM = b"\xef\xbb\xbf"


Extractor = Callable[[Node, Query, Collector], None]


@dataclass(frozen=True, slots=True)
class _Spec:
    grammar: Callable[[], object]
    query: str
    extract: Extractor


_SPECS: dict[str, _Spec] = {
    "python": _Spec(grammar_loader("python"), python.QUERY, python.extract),
    "javascript": _Spec(grammar_loader("javascript"), javascript.QUERY, javascript.extract),
    "typescript": _Spec(grammar_loader("typescript"), typescript.QUERY, typescript.extract),
    "tsx": _Spec(grammar_loader("tsx"), typescript.QUERY, typescript.extract),
    "go": _Spec(grammar_loader("go"), go.QUERY, go.extract),
    "rust": _Spec(grammar_loader("rust"), rust.QUERY, rust.extract),
    "java": _Spec(grammar_loader("java"), java.QUERY, java.extract),
    "c": _Spec(grammar_loader("c"), c.QUERY, c.extract),
    "cpp": _Spec(grammar_loader("cpp"), c.CPP_QUERY, c.extract),
    "csharp": _Spec(grammar_loader("csharp"), csharp.QUERY, csharp.extract),
    "php": _Spec(grammar_loader("php"), php.QUERY, php.extract),
    "kotlin": _Spec(grammar_loader("kotlin"), kotlin.QUERY, kotlin.extract),
    "swift": _Spec(grammar_loader("swift"), swift.QUERY, swift.extract),
    "scala": _Spec(grammar_loader("scala"), scala.QUERY, scala.extract),
    "ruby": _Spec(grammar_loader("ruby"), ruby.QUERY, ruby.extract),
    "lua": _Spec(grammar_loader("lua"), lua.QUERY, lua.extract),
    "bash": _Spec(grammar_loader("bash"), bash.QUERY, bash.extract),
}

DEEP_LANGUAGES: frozenset[str] = frozenset(_SPECS)

_FIRST_READINGS: dict[str, Callable[[str, bytes], bytes]] = {
    "csharp": lambda path, source: csharp.first_branches(source),  # one branch of each `#if`
    "c": lambda path, source: c_macros.blank_define_comments(source),  # `/* */` in a `#define`
    "cpp": lambda path, source: c_macros.blank_bare_macros(c_macros.blank_define_comments(source)),
    "kotlin": lambda path, source: kotlin_repairs.top_level_annotations(source),  # `actual class`
    "bash": lambda path, source: bash.bats_source(source) if path.endswith(".bats") else source,
}
"""What a file of the language is made before its first parse (`path`, its source): lines and
offsets stay, so every position read from the tree is the file's."""

_SECOND_READINGS: dict[str, tuple[Callable[[bytes], bytes], ...]] = {
    "kotlin": (kotlin_repairs.second_reading,),  # `{ fun f() {} }`: an error to the grammar
    "cpp": (c_macros.access_labels, c_macros.first_branches),  # `#if` in an initialiser list
}
"""Further readings of a file that parses with errors, each applied to the one before it; the
one with the fewest errors is kept when it has fewer than the first."""


def grammar(language: str) -> Language:
    """The tree-sitter Language of a deep language (loaded from its offline wheel)."""
    spec = _SPECS.get(language)
    if spec is None:
        raise KeyError(f"no tree-sitter grammar for {language!r}")
    return Language(spec.grammar())


class _Compiled:
    __slots__ = ("errors", "language", "query")

    def __init__(self, spec: _Spec) -> None:
        self.language = Language(spec.grammar())
        self.query = Query(self.language, spec.query)
        self.errors = Query(self.language, "(ERROR) @error (MISSING) @missing")


_compiled: dict[str, _Compiled] = {}
_compile_lock = threading.Lock()
_local = threading.local()


def _compiled_for(language: str, spec: _Spec) -> _Compiled:
    compiled = _compiled.get(language)
    if compiled is None:
        with _compile_lock:
            compiled = _compiled.get(language)
            if compiled is None:
                compiled = _compiled[language] = _Compiled(spec)
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


def _module_symbol(path: str, source: bytes, sig: str, doc: str | None = None) -> SymbolDef:
    return SymbolDef(
        kind=SymbolKind.MODULE,
        name=module_name(path),
        qualname="",
        start_line=1,
        end_line=_line_count(source),
        signature=sig,
        parent=None,
        doc=doc,
    )


_PACKAGE_CLAUSES = frozenset({"package_clause", "package_declaration", "package_header"})


def _module_doc(root: Node, source: bytes) -> str | None:
    """Python: the module docstring; Go/Java: the comment right above the package clause."""
    if root.type == "module":
        return docstring(root, source)
    for child in root.named_children:
        if child.type in _PACKAGE_CLAUSES:
            return doc_of(child, source)
        if "comment" not in child.type:
            return None
    return None


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


def extract(language: str, path: str, source: bytes) -> Extraction:
    """Parse `source` as `language` and extract its definitions, imports, calls and heritage.

    For a language outside `DEEP_LANGUAGES` the result is empty. Never raises.
    """
    spec = _SPECS.get(language)
    if spec is None:
        return Extraction(language=language)
    if not isinstance(source, bytes):
        source = bytes(source)
    if len(source) > MAX_SOURCE_BYTES:
        return Extraction(
            language=language,
            symbols=[_module_symbol(path, source, "")],
            problems=[f"file too large for extraction: {len(source)} bytes"],
        )
    try:
        extraction = _extract(language, spec, path, source)
        bound_extraction(extraction)
    except Exception as exc:  # extraction must never raise; keep the module symbol
        return Extraction(
            language=language,
            symbols=[_module_symbol(path, source, "")],
            problems=[f"extraction failed: {type(exc).__name__}: {exc}"],
        )
    return extraction


def _extract(language: str, spec: _Spec, path: str, source: bytes) -> Extraction:
    compiled = _compiled_for(language, spec)
    plain = source[3:] if source.startswith(_BOM) else source
    first_reading = _FIRST_READINGS.get(language)
    parse_source = plain if first_reading is None else first_reading(path, plain)
    tree = reparse.parse(_parser(language, compiled), language, path, parse_source)
    if syntax_depth_over(tree.root_node):  # `languages.limits`: its walk would cost minutes
        return Extraction(
            language=language,
            symbols=[_module_symbol(path, source, "")],
            problems=[f"not extracted: syntax nested more than {MAX_SYNTAX_DEPTH} deep"],
        )
    if language == "c" and path.endswith(".h") and c.reads_as_cpp(tree.root_node, parse_source):
        # a C++ project's header: C++ syntax, and C++ parses it where C did not (`languages.c`)
        cpp = _SPECS["cpp"]
        cpp_compiled = _compiled_for("cpp", cpp)
        cpp_source = _FIRST_READINGS["cpp"](path, parse_source)
        cpp_tree = _parser("cpp", cpp_compiled).parse(cpp_source)
        if not cpp_tree.root_node.has_error or tree.root_node.has_error:
            spec, compiled, tree, parse_source = cpp, cpp_compiled, cpp_tree, cpp_source
    read_as = "cpp" if spec is _SPECS["cpp"] else language
    branched: bytes | None = None  # kept with the first branch of each `#if` only: before it
    if tree.root_node.has_error and read_as in _SECOND_READINGS:
        errors = _error_count(tree.root_node, compiled.errors)
        repaired = parse_source
        for again in _SECOND_READINGS[read_as]:
            read = again(repaired)
            if read == repaired:
                continue
            before, repaired = repaired, read
            second = _parser(read_as, compiled).parse(repaired)
            if (count := _error_count(second.root_node, compiled.errors)) < errors:
                tree, parse_source, errors = second, repaired, count
                branched = before if again is c_macros.first_branches else None
    root = tree.root_node
    ex = Extraction(language=language)
    collector = Collector(ex, parse_source)
    spec.extract(root, compiled.query, collector)
    ex.symbols.insert(
        0, _module_symbol(path, source, collector.module_signature, _module_doc(root, parse_source))
    )
    collector.finish()
    if root.has_error:
        ex.problems.append(_syntax_errors(root, compiled.errors))
    if language == "csharp" and b"#el" in source:  # what `#elif`/`#else` branches define
        errors = _error_count(root, compiled.errors) if root.has_error else 0
        reader = partial(_reading, language, compiled)
        merge_other_branches(ex, errors, other_branches(plain), reader)
    if branched is not None:  # C/C++ read with first branches only: the others' definitions
        errors = _error_count(root, compiled.errors) if root.has_error else 0
        reader = partial(_reading, read_as, compiled)
        merge_other_branches(ex, errors, c_branches.other_branches(branched), reader)
    return ex


def _reading(language: str, compiled: _Compiled, source: bytes) -> tuple[Extraction, int]:
    """A further reading of a file: what `source` yields (no module symbol), and its errors."""
    root = _parser(language, compiled).parse(source).root_node
    ex = Extraction(language=language)
    collector = Collector(ex, source)
    _SPECS[language].extract(root, compiled.query, collector)
    collector.finish()
    return ex, _error_count(root, compiled.errors) if root.has_error else 0
