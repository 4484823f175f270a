"""Project files as `ProjectFile`s of the languages that read them (issue 35): the catalog
holds today's files, the lookup's tables fill by kind, the right languages re-resolve."""

from __future__ import annotations

from coderooms.ingest.languages import (
    GROUP_RULES,
    KEPT_IN_EXCLUDED,
    PROJECT_FILES,
    PROJECT_LANGUAGES,
    PROJECT_TABLES,
    is_kept_file,
)
from coderooms.ingest.languages.registry import LANGUAGES
from coderooms.languages.c.commands import c_include_dirs
from coderooms.resolution.lookup import Lookup

JS = ["javascript", "tsx", "typescript"]


def test_each_project_file_belongs_to_todays_languages() -> None:
    holders: dict[str, set[str]] = {}
    for record in LANGUAGES.values():
        for project in record.rules.project_files:
            holders.setdefault(project.kind, set()).add(record.name)
            assert PROJECT_FILES[project.kind] is project
    assert holders == {
        "go.mod": {"go"},
        "package.json": set(JS),
        "tsconfig": set(JS),
        "Cargo.toml": {"rust"},
        "compile_commands.json": {"c", "cpp"},
        "python": {"python"},
    }
    assert PROJECT_LANGUAGES == {
        "go.mod": ["go"],
        "package.json": JS,
        "tsconfig": JS,
        "Cargo.toml": ["rust"],
        "compile_commands.json": ["c", "cpp"],
    }  # a marker (python's) re-resolves nothing
    assert PROJECT_TABLES.names == (
        "Cargo.toml",
        "compile_commands.json",
        "go.mod",
        "jsconfig.json",
        "package.json",
        "pyproject.toml",
        "setup.cfg",
        "setup.py",
        "tsconfig.base.json",
        "tsconfig.json",
    )


def test_a_file_is_read_as_the_project_file_its_name_and_place_make_it() -> None:
    def kind(path: str, language: str | None = None) -> str | None:
        found = PROJECT_TABLES.project_file(path, language)
        return None if found is None else found.kind

    assert kind("GO.MOD", "gomod") == "go.mod"  # the file kind, any case
    assert kind("a/go.mod") == "go.mod"
    assert kind("web/package.json") == "package.json"
    assert kind("a/PACKAGE.JSON") is None
    assert kind("web/tsconfig.base.json") == "tsconfig"
    assert kind("build/compile_commands.json") == "compile_commands.json"
    assert kind("x/compile_commands.json") is None  # only at the root or in build/
    assert kind("pyproject.toml") is None  # a marker has no reader


def test_project_files_fill_the_lookups_tables_by_kind() -> None:
    lookup = Lookup("r", group_rules=GROUP_RULES)
    PROJECT_TABLES.fill_lookup(
        lookup,
        [
            ("svc/go.mod", ["module example.com/svc"]),
            ("web/tsconfig.json", ["root web"]),
            ("x/compile_commands.json", ["f a.c\ti."]),
            ("pyproject.toml", []),
        ],
    )
    assert lookup.table("go.mod") == {"svc": ["module example.com/svc"]}
    assert lookup.table("tsconfig") == {"web/tsconfig.json": ["root web"]}
    assert lookup.table("compile_commands.json") == {}
    assert set(lookup.project) == {"go.mod", "tsconfig"}
    PROJECT_TABLES.fill_lookup(lookup, [("svc/go.mod", [])])  # an empty table takes the file out
    assert lookup.table("go.mod") == {}


def test_a_changed_compilation_database_drops_the_include_directories_derived_from_it() -> None:
    lookup = Lookup("r", group_rules=GROUP_RULES)
    assert c_include_dirs(lookup) == {}
    assert "compile_commands.json" in lookup.memo
    PROJECT_TABLES.fill_lookup(lookup, [("compile_commands.json", ["f a.c\tiinclude"])])
    assert "compile_commands.json" not in lookup.memo


def test_the_languages_of_the_changed_project_files_re_resolve() -> None:
    changed = ["web/package.json", "Cargo.toml", "web/tsconfig.json", "a.py", "pyproject.toml"]
    assert PROJECT_TABLES.languages_to_reresolve(changed) == [["rust"], JS]
    assert PROJECT_TABLES.languages_to_reresolve(["build/compile_commands.json", "go.mod"]) == [
        ["c", "cpp"],
        ["go"],
    ]


def test_only_a_builds_compilation_database_is_kept_in_an_excluded_directory() -> None:
    assert {"build/compile_commands.json"} == KEPT_IN_EXCLUDED
    assert is_kept_file("build/compile_commands.json")
    assert not is_kept_file("build/other.json")
    assert not is_kept_file("compile_commands.json")  # at the root: never excluded anyway
