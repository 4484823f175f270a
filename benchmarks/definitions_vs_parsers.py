"""Agreement of the Ruby, Lua, Scala, C, C++ and C# extractors with parsers of the languages (a
precise oracle).

Universal Ctags (`definitions_vs_ctags`) reads Ruby and Lua by line, and has no Scala parser (a
regex tagger stands in), and its C# parser predates C# 8; it is wrong in most of the files
where it differs from us; this benchmark asks the languages' parsers themselves. The files,
the kinds compared, our side (`our_definitions`) and the comparison (`agreement`: files whose
`(kind, name)` sets are equal, line rules `strict` and `span`) are those of
`definitions_vs_ctags`; only the reference differs. A file the parser rejects is not compared
(counted apart).

Ruby (`ruby benchmarks/ruby_definitions.rb`, walking `Ripper.sexp`), as `languages.ruby.extract`
makes symbols; the line is that of the name's token:

* `type`: `class C` / `module M` (`class A::B` -> `B`; a path through anything but constants
  is no symbol of ours, nor here), `Const = Class.new(...)` / `Const = Module.new` (a constant
  on the left; a local variable holding an anonymous class is no symbol of ours);
* `function`: `def m` (inside `class << x` too), `def self.m` / `def C.m` / `def obj.m`
  (`def (expr).m` is none); receiverless `attr_reader :x` -> `x`, `attr_writer :x` -> `x=`,
  `attr_accessor :x` -> both (symbol arguments only); `define_method(:m)` / `("m")` /
  `(:"m")` (a literal first argument); `alias new old` and `alias_method :new, :old`, when the
  new name is an identifier (as `definitions_vs_ctags._ruby_kind` compares them).

Lua (`luac5.4 -p -l -l FILE`): every function prototype `function <file:first,last>` but the
main chunk, at its first line; its name is where the `CLOSURE` that makes it is stored by the
next instruction: `SETFIELD`/`SETTABUP` with a constant key (`function M.f`, `function M:f`,
`t = { f = function() end }`, a global `function f`) -> the key; `SETUPVAL` -> the upvalue's
name; `MOVE` into a local's register, or the CLOSURE's register itself being a local live
right after it (`local function f`, `local f = function`, `f = function` on a local `f`) ->
the local's name (the `locals` debug info: name, first and last pc). Anything else (an
argument, a list element, `t[k] = function`) has no name and is not compared. `function`
only, as `definitions_vs_ctags` compares Lua.

Scala (`benchmarks/scala_definitions.scala` on scalameta 4.9.9, dialect Scala 2.13, else
Scala 3 for a file 2.13 rejects), as `languages.scala` makes symbols; the line is the name's:

* `type`: `class`, `case class`, `object`, `case object`, `trait`, `enum` and `package object`
  (a companion object has its class's name, one key for both, as ours has one symbol);
* `function`: `def`, a definition, an abstract declaration or a macro, wherever it is (a class,
  an object, a trait, an anonymous class `new F { def m }`, an `extension`, a block); not
  `def this(...)` (an auxiliary constructor), nor `val`/`var`, `given`, type members, enum
  cases. Names are the names' values, backticks dropped (`` `a.b` `` is `a.b`).

C and C++ (`benchmarks/clang_definitions.py` on clang 14, two runs a file: its AST as JSON and
its preprocessor's `-E -dD`; `include_flags` guesses the `-I` directories), as `languages.c`
makes symbols and `definitions_vs_ctags` compares them (`function`, `type`, `macro`); the line is
the name's. Our definitions in a branch clang's preprocessor does not take (`#ifdef _WIN32` on
Linux: their first line is not kept) are compared by name only where clang has the name from
the branch it takes, and are otherwise counted apart (`agreement`'s `kept`).

C# (`benchmarks/CSharpDefinitions.java` on the antlr/grammars-v4 `csharp/v8-spec` grammar, ANTLR
4.13.2, with the C# 9-12 syntax it lacks added by `csharp_oracle_build.py`: records, file-scoped
namespaces, primary constructors, `init`, `required`, `global using`, target-typed `new()`,
pattern combinators, `with`), as `definitions_vs_ctags._csharp_kind` compares our symbols; the
line is the name's (an operator's: its `operator` keyword). A file is parsed once per
preprocessor configuration (no symbol, all the symbols its `#if`s name, each alone) and what
any configuration that parses defines counts, as ours reads every branch; a file whose
no-symbol configuration has a syntax error, or whose parse does not end within a minute (the
grammar's ALL(*) prediction goes exponential on a few files), is rejected:

* `type`: `class`, `struct`, `interface`, `enum`, `record` (`record struct` too);
* `function`: methods (`I.M`, an explicit interface implementation, is `M`), constructors and
  static constructors (the type's name), finalizers (`~C`), operators (`operator+`; a
  conversion `operatorint`), and delegates (compared as ctags' kind for them); not local
  functions, lambdas, indexers, accessors;
* `property`: properties and events with accessors; not field-like events, fields, constants.

Run: `python benchmarks/definitions_vs_parsers.py DIR... [-v]` (`$CODEROOMS_RUBY`,
`$CODEROOMS_LUAC` name the interpreters, else `ruby` and `luac5.4` on the PATH;
`$CODEROOMS_SCALA_ORACLE` the command that runs `ScalaDefinitions`, e.g. `java -cp CLASSPATH
ScalaDefinitions`, built as benchmarks/README.md says; `$CODEROOMS_CLANG` clang, else `clang-14`
or `clang` on the PATH; `$CODEROOMS_CSHARP_ORACLE` the command that runs `CSharpDefinitions`,
built alike); a language whose parser is missing is skipped with a line saying so.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

try:  # run as `python benchmarks/definitions_vs_parsers.py` or imported as `benchmarks.`
    from benchmarks.clang_definitions import read_ast, read_preprocessed
    from benchmarks.definitions_vs_ctags import Key, agreement, source_files
except ImportError:  # pragma: no cover
    from clang_definitions import read_ast, read_preprocessed  # type: ignore[no-redef]
    from definitions_vs_ctags import Key, agreement, source_files  # type: ignore[no-redef]

RUBY_SCRIPT = Path(__file__).with_name("ruby_definitions.rb")

Reference = dict[str, dict[Key, int]]


def _add(found: dict[Key, int], key: Key, line: int) -> None:
    found[key] = min(found.get(key, line), line)


def ruby_definitions(paths: list[Path], ruby: str = "ruby") -> tuple[Reference, list[str]]:
    """Ripper's definitions per file, and the files it could not parse."""
    found: Reference = defaultdict(dict)
    rejected: list[str] = []
    for at in range(0, len(paths), 200):
        out = subprocess.run(
            [ruby, str(RUBY_SCRIPT), *map(str, paths[at : at + 200])],
            capture_output=True,
            check=True,
        ).stdout
        for line in out.decode("utf-8", "replace").splitlines():
            entry = json.loads(line)
            if "error" in entry:
                rejected.append(entry["path"])
                continue
            kind, name = entry["kind"], entry["name"]
            if kind == "alias":
                if not name.isidentifier():
                    continue  # as `_ruby_kind`: an alias `include?`, `[]` is not compared
                kind = "function"
            _add(found[entry["path"]], (kind, name), entry["line"])
    return found, rejected


@dataclass
class Prototype:
    """One function of a `luac -l -l` listing: its first line, its instructions (opcode and
    operands, with the comment luac adds), its locals (name, first pc, pc after the last), its
    upvalues' names, and its nested functions (in `CLOSURE` index order)."""

    line: int
    code: list[tuple[str, list[str], str]] = field(default_factory=list)
    locals: list[tuple[str, int, int]] = field(default_factory=list)
    upvalues: list[str] = field(default_factory=list)
    children: list[Prototype] = field(default_factory=list)
    child_count: int = 0


_HEADER = re.compile(r"^(main|function) <.*:(\d+),(\d+)> \(")
_COUNTS = re.compile(r"(\d+) functions?$")
_INSTRUCTION = re.compile(r"^\t(\d+)\t\[\d+\]\t(\w+)\s*\t?([^;]*?)\s*(?:;\s*(.*))?$")
_SECTION = re.compile(r"^(constants|locals|upvalues) \(\d+\) for ")


def parse_listing(listing: str) -> Prototype:
    """The main chunk of a `luac5.4 -p -l -l` listing, its functions nested (luac prints each
    function, then its children, depth first)."""
    flat: list[Prototype] = []
    section = ""
    for line in listing.splitlines():
        header = _HEADER.match(line)
        if header:
            flat.append(Prototype(int(header[2])))
            section = "header"
            continue
        if not flat:
            continue
        current = flat[-1]
        if section == "header":
            counts = _COUNTS.search(line)
            current.child_count = int(counts[1]) if counts else 0
            section = "code"
            continue
        named = _SECTION.match(line)
        if named:
            section = named[1]
            continue
        fields = line.strip().split("\t")
        if section == "code":
            instruction = _INSTRUCTION.match(line)
            if instruction:
                operands = instruction[3].split()
                current.code.append((instruction[2], operands, instruction[4] or ""))
        elif section == "locals" and len(fields) == 4:
            current.locals.append((fields[1], int(fields[2]), int(fields[3])))
        elif section == "upvalues" and len(fields) >= 2:
            current.upvalues.append(fields[1])
    if not flat:
        raise ValueError("no function in the listing")
    position = 0

    def nest() -> Prototype:
        nonlocal position
        proto = flat[position]
        position += 1
        proto.children = [nest() for _ in range(proto.child_count)]
        return proto

    return nest()


def _local_in(proto: Prototype, register: int, pc: int) -> str | None:
    """The local held in `register` at `pc` (1-based, as luac prints): locals live at a pc
    take the registers from 0 in the order they are listed."""
    live = [name for name, start, end in proto.locals if start <= pc < end]
    return live[register] if register < len(live) else None


def _key(comment: str) -> str | None:
    """The string constant a `SETFIELD` / `SETTABUP` comment names (`"f"`, `_ENV "f"`)."""
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"', comment)
    return strings[-1] if strings else None


def lua_functions(proto: Prototype) -> list[tuple[str | None, int]]:
    """(name or None, first line) of every function below `proto` (the main chunk excluded)."""
    found: list[tuple[str | None, int]] = []
    for pc, (opcode, operands, _) in enumerate(proto.code, start=1):
        if opcode != "CLOSURE" or len(operands) < 2:
            continue
        register, index = int(operands[0]), int(operands[1])
        child = proto.children[index]
        name: str | None = None
        after = proto.code[pc] if pc < len(proto.code) else None
        if after is not None:
            op, args, comment = after
            value = args[2] if len(args) > 2 else ""
            if op in ("SETFIELD", "SETTABUP") and value == str(register):
                name = _key(comment)
            elif op == "SETUPVAL" and args[:1] == [str(register)]:
                upvalue = int(args[1])
                name = proto.upvalues[upvalue] if upvalue < len(proto.upvalues) else None
            elif op == "MOVE" and args[1:2] == [str(register)]:
                name = _local_in(proto, int(args[0]), pc + 1)
        if name is None:
            name = _local_in(proto, register, pc + 1)
        found.append((name, child.line))
        found.extend(lua_functions(child))
    return found


def lua_definitions(paths: list[Path], luac: str = "luac5.4") -> tuple[Reference, list[str]]:
    """luac's named functions per file, and the files it could not compile."""
    found: Reference = defaultdict(dict)
    rejected: list[str] = []
    for path in paths:
        run = subprocess.run([luac, "-p", "-l", "-l", str(path)], capture_output=True, check=False)
        if run.returncode != 0:
            rejected.append(str(path))
            continue
        entries = found[str(path)]
        for name, line in lua_functions(parse_listing(run.stdout.decode("utf-8", "replace"))):
            if name is not None and name.isidentifier():
                _add(entries, ("function", name), line)
    return found, rejected


def read_json_lines(output: str, found: Reference, rejected: list[str]) -> None:
    """Add the JSON lines of `ScalaDefinitions` or `CSharpDefinitions` (`path`, `kind`, `name`,
    `line`; or `path` and `error`) to `found` (the files rejected to `rejected`)."""
    for line in output.splitlines():
        if not line.strip():
            continue
        entry = json.loads(line)
        if "error" in entry:
            rejected.append(entry["path"])
            continue
        _add(found[entry["path"]], (entry["kind"], entry["name"]), entry["line"])


def json_lines_definitions(paths: list[Path], command: str) -> tuple[Reference, list[str]]:
    """The definitions per file of an oracle printing JSON lines (`ScalaDefinitions`,
    `CSharpDefinitions`: `read_json_lines`), and the files it could not parse; `command` runs
    it (the files are its arguments, 500 a run)."""
    found: Reference = defaultdict(dict)
    rejected: list[str] = []
    for at in range(0, len(paths), 500):
        out = subprocess.run(
            [*shlex.split(command), *map(str, paths[at : at + 500])],
            capture_output=True,
            check=True,
        ).stdout
        read_json_lines(out.decode("utf-8", "replace"), found, rejected)
    return found, rejected


_CLANG_LANGUAGE = {"c": ("c", "-std=gnu11"), "cpp": ("c++", "-std=gnu++17")}


def include_flags(path: Path, root: Path) -> list[str]:
    """The preprocessor flags for `path` under `root`: its compile command's `-I`, `-isystem`,
    `-D` and `-std` where `root/compile_commands.json` has one, then `-I` of the file's
    directory, `root`, `root/include` and `root/src`."""
    flags: list[str] = []
    commands = root / "compile_commands.json"
    if commands.is_file():
        for entry in json.loads(commands.read_text()):
            here = Path(entry.get("directory", root))
            if (here / entry["file"]).resolve() != path.resolve():
                continue
            words = entry.get("arguments") or shlex.split(entry.get("command", ""))
            for at, word in enumerate(words):
                if word in ("-I", "-isystem", "-D") and at + 1 < len(words):
                    value = words[at + 1]
                    value = value if word == "-D" else str(here / value)
                    flags += [word, value]
                elif word.startswith(("-I", "-isystem")) and word not in ("-I", "-isystem"):
                    option = "-isystem" if word.startswith("-isystem") else "-I"
                    flags.append(option + str(here / word[len(option) :]))
                elif word.startswith(("-D", "-std=")):
                    flags.append(word)
            break
    dirs = [path.parent, root, root / "include", root / "src"]
    return flags + [f"-I{d}" for d in dirs if d.is_dir()]


def clang_definitions(
    paths: list[tuple[Path, Path]], language: str, clang: str = "clang-14"
) -> tuple[Reference, list[str], dict[str, set[int]]]:
    """clang's definitions per file (each with its root), the files clang gave nothing for, and
    the lines of each file its preprocessor kept (`clang_definitions`)."""
    found: Reference = defaultdict(dict)
    rejected: list[str] = []
    kept: dict[str, set[int]] = {}
    forced, std = _CLANG_LANGUAGE[language]
    for path, root in paths:
        flags = [clang, "-x", forced, std, "-ferror-limit=0", "-w", *include_flags(path, root)]
        ast = subprocess.run(
            [*flags, "-fsyntax-only", "-Xclang", "-ast-dump=json", str(path)],
            capture_output=True,
            check=False,
        ).stdout
        pre = subprocess.run([*flags, "-E", "-dD", str(path)], capture_output=True, check=False)
        if not ast or not pre.stdout:
            rejected.append(str(path))
            continue
        macros, kept[str(path)] = read_preprocessed(
            pre.stdout.decode("utf-8", "replace"), str(path)
        )
        declared = read_ast(ast, str(path), path.read_bytes())
        for key, line in [*declared.items(), *macros.items()]:
            _add(found[str(path)], key, line)
    return found, rejected, kept


def compare_with_clang(
    by_language: dict[str, list[tuple[Path, Path]]], clang: str, verbose: bool
) -> None:
    """The C and C++ lines of `main`: clang's definitions against ours, in the branches its
    preprocessor takes."""
    for language in ("c", "cpp"):
        rooted = by_language.get(language, [])
        if not rooted:
            continue
        if shutil.which(clang) is None:
            print(f"{language}: {clang} not found, not compared")
            continue
        reference, rejected, kept = clang_definitions(rooted, language, clang)
        compared = [p for p, _ in rooted if str(p) not in set(rejected)]
        print(f"{language}: clang ({clang}); {len(rejected)} files rejected by the parser")
        print(agreement(language, compared, reference, verbose, "clang", kept))


def _clang() -> str:
    """`$CODEROOMS_CLANG`, else `clang-14`, else `clang` on the PATH."""
    named = os.environ.get("CODEROOMS_CLANG")
    if named:
        return named
    return next((c for c in ("clang-14", "clang") if shutil.which(c)), "clang-14")


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    roots = [Path(a) for a in argv if a != "-v"]
    by_language: dict[str, list[Path]] = defaultdict(list)
    rooted: dict[str, list[tuple[Path, Path]]] = defaultdict(list)
    for root in roots:
        for path, language in source_files(root):
            by_language[language].append(path)
            rooted[language].append((path, root))
    compare_with_clang(rooted, _clang(), verbose)
    parsers = {
        "ruby": (os.environ.get("CODEROOMS_RUBY", "ruby"), ruby_definitions, "ripper"),
        "lua": (os.environ.get("CODEROOMS_LUAC", "luac5.4"), lua_definitions, "luac"),
        "scala": (
            os.environ.get("CODEROOMS_SCALA_ORACLE", ""),
            json_lines_definitions,
            "scalameta",
        ),
        "csharp": (
            os.environ.get("CODEROOMS_CSHARP_ORACLE", ""),
            json_lines_definitions,
            "antlr-csharp",
        ),
    }
    variables = {"scala": "CODEROOMS_SCALA_ORACLE", "csharp": "CODEROOMS_CSHARP_ORACLE"}
    for language, (program, definitions, oracle) in parsers.items():
        paths = by_language.get(language, [])
        if not paths:
            continue
        if not program:
            print(f"{language}: {variables[language]} not set, not compared")
            continue
        if shutil.which(shlex.split(program)[0]) is None:
            print(f"{language}: {program} not found, not compared")
            continue
        reference, rejected = definitions(paths, program)
        compared = [p for p in paths if str(p) not in set(rejected)]
        shown = program if len(program) <= 60 else f"{program[:25]} ... {program[-25:]}"
        print(f"{language}: {oracle} ({shown}); {len(rejected)} files rejected by the parser")
        print(agreement(language, compared, reference, verbose, oracle))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
