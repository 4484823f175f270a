"""A file's imports as requests, by its language's rules (`resolution.rules.Rules`; each
language's overrides are in its package's `rules`, its record in `languages.registry`): which files
each imported module may be (`module_targets`), the names each import binds in the file
(`bindings`), and one `ImportRequest` per imported module (`import_requests`). A name that is
no deep language has the generic rules, whose modules name no file."""

from __future__ import annotations

from collections.abc import Iterable

from coderooms.ingest.languages.registry import GROUP_RULES, LANGUAGE_GROUPS, LANGUAGES
from coderooms.resolution import file_records
from coderooms.resolution.extraction import Extraction, ImportRef
from coderooms.resolution.file_scope import ReferenceRules
from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.ref_requests import FileRecord
from coderooms.resolution.rules import Rules
from coderooms.resolution.targets import Binding, ImportRequest, Target

_GENERIC = LookupRules("", "")


def rules_of(language: str) -> Rules:
    """The rules of a deep language (by name), else the generic ones."""
    record = LANGUAGES.get(language)
    return _GENERIC if record is None else record.rules


def group_rules(group: str) -> Rules:
    """The rules resolution reads by a reference's group (its group-level flags and hooks),
    else the generic ones."""
    return GROUP_RULES.get(group, _GENERIC)


def reference_rules_of(language: str) -> ReferenceRules:
    """`rules_of` with the reference hooks (every record's rules have them)."""
    rules = rules_of(language)
    return rules if isinstance(rules, ReferenceRules) else _GENERIC


def module_targets(language: str, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
    return rules_of(language).module_targets(path, module, level)


def bindings(language: str, path: str, imports: Iterable[ImportRef]) -> dict[str, Binding]:
    """Local name (dotted for Python's `import a.b`) -> what it is bound to."""
    return rules_of(language).bindings(path, imports)


def import_requests(language: str, path: str, imports: Iterable[ImportRef]) -> list[ImportRequest]:
    """One request per imported module (and per name that may itself be a submodule)."""
    return rules_of(language).import_requests(path, imports)


def build_record(path: str, language: str | None, extraction: Extraction | None) -> FileRecord:
    """The file's record (`file_records.build_record`) by its language's rules and group."""
    name = language or ""
    rules = reference_rules_of(name)
    return file_records.build_record(
        path, language, extraction, rules, LANGUAGE_GROUPS.get(name, name)
    )
