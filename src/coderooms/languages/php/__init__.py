"""PHP, one package: `extract` (the extractor), `rules` (`PhpRules`: `require` targets, `use`d
names), `namespaces` (what `use` and `require` bring in, the fully qualified names a name may
be), `requests` (PHP's lookup of a name) and its record, `LANGUAGE` (the registry,
`ingest.languages.registry`, lists it)."""

from coderooms.languages.language import Language, Syntax
from coderooms.languages.php import extract
from coderooms.languages.php.rules import PhpRules

LANGUAGE = Language(
    "php",
    PhpRules("php", "php"),
    Syntax(("tree_sitter_php", "language_php"), extract.QUERY, extract.extract),
    (".php",),
)
