"""Java, one package and the JVM family's base: `extract` (the extractor) with `lambdas` (a
lambda's parameters typed by the functional interface its call expects) and `containers` (a
JDK container's element type), `rules` (`JavaRules`; `JvmRules`, which Kotlin and Scala
extend), `modules` (the files an import, a declared package or a fully qualified name names),
`on_demand` (`import a.b.*;`) and its record, `LANGUAGE` (the registry,
`ingest.languages.registry`, lists it)."""

from coderooms.languages.java import extract
from coderooms.languages.java.rules import JavaRules
from coderooms.languages.language import Language, Syntax

LANGUAGE = Language(
    "java",
    JavaRules("java", "java"),
    Syntax(("tree_sitter_java", "language"), extract.QUERY, extract.extract),
    (".java",),
)
