"""TypeScript and TSX, one package of JavaScript's family (its base is `languages.javascript`):
`extract` (the extractor of both: JavaScript's core plus TS declarations), `rules`
(`TypeScriptRules`, JavaScript's `ScriptRules`) and its two records, `LANGUAGE` (TypeScript)
and `TSX` (the registry, `ingest.languages.registry`, lists them)."""

from coderooms.languages.language import Language, Syntax
from coderooms.languages.typescript import extract
from coderooms.languages.typescript.rules import TypeScriptRules

_DECLARATIONS = (".d.ts", ".d.mts", ".d.cts")

LANGUAGE = Language(
    "typescript",
    TypeScriptRules("typescript", "js"),
    Syntax(("tree_sitter_typescript", "language_typescript"), extract.QUERY, extract.extract),
    (".ts", ".mts", ".cts"),
    package_files=(
        "index.ts",
        "index.mts",
        "index.cts",
        *("index" + d for d in _DECLARATIONS),
    ),
    declaration_suffixes=_DECLARATIONS,
)
TSX = Language(
    "tsx",
    TypeScriptRules("tsx", "js"),
    Syntax(("tree_sitter_typescript", "language_tsx"), extract.QUERY, extract.extract),
    (".tsx",),
    package_files=("index.tsx",),
)
