"""clang's definitions of one C or C++ file: the precise oracle of `definitions_vs_parsers` for
C and C++ (`clang-14`, the Debian package of that name).

Two clang runs a file, the file's language forced (`-x c -std=gnu11`, `-x c++ -std=gnu++17`: the
GNU dialects, as redis builds with `-std=gnu11`; `-ferror-limit=0`; clang reads past a missing
header and still declares what follows):

* `-fsyntax-only -Xclang -ast-dump=json` gives the declarations (`read_ast`). A location in the
  dump names its `file` and `line` only when they change from the location written before it,
  so the walk goes in document order, tracking both through every location (`loc`, `range`,
  `spellingLoc`, `expansionLoc`; `includedFrom` is no location). Kept are declarations whose
  name is in the file itself and written there, not made by a macro's expansion (a name whose
  location is a macro's: `DEFINE_F(name)`; neither tree-sitter nor ctags expands macros):
  `function` (a function, method, constructor, destructor or conversion operator with a body;
  not `= default` / `= delete`, though clang gives a defaulted one a body where it is used; a
  class template's constructor `S<T>` is `S`), `type` (a named struct, union, class or enum
  with its body; an explicit or partial specialization `S<int>` is `S`; `typedef`, `using A =
  ...`). Not kept:
  declarations clang makes itself (`isImplicit`: injected class names, implicit members,
  lambdas' classes and everything inside them), and template instantiations (in a template's
  `inner`, only the templated declaration after the parameters is the source's). A conversion
  operator is named as written (clang names the canonical type: `operator unsigned long` for
  `operator size_t`), without spaces (`operatorconstchar*`), as ours.
* `-E -dD` (`read_preprocessed`) gives the macros (`#define NAME` at the line the line markers
  give, in the file itself) and the file's lines the preprocessor kept: a line that comes out
  blank lies in a branch clang does not take (`#ifdef _WIN32` on Linux), or is a blank, a
  comment or a directive. Our definitions whose first line was not kept are in a branch clang
  does not take (`definitions_vs_ctags.not_taken`, `agreement`).

The dump of a C++ file holds its standard headers too (800 MB for nlohmann's `json.hpp`): it is
cut into its top-level declarations and only those where the file is current are parsed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

_FUNCTIONS = frozenset(
    {
        "FunctionDecl",
        "CXXMethodDecl",
        "CXXConstructorDecl",
        "CXXDestructorDecl",
        "CXXConversionDecl",
    }
)
_BODIES = frozenset({"CompoundStmt", "CXXTryStmt"})
_RECORDS = frozenset(
    {
        "RecordDecl",
        "CXXRecordDecl",
        "ClassTemplateSpecializationDecl",
        "ClassTemplatePartialSpecializationDecl",
    }
)
_ALIASES = frozenset({"TypedefDecl", "TypeAliasDecl"})
_TEMPLATES = frozenset(
    {
        "ClassTemplateDecl",
        "FunctionTemplateDecl",
        "TypeAliasTemplateDecl",
        "VarTemplateDecl",
    }
)
_PARAMETERS = frozenset(
    {"TemplateTypeParmDecl", "NonTypeTemplateParmDecl", "TemplateTemplateParmDecl"}
)

Found = dict[tuple[str, str], int]


class _Walk:
    """The file and line of the last location written, and what the walk keeps."""

    def __init__(self, path: str, file: str = "", line: int = 0, source: bytes = b"") -> None:
        self.path = path
        self.source = source
        self.file = file
        self.line = line
        self.found: Found = {}

    def location(self, loc: dict[str, Any]) -> None:
        """Take one location (a bare one, or a macro's spelling and expansion) in order."""
        for key in ("spellingLoc", "expansionLoc"):
            if key in loc:
                self.location(loc[key])
        if "file" in loc:
            self.file = loc["file"]
        if "line" in loc:
            self.line = loc["line"]

    def node(self, node: dict[str, Any], keep: bool = True) -> None:
        """Walk `node` in document order; `keep`: whether what it defines is the source's."""
        keep = keep and not node.get("isImplicit")
        kind = node.get("kind", "")
        name_line, name_here, offset = 0, False, -1
        for key, value in node.items():
            if key == "loc" and value:
                self.location(value)
                name_line = self.line
                name_here = self.file == self.path and "spellingLoc" not in value
                offset = value.get("offset", -1)
            elif key == "range":
                for bound in value.values():
                    self.location(bound)
            elif key == "inner":
                self._inner(kind, value, keep)
            elif isinstance(value, dict):
                self._values(value)
        if keep and name_here and node.get("name"):
            found = _definition(kind, node, node.get("inner", []))
            if found is not None:
                name = node["name"]
                if kind == "CXXConversionDecl" and self.source and offset >= 0:
                    # clang names the canonical type (`operator unsigned long` for `size_t`)
                    name = self.source[offset:].split(b"(", 1)[0].decode("utf-8", "replace")
                key = (found, _name(kind, name))
                self.found[key] = min(self.found.get(key, name_line), name_line)

    def _inner(self, kind: str, inner: list[Any], keep: bool) -> None:
        """A template's inner holds its parameters, its templated declaration (the source's)
        and then its instantiations (not kept)."""
        pattern_seen = False
        for child in inner:
            if not isinstance(child, dict):
                continue
            own = keep
            if kind in _TEMPLATES and child.get("kind") not in _PARAMETERS:
                own = keep and not pattern_seen
                pattern_seen = True
            self.node(child, own)

    def _values(self, value: dict[str, Any]) -> None:
        if "tokLen" in value or "spellingLoc" in value:
            self.location(value)
            return
        for item in value.values():
            if isinstance(item, dict):
                self._values(item)


def _name(kind: str, name: str) -> str:
    """The name as ours: no spaces (`operator const char *`); a class template's constructor
    or destructor without the template's arguments (`SkipList<Key,Comparator>` -> `SkipList`)."""
    if kind in ("CXXConstructorDecl", "CXXDestructorDecl"):
        name = name.split("<", 1)[0]
    return name.replace(" ", "")


def _definition(kind: str, node: dict[str, Any], inner: list[Any]) -> str | None:
    if kind in _FUNCTIONS:
        if "explicitlyDefaulted" in node or "explicitlyDeleted" in node:
            return None  # `= default` gets a body clang makes when it is used
        has_body = any(isinstance(c, dict) and c.get("kind") in _BODIES for c in inner)
        return "function" if has_body else None
    if kind in _RECORDS:
        return "type" if node.get("completeDefinition") else None
    if kind == "EnumDecl":
        return "type" if inner else None  # `enum class E : int;` declares, has no constants
    return "type" if kind in _ALIASES else None


_TOP = re.compile(rb"\n    \{\n")
_FILE = re.compile(rb'"file": "((?:[^"\\]|\\.)*)"')
_LINE = re.compile(rb'"line": (\d+)')


def _included_from(data: bytes, at: int) -> bool:
    """Whether the `"file"` at `at` is an `includedFrom`'s (no location of its own)."""
    width = 400
    before = data[max(0, at - width) : at].rstrip()
    while not before and width < at:  # deeper than 200 levels
        width *= 4
        before = data[max(0, at - width) : at].rstrip()
    return before.endswith(b'"includedFrom": {')


def _last_file(data: bytes, start: int, end: int) -> str | None:
    """The file of the last location written between `start` and `end`, if any is named."""
    at = end
    while True:
        at = data.rfind(b'"file": "', start, at)
        if at < 0:
            return None
        if not _included_from(data, at):
            match = _FILE.match(data, at)
            return json.loads(b'"' + match[1] + b'"') if match else None


def _names(data: bytes, needle: bytes, start: int, end: int) -> bool:
    """Whether a location between `start` and `end` is in the file `needle` names."""
    at = data.find(needle, start, end)
    while at >= 0:
        if not _included_from(data, at):
            return True
        at = data.find(needle, at + 1, end)
    return False


def _last_line(data: bytes, end: int) -> int:
    at = data.rfind(b'"line": ', 0, end)
    match = _LINE.match(data, at) if at >= 0 else None
    return int(match[1]) if match else 0


def _chunks(data: bytes) -> Iterator[tuple[int, int]]:
    starts = [m.start() + 1 for m in _TOP.finditer(data)]
    for at, start in enumerate(starts):
        end = starts[at + 1] if at + 1 < len(starts) else data.rfind(b"]")
        yield start, end


def read_ast(data: bytes, path: str, source: bytes = b"") -> Found:
    """The definitions of `path` in clang's JSON dump of it (`-Xclang -ast-dump=json`);
    `source`, the file's bytes, names conversion operators as written."""
    found: Found = {}
    needle = json.dumps(path).encode()
    current: str | None = None
    for start, end in _chunks(data):
        mentioned = _names(data, b'"file": ' + needle, start, end)
        if current == path or mentioned:
            line = _last_line(data, start) if current else 0
            walk = _Walk(path, current or "", line, source)
            text = data[start:end].rstrip().rstrip(b",")
            walk.node(json.loads(text))
            for key, line in walk.found.items():
                found[key] = min(found.get(key, line), line)
        last = _last_file(data, start, end)
        if last is not None:
            current = last
    return found


_MARKER = re.compile(r'^# (\d+) "((?:[^"\\]|\\.)*)"')
_DEFINE = re.compile(r"^#define ([A-Za-z_]\w*)")


def read_preprocessed(text: str, path: str) -> tuple[Found, set[int]]:
    """The macros `#define`d in `path` and the lines of it kept, from `clang -E -dD` output."""
    macros: Found = {}
    kept: set[int] = set()
    file, line = "", 0
    for out in text.splitlines():
        marker = _MARKER.match(out)
        if marker:
            file, line = json.loads(f'"{marker[2]}"'), int(marker[1])
            continue
        if file == path:
            if out.strip():
                kept.add(line)
            define = _DEFINE.match(out)
            if define:
                key = ("macro", define[1])
                macros[key] = min(macros.get(key, line), line)
        line += 1
    return macros, kept
