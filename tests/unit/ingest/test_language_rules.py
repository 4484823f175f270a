"""Imports and file scopes go through each language's `Rules` (`resolution.rules`, the
overrides in each package's `rules`): every record's rules are its own, a name that is no deep
language (a group's, `js`) has the generic rules, whose modules name no file, and the group-level
flags agree with the groups resolution keys its tables by."""

from __future__ import annotations

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.import_requests import (
    bindings,
    build_record,
    group_rules,
    import_requests,
    module_targets,
    reference_rules_of,
    rules_of,
)
from coderooms.ingest.languages import (
    GROUP_RULES,
    REEXPORT_GROUPS,
    STAR_GROUPS,
    TABLE_GROUPS,
    TARGET_MODES,
    extract,
)
from coderooms.ingest.languages.registry import LANGUAGES
from coderooms.languages.c.requests import Declared
from coderooms.languages.csharp.namespaces import Usings
from coderooms.languages.go.embedded import Embedded
from coderooms.languages.java.on_demand import OnDemandImports
from coderooms.languages.javascript.packages import package_entries
from coderooms.languages.javascript.scope_names import ScopedNames
from coderooms.languages.php.namespaces import Uses
from coderooms.resolution.extraction import (
    Extraction,
    FactKind,
    ImportRef,
    InheritRef,
    ScopeFact,
    SymbolDef,
)
from coderooms.resolution.file_scope import ReferenceRules
from coderooms.resolution.listed_bases import Ancestors
from coderooms.resolution.lookup import Lookup, LookupMode
from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.ref_requests import RefRequest
from coderooms.resolution.target_modes import target_stems
from coderooms.resolution.targets import Target


def test_every_record_holds_its_own_rules() -> None:
    for name, record in LANGUAGES.items():
        assert record.rules.language == name
        assert rules_of(name) is record.rules


def test_a_name_that_is_no_language_has_the_generic_rules() -> None:
    assert type(rules_of("js")) is LookupRules
    assert reference_rules_of("js") is rules_of("js")
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


def test_the_table_flags_are_the_groups_tables() -> None:
    """`module_table` and `member_table` say per language what resolution keys by group: the
    groups read from them are today's."""
    assert {"js", "rust"} == REEXPORT_GROUPS
    assert {"ruby", "bash", "c"} == STAR_GROUPS
    assert REEXPORT_GROUPS | {"java", "go", "swift", "scala"} | STAR_GROUPS == TABLE_GROUPS
    for record in LANGUAGES.values():
        rules = record.rules
        assert (rules.module_table == "reexports") == (rules.group in REEXPORT_GROUPS)
        assert (rules.module_table == "stars") == (rules.group in STAR_GROUPS)
        assert rules.member_table == (rules.group in TABLE_GROUPS)


def test_a_group_reads_the_rules_of_its_languages() -> None:
    assert set(GROUP_RULES) == {record.rules.group for record in LANGUAGES.values()}
    assert group_rules("js") is rules_of("javascript")
    assert group_rules("java") is rules_of("java")
    assert type(group_rules("no-such-group")) is LookupRules


def test_group_level_flags_agree_within_each_group() -> None:
    by_group: dict[str, set[tuple[str, bool]]] = {}
    for record in LANGUAGES.values():
        flags = (record.rules.module_table, record.rules.member_table)
        by_group.setdefault(record.rules.group, set()).add(flags)
    assert all(len(flags) == 1 for flags in by_group.values()), by_group


def test_bases_js_extends_the_first_base_of_inheriting_groups_none_for_go() -> None:
    inherits = [InheritRef("A", "Base", 1), InheritRef("A", "Iface", 1)]
    extends = [ScopeFact(FactKind.EXTENDS, "A", "A", "lib.Base", None, 1)]
    assert rules_of("java").bases(Extraction("java", inherits=inherits)) == {"A": "Base"}
    assert rules_of("swift").bases(Extraction("swift", inherits=inherits)) == {"A": "Base"}
    assert rules_of("kotlin").bases(Extraction("kotlin", inherits=inherits)) == {"A": "Base"}
    assert rules_of("typescript").bases(Extraction("typescript", facts=extends)) == {
        "A": "lib.Base"
    }
    assert rules_of("typescript").bases(Extraction("typescript", inherits=inherits)) == {}
    assert rules_of("go").bases(Extraction("go", inherits=inherits)) == {}


def test_each_language_extension_is_its_own_type() -> None:
    inherits = [InheritRef("Shop", "Base", 1), InheritRef("Shop", "Mixin", 2)]
    go = rules_of("go").extension("a/b.go", Extraction("go", inherits=inherits))
    ruby = rules_of("ruby").extension("shop.rb", Extraction("ruby", inherits=inherits))
    assert go == Embedded({"Shop": ["Base", "Mixin"]})
    assert ruby == Ancestors({"Shop": ["Base", "Mixin"]})
    assert isinstance(rules_of("csharp").extension("A.cs", Extraction("csharp")), Usings)
    assert isinstance(rules_of("php").extension("a.php", Extraction("php")), Uses)
    star = [ImportRef("a.b", (), None, 1), ImportRef("a.c", ("D",), None, 2)]
    java = rules_of("java").extension("A.java", Extraction("java", imports=star))
    assert isinstance(java, OnDemandImports)
    assert len(java.imports) == 1
    script = rules_of("javascript").extension("x", Extraction("javascript", inherits=inherits))
    assert script == ScopedNames(module=False, bound=frozenset())
    for name in ("python", "lua", "kotlin", "rust", "bash"):
        assert rules_of(name).extension("x", Extraction(name, inherits=inherits)) is None
    # C++: the member functions its classes declare without defining them (`languages.c.requests`)
    assert rules_of("cpp").extension("x", Extraction("cpp")) == Declared(frozenset())


def test_package_is_the_declared_one_only_where_the_directory_ends_in_it() -> None:
    declared = [SymbolDef(SymbolKind.MODULE, "B", "B", 1, 9, "package a.b", None)]
    inside = "src/main/java/a/b/B.java"
    assert rules_of("java").package(inside, declared) == Target("%", "a/b")
    assert rules_of("java").package("src/B.java", declared) == Target("@", "src")
    assert rules_of("kotlin").package("x/a/b/B.kt", declared) == Target("%", "a/b")
    assert rules_of("go").package("a/b/c.go", declared) == Target("@", "a/b")


def test_opened_modules_and_required_files() -> None:
    star = [ImportRef("crate::m", ("*",), None, 1), ImportRef("crate::n", ("x",), None, 2)]
    opened = rules_of("rust").opened("src/lib.rs", star)
    assert opened
    assert opened == rules_of("rust").module_targets("src/lib.rs", "crate::m")
    wildcard = [ImportRef("a.b", (), None, 1), ImportRef("a.c", ("D",), None, 2)]
    assert rules_of("kotlin").opened("A.kt", wildcard) == rules_of("kotlin").module_targets(
        "A.kt", "a.b"
    )
    assert rules_of("java").opened("A.java", wildcard) == ()
    requires = import_requests("ruby", "lib/shop.rb", [ImportRef("./cart", (), None, 1)])
    assert rules_of("ruby").required(requires) == tuple(r.targets for r in requires)
    assert rules_of("python").required(requires) == ()
    includes = import_requests("c", "src/main.c", [ImportRef("geo.h", (), None, 1)])
    required = rules_of("c").required(includes)
    assert len(required) == 1
    assert required[0][-len(includes[0].targets) :] == includes[0].targets


def _having(flag: str) -> set[str]:
    return {name for name, record in LANGUAGES.items() if getattr(record.rules, flag)}


def test_the_reference_flags_are_todays_language_sets() -> None:
    """Each flag holds for exactly the languages whose set it replaces."""
    assert _having("inheriting") == {
        "javascript", "typescript", "tsx", "java", "kotlin", "scala", "swift",
    }  # fmt: skip
    assert _having("binding_only") == {"lua"}
    assert _having("callable_variables") == {"javascript", "typescript", "tsx"}
    assert _having("bare_members") == {"java", "csharp", "kotlin", "scala", "swift", "c", "cpp"}
    assert _having("implicit_members") == {"kotlin", "scala", "swift"}
    assert _having("package_scoped") == {"go", "java", "kotlin", "scala", "swift"}
    assert _having("follows_fields") == {"java", "go", "javascript", "rust", "c", "cpp"}
    assert _having("super_constructor") == {"java"}
    assert _having("pointer_own") == {"rust", "c", "cpp"}
    assert _having("scoped_type_names") == {"c", "cpp"}
    assert _having("path_heads") == {"rust"}
    assert _having("impl_types_elsewhere") == {"rust"}
    assert _having("by_bare_name") == {"javascript", "typescript", "tsx"}
    assert _having("interface_calls") == {
        "java", "kotlin", "go", "javascript", "typescript", "tsx",
    }  # fmt: skip
    assert rules_of("rust").path_heads == {"crate", "super", "self"}
    assert _having("well_known_globals") == {"javascript", "typescript", "tsx"}
    assert "console" in rules_of("tsx").well_known_globals


def test_group_level_reference_flags_agree_within_each_group() -> None:
    by_group: dict[str, set[tuple[object, ...]]] = {}
    for record in LANGUAGES.values():
        rules = record.rules
        flags = (
            rules.inheriting,
            rules.binding_only,
            rules.callable_variables,
            rules.by_bare_name,
            rules.interface_calls,
            type(rules).member_names,
        )
        by_group.setdefault(rules.group, set()).add((*flags, rules.well_known_globals))
    assert all(len(flags) == 1 for flags in by_group.values()), by_group


def test_created_objects_java_always_js_and_ts_when_capitalised() -> None:
    assert rules_of("java").creates("builder")
    assert rules_of("typescript").creates("Foo")
    assert not rules_of("javascript").creates("foo")
    assert not rules_of("go").creates("Foo")
    assert not rules_of("kotlin").creates("Foo")


LOOKUP_HOOKS = {
    "star_walk": {"c", "cpp"},
    "member_paths": {"go", "c", "cpp"},
    "ambiguous": {"c", "cpp"},
    "member_elsewhere": {"rust"},
    "alternative_fallback": {"rust", "go", "javascript", "typescript", "tsx"},
}
HOOKS = {
    "whole": {"bash"},
    "special": {"java"},
    "scoped": {"javascript", "typescript", "tsx"},
    "namespaced": {"csharp", "php"},
    "before_binding": {"java"},
    "binding_applies": {"rust"},
    "after_binding": {"java", "rust"},
    "path": {"rust"},
    "lexical": {"ruby"},
    "not_local": {"c", "cpp", "swift"},
    "inherited_field": {"java"},
    "bare": {"java"},
    "receiver": {"rust"},
    "qualified": {"java"},
    "package_extra": {"java"},
    "last": {"rust"},
    "table_bases": {"go"},
    "table_variables": {"go"},
    "extra_type_names": {"rust"},
    "promoted": {"go"},
    "constructed": {"rust", "c", "cpp"},
    "table_extra": {"c", "cpp", "java", "javascript", "typescript", "tsx"},
    "settled": {"c", "cpp"},
}


def test_each_reference_hook_is_overridden_by_todays_languages_only() -> None:
    """The request rule names no language: each branch it had on one is that language's hook,
    and every other language keeps the generic default."""
    hooks = {
        name
        for name, value in vars(ReferenceRules).items()
        if callable(value) and not name.startswith("_")
    }
    assert hooks == set(HOOKS)
    across = {name for name, value in vars(LookupRules).items() if callable(value)}
    assert across == set(LOOKUP_HOOKS)
    for hook, languages in {**HOOKS, **LOOKUP_HOOKS}.items():
        overriding = {
            name
            for name, record in LANGUAGES.items()
            if getattr(type(record.rules), hook) is not getattr(LookupRules, hook)
        }
        assert overriding == languages, hook
    assert all(isinstance(record.rules, LookupRules) for record in LANGUAGES.values())


def _references(language: str, path: str, source: bytes) -> dict[str, str | None]:
    record = build_record(path, language, extract(language, path, source))
    return {r.ref: r.local for r in record.references}


def test_a_hook_that_decides_nothing_to_resolve_is_not_the_generic_path() -> None:
    """Bash decides every reference (`whole`): a builtin is no request at all, where the generic
    path would make it a ghost; Java's `this(...)` is the enclosing class's other constructor."""
    found = _references("bash", "run.sh", b"greet() { echo hi; }\ngreet\necho done\n")
    assert found == {"greet": "greet"}
    java = b"class A { A() { this(1); } A(int x) { } }\n"
    assert _references("java", "A.java", java)["this"] == "A.A"


def test_rust_members_are_looked_up_by_name_among_impls_others_not() -> None:
    """`member_names`: the names whose candidates a changeset loads (`name_candidates`)."""
    request = RefRequest("f", "calls", "x.build().run", "run", 1, "rust")
    request.then = ("build", ".inner", "run")
    assert group_rules("rust").member_names(request) == {"run", "build"}
    request.group = "go"
    assert group_rules("go").member_names(request) == set()


def test_each_target_mode_belongs_to_todays_languages() -> None:
    owners: dict[str, set[str]] = {}
    for record in LANGUAGES.values():
        for mode in record.rules.target_modes:
            owners.setdefault(mode.mode, set()).add(record.name)
            assert TARGET_MODES[mode.mode] is mode
    assert owners == {
        "p": {"python"},
        "G": {"go"},
        "N": {"javascript", "typescript", "tsx"},
        "T": {"javascript", "typescript", "tsx"},
        "D": {"javascript", "typescript", "tsx"},
        "R": {"rust"},
        "I": {"c", "cpp"},
        "H": {"c", "cpp"},
    }
    assert not set(TARGET_MODES) & set("=~@%")  # the generic modes are no language's


def test_a_target_names_the_stem_of_what_answers_it() -> None:
    def stems(mode: str, path: str, importer: str = "") -> set[str]:
        return target_stems(Target(mode, path), importer, TARGET_MODES)

    assert stems("G", "github.com/x/y/v2") == {"y"}
    assert stems("G", "example.com/geo/shapes") == {"shapes"}
    assert stems("N", "@scope/pkg/sub/") == {"sub"}
    assert stems("T", "src\tlib/util") == {"util"}
    assert stems("D", "src/lib") == {"lib"}
    assert stems("R", "mycrate.shapes") == {"shapes"}
    assert stems("I", "src/a.c\tgeo/x.h") == {"x"}
    assert stems("p", "0:a.b.c") == {"a", "b", "c"}
    assert stems("@", "a/shapes") == {"shapes"}
    assert stems("%", "geo/shapes") == {"shapes"}
    assert stems("=", "pkg/__init__.py") == {"pkg"}


def test_the_lookup_answers_each_target_mode_by_its_language() -> None:
    lookup = Lookup("r", group_rules=GROUP_RULES)
    assert lookup.modes == TARGET_MODES
    assert all(isinstance(mode, LookupMode) for mode in TARGET_MODES.values())
    assert {m for m, mode in lookup.modes.items() if mode.strict} == {"G"}
    lookup.add_file("pkg/util/index.ts", "js")
    table = package_entries('{"name": "@acme/util", "main": "index.ts"}')
    lookup.set_project("package.json", "pkg/util", table)
    assert lookup.files_for(Target("N", "@acme/util"), "js") == ["pkg/util/index.ts"]
    assert lookup.files_for(Target("p", "0:pkg.util"), "py") == []
    kind, paths = lookup.modes["N"].load(lookup, "@acme/util")
    assert kind == "="
    assert "pkg/util/index.ts" in paths
    assert lookup.modes["I"].load(lookup, "src/a.c\tx.h") == ("", set())
    assert lookup.modes["G"].load(lookup, "example.com/geo/shapes") == (
        "@",
        {"example.com/geo/shapes", "geo/shapes", "shapes"},
    )
