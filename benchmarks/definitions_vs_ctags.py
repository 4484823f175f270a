"""Agreement of the extractors with Universal Ctags (an independent tagger), per language.

For every file of a compared language under the given directories (one `Rules` entry per
language in `LANGUAGES`: its suffixes, ctags' name for it, which ctags kinds count and as what,
which of our symbols count), compare the set of `(kind, name, line)` of definitions: ours from
`coderooms.ingest.languages.extract` as an ingest calls it, the reference from
`ctags --output-format=json` with the language forced. What ctags tags and we do not make
symbols on purpose is not compared. A qualname occurs once per file in our graph (overloads
share one), so each side is a set of `(kind, name)` with the first line seen.

C and C++: `.c`/`.h` are C, `.cc`/`.cpp`/`.cxx`/`.hpp`/`.hh`/`.hxx` C++, and a `.h` is C++ for
ctags when the tree holds C++ sources, as a C++ project's headers are (ours decides per file, see
`languages.c`). Kinds are coarse, as ours are: `function` (ctags `f`; ours FUNCTION/METHOD that
are not macros), `type` (ctags `s` struct, `u` union, `g` enum, `t` typedef, `c` class; ours
CLASS), `macro` (ctags `d`; ours a `#define`); prototypes are off in ctags too; variables,
members, enumerators, namespaces and labels are not compared; a macro given a block, gtest's
`TEST(A, B) {`, is no function (`ctags_tag_rules.c_tag`).

Ruby: `type` (ctags `c` class, `m` module; ours CLASS) and `function` (ctags `f` method, `S`
singleton method, `A` accessor, `a` alias: `alias`/`alias_method`; ours FUNCTION/METHOD).
Lua and Bash: `function` only (ctags `f`); ctags names a Lua function as written (`M.f`,
`M:m`), compared by its last name, and a tag that is no name (`t["k"] = function`) is not
compared. What ctags tags by mistake is dropped by a rule per language (`Rules.tag_counts`,
each documented where it is defined); the kinds compared are the same in ctags 5.9 and 6.2
(`ctags --list-kinds-full=LANG`: 6.2 adds only C++20 `module`/`partition`, not compared, and a
Lua `unknown` kind, off by default).

Two line rules: `strict` (ctags' line equals our symbol's first line) and `span` (ctags' line
lies within our symbol's lines: ctags gives the line of the name, we the line where the
definition starts, which differ for `typedef struct {...} name;`, `template <...>` and a return
type written on the line above the name). A file agrees when its two sets are equal.

Run: `python benchmarks/definitions_vs_ctags.py [--ctags PATH] DIR... [-v]` (e.g. a checkout of
redis/redis `src/` and of google/leveldb: see the README row). The ctags run is `--ctags PATH`,
else `$CODEROOMS_CTAGS`, else `ctags` on the PATH; its version is printed first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:  # run as `python benchmarks/definitions_vs_ctags.py` or imported as `benchmarks.`
    from benchmarks import ctags_tag_rules as tags
except ImportError:  # pragma: no cover
    import ctags_tag_rules as tags  # type: ignore[no-redef]
from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract, language_for_path
from coderooms.resolution.extraction import SymbolDef

Key = tuple[str, str]


@dataclass(frozen=True)
class Rules:
    """How one language is compared: its files, ctags' name for it, which ctags kinds count and
    under which coarse kind, and the coarse kind of one of our symbols (None: not compared)."""

    suffixes: frozenset[str]
    ctags_language: str
    ctags_kinds: dict[str, str]
    our_kind: Callable[[SymbolDef], str | None]
    ctags_name: Callable[[str], str] = str
    """ctags' name as we name the symbol (C#: `IEnumerable.GetEnumerator`, an explicit
    interface implementation, is the method `GetEnumerator`; Lua: `M.f` / `M:m` -> `f` / `m`)."""
    ctags_options: tuple[str, ...] = ()
    """Extra ctags arguments (a regex language definition where ctags has no parser)."""
    tag_counts: Callable[[dict[str, Any]], bool] | None = None
    """Whether a ctags tag of a compared kind counts (None: all do): drops what ctags tags by
    mistake, each case named where the rule is defined."""


def _c_kind(symbol: SymbolDef) -> str | None:
    if symbol.signature.startswith("#"):  # `#define X`, `# define X`
        return "macro"
    if symbol.kind in (SymbolKind.FUNCTION, SymbolKind.METHOD):
        return "function"
    if symbol.kind is SymbolKind.CLASS:
        return "type"
    return None


_C_KINDS = {
    "function": "function",
    "struct": "type",
    "union": "type",
    "enum": "type",
    "typedef": "type",
    "class": "type",
    "macro": "macro",
}


def _csharp_kind(symbol: SymbolDef) -> str | None:
    if symbol.kind in (SymbolKind.CLASS, SymbolKind.INTERFACE):
        # a delegate is a type here; ctags tags it a method (a callable's signature)
        return "function" if " delegate " in f" {symbol.signature} " else "type"
    if symbol.kind is SymbolKind.METHOD:
        # a property's header ends in its name (`[Attr(1)] public int P`), a method's does not
        return "property" if symbol.signature.endswith(symbol.name) else "function"
    return None  # local functions: ctags leaves them untagged


_CSHARP_KINDS = {
    "class": "type",
    "struct": "type",
    "enum": "type",
    "interface": "type",
    "method": "function",
    "property": "property",
}


def _php_kind(symbol: SymbolDef) -> str | None:
    if symbol.kind in (SymbolKind.CLASS, SymbolKind.INTERFACE):
        # classes, interfaces, traits; ctags 5.9 has no kind for a PHP 8.1 `enum` (it tags
        # the enum's methods as functions)
        return None if symbol.signature.startswith("enum ") else "type"
    if symbol.kind in (SymbolKind.FUNCTION, SymbolKind.METHOD):
        return "function"
    return None


_PHP_KINDS = {"class": "type", "interface": "type", "trait": "type", "function": "function"}


def _type_or_function(symbol: SymbolDef) -> str | None:
    if symbol.kind in (SymbolKind.FUNCTION, SymbolKind.METHOD):
        return "function"
    if symbol.kind in (SymbolKind.CLASS, SymbolKind.INTERFACE):
        return "type"
    return None


_KOTLIN_KINDS = {"class": "type", "interface": "type", "object": "type", "method": "function"}


def _ruby_kind(symbol: SymbolDef) -> str | None:
    if symbol.signature.startswith("alias") and not symbol.name.isidentifier():
        return None  # `alias include? has_key?`, `alias [] get`: ctags cuts or drops the name
    if symbol.kind in (SymbolKind.FUNCTION, SymbolKind.METHOD):
        return "function"
    if symbol.kind is SymbolKind.CLASS:
        return "type"
    return None


_RUBY_KINDS = {
    "alias": "function",
    "accessor": "function",
    "method": "function",
    "singletonMethod": "function",
    "class": "type",
    "module": "type",
}


def _lua_kind(symbol: SymbolDef) -> str | None:
    return "function" if symbol.kind in (SymbolKind.FUNCTION, SymbolKind.METHOD) else None


LANGUAGES: dict[str, Rules] = {
    "c": Rules(frozenset({".c"}), "C", _C_KINDS, _c_kind, tag_counts=tags.c_tag),
    "cpp": Rules(
        frozenset({".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx"}),
        "C++",
        _C_KINDS,
        _c_kind,
        tag_counts=tags.c_tag,
    ),
    "csharp": Rules(
        frozenset({".cs"}),
        "C#",
        _CSHARP_KINDS,
        _csharp_kind,
        lambda n: n.rpartition(".")[2],
        tag_counts=tags.csharp_tag,
    ),
    "php": Rules(frozenset({".php"}), "PHP", _PHP_KINDS, _php_kind),
    "kotlin": Rules(
        frozenset({".kt"}), "Kotlin", _KOTLIN_KINDS, _type_or_function, tag_counts=tags.kotlin_tag
    ),
    "swift": Rules(
        frozenset({".swift"}),
        "SwiftRegex",
        {"type": "type", "function": "function"},
        _type_or_function,
        ctags_options=tags.SWIFT_OPTIONS,
        tag_counts=tags.swift_tag,
    ),
    "scala": Rules(
        frozenset({".scala"}),
        "ScalaRegex",
        {"type": "type", "function": "function"},
        _type_or_function,
        ctags_options=tags.SCALA_OPTIONS,
        tag_counts=tags.scala_tag,
    ),
    "ruby": Rules(frozenset({".rb"}), "Ruby", _RUBY_KINDS, _ruby_kind, tag_counts=tags.ruby_tag),
    "bash": Rules(
        frozenset({".sh", ".bash", ".bats"}),
        "Sh",
        {"function": "function"},
        _lua_kind,
        tag_counts=tags.sh_tag,
    ),
    "lua": Rules(
        frozenset({".lua"}),
        "Lua",
        {"function": "function"},
        _lua_kind,
        tags.last_segment,
        tag_counts=tags.lua_tag,
    ),
}
"""One entry per language compared. A `.h` is C++ when the tree holds C++ sources (as a C++
project's headers are), else C: see `source_files`."""


def source_files(root: Path) -> list[tuple[Path, str]]:
    files = sorted(p for p in root.rglob("*") if p.is_file())
    by_suffix = {suffix: name for name, rules in LANGUAGES.items() for suffix in rules.suffixes}
    cpp_project = any(by_suffix.get(p.suffix) == "cpp" for p in files)
    found = []
    for path in files:
        if path.suffix in by_suffix:
            found.append((path, by_suffix[path.suffix]))
        elif path.suffix == ".h":
            found.append((path, "cpp" if cpp_project else "c"))
    return found


def ctags_version(ctags: str) -> str:
    """The first line of `ctags --version` (`Universal Ctags 6.2.1(v6.2.1), ...`)."""
    out = subprocess.run([ctags, "--version"], capture_output=True, check=True).stdout
    return out.decode("utf-8", "replace").splitlines()[0].split(",")[0]


def ctags_definitions(
    paths: list[Path], language: str, ctags: str = "ctags"
) -> dict[str, dict[Key, int]]:
    rules = LANGUAGES[language]
    found: dict[str, dict[Key, int]] = defaultdict(dict)
    for at in range(0, len(paths), 200):
        out = subprocess.run(
            [
                ctags,
                "--output-format=json",
                "--fields=+nK",
                *rules.ctags_options,
                f"--language-force={rules.ctags_language}",
                "-f",
                "-",
                *map(str, paths[at : at + 200]),
            ],
            capture_output=True,
            check=True,
        ).stdout
        for line in out.decode("utf-8", "replace").splitlines():
            tag = json.loads(line)
            kind = rules.ctags_kinds.get(tag.get("kind", ""))
            if (
                kind is None
                or tag.get("_type") != "tag"
                or tag["name"].startswith(("__anon", "<lambda>"))
            ):
                continue  # anonymous types `__anon<hash>`, Kotlin `<lambda>`: we make no symbol
            if rules.tag_counts is not None and not rules.tag_counts(tag):
                continue
            entries = found[tag["path"]]
            name = rules.ctags_name(tag["name"].replace(" ", ""))  # `operator ==` -> `operator==`
            if not name:
                continue  # a name we never make (Lua `t["x"] = function`)
            key = (kind, name)
            entries[key] = min(entries.get(key, tag["line"]), tag["line"])
    return found


def our_definitions(path: Path, language: str) -> dict[Key, tuple[int, int]]:
    """As an ingest extracts the file: by its name's language (a `.h` is `c`, read with the C++
    grammar when it reads as C++: `languages.c.reads_as_cpp`)."""
    rules = LANGUAGES[language]
    found: dict[Key, tuple[int, int]] = {}
    extracted = language_for_path(path.name) or language
    for symbol in extract(extracted, path.name, path.read_bytes()).symbols:
        kind = rules.our_kind(symbol)
        if kind is not None:
            found.setdefault((kind, symbol.name), (symbol.start_line, symbol.end_line))
    return found


def not_taken(ours: dict[Key, tuple[int, int]], kept: Collection[int]) -> set[Key]:
    """Our definitions whose first line a preprocessor did not keep: in a branch it did not
    take (`#if X` / `int f() {` / `#else` / `long f() {` / `#endif`, one body: the first line
    tells the branch)."""
    return {key for key, (first, _) in ours.items() if first not in kept}


def agreement(
    language: str,
    paths: list[Path],
    reference: dict[str, dict[Key, int]],
    verbose: bool = False,
    oracle: str = "ctags",
    kept: dict[str, set[int]] | None = None,
) -> str:
    """The summary line for `language`: files whose (kind, name) sets equal the reference's,
    with the strict and the span line rule (see the module docstring). With `verbose`, each
    file that differs is printed first (up to five names each side). With `kept` (the lines of
    each file a preprocessor kept), ours in branches it did not take (`not_taken`) are compared
    only where the reference has the name (from a branch taken) and then by name alone (a
    qualname's first definition is ours, in any branch); the others are counted apart."""
    strict = span = 0
    compared: dict[str, int] = defaultdict(int)
    for path in paths:
        theirs = reference.get(str(path), {})
        ours = our_definitions(path, language)
        elsewhere = set() if kept is None else not_taken(ours, kept.get(str(path), set()))
        for key in elsewhere - set(theirs):
            del ours[key]
            compared["not taken"] += 1
        lined = {k: line for k, line in theirs.items() if k not in elsewhere}
        names_equal = set(theirs) == set(ours)
        strict_ok = names_equal and all(ours[k][0] == line for k, line in lined.items())
        span_ok = names_equal and all(ours[k][0] <= line <= ours[k][1] for k, line in lined.items())
        strict += strict_ok
        span += span_ok
        for key in set(theirs) | set(ours):
            compared[
                "both"
                if key in theirs and key in ours
                else "theirs only"
                if key in theirs
                else "ours only"
            ] += 1
        if verbose and not span_ok:
            only_theirs = sorted(set(theirs) - set(ours))[:5]
            only_ours = sorted(set(ours) - set(theirs))[:5]
            moved = [
                (k, lined[k], ours[k])
                for k in set(lined) & set(ours)
                if not ours[k][0] <= lined[k] <= ours[k][1]
            ][:3]
            print(f"  {path}: {oracle} only {only_theirs} ours only {only_ours} lines {moved}")
    n = len(paths)
    return (
        f"{language}: {n} files; files equal (kind, name) and line strict "
        f"{strict}/{n} ({100 * strict / n:.2f} %), span {span}/{n} ({100 * span / n:.2f} %); "
        f"definitions: both {compared['both']}, {oracle} only {compared['theirs only']}, "
        f"ours only {compared['ours only']}"
        + (f"; ours in branches {oracle} does not take {compared['not taken']}" if kept else "")
    )


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    args = [a for a in argv if a != "-v"]
    ctags = os.environ.get("CODEROOMS_CTAGS", "ctags")
    if "--ctags" in args:
        at = args.index("--ctags")
        ctags = args[at + 1]
        del args[at : at + 2]
    roots = [Path(a) for a in args]
    print(f"ctags: {ctags} ({ctags_version(ctags)})")
    by_language: dict[str, list[Path]] = defaultdict(list)
    for root in roots:
        for path, language in source_files(root):
            by_language[language].append(path)
    for language in LANGUAGES:
        paths = by_language.get(language, [])
        if not paths:
            continue
        reference = ctags_definitions(paths, language, ctags)
        print(agreement(language, paths, reference, verbose))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
