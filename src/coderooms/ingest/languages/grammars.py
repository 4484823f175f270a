"""Where each deep language's tree-sitter grammar comes from: an offline wheel per language,
imported only when a file of that language is first parsed (nothing downloads at run time)."""

from __future__ import annotations

import importlib
from collections.abc import Callable

GRAMMAR_MODULES: dict[str, tuple[str, str]] = {
    "python": ("tree_sitter_python", "language"),
    "javascript": ("tree_sitter_javascript", "language"),
    "typescript": ("tree_sitter_typescript", "language_typescript"),
    "tsx": ("tree_sitter_typescript", "language_tsx"),
    "go": ("tree_sitter_go", "language"),
    "rust": ("tree_sitter_rust", "language"),
    "c": ("tree_sitter_c", "language"),
    "cpp": ("tree_sitter_cpp", "language"),
    "java": ("tree_sitter_java", "language"),
    "csharp": ("tree_sitter_c_sharp", "language"),
    "php": ("tree_sitter_php", "language_php"),
    "kotlin": ("tree_sitter_kotlin", "language"),
    "swift": ("tree_sitter_swift", "language"),
    "scala": ("tree_sitter_scala", "language"),
    "ruby": ("tree_sitter_ruby", "language"),
    "lua": ("tree_sitter_lua", "language"),
    "bash": ("tree_sitter_bash", "language"),
}
"""language -> (the wheel's module, the function returning its language pointer)."""


def grammar_loader(language: str) -> Callable[[], object]:
    """A function loading `language`'s grammar pointer (the module is imported on first call)."""
    module_name, function = GRAMMAR_MODULES[language]

    def load() -> object:
        loaded: object = getattr(importlib.import_module(module_name), function)()
        return loaded

    load.__name__ = f"load_{language}_grammar"
    return load
