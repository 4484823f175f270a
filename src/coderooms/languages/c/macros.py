"""C++ source as tree-sitter can read it: a macro invocation alone on its line is blanked.

C++ libraries open and close namespaces, declare templates and mark functions with macros
written alone on a line (`NLOHMANN_JSON_NAMESPACE_BEGIN`, `JSON_HEDLEY_WARN_UNUSED_RESULT`,
`Q_OBJECT`, `JSON_TRY`). Tree-sitter does not expand macros: such a line reads as the start of a
declaration, and what follows it (a whole `template <...> struct` and its members) becomes an
error. A preprocessor would replace the line by what the macro means; here it is replaced by
spaces (lines and byte offsets stay), so that the definitions around it parse as written.

A line is blanked when it holds one upper-case identifier (letters, digits, `_`, at least two
characters), or one with a one-line argument list (`JSON_HEDLEY_NON_NULL(3)`), optionally
followed by a `//` comment; the code before it ends a statement or opens or closes a block (`;`,
`{`, `}`, an access label's `:`, a `template <...>` line, a preprocessor line, a comment, the
start of the file); and the code after it starts a declaration or a block (a name, `~`, `[[`,
`#`, a comment, a brace; for an argument list not `{`: `TEST(A, B)` above its body is a
definition). Kept: a line continuing a `#define` (the line before ends in `\\`), an enumerator or
operand (the line before ends in `,`, `=`, an operator) and a statement continued below
(`ASSERT_TRUE(x)` above `<< "message";`).

Two more macro positions are blanked the same way: an export macro between `class`/`struct` and
the name (`class LEVELDB_EXPORT Handler {`, `class LOCKABLE Mutex : Base {`), and annotation
macros between a function's parameters (and qualifiers) and its body (`void Lock()
EXCLUSIVE_LOCK_FUNCTION() {`, `void f(int x) const LOCKS_EXCLUDED(mu_) {`); and a specifier macro
right before `operator` (`JSON_EXPLICIT operator ValueType() const`: `explicit` or nothing);
and specifier macros opening a definition's line before its return type and name
(`CLI11_INLINE void App::parse(..)`, `CLI11_NODISCARD CLI11_INLINE std::string to_lower(..)`:
`inline` or nothing; tree-sitter read the macro as the type and the type as a scope, naming
the function `void.parse`). A type and a name, or a qualified name (a constructor's
`CLI11_INLINE Option::Option(`), must follow (`HANDLE h = f()` and `DWORD f()` are kept).

`access_labels` is a further reading of a C++ file that parses with errors: a macro standing for
an access label on a line of its own (`JSON_PRIVATE_UNLESS_TESTED:`, Qt's `public Q_SLOTS:`) is
read as `public:` (or blanked after `public`). `first_branches`, applied after it, is the next:
its conditional directives blanked with every branch but the first taken (the `#else` of a `#if
0`), as a preprocessor would leave one program (`#if !defined(NDEBUG)` inside a constructor's
initialiser list splits it for tree-sitter: leveldb's `env_posix.cc`). A reading is kept only
when it parses with fewer errors (`languages.extract`); when the first-branch one is kept, what
the other branches define joins it (`languages.cpp.branches`).

`blank_define_comments` (C and C++, before the first parse) blanks the `/* */` comments inside a
continued `#define`, which end the directive for tree-sitter.

`unix_newlines` (C and C++, first of all) reads a `\r\n` line end as `\n` followed by a space
(lines and offsets stay; a line then starts with a space): the patterns here end lines at `\n`,
and a file written with Windows line ends (tinyxml2's) kept every macro and its export macros
(`class TINYXML2_LIB XMLNode\r\n{`) as errors, and its classes' members as free functions.
`blank_null_directives` blanks a null directive, `#` alone on its line or before a comment
(`#       // "(void)0," is for ...` in tinyxml2.h), which tree-sitter reads as an error.

`dead_ranges` gives the `#if 0` branches (C and C++), which are skipped as Universal Ctags skips
them.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from coderooms.languages.parsing.nodes import text

_BARE_MACRO = re.compile(
    rb"^[ \t]*([A-Z][A-Z0-9_]+)[ \t]*(\([^;{}\n]*\))?[ \t]*(?://[^\n]*)?$", re.MULTILINE
)
_DECLARATION_START = re.compile(rb"[ \t\n]*(?:[A-Za-z_~#{}]|\[\[|//|/\*|$)")
_EXPORT_MACRO = re.compile(
    rb"\b(?:class|struct|union)[ \t]+([A-Z][A-Z0-9_]+)[ \t]+"
    rb"(?=[A-Za-z_][A-Za-z0-9_]*[ \t]*(?:final\b)?[ \t\n]*[:{])"
)
_ANNOTATION = re.compile(
    rb"\)[ \t\n]*(?:(?:const|override|final|noexcept)\b[ \t\n]*)*"
    rb"((?:[A-Z][A-Z0-9_]+(?![A-Za-z0-9_])(?:\([^(){};\n]*\))?[ \t\n]*)+)(?=\{)"
)
_OPERATOR_MACRO = re.compile(rb"\b([A-Z][A-Z0-9_]+)[ \t]+(?=operator\b)")
_SPECIFIER_MACRO = re.compile(
    rb"^[ \t]*(?:template[ \t]*<[^;{}\n]*>[ \t]*)?((?:[A-Z][A-Z0-9_]+[ \t]+)+)"
    rb"(?=(?:(?:const|static|inline|constexpr|virtual|unsigned|signed|long|short)[ \t]+)*"
    rb"(?:[A-Za-z_][A-Za-z0-9_:]*(?:<[^;{}()\n]*>)?(?:[ \t]*[*&]+[ \t\n]*|[ \t]*\n[ \t]*|[ \t]+)"
    rb"(?:[*&]+[ \t]*)?(?:[A-Za-z_][A-Za-z0-9_]*::)*"
    rb"|(?:[A-Za-z_][A-Za-z0-9_]*(?:<[^;{}()\n]*>)?::)+)"  # or a constructor's `Foo::Foo(`
    rb"~?[A-Za-z_][A-Za-z0-9_]*[ \t]*\()",
    re.MULTILINE,
)
_ACCESS_MACRO = re.compile(
    rb"^[ \t]*(?:(?:public|private|protected)[ \t]+)?([A-Z][A-Z0-9_]{5,})[ \t]*:(?!:)[ \t]*"
    rb"(?://[^\n]*)?$",
    re.MULTILINE,
)
_KEYWORDS = frozenset({b"TRUE", b"FALSE", b"NULL", b"EOF"})
_NOT_NEWLINE = re.compile(rb"[^\n]")
_CONDITIONAL = re.compile(
    rb"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b((?:[^\n]*\\\n)*[^\n]*)", re.MULTILINE
)
_DEFINE = re.compile(rb"^[ \t]*#[ \t]*define\b(?:[^\n]*\\\n)*[^\n]*", re.MULTILINE)
_CLOSES = (b";", b"{", b"}", b":", b"*/")
_NULL_DIRECTIVE = re.compile(rb"^[ \t]*#[ \t]*(?://[^\n]*|/\*[^\n]*?\*/[ \t]*)?$", re.MULTILINE)
_CONTINUED_COMMENT = re.compile(rb"/\*[^\n]*?\*/(?=[^\n]*\\\n)")


def unix_newlines(source: bytes) -> bytes:
    """`source` with each `\r\n` made `\n ` (see the module): lines and offsets stay."""
    return source.replace(b"\r\n", b"\n ") if b"\r\n" in source else source


def blank_null_directives(source: bytes) -> bytes:
    """`source` with each null directive (`#`, maybe before a comment) made spaces."""
    if b"#" not in source:
        return source
    return _NULL_DIRECTIVE.sub(lambda m: b" " * len(m.group(0)), source)


def blank_define_comments(source: bytes) -> bytes:
    """`source` with each one-line `/* */` comment on a line continued by a `\\` (a `#define`'s
    body) made spaces: tree-sitter (C and C++) ends the directive at such a comment and reads
    the rest, and the definitions after it, as an error (nlohmann's
    `NLOHMANN_JSON_NAMESPACE_END`, whose continued body holds `}  /* namespace ... */`). Lines
    and offsets stay."""
    out: bytearray | None = None
    for comment in _CONTINUED_COMMENT.finditer(source):
        if out is None:
            out = bytearray(source)
        start, end = comment.span()
        out[start:end] = b" " * (end - start)
    return source if out is None else bytes(out)


def blank_bare_macros(source: bytes) -> bytes:
    """`source` with each macro invocation alone on its line made spaces (see the module)."""
    out: bytearray | None = None
    for match in _BARE_MACRO.finditer(source):
        if match.group(1) in _KEYWORDS or not _after_statement(source, match.start()):
            continue
        after = _DECLARATION_START.match(source, match.end())
        if after is None or (match.group(2) and source[after.end() - 1 : after.end()] == b"{"):
            continue
        if out is None:
            out = bytearray(source)
        start, end = match.span()
        out[start:end] = b" " * (end - start)
    for pattern in (_SPECIFIER_MACRO, _EXPORT_MACRO, _ANNOTATION, _OPERATOR_MACRO):
        for match in pattern.finditer(source):
            if out is None:
                out = bytearray(source)
            start, end = match.span(1)
            out[start:end] = _NOT_NEWLINE.sub(b" ", source[start:end])
    return source if out is None else bytes(out)


def access_labels(source: bytes) -> bytes:
    """`source` with each macro standing for an access label read as one (see the module): a
    further reading only, as an upper-case goto label in a function reads the same."""
    out: bytearray | None = None
    for match in _ACCESS_MACRO.finditer(source):
        if not _after_statement(source, match.start()):
            continue
        if out is None:
            out = bytearray(source)
        start, end = match.span(1)
        written = match.group(0).lstrip()
        label = b"" if written.startswith((b"public", b"private", b"protected")) else b"public"
        out[start:end] = label.ljust(end - start)
    return source if out is None else bytes(out)


def first_branches(source: bytes) -> bytes:
    """`source` with its conditional directives blanked and only the first branch taken of each
    (the one after a `#if 0`); `#define` lines of the other branches stay (a preprocessor line
    cannot break the parse, and ctags tags every branch's macros). Lines and offsets stay."""
    out = bytearray(source)
    levels: list[tuple[bool, bool, bool]] = []  # per conditional: taken, kept, in a `#if 0`
    since = 0
    for match in _CONDITIONAL.finditer(source):
        start, end = match.span()
        _blank_unless_kept(out, source, since, start, levels)
        out[start:end] = _NOT_NEWLINE.sub(b" ", source[start:end])
        word = match.group(1)
        if word in (b"if", b"ifdef", b"ifndef"):
            dead = word == b"if" and match.group(2).strip() == b"0"
            levels.append((not dead, not dead, dead))
        elif word in (b"elif", b"else") and levels:
            taken, _, _ = levels[-1]
            levels[-1] = (True, not taken, False)
        elif word == b"endif" and levels:
            levels.pop()
        since = end
    _blank_unless_kept(out, source, since, len(source), levels)
    return bytes(out)


def _blank_unless_kept(
    out: bytearray, source: bytes, start: int, end: int, levels: list[tuple[bool, bool, bool]]
) -> None:
    if all(kept for _, kept, _ in levels):
        return
    out[start:end] = _NOT_NEWLINE.sub(b" ", source[start:end])
    if any(if0 for _, _, if0 in levels):
        return  # `#if 0`: skipped whole, as ctags skips it
    for define in _DEFINE.finditer(source, start, end):
        out[define.start() : define.end()] = source[define.start() : define.end()]


def _after_statement(source: bytes, start: int) -> bool:
    """Whether the last non-blank line before `start` ends a statement (see the module)."""
    end = start
    while end > 0:
        line_start = source.rfind(b"\n", 0, end - 1) + 1
        line = source[line_start:end].strip()
        if not line:
            end = line_start
            continue
        if line.endswith(b"\\"):
            return False  # inside a `#define`
        if line.startswith(b"template") and line.endswith(b">"):
            return True  # `template <typename T>` above `JSON_HEDLEY_NON_NULL(1)`
        return line.startswith((b"#", b"//", b"/*", b"*")) or line.endswith(_CLOSES)
    return True


def dead_ranges(conditions: list[Node], source: bytes) -> list[tuple[int, int]]:
    """The byte ranges of `#if 0` branches (up to their `#else`/`#elif`), as ctags skips them."""
    found = []
    for condition in conditions:
        block = condition.parent
        if block is None or text(condition, source) != "0":
            continue
        alternative = block.child_by_field_name("alternative")
        found.append(
            (block.start_byte, (alternative or block).start_byte if alternative else block.end_byte)
        )
    return found


def inside(byte: int, ranges: list[tuple[int, int]]) -> bool:
    return any(start <= byte < end for start, end in ranges)
