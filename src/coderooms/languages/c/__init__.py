"""C, one package and the base of C++'s (`languages.cpp`, which shares its group `c`):
`extract` (the extractor of both, one grammar each) with `macros` (what a preprocessor would do
that tree-sitter does not), `misreads` (statements the grammar reads as definitions) and
`values` (C++'s declared values and base initialisers), `overloads` (C++ members of
overloads, their arities, calls' argument counts), `rules` (`CRules`),
`headers` (the files an `#include` names, a header's paired implementations), `includes` (the
walk through what an include includes: C's star walk), `requests` (C++'s members of values,
inherited bare calls, fields of an out-of-class definition's class, overloads), `commands`
(`compile_commands.json`: its reader and the `I` target mode) and its record, `LANGUAGE` (the
registry, `ingest.languages.registry`, lists it)."""

from tree_sitter import Node

from coderooms.languages.c import extract, macros
from coderooms.languages.c.rules import CRules
from coderooms.languages.language import Language, Syntax


def _c_first(path: str, source: bytes) -> bytes:
    # `\r\n` line ends, a null directive, `/* */` in a `#define`
    return macros.blank_define_comments(macros.blank_null_directives(macros.unix_newlines(source)))


def _c_header_as_cpp(path: str, root: Node, source: bytes) -> str | None:
    """A C++ project's header: C++ syntax, and C++ parses it where C did not (`extract`)."""
    return "cpp" if path.endswith(".h") and extract.reads_as_cpp(root, source) else None


LANGUAGE = Language(
    "c",
    CRules("c", "c"),
    Syntax(
        ("tree_sitter_c", "language"),
        extract.QUERY,
        extract.extract,
        first_reading=_c_first,
        read_as=_c_header_as_cpp,
    ),
    (".c", ".h"),
)
