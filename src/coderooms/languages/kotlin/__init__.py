"""Kotlin, one package of the JVM family (its base is `languages.java`): `extract` (the
extractor), `repairs` (what tree-sitter-kotlin misreads, rewritten before the first reading and
for a second one), `rules` (`KotlinRules`, in Java's group) and its record, `LANGUAGE` (the
registry, `ingest.languages.registry`, lists it)."""

from coderooms.languages.kotlin import extract, repairs
from coderooms.languages.kotlin.rules import KotlinRules
from coderooms.languages.language import Language, Reading, Syntax


def _kotlin_first(path: str, source: bytes) -> bytes:
    return repairs.top_level_annotations(source)  # `actual class`


LANGUAGE = Language(
    "kotlin",
    KotlinRules("kotlin", "java"),
    Syntax(
        ("tree_sitter_kotlin", "language"),
        extract.QUERY,
        extract.extract,
        first_reading=_kotlin_first,
        # `{ fun f() {} }`: an error to the grammar
        second_readings=(Reading(repairs.second_reading),),
    ),
    (".kt", ".kts"),
)
