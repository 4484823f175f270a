"""Lua, one package: `extract` (the extractor), `rules` (`require` targets, `LuaRules`) and
its record, `LANGUAGE` (the registry, `ingest.languages.registry`, lists it)."""

from coderooms.languages.language import Language, Syntax
from coderooms.languages.lua import extract
from coderooms.languages.lua.rules import LuaRules

LANGUAGE = Language(
    "lua",
    LuaRules("lua", "lua"),
    Syntax(("tree_sitter_lua", "language"), extract.QUERY, extract.extract),
    (".lua",),
    package_files=("init.lua",),
)
