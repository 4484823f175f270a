"""Where a deep language's tree-sitter grammar comes from: an offline wheel per language
(`Syntax.grammar`: the wheel's module and the function returning its language pointer),
imported only when a file of that language is first parsed (nothing downloads at run time)."""

from __future__ import annotations

import importlib

Grammar = tuple[str, str]
"""(the wheel's module, the function returning its language pointer)."""


def load_grammar(grammar: Grammar) -> object:
    """The grammar's language pointer (its module imported on the first call)."""
    module_name, function = grammar
    loaded: object = getattr(importlib.import_module(module_name), function)()
    return loaded
