"""Imports go through each language's `Rules` (`resolution.rules`, the overrides in
`ingest.import_rules`): every record's rules are its own, and a name that is no deep language
(a group's, `js`) has the generic rules, whose modules name no file."""

from __future__ import annotations

from coderooms.ingest.import_requests import bindings, import_requests, module_targets, rules_of
from coderooms.ingest.languages.registry import LANGUAGES
from coderooms.resolution.extraction import ImportRef
from coderooms.resolution.rules import Rules
from coderooms.resolution.targets import Target


def test_every_record_holds_its_own_rules() -> None:
    for name, record in LANGUAGES.items():
        assert record.rules.language == name
        assert rules_of(name) is record.rules


def test_a_name_that_is_no_language_has_the_generic_rules() -> None:
    assert type(rules_of("js")) is Rules
    assert module_targets("js", "src/a.js", "./b") == ()
    assert module_targets("csharp", "A.cs", "System.Text") == ()
    refs = [ImportRef("System.Text", (), "T", 1), ImportRef("System.IO", ("File",), None, 2)]
    bound = bindings("csharp", "A.cs", refs)
    assert sorted(bound) == ["File", "T"]
    assert (bound["T"].module, bound["T"].item) == ((), None)
    assert [r.targets for r in import_requests("csharp", "A.cs", refs)] == [(), ()]


def test_go_binds_the_package_name_and_not_blank_imports() -> None:
    refs = [
        ImportRef("github.com/x/yaml", (), None, 1),
        ImportRef("github.com/x/side", (), "_", 2),
        ImportRef("github.com/x/dot", (), ".", 3),
    ]
    bound = bindings("go", "main.go", refs)
    assert list(bound) == ["yaml"]
    assert bound["yaml"].module == (Target("G", "github.com/x/yaml"),)
    assert len(import_requests("go", "main.go", refs)) == 3
