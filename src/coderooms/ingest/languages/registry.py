"""The deep languages, one record each (`coderooms.languages.language.Language`): how a file
is read (grammar, query, extractor, the readings made before and after a parse) and its
resolution rules. Built by explicit import, so a fresh worker process that imports it gets all
of them."""

from __future__ import annotations

from coderooms.languages import (
    bash,
    c,
    cpp,
    csharp,
    go,
    java,
    javascript,
    kotlin,
    lua,
    php,
    python,
    ruby,
    rust,
    scala,
    swift,
    typescript,
)
from coderooms.languages.language import Language
from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.module_resolver import ModuleResolver
from coderooms.resolution.project_files import ProjectFile
from coderooms.resolution.project_tables import ProjectTables
from coderooms.resolution.target_modes import TargetMode

_RECORDS = (
    python.LANGUAGE,
    javascript.LANGUAGE,
    typescript.LANGUAGE,
    typescript.TSX,
    go.LANGUAGE,
    rust.LANGUAGE,
    java.LANGUAGE,
    c.LANGUAGE,
    cpp.LANGUAGE,
    csharp.LANGUAGE,
    php.LANGUAGE,
    kotlin.LANGUAGE,
    swift.LANGUAGE,
    scala.LANGUAGE,
    ruby.LANGUAGE,
    lua.LANGUAGE,
    bash.LANGUAGE,
)

LANGUAGES: dict[str, Language] = {record.name: record for record in _RECORDS}
"""Every deep language by name, in the order they are listed."""

LANGUAGE_GROUPS: dict[str, str] = {name: record.rules.group for name, record in LANGUAGES.items()}
"""language -> its group: calls resolve by name only within a group (TS code calls JS code,
not Go code)."""

GROUP_LANGUAGES: dict[str, set[str]] = {}
for _name, _group in LANGUAGE_GROUPS.items():
    GROUP_LANGUAGES.setdefault(_group, set()).add(_name)

SCOPED_GROUPS: list[str] = sorted(
    {record.rules.group for record in _RECORDS if record.rules.scoped_bare_names}
)
"""Groups whose bare names resolve by scope (`Rules.scoped_bare_names`), sorted."""

GROUP_RULES: dict[str, LookupRules] = {}
"""group -> the rules of its first language: what resolution asks by group (`RefRequest.group`)
reads the group-level flags and hooks there (they agree within a group: test_language_rules)."""
for _record in _RECORDS:
    if not isinstance(_record.rules, LookupRules):
        raise TypeError(f"{_record.name}: its rules must be LookupRules")
    GROUP_RULES.setdefault(_record.rules.group, _record.rules)

RESOLVERS: dict[str, ModuleResolver] = {
    group: rules.resolver for group, rules in GROUP_RULES.items() if rules.resolver is not None
}
"""group -> the `ModuleResolver` its references resolve over (Python's)."""
RESOLVER_LANGUAGES: list[str] = sorted(n for g in RESOLVERS for n in GROUP_LANGUAGES[g])
"""The languages of the groups with a resolver, sorted (a changeset's `Changes.directories`
re-resolve their files)."""

TARGET_MODES: dict[str, TargetMode] = {}
"""mode character -> the `TargetMode` of the language (or family) whose rules make it."""
for _record in _RECORDS:
    for _mode in _record.rules.target_modes:
        if TARGET_MODES.setdefault(_mode.mode, _mode) is not _mode:
            raise ValueError(f"target mode {_mode.mode!r} claimed twice ({_record.name})")

PROJECT_FILES: dict[str, ProjectFile] = {}
"""kind -> the `ProjectFile` of the language (or family) whose rules read it."""
PROJECT_LANGUAGES: dict[str, list[str]] = {}
"""kind of a project file with a reader -> the languages that re-resolve when one changes (its
holder's group, sorted)."""
for _record in _RECORDS:
    for _project in _record.rules.project_files:
        if PROJECT_FILES.setdefault(_project.kind, _project) is not _project:
            raise ValueError(f"project file {_project.kind!r} claimed twice ({_record.name})")
        if _project.read is not None:
            PROJECT_LANGUAGES[_project.kind] = sorted(GROUP_LANGUAGES[_record.rules.group])

PROJECT_TABLES = ProjectTables(PROJECT_FILES, PROJECT_LANGUAGES)
"""The project files' names, readers and what re-resolves when one changes."""

KEPT_IN_EXCLUDED = frozenset(k for p in PROJECT_FILES.values() for k in p.kept_in_excluded)
"""Files read although a default-excluded directory holds them (`ProjectFile.kept_in_excluded`:
the include directories of C/C++ files, `build/compile_commands.json`)."""

REEXPORT_GROUPS = frozenset(g for g, r in GROUP_RULES.items() if r.module_table == "reexports")
"""Language groups whose files keep a re-export table (Rust: `pub use a::b::C;` is the table
entries of `import { C } from "a/b"; export { C }`; `pub use a::*;` a star)."""
STAR_GROUPS = frozenset(g for g, r in GROUP_RULES.items() if r.module_table == "stars")
"""Language groups whose files keep one `*<spec>` entry per `require`/`source`/`#include`
(Ruby, Bash, C/C++): what a required file defines is seen by what requires it, and by what
requires that in turn (`require_walk.through_requires`, `languages.c.includes.through_includes`)."""
TABLE_GROUPS = frozenset(g for g, r in GROUP_RULES.items() if r.member_table or r.module_table)
"""Language groups whose files keep a module table (re-exports, returns, bases, types)."""
