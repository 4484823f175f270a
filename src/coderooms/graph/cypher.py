"""Loads the named Cypher statements kept under `cypher/`.

In a wheel the directory is packaged as `coderooms/cypher`; in a source checkout it is the
top-level `cypher/` of the repository. A statement is named by its path without the suffix:
`load("ingest/replace_file_claim")`.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from coderooms.errors import CoderoomsError

SUFFIX = ".cypher"


@cache
def cypher_root() -> Traversable:
    packaged = resources.files("coderooms") / "cypher"
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[3] / "cypher"
    if checkout.is_dir():
        return checkout
    raise CoderoomsError(
        "the Cypher statements are missing from this installation",
        hint="reinstall coderooms (pip install --force-reinstall coderooms)",
    )


@cache
def load(name: str) -> str:
    """The text of statement `name`, e.g. `schema/0001_constraints` or `search/literal`."""
    node = _with_suffix(name)
    if not node.is_file():
        raise CoderoomsError(f"no Cypher statement named {name!r}")
    return node.read_text(encoding="utf-8").strip()


def _with_suffix(name: str) -> Traversable:
    node = cypher_root()
    parts = name.split("/")
    for part in parts[:-1]:
        node = node / part
    return node / (parts[-1] + SUFFIX)


def statement_names() -> list[str]:
    """Every statement shipped, sorted; tests check each is used and parses."""
    names: list[str] = []

    def walk(node: Traversable, prefix: str) -> None:
        for child in node.iterdir():
            if child.is_dir():
                walk(child, f"{prefix}{child.name}/")
            elif child.name.endswith(SUFFIX):
                names.append(prefix + child.name.removesuffix(SUFFIX))

    walk(cypher_root(), "")
    return sorted(names)


def split_statements(text: str) -> list[str]:
    """Schema migration files may hold several statements separated by `;` at line ends; a part
    of comment lines only is no statement (a migration may be its data step alone)."""
    parts = [part.removesuffix(";").strip() for part in text.split(";\n")]
    return [part for part in parts if any(_is_code(line) for line in part.splitlines())]


def _is_code(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("//")
