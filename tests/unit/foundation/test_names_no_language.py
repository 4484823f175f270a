"""The engine names no language (issue 35, design §6 rule 5): no string constant of the
`resolution` and `ingest` modules, docstrings aside, is a language's name, a group's name or
`gomod`: what a language does its own way is asked of its record (`Rules`, `Language`), never
by its name. The modules that are a language's own (its extractor, its rules, its project
readers and module targets) still live in `ingest/` until each moves to its package
(`coderooms.languages.<name>`, Phase D): they are listed here, and the list only shrinks."""

from __future__ import annotations

import ast
from pathlib import Path

from coderooms.ingest.languages import GROUP_LANGUAGES, LANGUAGE_GROUPS

SRC = Path(__file__).resolve().parents[3] / "src" / "coderooms"
SCANNED = ("resolution", "ingest")

LANGUAGE_OWN = {
    "ingest/languages": "the extractors and the registry of every language's record",
}
"""Modules (or packages) that are one language's own, with what they hold."""
NOT_A_LANGUAGE = {("ingest/collector.py", "c")}
"""Constants that are a language's name by chance: `find_library("c")` is libc."""


def language_names() -> frozenset[str]:
    return frozenset({*LANGUAGE_GROUPS, *GROUP_LANGUAGES, "gomod"})


def docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring constants: each body's first, and the attribute docstrings
    (a string statement after another statement of a module or class body)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            for statement in node.body:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    found.add(id(statement.value))
    return found


def is_language_own(relative: str) -> bool:
    return any(relative == own or relative.startswith(own + "/") for own in LANGUAGE_OWN)


def named_languages() -> list[str]:
    names = language_names()
    found = []
    for unit in SCANNED:
        for path in sorted((SRC / unit).rglob("*.py")):
            relative = path.relative_to(SRC).as_posix()
            if is_language_own(relative):
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            skip = docstrings(tree)
            found.extend(
                f"{relative}:{node.lineno}: {node.value!r}"
                for node in ast.walk(tree)
                if isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value in names
                and id(node) not in skip
                and (relative, node.value) not in NOT_A_LANGUAGE
            )
    return found


def test_resolution_and_ingest_modules_name_no_language() -> None:
    found = named_languages()
    assert not found, (
        "a language is named by a string constant (ask its record instead: `Rules`, "
        "`Language`, the registry's tables):\n" + "\n".join(found)
    )


def test_the_scan_finds_a_language_named() -> None:
    tree = ast.parse('"""Doc naming python."""\nGROUP = "py"\nX = 1\n"""python, a docstring."""')
    skip = docstrings(tree)
    constants = [
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in skip
    ]
    assert "py" in constants
    assert "py" in language_names()
    assert "Doc naming python." not in constants
    assert "python, a docstring." not in constants


def test_every_language_own_module_exists() -> None:
    """The list only names what is there (a module moved to its package leaves it)."""
    assert all((SRC / own).exists() or (SRC / (own + ".py")).exists() for own in LANGUAGE_OWN)
