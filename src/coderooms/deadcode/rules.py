"""Why a symbol that nothing in the graph references is still not dead code: one named rule
each, checked in order; the first that holds leaves the symbol out and is reported.

- `dunder`: `__init__`, `__eq__`...: the language calls them, from no call site.
- `dunder` also holds PHP's magic methods (`__invoke`, `__destruct`, `__get`: any `__` name).
- `operator`: a destructor (`~Buffer`), an operator (`operator==`, Ruby's `<<`, `[]=`, `=~`,
  a Kotlin `operator fun`), C#'s `Deconstruct`, Scala's `apply`, `unapply`, `update` and every
  `implicit` definition: called by the language's syntax or its compiler, never by name.
- `protocol`: a method named for a protocol the Python runtime or its standard library calls
  by name (`find_spec`, `exec_module` of an import hook; `read`, `write`, `close` of a file
  object; `keys` of a mapping; `emit` of a logging handler...: `PYTHON_PROTOCOL_NAMES`), or
  Ruby's (`initialize`, `to_s`, `method_missing`, `respond_to_missing?`: `RUBY_PROTOCOL_NAMES`).
- `test`: in a test file (`core.files.is_test_path`), or named like a test (`test_x`,
  `TestX`), or a benchmark class (`...Benchmark`) and its methods: the test runner or the
  benchmark harness (Caliper, BenchmarkDotNet) calls it.
- `entry_point`: `main`, a `__main__.py`'s code, Go's `init`: the program starts there.
- `decorated`: a decorator or an annotation stands on it (`@app.route`, `@pytest.fixture`,
  `@Override`, `#[test]`, `[Fact]`): it is registered by what decorates it.
- `override`: a method of a class hierarchy where another class defines the same name, or one
  its definition marks `override` (Kotlin, Scala, C#, C++, TypeScript, Swift) or declares
  overridable (`virtual`, `abstract`, Kotlin's `open`): it is called through the base (a
  template method, an interface), from code the graph may not link to it.
- `framework_hook`: a method of a class whose base the graph does not hold (`ast.NodeVisitor`,
  `unittest.TestCase`, a framework's `Model`), or a member of an anonymous class (`new
  FileVisitor<Path>() { ... }`, Kotlin's `object : Runnable { ... }`, `enclosing` says so):
  the framework calls what it overrides or implements.
- `public_api`: a name the code outside the repo may import (Python: no `_` in its path or
  qualname; Go: exported; Rust: `pub`; Java, C#: `public`/`protected`; Kotlin, Scala, PHP,
  Ruby, Lua, Bash: not marked private; Swift: `public`/`open`; C, C++: not `static`;
  JavaScript, TypeScript: `export`). Left out unless `include_public` (then judged like the
  rest: a library's public function no file of the repo calls).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from coderooms.languages import is_test_path

DUNDER, OPERATOR, PROTOCOL, TEST, ENTRY, DECORATED, OVERRIDE, HOOK, PUBLIC = (
    "dunder", "operator", "protocol", "test", "entry_point", "decorated", "override",
    "framework_hook", "public_api",
)  # fmt: skip
RULES = (DUNDER, OPERATOR, PROTOCOL, TEST, ENTRY, DECORATED, OVERRIDE, HOOK, PUBLIC)

PYTHON_PROTOCOL_NAMES = frozenset(
    {
        # importlib: finders and loaders on sys.meta_path / sys.path_hooks
        "find_spec", "find_module", "load_module", "exec_module", "create_module", "get_code",
        "get_source", "get_data", "get_filename", "is_package", "module_repr",
        "invalidate_caches", "get_resource_reader", "path_stats", "source_to_code",
        # file objects (io), which print(), json.dump(), shutil... call by name
        "read", "write", "readline", "readlines", "writelines", "close", "flush", "fileno",
        "seek", "tell", "isatty", "readable", "writable", "seekable", "truncate", "readinto",
        # mappings: dict(x), **x; copy and pickle
        "keys", "__missing__",
        # logging handlers, filters and formatters
        "emit", "filter", "format", "formatTime", "formatException", "handleError",
        # json, codecs, asyncio protocols, contextlib, threading, socketserver
        "default", "encode", "decode", "connection_made", "connection_lost", "data_received",
        "eof_received", "datagram_received", "error_received", "run", "handle", "setup",
        "finish",
    }
)  # fmt: skip
"""Method names the Python runtime or standard library calls on an object by name, with no call
site in the repo (an import hook's `find_spec`, a file object's `write`)."""
RUBY_PROTOCOL_NAMES = frozenset(
    {
        "initialize", "initialize_copy", "method_missing", "respond_to_missing?", "to_s",
        "to_str", "to_ary", "to_hash", "to_proc", "inspect", "each", "call", "coerce", "hash",
        "eql?", "inherited", "included", "extended", "prepended", "method_added",
        "marshal_dump", "marshal_load",
    }
)  # fmt: skip
"""Method names Ruby's runtime calls by name (`new` calls `initialize`, `"#{x}"` calls `to_s`,
a failed lookup `method_missing`)."""

ENTRY_NAMES = frozenset({"main", "__main__"})
SYNTAX_NAMES = {
    "csharp": frozenset({"Deconstruct"}),
    "scala": frozenset({"apply", "unapply", "unapplySeq", "update"}),
}
"""Methods a language calls from syntax: C#'s `var (a, b) = x` calls `x.Deconstruct`; Scala's
`X(1)` calls `X.apply`, `case X(a)` calls `X.unapply`, `x(i) = v` calls `x.update`."""
IMPLICIT_WORD = re.compile(r"\bimplicit\s+(?:def|class|object|val)\b")
BENCHMARK = re.compile(r"(?:^|\.)\w*Benchmark\w*(?:\.|$)")
OPERATOR_NAME = re.compile(r"^(?:~|operator\b|[^\w]+$)")
"""A destructor, a C++ `operator...`, or a name of punctuation only (Ruby's `<<`, `[]=`)."""
OVERRIDE_WORD = re.compile(r"\boverride\b")
OVERRIDABLE_WORD = re.compile(r"\b(?:virtual|abstract|open)\b")
"""Before the name: declared to be overridden (C#, C++ `virtual`; Java, C#, Kotlin, Scala,
TypeScript `abstract`; Kotlin `open`): reached through dynamic dispatch."""
OPERATOR_WORD = re.compile(r"\boperator\s+fun\b")
ANONYMOUS_CLASS = re.compile(
    r"(?:\bnew\s+[\w.$]+\s*(?:<.*>|\[.*\])?\s*(?:\(.*\))?|\bobject\s*:.*)\s*\{\s*$"
)
"""The line that opens an anonymous class: `new FileVisitor[Path] {`, `new Runnable() {`,
`object : Comparator<T> {`."""
DECORATION = re.compile(r"^\s*(?:@|#\[|\[[A-Z])")
"""A line that decorates the definition after it: `@x`, `#[x]` (Rust), `[X]` (C#)."""
PRIVATE_WORDS = ("private ", "internal ", "fileprivate ")
CALLABLE_PARENTS = frozenset({"Function", "Method"})


def rule_of(
    row: Mapping[str, Any],
    lines: tuple[str, str],
    *,
    include_public: bool,
    enclosing: str = "",
) -> str | None:
    """The rule that leaves the candidate `row` out, or None: it is judged. `lines`: the line
    above its definition and its first line (decorators stand there); `enclosing`: for one
    defined inside a function, the nearest line above it indented less (what opens its block)."""
    name, path = str(row["name"]), str(row["path"])
    language = row.get("language")
    if name.startswith("__") and (name.endswith("__") or language == "php"):
        return DUNDER
    syntax = SYNTAX_NAMES.get(str(language), frozenset())
    if OPERATOR_NAME.match(name) or name in syntax or OPERATOR_WORD.search(lines[1]):
        return OPERATOR
    if IMPLICIT_WORD.search(lines[1]):
        return OPERATOR
    method = row.get("kind") == "Method"
    if method and language == "python" and name in PYTHON_PROTOCOL_NAMES:
        return PROTOCOL
    if method and language == "ruby" and name in RUBY_PROTOCOL_NAMES:
        return PROTOCOL
    if is_test_path(path) or name.startswith(("test_", "Test")) or name == "test":
        return TEST
    if BENCHMARK.search(str(row.get("qualname") or name)):
        return TEST
    if name in ENTRY_NAMES or path.rsplit("/", 1)[-1] == "__main__.py":
        return ENTRY
    if row.get("language") == "go" and name == "init":
        return ENTRY
    if any(DECORATION.match(line) for line in lines):
        return DECORATED
    if row.get("override") or (language != "python" and _overrides(name, row, lines[1])):
        return OVERRIDE
    if row.get("external_base") and row.get("kind") == "Method":
        return HOOK
    if enclosing and ANONYMOUS_CLASS.search(enclosing):
        return HOOK
    if not include_public and public(row, lines[1]):
        return PUBLIC
    return None


def _dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def _overrides(name: str, row: Mapping[str, Any], first_line: str) -> bool:
    """Whether its definition says `override`, or `virtual`/`abstract`/`open` before its name."""
    text = f"{row.get('signature') or ''} {first_line}"
    if OVERRIDE_WORD.search(text):
        return True
    head = first_line.split(name, 1)[0] if name in first_line else ""
    return bool(OVERRIDABLE_WORD.search(head))


def public(row: Mapping[str, Any], first_line: str) -> bool:
    """Whether code outside the repo may name it (see the module docstring)."""
    if row.get("parent_kind") in CALLABLE_PARENTS:
        return False  # a local function: nothing outside its function sees it
    language = str(row.get("language") or "")
    name, qualname = str(row["name"]), str(row.get("qualname") or row["name"])
    signature = f"{row.get('signature') or ''} {first_line}"
    if language == "python":
        parts = [*str(row["path"]).removesuffix(".py").split("/"), *qualname.split(".")]
        return not any(p.startswith("_") and not _dunder(p) for p in parts)
    if language == "go":
        return name[:1].isupper()
    if language == "rust":
        return bool(re.search(r"\bpub\b", signature))
    if language in ("java", "csharp"):
        return bool(re.search(r"\b(public|protected)\b", signature))
    if language == "swift":
        return bool(re.search(r"\b(public|open)\b", signature))
    if language in ("javascript", "typescript", "tsx"):
        return bool(re.search(r"\bexport\b", signature))
    if language in ("c", "cpp"):
        return not re.search(r"\bstatic\b", signature)
    return not any(word in f"{signature} " for word in PRIVATE_WORDS)
