"""A file's language and its module's name are joined from the deep languages' records and
the text-only kinds (`languages.file_kinds`): the joined tables are the ones written out by
hand before the records held them (issue 35, step 8), and every name is claimed once."""

from __future__ import annotations

from coderooms.ingest.languages import LANGUAGE_GROUPS, SCOPED_GROUPS, language_for_path
from coderooms.ingest.languages.file_names import _EXTENSIONS, _FILENAMES, _PACKAGE_FILES
from coderooms.ingest.languages.registry import LANGUAGES
from coderooms.languages.file_kinds import EXTENSIONS, FILE_NAMES

DEEP_EXTENSIONS = {
    ".py": "python", ".pyi": "python", ".pyw": "python",
    ".js": "javascript", ".mjs": "javascript", ".cjs": "javascript", ".jsx": "javascript",
    ".ts": "typescript", ".mts": "typescript", ".cts": "typescript", ".tsx": "tsx",
    ".go": "go", ".rs": "rust", ".java": "java",
    ".sh": "bash", ".bash": "bash", ".bats": "bash",
    ".c": "c", ".h": "c",
    ".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".c++": "cpp", ".hh": "cpp", ".hpp": "cpp",
    ".hxx": "cpp",
    ".cs": "csharp", ".rb": "ruby", ".php": "php", ".kt": "kotlin", ".kts": "kotlin",
    ".scala": "scala", ".swift": "swift", ".lua": "lua",
}  # fmt: skip
"""Today's deep-language extensions, as `file_names._EXTENSIONS` listed them."""

DEEP_FILE_NAMES = {"gemfile": "ruby", "rakefile": "ruby", ".bashrc": "bash"}

GROUPS = {
    "python": "py", "javascript": "js", "typescript": "js", "tsx": "js", "go": "go",
    "rust": "rust", "java": "java", "c": "c", "cpp": "c", "csharp": "csharp", "php": "php",
    "kotlin": "java", "swift": "swift", "scala": "scala", "ruby": "ruby", "lua": "lua",
    "bash": "bash",
}  # fmt: skip
"""Stored on every reference edge: the names may never change."""


def test_the_joined_tables_are_todays() -> None:
    assert _EXTENSIONS == {**EXTENSIONS, **DEEP_EXTENSIONS}
    assert _FILENAMES == {**FILE_NAMES, **DEEP_FILE_NAMES}
    assert {
        "__init__.py", "__init__.pyi", "mod.rs", "lib.rs", "main.rs", "init.lua",
        "index.js", "index.mjs", "index.cjs", "index.jsx", "index.ts", "index.mts", "index.cts",
        "index.tsx", "index.d.ts", "index.d.mts", "index.d.cts",
    } == _PACKAGE_FILES  # fmt: skip


def test_each_name_is_claimed_once() -> None:
    extensions = [e for record in LANGUAGES.values() for e in record.extensions]
    names = [n for record in LANGUAGES.values() for n in record.file_names]
    assert len(extensions) == len(set(extensions))
    assert not set(extensions) & set(EXTENSIONS)
    assert len(names) == len(set(names))
    assert not set(names) & set(FILE_NAMES)
    assert all(e == e.lower() and e.startswith(".") for e in extensions)


def test_every_deep_language_reads_its_own_files() -> None:
    for name, record in LANGUAGES.items():
        for extension in record.extensions:
            assert language_for_path(f"src/a{extension}") == name
            assert language_for_path(f"src/A{extension.upper()}") == name
        for file_name in record.file_names:
            assert language_for_path(f"x/{file_name}") == name


def test_groups_are_todays() -> None:
    assert LANGUAGE_GROUPS == GROUPS
    assert SCOPED_GROUPS == ["py"]
