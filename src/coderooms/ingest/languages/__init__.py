"""Language registry and per-file extraction entry point.

`language_for_path` names a file's language from its extension or file name; `extract` parses a
file of a deep language with tree-sitter (`coderooms.languages.parsing.engine`, through the
language's record in `registry`) and returns its `Extraction` (for any other language an empty
one). `extract` never raises: problems (syntax errors, a file too large, an extractor failure)
are recorded in `Extraction.problems`.

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
  level, `""` at module level); callee per `nodes.callee_name`: a dotted chain of identifiers
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

from tree_sitter import Language as Grammar

from coderooms.graph.completeness import CallGroups
from coderooms.ingest.languages.file_names import language_for_path, module_name
from coderooms.ingest.languages.registry import (
    GROUP_LANGUAGES,
    GROUP_RULES,
    KEPT_IN_EXCLUDED,
    LANGUAGE_GROUPS,
    LANGUAGES,
    PROJECT_FILES,
    PROJECT_LANGUAGES,
    PROJECT_TABLES,
    REEXPORT_GROUPS,
    RESOLVER_LANGUAGES,
    RESOLVERS,
    SCOPED_GROUPS,
    STAR_GROUPS,
    TABLE_GROUPS,
    TARGET_MODES,
)
from coderooms.languages.language import Syntax
from coderooms.languages.parsing import engine
from coderooms.languages.parsing.engine import MAX_SOURCE_BYTES
from coderooms.languages.parsing.grammars import load_grammar
from coderooms.resolution.extraction import Extraction

__all__ = [
    "CALL_GROUPS",
    "DEEP_LANGUAGES",
    "GROUP_LANGUAGES",
    "GROUP_RULES",
    "KEPT_IN_EXCLUDED",
    "LANGUAGES",
    "LANGUAGE_GROUPS",
    "MAX_SOURCE_BYTES",
    "PROJECT_FILES",
    "PROJECT_LANGUAGES",
    "PROJECT_TABLES",
    "REEXPORT_GROUPS",
    "RESOLVERS",
    "RESOLVER_LANGUAGES",
    "SCOPED_GROUPS",
    "STAR_GROUPS",
    "TABLE_GROUPS",
    "TARGET_MODES",
    "extract",
    "is_kept_file",
    "language_for_path",
    "module_name",
]

DEEP_LANGUAGES: frozenset[str] = frozenset(LANGUAGES)

CALL_GROUPS = CallGroups(LANGUAGE_GROUPS, tuple(SCOPED_GROUPS))
"""The groups `graph.completeness` counts unresolved call sites by (it names no language)."""


def grammar(language: str) -> Grammar:
    """The tree-sitter Language of a deep language (loaded from its offline wheel)."""
    record = LANGUAGES.get(language)
    if record is None:
        raise KeyError(f"no tree-sitter grammar for {language!r}")
    return Grammar(load_grammar(record.syntax.grammar))


def syntax_of(language: str) -> Syntax:
    return LANGUAGES[language].syntax


def extract(language: str, path: str, source: bytes) -> Extraction:
    """Parse `source` as `language` and extract its definitions, imports, calls and heritage.

    For a language outside `DEEP_LANGUAGES` the result is empty. Never raises.
    """
    if language not in LANGUAGES:
        return Extraction(language=language)
    return engine.extract(language, path, source, syntax_of, module_name)


def is_kept_file(relative: str) -> bool:
    """`relative` is read although a default-excluded directory holds it (`KEPT_IN_EXCLUDED`)."""
    return relative in KEPT_IN_EXCLUDED
