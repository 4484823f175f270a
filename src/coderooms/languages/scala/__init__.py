"""Scala, one package of the JVM family (its base is `languages.java`): `extract` (the
extractor), `rules` (`ScalaRules`, the JVM base's) and its record, `LANGUAGE` (the registry,
`ingest.languages.registry`, lists it)."""

from coderooms.languages.language import Language, Syntax
from coderooms.languages.scala import extract
from coderooms.languages.scala.rules import ScalaRules

LANGUAGE = Language(
    "scala",
    ScalaRules("scala", "scala"),
    Syntax(("tree_sitter_scala", "language"), extract.QUERY, extract.extract),
    (".scala",),
)
