"""urfave/cli v3 (Go): a REPORT set, never tuned against. Truth written from the code and `git log`
at the commit, before coderooms was asked. One package at the root (`cli`), tests beside it."""

from __future__ import annotations

from benchmarks.questions.model import (
    Corpus,
    Question,
    at,
    callers,
    co_change,
    co_changes,
    file,
    pages,
    reads,
)

CORPUS = Corpus(
    name="urfave-cli",
    url="https://github.com/urfave/cli",
    commit="1305a08200f7c4d873e28bd2bbad1ff257c6cfc4",
    languages=("go",),
    split="report",
    lines="26k lines of Go",
)

GO = "--include='*.go' ."
CODE = "--include='*.go' --exclude='*_test.go' ."
SUGGESTIONS = "suggestions.go"
SUGGESTION_NAMES = (
    "SuggestFlag|SuggestCommand|SuggestDidYouMeanTemplate|SuggestFlagFunc|SuggestCommandFunc|"
    "suggestDidYouMeanTemplate|jaroDistance|jaroWinkler|suggestFlag|suggestCommand"
)
FLAG_FILES = ("flag", "flag_bool", "flag_bool_with_inverse", "flag_duration", "flag_ext",
              "flag_float", "flag_float_slice", "flag_generic", "flag_impl", "flag_int",
              "flag_int_slice", "flag_map_impl", "flag_mutex", "flag_number_slice",
              "flag_slice_base", "flag_string", "flag_string_map", "flag_string_slice",
              "flag_timestamp", "flag_uint", "flag_uint_slice")  # fmt: skip
INCORRECT_USAGE = (("args_test.go", 666), ("args_test.go", 717), ("command_run.go", 194),
                   ("command_run.go", 264), ("command_run.go", 400), ("command_test.go", 2028),
                   ("command_test.go", 2055), ("command_test.go", 2081), ("command_test.go", 2113),
                   ("command_test.go", 2148), ("command_test.go", 2185), ("command_test.go", 2428),
                   ("command_test.go", 2448), ("command_test.go", 2476), ("command_test.go", 2479),
                   ("command_test.go", 2504), ("examples_test.go", 564),
                   ("examples_test.go", 607))  # fmt: skip
GETTERS = (("command_test.go", 2963), ("flag_bool.go", 72), ("flag_bool_with_inverse.go", 46),
           ("flag_duration.go", 36), ("flag_ext.go", 28), ("flag_generic.go", 33),
           ("flag_schema_type_test.go", 200), ("flag_string.go", 47), ("flag_test.go", 39),
           ("flag_timestamp.go", 130))  # fmt: skip

QUESTIONS = [
    Question(
        "Where is dropClashingAliases defined and who calls it?",
        [
            ("seek", {"query": "dropClashingAliases"}),
            ("impact", {"symbol": "dropClashingAliases", "depth": 1}),
        ],
        [callers(r"dropClashingAliases\(", GO, "go")],
        [
            at("command_setup.go", 278),
            at("command_setup.go", 105),
            at("command_test.go", 3065),
            "setupDefaults",
            "TestDropClashingAliases",
        ],
        kind="definition and callers",
        usual=[
            "git grep -n dropClashingAliases",
            *reads("command_setup.go", (11, 105)),
            *reads("command_test.go", (3048, 3065)),
        ],
    ),
    Question(
        "What breaks if I change jaroDistance? (its callers, and theirs)",
        [("impact", {"symbol": "jaroDistance"})],
        [callers(r"jaroDistance\(", GO, "go"), callers(r"jaroWinkler\(", GO, "go")],
        [
            at(SUGGESTIONS, 87),
            "jaroWinkler",
            at(SUGGESTIONS, 115),
            at(SUGGESTIONS, 138),
            at("suggestions_test.go", 31),
            "suggestFlag",
            "suggestCommand",
        ],
        kind="callers to depth 2",
        usual=[
            "git grep -n jaroDistance",
            *reads(SUGGESTIONS, (82, 87)),
            "git grep -n jaroWinkler",
            *reads(SUGGESTIONS, (105, 115), (134, 138)),
            *reads("suggestions_test.go", (11, 31)),
        ],
        note="depth 1: jaroWinkler; depth 2: suggestFlag, suggestCommand, TestJaroWinkler",
    ),
    Question(
        "Which tests cover Command.suggestFlagFromError?",
        [("impact", {"symbol": "Command.suggestFlagFromError"})],
        [
            "grep -n suggestFlagFromError *.go",
            "grep -lE 'suggestFlagFromError|Suggest: +true' *_test.go",
        ],
        [file("suggestions_test.go"), file("examples_test.go")],
        kind="tests of a symbol",
        usual=[
            "git grep -n suggestFlagFromError",
            *reads("command_run.go", (99, 196)),
            "git grep -n 'Suggest:'",
        ],
        note="suggestions_test.go calls it; Command.run calls it when cmd.Suggest is set "
        "(command_run.go:196), which examples_test.go's ExampleCommand_Suggest and "
        "ExampleCommand_Suggest_command do (their output: Did you mean ...)",
    ),
    Question(
        "Show me the code of checkShellCompleteFlag.",
        [
            ("seek", {"query": "checkShellCompleteFlag"}),
            ("view", {"path": "help.go", "start_line": 474, "end_line": 500}),
        ],
        ["sed -n '/^func checkShellCompleteFlag/,/^}/p' help.go"],
        [
            r"if lastArg != completionFlag \{",
            r"if pos >= 1 && slices\.Contains\(arguments\[:pos-1\], \"--\"\) \{",
            r"return true, arguments\[:pos\]",
        ],
        kind="code of a symbol",
        usual=["git grep -n checkShellCompleteFlag", *pages("help.go", 474, 500)],
    ),
    Question(
        f"Before I edit {SUGGESTIONS}: what uses it, which tests, what changes with it?",
        [("surgical_context", {"path": SUGGESTIONS})],
        [
            f"grep -nE '^(func|type|const)|^\\t\\w+ +\\w+ +=' {SUGGESTIONS}",
            f"grep -lwE '{SUGGESTION_NAMES}' --exclude={SUGGESTIONS} *.go",
            co_changes(SUGGESTIONS, 3),
        ],
        [
            file("command.go"),
            file("command_setup.go"),
            file("help.go"),
            file("suggestions_test.go"),
            co_change("suggestions_test.go"),
        ],
        kind="before editing a file",
        usual=[
            f"cat {SUGGESTIONS}",
            f"git grep -nwE '{SUGGESTION_NAMES}'",
            co_changes(SUGGESTIONS, 15),
        ],
        note="its names are used by command.go (SuggestFlag, SuggestDidYouMeanTemplate, the "
        "SuggestCommandFunc type), command_setup.go (suggestCommand), help.go (SuggestCommand) "
        "and suggestions_test.go; co-changes over its history among files that exist now: "
        "suggestions_test.go 7, go.mod/go.sum 4, command.go 3",
    ),
    Question(
        "Find the text 'Incorrect Usage'.",
        [("search", {"query": "Incorrect Usage"})],
        [f"grep -rn 'Incorrect Usage' {GO}"],
        [at(path, line) for path, line in INCORRECT_USAGE],
        kind="find a text",
        usual=["git grep -n 'Incorrect Usage'"],
    ),
    Question(
        "Which non-generic types implement Get() any on a pointer receiver? "
        "(regex ^func \\(\\w+ \\*\\w+\\) Get\\(\\) any)",
        [
            (
                "search",
                {"query": r"^func \(\w+ \*\w+\) Get\(\) any", "mode": "regex", "language": "go"},
            )
        ],
        ["grep -nE '^func \\(\\w+ \\*\\w+\\) Get\\(\\) any' *.go"],
        [at(path, line) for path, line in GETTERS],
        kind="regex search",
        usual=["git grep -nE '^func \\(\\w+ \\*\\w+\\) Get\\(\\) any'"],
    ),
    Question(
        "Which files implement the flags (flag*.go at the root, tests apart)?",
        [("glob", {"pattern": "/flag*.go"})],
        ["ls flag*.go | grep -v _test"],
        [file(f"{name}.go") for name in FLAG_FILES],
        kind="files of a package",
        usual=["git ls-files 'flag*'"],
    ),
    Question(
        "What does examples_test.go import, and which Go files import the package "
        "github.com/urfave/cli/v3?",
        [
            ("surgical_context", {"path": "examples_test.go"}),
            ("search", {"query": '"github.com/urfave/cli/v3"', "language": "go"}),
        ],
        [
            "sed -n '/^import (/,/^)/p' examples_test.go",
            f"grep -rl '\"github.com/urfave/cli/v3\"' {GO}",
        ],
        [
            "net/mail",
            file("examples_test.go"),
            file("examples/example-cli/example-cli.go"),
            file("scripts/build.go"),
            file("docs/package.go"),
        ],
        kind="imports and importers",
        usual=["sed -n 1,20p examples_test.go", "git grep -n 'urfave/cli/v3\"'"],
        note="examples_test.go (package cli_test) imports context, fmt, net/mail, os, time and "
        "the package as cli; so do examples/example-cli, scripts/build.go and docs/package.go",
    ),
    Question(
        "Find the function that measures how similar two strings are, as a number between 0 and 1.",
        [
            (
                "search",
                {"query": "similarity between two strings from 0 to 1", "mode": "semantic"},
            )
        ],
        [f"grep -rn -i similar {GO}"],
        [file(SUGGESTIONS), r"jaro(Distance|Winkler)"],
        kind="a function described in prose",
        usual=["git grep -n -i similar", *pages(SUGGESTIONS, 24, 76)],
        note="jaroDistance (suggestions.go:24, its comment at 19 says so); jaroWinkler (82) "
        "refines it",
    ),
    Question(
        "VisibleCommands is defined on more than one type: where is each, and what in the "
        "non-test code calls each one?",
        [
            ("seek", {"query": "VisibleCommands"}),
            ("impact", {"symbol": "Command.VisibleCommands", "depth": 1}),
            ("impact", {"symbol": "commandCategory.VisibleCommands", "depth": 1}),
        ],
        [callers(r"VisibleCommands\(", CODE, "go")],
        [
            at("category.go", 69),
            at("command.go", 273),
            at("help.go", 137),
            at("help.go", 300),
            at("command.go", 261),
            "helpCommandAction",
            "DefaultShowCommandHelp",
            "VisibleCategories",
        ],
        kind="same-named symbols",
        usual=[
            "git grep -n VisibleCommands",
            *reads("help.go", (83, 137), (292, 300)),
            *reads("command.go", (257, 261)),
        ],
        note="Command.VisibleCommands (command.go:273) is called by helpCommandAction and "
        "DefaultShowCommandHelp; commandCategory.VisibleCommands (category.go:69) through the "
        "CommandCategory interface by Command.VisibleCategories (command.go:261); the templates "
        "name it in strings",
    ),
    Question(
        "Where is the BashComplete field of cli.App defined, and who sets it?",
        [
            ("seek", {"query": "App.BashComplete"}),
            ("search", {"query": "BashComplete", "language": "go"}),
        ],
        [f"grep -rn BashComplete {GO}"],
        [],
        kind="nothing to find",
        usual=["git grep -n BashComplete"],
        wrong=[r"\.go[:-]\d+[^\n]*\bBashComplete\b"],
        note="v3 has no App and no BashComplete (docs/migrate-v2-to-v3.md: it became "
        "Command.ShellComplete)",
    ),
]
