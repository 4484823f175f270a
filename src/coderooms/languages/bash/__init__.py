"""Bash, one package: `extract` (the extractor, `.sh`, `.bash`, `.bats`), `rules` (`source`
targets, `BashRules`), `commands` (a command: a function of the repo or a program outside it)
and its record, `LANGUAGE` (the registry, `ingest.languages.registry`, lists it)."""

from coderooms.languages.bash import extract
from coderooms.languages.bash.rules import BashRules
from coderooms.languages.language import Language, Syntax


def _bats_first(path: str, source: bytes) -> bytes:
    return extract.bats_source(source) if path.endswith(".bats") else source


LANGUAGE = Language(
    "bash",
    BashRules("bash", "bash"),
    Syntax(
        ("tree_sitter_bash", "language"), extract.QUERY, extract.extract, first_reading=_bats_first
    ),
    (".sh", ".bash", ".bats"),
    file_names=(".bashrc",),
)
