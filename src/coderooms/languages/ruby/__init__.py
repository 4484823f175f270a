"""Ruby, one package: `extract` (the extractor) and `dynamic` (definitions written as calls:
`alias`, `define_method`, `Class.new`), `rules` (`require` targets, `RubyRules`), `lexical`
(Ruby's lookup of a name: lexical scopes, then a class's ancestors, then what the file
requires) and its record, `LANGUAGE` (the registry, `ingest.languages.registry`, lists it)."""

from coderooms.languages.language import Language, Syntax
from coderooms.languages.ruby import extract
from coderooms.languages.ruby.rules import RubyRules

LANGUAGE = Language(
    "ruby",
    RubyRules("ruby", "ruby"),
    Syntax(("tree_sitter_ruby", "language"), extract.QUERY, extract.extract),
    (".rb",),
    file_names=("gemfile", "rakefile"),
)
