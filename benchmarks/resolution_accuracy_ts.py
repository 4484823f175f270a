"""How true the graph's JavaScript/TypeScript CALLS, INHERITS and IMPORTS edges are, against an
independent resolver (the TypeScript compiler's checker, see `ts_oracle.py`), on real code
nobody here wrote.

For each corpus the graph a full ingest writes is computed in memory (walk, read, plan with
`fresh=True`, no database: `resolution_accuracy.our_graph`), files are sampled at random
(seeded) until they hold `--sample` call sites as the extractor counts them, and the compiler
is asked about every call and `new` (at the callee's last identifier, aliases followed), every
`extends`/`implements` and every import/export-from/`require` of those files. Each site is
matched to the extractor's record by file, line and callee text, and attributed to its enclosing
definition as the extractor does (as `resolution_accuracy.callers_by_site`). Per corpus, in the
columns of `resolution_accuracy.py`:

* CALLS recall: of the sites the compiler resolves to a declaration of the corpus that the graph
  has a symbol for (a function, method, class, or a top-level const: `export const map =
  dual(...)`; for `const f = core.f` the declaration of `core.f` counts too), the share whose edge
  points at it; precision: of the sites whose edge points at a symbol of the corpus and that the
  compiler resolves at all, the share it agrees with; `outside→repo`: of the sites the compiler
  resolves only outside the corpus (lib.d.ts: `Array.map`, `Set.add`), the share the graph links
  into the corpus. A call on a value the compiler cannot type (`any`, an unresolved package) has
  no declaration: it counts in no ratio.
* INHERITS: the same over `extends`/`implements` (classes, interfaces, type aliases).
* IMPORTS: (file, imported file) pairs of the sampled files; `ext→repo` counts specifiers the
  compiler resolves outside the corpus or not at all that the graph resolves into it.

Declarations are mapped to our symbols by path and qualname, then by path and start line; a
CommonJS assignment's (`module.exports = (..) => ..`, `module.exports.f = ..`: the compiler's
`assignment`) to our symbol starting on its line with its last name (`exports`, `f`), where
there is one (issue 32: before, every such call counted as a link to no symbol).
Sites whose declaration lies in the corpus without a symbol of ours (object-literal methods,
`exports.f = function`, parameters, properties) are counted apart, as are calls of top-level
consts (with the recall without them), on one stderr line per corpus. Misses and wrong links are
grouped by callee shape (`ns.m()`, `this.attr.m()`, ...), route (what the head is bound to and
the alias hops: `namespace[reexport-as+star]`), the compiler's declaration kind and our `via`.

Run: `PYTHONPATH=. python benchmarks/resolution_accuracy_ts.py` (effect, three and webpack as
`corpora.py` downloads them, rxjs and zod, both npm packages shipping their TypeScript `src/`),
`--only effect --only rxjs` for some, `--corpus name=/path/to/checkout` for another (its
`tsconfig.json` is honoured), `--sample 3000` call sites per corpus, `--misses 3` to print that
many examples per category of misses and wrong links, `--json out.json` to keep the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from benchmarks.corpora import CorpusUnavailable
from benchmarks.resolution_accuracy import (
    OurGraph,
    Tally,
    fmt,
    our_graph,
    table_header,
    table_row,
    tallies_json,
)
from benchmarks.ts_oracle import (
    DEFAULT_CORPORA,
    Corpus,
    TsSite,
    default_corpus,
    first_kind,
    print_misses,
    route,
    run_oracle,
    shape,
    short,
    sites_of,
)
from coderooms.core.ids import symbol_id
from coderooms.ingest.languages import extract

JS_LANGUAGES = frozenset({"javascript", "typescript", "tsx"})
CALL_KINDS = frozenset({"function", "method", "class", "constructor", "accessor"})
BASE_KINDS = frozenset({"class", "interface", "type"})
UNMODELLED = frozenset({"object-method", "assignment"})
"""Callable declarations the extractor makes no symbol of."""


# -- our side ------------------------------------------------------------------------------------


@dataclass(slots=True)
class Symbols:
    """Our symbols a compiler declaration may be: callables/types, and top-level variables."""

    graph: OurGraph
    variables: dict[tuple[str, str], str] = field(default_factory=dict)

    @staticmethod
    def of(graph: OurGraph) -> Symbols:
        found = Symbols(graph)
        for path, file in graph.parsed.items():
            for symbol in file.record.symbols:
                if symbol.kind.value == "Variable":
                    found.variables[(path, symbol.qualname)] = symbol_id(
                        graph.repo, path, symbol.qualname
                    )
        return found

    def const(self, path: str, qualname: str) -> str | None:
        """Our Variable symbol of a top-level const, or the symbol it merges into (`interface
        ZodObject` + `const ZodObject = ...`: one qualname, the interface's symbol)."""
        found = self.variables.get((path, qualname))
        merged = symbol_id(self.graph.repo, path, qualname)
        return found or (merged if merged in self.graph.symbols else None)

    def callable(self, path: str, line: int, qualname: str) -> str | None:
        parts = qualname.split(".") if qualname else []
        for cut in range(len(parts)):
            found = symbol_id(self.graph.repo, path, ".".join(parts[cut:]))
            if found in self.graph.symbols:
                return found
        at = sorted(self.graph.by_line.get((path, line), ()))
        named = [s for s in at if parts and s.rpartition("::")[2].split(".")[-1] == parts[-1]]
        return (named or at or [None])[0]

    def assigned(self, path: str, line: int, qualname: str) -> str | None:
        """Our symbol of what a CommonJS assignment defines (`module.exports = (..) => ..`,
        `module.exports.request = ..`): one starting on that line, named as the assigned name's
        last part (`exports`, `request`); None for any other assignment."""
        last = qualname.rpartition(".")[2]
        at = sorted(self.graph.by_line.get((path, line), ()))
        named = [s for s in at if s.rpartition("::")[2].split(".")[-1] == last]
        return named[0] if last and named else None


def callers_and_count(root: Path, path: str, language: str) -> tuple[dict, int]:
    """(line, callee) -> the qualnames the extractor attributes it to; how many calls it saw."""
    extraction = extract(language, path, (root / path).read_bytes())
    found: dict[tuple[int, str], set[str]] = defaultdict(set)
    for call in extraction.calls:
        found[(call.line, call.callee)].add(call.caller)
    for inherit in extraction.inherits:
        found[(inherit.line, inherit.base)].add(inherit.child)
    return found, len(extraction.calls)


# -- comparison ----------------------------------------------------------------------------------


@dataclass(slots=True)
class Extra:
    """What the table does not show: targets the graph has no symbol for, const targets."""

    unmodelled: Counter[str] = field(default_factory=Counter)
    unmodelled_examples: dict[str, list[str]] = field(default_factory=dict)
    const_sites: int = 0
    const_found: int = 0


def _note(book: dict[str, list[str]], key: str, example: str, keep: int = 40) -> None:
    examples = book.setdefault(key, [])
    if len(examples) < keep:
        examples.append(example)


def _targets(
    site: TsSite, symbols: Symbols, kinds: frozenset[str], extra: Extra
) -> tuple[set[str], bool, bool, bool]:
    """(our symbols the compiler's answer may be, any outside, any inside without a symbol,
    the answer is a top-level const)."""
    targets: set[str] = set()
    outside = inside_other = is_const = counted = False
    for decls in (site.decls, site.inits):
        for path, line, kind, qualname in decls:
            if path is None:
                outside = outside or decls is site.decls
            elif (kind in kinds and (found := symbols.callable(path, line, qualname))) or (
                kind == "assignment" and (found := symbols.assigned(path, line, qualname))
            ):
                targets.add(found)
            elif kind == "const" and (found := symbols.const(path, qualname)):
                targets.add(found)
                is_const = is_const or decls is site.decls
            elif decls is site.decls:
                inside_other = True
                if kind in kinds | UNMODELLED and not counted:
                    counted = True
                    broken = symbols.graph.parsed.get(path)
                    problems = broken is not None and any(
                        "syntax" in p for p in broken.record.problems
                    )
                    key = f"{kind} {shape(site)}" + (" (its file has syntax errors)" * problems)
                    extra.unmodelled[key] += 1
                    _note(
                        extra.unmodelled_examples, key,
                        f"{site.path}:{site.line} {short(site.raw)} -> {path}:{line} {qualname}",
                    )  # fmt: skip
    return targets, outside, inside_other, is_const


def _module_of_target(target: str, site: TsSite, prefix: str) -> bool:
    """Our edge points at the module symbol of the file the compiler's declaration is in
    (CommonJS `module.exports = Foo` required as `const Foo = require('./Foo')`)."""
    path = target.removeprefix(prefix).removesuffix("::")
    return target.endswith("::") and any(d[0] == path for d in site.decls)


def compare_references(
    graph: OurGraph, sites: list[TsSite], callers: dict[str, dict], extra: Extra
) -> dict[str, Tally]:
    symbols = Symbols.of(graph)
    tallies = {"CALLS": Tally(), "INHERITS": Tally()}
    book: dict[str, dict[str, list[str]]] = {"CALLS": {}, "INHERITS": {}}
    prefix = f"{graph.repo}:"
    for site in sites:
        kind = "CALLS" if site.kind == "call" else "INHERITS"
        tally = tallies[kind]
        kinds = CALL_KINDS if kind == "CALLS" else BASE_KINDS
        targets, outside, inside_other, is_const = _targets(site, symbols, kinds, extra)
        sources = callers.get(site.path, {}).get((site.line, site.text)) or {""}
        ours: tuple[str, str] | None = None
        for source in [*sorted(sources), ""]:
            ours = graph.references.get((site.path, source, kind, site.text))
            if ours is not None:
                break
        target, via = ours if ours is not None else ("", "none")
        linked = target.startswith(prefix) and ":?:" not in target
        said = site.decls[0] if site.decls else (None, 0, "", "")
        told = f"compiler {said[0] or '(outside)'}:{said[1]} {said[2]} {said[3]}"
        example = (
            f"{site.path}:{site.line} {short(site.raw)} -> ours "
            f"{target.removeprefix(prefix) or '(no edge)'} ({via}); {told}"
        )
        if not site.decls:
            tally.unknown += 1
        if targets:
            tally.oracle_repo += 1
            if kind == "CALLS" and is_const:
                extra.const_sites += 1
                extra.const_found += target in targets
            if target in targets:
                tally.found += 1
            else:
                key = f"{shape(site)} {route(site)} → {first_kind(site)} via {via}"
                key += " (ours: its module)" * _module_of_target(target, site, prefix)
                tally.misses[key] += 1
                _note(book[kind], key, example)
        if linked and site.decls:
            tally.linked_known += 1
            if target in targets:
                tally.linked_right += 1
            else:
                reason = "outside" if outside and not targets else "elsewhere"
                if inside_other and not targets:
                    reason = "non-symbol"
                if _module_of_target(target, site, prefix):
                    reason = "its module"
                key = f"{shape(site)} {route(site)} via {via} ({reason})"
                tally.wrong[key] += 1
                _note(book[kind], "WRONG " + key, example)
        if outside and not targets and not inside_other:
            tally.external += 1
            tally.external_linked += linked
    for kind, tally in tallies.items():
        tally.examples = [f"{k}\t{e}" for k, v in book[kind].items() for e in v]
    return tallies


def compare_imports(graph: OurGraph, sites: list[TsSite], paths: list[str]) -> Tally:
    """File-level pairs (a file importing itself is no edge of the graph)."""
    expected: dict[str, dict[str, TsSite]] = defaultdict(dict)
    answered: dict[str, set[int]] = defaultdict(set)
    unresolved: list[TsSite] = []
    for site in sites:
        if site.kind != "import":
            continue
        answered[site.path].add(site.line)
        if site.to is None:
            unresolved.append(site)
        elif site.to != site.path:
            expected[site.path].setdefault(site.to, site)

    def miss(site: TsSite, missing: str) -> tuple[str, str]:
        key = f"{site.form} {'relative' if site.text.startswith('.') else 'bare'}"
        return key, f"{site.path}:{site.line} '{site.text}' -> compiler {missing}"

    return tally_file_pairs(graph, paths, expected, answered, unresolved, miss)


class ImportSite(Protocol):
    path: str
    line: int


def repo_imports(graph: OurGraph, path: str) -> dict[str, int]:
    """The files of the corpus that `path` imports (no ghosts) -> the line of the first import."""
    prefix = f"{graph.repo}:"
    return {
        t.removeprefix(prefix): line
        for t, line in graph.imports.get(path, {}).items()
        if t.startswith(prefix) and ":?:" not in t
    }


def tally_outside(tally: Tally, graph: OurGraph, outside: Sequence[ImportSite]) -> None:
    """Imports the oracle resolves outside the corpus: how many the graph links into it."""
    prefix = f"{graph.repo}:"
    for site in outside:
        tally.external += 1
        ours = [t for t, line in graph.imports.get(site.path, {}).items() if line == site.line]
        tally.external_linked += any(t.startswith(prefix) and ":?:" not in t for t in ours)


S = TypeVar("S", bound=ImportSite)


def tally_file_pairs(
    graph: OurGraph,
    paths: Sequence[str],
    expected: dict[str, dict[str, S]],
    answered: dict[str, set[int]],
    outside: Sequence[S],
    miss: Callable[[S, str], tuple[str, str]],
) -> Tally:
    """(file, imported file) pairs of the sampled `paths` against the oracle's `expected` ones;
    only imports on lines the oracle answered count for precision; `miss(site, file)` names a
    missed pair's class and example."""
    tally = Tally()
    book: dict[str, list[str]] = {}
    for path in paths:
        lines = repo_imports(graph, path)
        truth = expected.get(path, {})
        tally.oracle_repo += len(truth)
        tally.found += len(truth.keys() & lines.keys())
        judged = {t for t, line in lines.items() if line in answered[path]}
        tally.linked_known += len(judged)
        tally.linked_right += len(judged & truth.keys())
        for wrong in sorted(judged - truth.keys()):
            tally.wrong["extra"] += 1
            _note(book, "WRONG extra", f"{path}:{lines[wrong]} imports {wrong}")
        for missing in sorted(truth.keys() - lines.keys()):
            key, example = miss(truth[missing], missing)
            tally.misses[key] += 1
            _note(book, key, example)
    tally_outside(tally, graph, outside)
    tally.examples = [f"{k}\t{e}" for k, v in book.items() for e in v]
    return tally


# -- running -------------------------------------------------------------------------------------


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def sample_files(
    corpus: Corpus, graph: OurGraph, sample: int, seed: int
) -> tuple[list[str], dict[str, dict]]:
    paths = sorted(p for p, f in graph.parsed.items() if f.language in JS_LANGUAGES)
    random.Random(seed).shuffle(paths)
    taken: list[str] = []
    callers: dict[str, dict] = {}
    calls = 0
    for path in paths:
        if calls >= sample:
            break
        callers[path], count = callers_and_count(corpus.root, path, graph.parsed[path].language)
        taken.append(path)
        calls += count
    return taken, callers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", default=[], choices=DEFAULT_CORPORA)
    parser.add_argument("--corpus", action="append", default=[], help="NAME=PATH of a checkout")
    parser.add_argument("--sample", type=int, default=3000, help="call sites per corpus")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--misses", type=int, default=0, help="examples per category")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)

    names = args.only or ([] if args.corpus else list(DEFAULT_CORPORA))
    corpora: list[Corpus] = []
    for name in names:
        try:
            corpora.append(default_corpus(name))
        except CorpusUnavailable as e:
            print(f"{name}: skipped ({e})", file=sys.stderr)
    for spec in args.corpus:
        name, _, path = spec.partition("=")
        corpora.append(Corpus(name, Path(path).resolve()))

    results: dict[str, Any] = {}
    header = table_header()
    rows: list[str] = []
    for corpus in corpora:
        graph = our_graph(corpus.root, corpus.name)
        taken, callers = sample_files(corpus, graph, args.sample, args.seed)
        started = time.perf_counter()
        tsconfig = "tsconfig.json" if (corpus.root / "tsconfig.json").is_file() else None
        sites = sites_of(corpus.root, run_oracle(corpus.root, taken, tsconfig))
        oracle_s = time.perf_counter() - started
        extra = Extra()
        references = [s for s in sites if s.kind != "import"]
        tallies = compare_references(graph, references, callers, extra)
        imports = compare_imports(graph, sites, taken)
        calls, bases = tallies["CALLS"], tallies["INHERITS"]
        calls_sites = sum(1 for s in sites if s.kind == "call")
        rows.append(table_row(corpus.name, calls_sites, calls, bases, imports))
        broken = sum(any("syntax" in p for p in graph.parsed[p_].record.problems) for p_ in taken)
        rest = _ratio(calls.found - extra.const_found, calls.oracle_repo - extra.const_sites)
        print(
            f"{corpus.name}: {len(graph.parsed)} files in {graph.seconds:.1f} s, {len(taken)} "
            f"sampled ({broken} with syntax errors), compiler {oracle_s:.1f} s; bases to the "
            f"corpus {bases.oracle_repo}, import pairs {imports.oracle_repo}; calls to a "
            f"top-level const {extra.const_sites} (found {extra.const_found}), recall without "
            f"them {fmt(rest)}; unknown to the compiler {calls.unknown}; in the corpus without "
            f"a symbol of ours {sum(extra.unmodelled.values())}",
            file=sys.stderr,
        )
        results[corpus.name] = tallies_json(calls=calls, bases=bases, imports=imports)
        results[corpus.name]["const_calls"] = [extra.const_sites, extra.const_found]
        results[corpus.name]["unmodelled"] = dict(extra.unmodelled.most_common())
        if args.misses:
            for label, t in (("calls", calls), ("bases", bases), ("imports", imports)):
                print_misses(corpus.name, label, t, args.misses)
            print(f"\n## {corpus.name}: targets without a symbol of ours", file=sys.stderr)
            for key, count in extra.unmodelled.most_common(8):
                print(f"  {count:>5}  {key}", file=sys.stderr)
                for example in extra.unmodelled_examples[key][: args.misses]:
                    print(f"           {example}", file=sys.stderr)
    print(header)
    print("\n".join(rows))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
