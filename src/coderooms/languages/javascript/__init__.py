"""JavaScript, one package and the base of TypeScript's (`languages.typescript`, whose
extractor is this one's core plus its declarations and whose rules extend `ScriptRules`, in the
group `js`): `extract` (the extractor) with `imports`, `exports`, `commonjs`, `scopes`, `jsdoc`
and `assigned` (parts of it), `rules` (`ScriptRules`, the family's, and `JavaScriptRules`),
`modules` (the files a specifier names), `packages` and `configs` (`package.json`, `tsconfig`),
`project_files` (those project files and the `N`, `T`, `D` target modes), `scope_names` (the
called names a scope binds) and its record, `LANGUAGE` (the registry,
`ingest.languages.registry`, lists it)."""

from coderooms.languages.javascript import extract
from coderooms.languages.javascript.rules import JavaScriptRules
from coderooms.languages.language import Language, Syntax

LANGUAGE = Language(
    "javascript",
    JavaScriptRules("javascript", "js"),
    Syntax(("tree_sitter_javascript", "language"), extract.QUERY, extract.extract),
    (".js", ".mjs", ".cjs", ".jsx"),
    package_files=("index.js", "index.mjs", "index.cjs", "index.jsx"),
)
