"""Bash extraction, source targets and which commands are calls (the fixture snapshots cover a
repo)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.import_requests import build_record
from coderooms.ingest.languages import extract
from coderooms.languages.bash.extract import bats_source
from coderooms.languages.bash.rules import bash_source
from coderooms.resolution.extraction import Extraction, ImportRef
from coderooms.resolution.ref_requests import decode_alternative
from coderooms.resolution.targets import Target


def run(source: str, path: str = "bin/run.sh") -> Extraction:
    return extract("bash", path, dedent(source).lstrip("\n").encode())


def test_functions_sources_and_commands() -> None:
    ex = run(
        """
        #!/bin/bash
        source ./lib/util.sh
        . "$DIR/other.sh"
        . 'lib/common.sh'
        source "$(dirname "$0")/near.sh"
        source "${BASH_SOURCE%/*}/also.sh"

        # Greets. Loudly.
        greet() {
          local name=$1
          helper "$name" | grep x
          if check; then run_it; fi
          x=$(sub_fn)
          $cmd arg
          ./configure
        }

        function helper {
          nested() { :; }
        }

        function both() ( ls )
        greet world
        """
    )
    syms = {s.qualname: (s.kind, s.parent, s.start_line, s.signature) for s in ex.symbols}
    assert syms == {
        "": (SymbolKind.MODULE, None, 1, ""),
        "greet": (SymbolKind.FUNCTION, "", 9, "greet()"),
        "helper": (SymbolKind.FUNCTION, "", 18, "function helper"),
        "nested": (SymbolKind.FUNCTION, "", 19, "nested()"),  # global, wherever defined
        "both": (SymbolKind.FUNCTION, "", 22, "function both()"),
    }
    assert next(s.doc for s in ex.symbols if s.qualname == "greet") == "Greets."
    assert [(c.caller, c.callee) for c in ex.calls] == [
        ("", "dirname"),
        ("greet", "helper"),
        ("greet", "grep"),
        ("greet", "check"),
        ("greet", "run_it"),
        ("greet", "sub_fn"),
        ("nested", ":"),
        ("both", "ls"),
        ("", "greet"),
    ]
    assert ex.imports == [
        ImportRef("./lib/util.sh", (), None, 2),
        ImportRef("lib/common.sh", (), None, 4),
        ImportRef("./near.sh", (), None, 5),
        ImportRef("./also.sh", (), None, 6),
    ]


def test_bats_load_sources_a_helper() -> None:
    ex = run('setup() {\n  load test_helper\n}\n\n@test "x" {\n  run f\n}\n', "test/a.bats")
    assert ex.imports == [ImportRef("./test_helper.bash", (), None, 2)]
    assert [c.callee for c in ex.calls] == ["run", "f"]  # `run f` runs `f`


def test_source_targets() -> None:
    assert bash_source("bin/run.sh", "lib/x.sh") == (
        Target("=", "bin/lib/x.sh"),
        Target("=", "lib/x.sh"),
    )
    assert bash_source("run.sh", "./x.sh") == (Target("=", "x.sh"),)
    assert bash_source("bin/run.sh", "/etc/profile") == ()
    assert bash_source("bin/run.sh", "~/.nvm/nvm.sh") == ()


def test_commands_are_calls_only_of_functions() -> None:
    alone = "main() {\n  helper\n  grep x\n  echo y\n}\nhelper() { :; }\n"
    record = build_record("run.sh", "bash", extract("bash", "run.sh", alone.encode()))
    assert [(r.ref, r.local) for r in record.references] == [("helper", "helper")]

    sourcing = "source lib/x.sh\n" + alone
    record = build_record("run.sh", "bash", extract("bash", "run.sh", sourcing.encode()))
    by_ref = {r.ref: r for r in record.references}
    assert set(by_ref) == {"helper", "grep"}  # `echo` and `:` are builtins: no edge at all
    grep = by_ref["grep"]
    assert grep.bound
    assert [decode_alternative(a).qual for a in grep.alternatives] == ["grep"]
    # found in no sourced file: a command outside the repo, not a ghost of the repo's names
    assert grep.ghost == "command:grep"


def test_bats_tests_parse_as_functions_of_no_symbol() -> None:
    source = b"@test \"a {x}\" {\n  f() { :; }\n  run f\n}\n@test 'one' { false; }\n"
    rewritten = bats_source(source)
    assert len(rewritten) == len(source)
    assert rewritten.splitlines()[0] == b"_____()       {"
    ex = extract("bash", "test/a.bats", source)
    assert [s.qualname for s in ex.symbols] == ["", "f"]
    assert ex.problems == []
    assert [(c.caller, c.callee) for c in ex.calls] == [
        ("f", ":"),
        ("", "run"),
        ("", "f"),
        ("", "false"),
    ]
