"""Go, one package: `extract` (the extractor) with `literals` (the names a function literal
binds stay in it) and `values` (the types Go names take where the file states them), `rules`
(`import` targets, `GoRules`), `packages` (what an import path names: `go.mod` module paths,
the `G` target mode, a package's name), `embedded` (a struct's embedded types, the methods
promoted from them) and its record, `LANGUAGE` (the registry, `ingest.languages.registry`,
lists it)."""

from coderooms.languages.go import extract
from coderooms.languages.go.rules import GoRules
from coderooms.languages.language import Language, Syntax

LANGUAGE = Language(
    "go",
    GoRules("go", "go"),
    Syntax(("tree_sitter_go", "language"), extract.QUERY, extract.extract),
    (".go",),
)
