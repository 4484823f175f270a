"""Why a symbol that nothing in the graph references is still not dead code: one named rule
each, checked in order; the first that holds leaves the symbol out and is reported.

- `dunder`: `__init__`, `__eq__`...: the language calls them, from no call site.
- `protocol`: a method named for a protocol the Python runtime or its standard library calls
  by name (`find_spec`, `exec_module` of an import hook; `read`, `write`, `close` of a file
  object; `keys` of a mapping; `emit` of a logging handler...: `PYTHON_PROTOCOL_NAMES`).
- `test`: in a test file (`core.files.is_test_path`), or named like a test (`test_x`,
  `TestX`): the test runner calls it.
- `entry_point`: `main`, a `__main__.py`'s code, Go's `init`: the program starts there.
- `decorated`: a decorator or an annotation stands on it (`@app.route`, `@pytest.fixture`,
  `@Override`, `#[test]`, `[Fact]`): it is registered by what decorates it.
- `override`: a method of a class hierarchy where another class defines the same name: it is
  called through the base (a template method, an interface).
- `framework_hook`: a method of a class whose base the graph does not hold (`ast.NodeVisitor`,
  `unittest.TestCase`, a framework's `Model`): the framework calls what it overrides.
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

from coderooms.core.files import is_test_path

DUNDER, PROTOCOL, TEST, ENTRY, DECORATED, OVERRIDE, HOOK, PUBLIC = (
    "dunder", "protocol", "test", "entry_point", "decorated", "override", "framework_hook",
    "public_api",
)  # fmt: skip
RULES = (DUNDER, PROTOCOL, TEST, ENTRY, DECORATED, OVERRIDE, HOOK, PUBLIC)

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

ENTRY_NAMES = frozenset({"main", "__main__"})
DECORATION = re.compile(r"^\s*(?:@|#\[|\[[A-Z])")
"""A line that decorates the definition after it: `@x`, `#[x]` (Rust), `[X]` (C#)."""
PRIVATE_WORDS = ("private ", "internal ", "fileprivate ")
CALLABLE_PARENTS = frozenset({"Function", "Method"})


def rule_of(row: Mapping[str, Any], lines: tuple[str, str], *, include_public: bool) -> str | None:
    """The rule that leaves the candidate `row` out, or None: it is judged. `lines`: the line
    above its definition and its first line (decorators stand there)."""
    name, path = str(row["name"]), str(row["path"])
    if name.startswith("__") and name.endswith("__"):
        return DUNDER
    python_method = row.get("kind") == "Method" and row.get("language") == "python"
    if python_method and name in PYTHON_PROTOCOL_NAMES:
        return PROTOCOL
    if is_test_path(path) or name.startswith(("test_", "Test")) or name == "test":
        return TEST
    if name in ENTRY_NAMES or path.rsplit("/", 1)[-1] == "__main__.py":
        return ENTRY
    if row.get("language") == "go" and name == "init":
        return ENTRY
    if any(DECORATION.match(line) for line in lines):
        return DECORATED
    if row.get("override"):
        return OVERRIDE
    if row.get("external_base") and row.get("kind") == "Method":
        return HOOK
    if not include_public and public(row, lines[1]):
        return PUBLIC
    return None


def public(row: Mapping[str, Any], first_line: str) -> bool:
    """Whether code outside the repo may name it (see the module docstring)."""
    if row.get("parent_kind") in CALLABLE_PARENTS:
        return False  # a local function: nothing outside its function sees it
    language = str(row.get("language") or "")
    name, qualname = str(row["name"]), str(row.get("qualname") or row["name"])
    signature = f"{row.get('signature') or ''} {first_line}"
    if language == "python":
        parts = [*str(row["path"]).removesuffix(".py").split("/"), *qualname.split(".")]
        return not any(p.startswith("_") and not p.startswith("__") for p in parts)
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
