"""TypeScript's and TSX's resolution rules: JavaScript's family base
(`languages.javascript.rules.ScriptRules`: a specifier names a file, one request per statement,
a re-export table), in JavaScript's group; unlike JavaScript, fields are not followed into
other files."""

from __future__ import annotations

from coderooms.languages.javascript.rules import ScriptRules


class TypeScriptRules(ScriptRules):
    """TypeScript and TSX: the family base's rules as they are (their group, `js`, is
    JavaScript's)."""

    __slots__ = ()
