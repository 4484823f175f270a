"""C++, one package of C's family (its base is `languages.c`, whose extractor reads it with
the C++ grammar and whose rules it shares, in the group `c`): `branches` (the `#if` branches
read as further programs), `rules` (`CppRules`, C's) and its record, `LANGUAGE` (the registry,
`ingest.languages.registry`, lists it)."""

from coderooms.languages.c import extract, macros
from coderooms.languages.cpp import branches
from coderooms.languages.cpp.rules import CppRules
from coderooms.languages.language import Language, Reading, Syntax


def _cpp_first(path: str, source: bytes) -> bytes:
    read = macros.blank_null_directives(macros.unix_newlines(source))
    return macros.blank_bare_macros(macros.blank_define_comments(read))


LANGUAGE = Language(
    "cpp",
    CppRules("cpp", "c"),
    Syntax(
        ("tree_sitter_cpp", "language"),
        extract.CPP_QUERY,
        extract.extract,
        first_reading=_cpp_first,
        second_readings=(
            Reading(macros.access_labels),
            # `#if` in an initialiser list: the first branch of each, the others merged
            Reading(macros.first_branches, branches=branches.other_branches),
        ),
    ),
    (".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx"),
)
