"""Swift, one package: `extract` (the extractor), `rules` (`import` targets, `SwiftRules`) and
its record, `LANGUAGE` (the registry, `ingest.languages.registry`, lists it)."""

from coderooms.languages.language import Language, Syntax
from coderooms.languages.swift import extract
from coderooms.languages.swift.rules import SwiftRules

LANGUAGE = Language(
    "swift",
    SwiftRules("swift", "swift"),
    Syntax(("tree_sitter_swift", "language"), extract.QUERY, extract.extract),
    (".swift",),
)
