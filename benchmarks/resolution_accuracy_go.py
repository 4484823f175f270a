"""How true the graph's Go CALLS, INHERITS and IMPORTS edges are, against an independent,
precise resolver (the Go type checker through `golang.org/x/tools/go/packages`, see
`go_oracle.py`), on real Go code nobody here wrote.

For each corpus the graph a full ingest writes is computed in memory (walk, read, plan with
`fresh=True`, no database: `resolution_accuracy.our_graph`), packages (directories) are
sampled at random (seeded) until their files hold `--sample` call sites as the extractor
counts them, and the type checker is asked about every call, embedded type and import spec of
those packages, tests included. Each site is matched to the extractor's record by file, line
and callee text, and attributed to its enclosing definition as the extractor does
(`resolution_accuracy_ts.callers_and_count`). Per corpus, in the columns of the other two
harnesses:

* CALLS recall: of the sites the checker resolves to a function, method, interface method
  (a call through an interface counts as resolved to the interface's method) or type
  (a conversion `T(x)`) declared in the corpus, the share whose edge points at our symbol of
  it; precision: of the sites whose edge points at a symbol of the corpus and that the checker
  resolves at all, the share it agrees with; `outside→repo`: of the sites the checker resolves
  outside the corpus (the standard library, a dependency, a builtin), the share the graph links
  into the corpus. A call of a function value (a variable, parameter or struct field) has no
  symbol to point at: it counts in recall for nothing, and a link of ours from it is wrong.
* INHERITS: the same over embedded types (struct and interface embedding).
* IMPORTS: (file, imported package directory) pairs of the checked files; our edge points at
  a file of the package, compared by its directory; `ext→repo` counts specs the checker
  resolves outside the corpus that the graph resolves into it.

Declarations are mapped to our symbols by path and qualname (`T.M`, `I.M`), then by path and
start line. Misses and wrong links are grouped by callee shape (`pkg.F()`, `x.m()`,
`expr().m()`), the checker's declaration kind, where it lies from the site (same-file,
same-pkg, other-pkg, outside, `+promoted` through an embedded field) and our `via`.

Run: `PYTHONPATH=. python benchmarks/resolution_accuracy_go.py` (the Go standard library,
`$(go env GOROOT)/src`, modules `std` and `cmd`), `--corpus gin=/path/to/gin` for a checkout
(its dependencies are fetched into the benchmark's module cache by `go list`),
`--no-std` to leave the standard library out, `--sample 3000` call sites per corpus,
`--misses 3` to print that many examples per category of misses and wrong links,
`--json out.json` to keep the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.corpora import CorpusUnavailable
from benchmarks.go_oracle import (
    CALL_KINDS,
    GoSite,
    checked_files,
    errors,
    goroot,
    route,
    run_oracle,
    shape,
    sites_of,
)
from benchmarks.resolution_accuracy import (
    OurGraph,
    Tally,
    our_graph,
    table_header,
    table_row,
    tallies_json,
)
from benchmarks.resolution_accuracy_ts import callers_and_count, tally_outside
from benchmarks.ts_oracle import print_misses, short
from coderooms.core.ids import directory_of, symbol_id

BASE_KINDS = frozenset({"conversion"})
"""An embedded type's declaration, as the oracle names it (a type name)."""
SKIPPED_DIRS = frozenset({"testdata", "vendor"})
"""Directories the go tool does not build as packages of the module (`testdata`), or third-party
code copied in (`vendor`): no package under them is sampled (they stay in the graph)."""


@dataclass(frozen=True, slots=True)
class Corpus:
    name: str
    root: Path


# -- comparison ----------------------------------------------------------------------------------


def our_symbol(graph: OurGraph, path: str, line: int, qualname: str) -> str | None:
    """Our symbol of a declaration: by qualname, else one starting on its line with its name."""
    found = symbol_id(graph.repo, path, qualname)
    if found in graph.symbols:
        return found
    name = qualname.rpartition(".")[2]
    at = sorted(graph.by_line.get((path, line), ()))
    named = [s for s in at if s.rpartition("::")[2].rpartition(".")[2] == name]
    return named[0] if named else None


def _note(book: dict[str, list[str]], key: str, example: str, keep: int = 40) -> None:
    examples = book.setdefault(key, [])
    if len(examples) < keep:
        examples.append(example)


def compare_references(
    graph: OurGraph,
    sites: list[GoSite],
    callers: dict[str, dict],
    unmodelled: Counter[str],
    unmodelled_examples: dict[str, list[str]],
) -> dict[str, Tally]:
    tallies = {"CALLS": Tally(), "INHERITS": Tally()}
    book: dict[str, dict[str, list[str]]] = {"CALLS": {}, "INHERITS": {}}
    prefix = f"{graph.repo}:"
    for site in sites:
        kind = "CALLS" if site.kind == "call" else "INHERITS"
        tally = tallies[kind]
        kinds = CALL_KINDS if kind == "CALLS" else BASE_KINDS
        target: str | None = None
        outside = inside_other = False
        if site.decl is not None:
            path, line, decl_kind, qualname = site.decl
            if path is None:
                outside = True
            elif decl_kind in kinds and path in graph.parsed:
                target = our_symbol(graph, path, line, qualname)
            if path is not None and target is None:
                inside_other = True
                key = f"{kind} {decl_kind} {shape(site)}"
                unmodelled[key] += 1
                _note(
                    unmodelled_examples, key,
                    f"{site.path}:{site.line} {short(site.raw)} -> {path}:{line} {qualname}",
                )  # fmt: skip
        sources = callers.get(site.path, {}).get((site.line, site.text)) or {""}
        ours: tuple[str, str] | None = None
        for source in [*sorted(sources), ""]:
            ours = graph.references.get((site.path, source, kind, site.text))
            if ours is not None:
                break
        edge, via = ours if ours is not None else ("", "none")
        linked = edge.startswith(prefix) and ":?:" not in edge
        said = site.decl or (None, 0, "unknown", "")
        example = (
            f"{site.path}:{site.line} {short(site.raw)} -> ours "
            f"{edge.removeprefix(prefix) or '(no edge)'} ({via}); "
            f"checker {said[0] or '(outside)'}:{said[1]} {said[2]} {said[3]}"
        )
        if site.decl is None:
            tally.unknown += 1
        if target is not None:
            tally.oracle_repo += 1
            if edge == target:
                tally.found += 1
            else:
                key = f"{shape(site)} → {route(site)} via {via}"
                tally.misses[key] += 1
                _note(book[kind], key, example)
        if linked and site.decl is not None:
            tally.linked_known += 1
            if edge == target:
                tally.linked_right += 1
            else:
                reason = "outside" if outside else "elsewhere"
                if inside_other:
                    reason = "non-symbol"
                key = f"{shape(site)} → {route(site)} via {via} ({reason})"
                tally.wrong[key] += 1
                _note(book[kind], "WRONG " + key, example)
        if outside:
            tally.external += 1
            tally.external_linked += linked
    for kind, tally in tallies.items():
        tally.examples = [f"{k}\t{e}" for k, v in book[kind].items() for e in v]
    return tallies


def _import_class(site: GoSite) -> str:
    head = site.text.split("/", 1)[0]
    style = "module path" if "." in head else "std-style path"
    if site.to is not None and (site.to.startswith("vendor/") or "/vendor/" in site.to):
        style += " (vendored)"
    return style + (" from a _test.go" if site.path.endswith("_test.go") else "")


def compare_imports(graph: OurGraph, sites: list[GoSite], paths: list[str]) -> Tally:
    """(file, package directory) pairs."""
    expected: dict[str, dict[str, GoSite]] = defaultdict(dict)
    answered: dict[str, set[int]] = defaultdict(set)
    outside: list[GoSite] = []
    for site in sites:
        if site.kind != "import":
            continue
        answered[site.path].add(site.line)
        if site.to is None:
            outside.append(site)
        else:
            expected[site.path].setdefault(site.to, site)
    tally = Tally()
    prefix = f"{graph.repo}:"
    book: dict[str, list[str]] = {}
    for path in paths:
        ours: dict[str, tuple[str, int]] = {}
        for target, line in graph.imports.get(path, {}).items():
            if target.startswith(prefix) and ":?:" not in target:
                file = target.removeprefix(prefix)
                ours.setdefault(directory_of(file), (file, line))
        truth = expected.get(path, {})
        tally.oracle_repo += len(truth)
        tally.found += len(truth.keys() & ours.keys())
        judged = {d for d, (_, line) in ours.items() if line in answered[path]}
        tally.linked_known += len(judged)
        tally.linked_right += len(judged & truth.keys())
        for wrong in sorted(judged - truth.keys()):
            tally.wrong["extra"] += 1
            _note(book, "WRONG extra", f"{path}:{ours[wrong][1]} imports {ours[wrong][0]}")
        for missing in sorted(truth.keys() - ours.keys()):
            site = truth[missing]
            key = _import_class(site)
            tally.misses[key] += 1
            _note(book, key, f'{path}:{site.line} "{site.text}" -> checker {missing or "."}/')
    tally_outside(tally, graph, outside)
    tally.examples = [f"{k}\t{e}" for k, v in book.items() for e in v]
    return tally


# -- running -------------------------------------------------------------------------------------


def package_dirs(graph: OurGraph) -> dict[str, list[str]]:
    """Directory -> its Go files, for the directories the go tool builds as packages."""
    found: dict[str, list[str]] = defaultdict(list)
    for path, file in graph.parsed.items():
        if file.language != "go":
            continue
        directory = directory_of(path)
        parts = directory.split("/") if directory else []
        if any(p in SKIPPED_DIRS or p.startswith((".", "_")) for p in parts):
            continue
        found[directory].append(path)
    return found


def sample_packages(
    corpus: Corpus, graph: OurGraph, sample: int, seed: int
) -> tuple[list[str], dict[str, dict]]:
    by_dir = package_dirs(graph)
    directories = sorted(by_dir)
    random.Random(seed).shuffle(directories)
    taken: list[str] = []
    callers: dict[str, dict] = {}
    calls = 0
    for directory in directories:
        if calls >= sample:
            break
        taken.append(directory)
        for path in by_dir[directory]:
            callers[path], count = callers_and_count(corpus.root, path, "go")
            calls += count
    return taken, callers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", action="append", default=[], help="NAME=PATH of a checkout")
    parser.add_argument("--no-std", action="store_true", help="leave the standard library out")
    parser.add_argument("--sample", type=int, default=3000, help="call sites per corpus")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--misses", type=int, default=0, help="examples per category")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)

    corpora: list[Corpus] = []
    if not args.no_std:
        try:
            corpora.append(Corpus("std", goroot() / "src"))
        except (CorpusUnavailable, OSError) as e:
            print(f"std: skipped ({e})", file=sys.stderr)
    for spec in args.corpus:
        name, _, path = spec.partition("=")
        corpora.append(Corpus(name, Path(path).resolve()))

    results: dict[str, Any] = {}
    header = table_header()
    rows: list[str] = []
    for corpus in corpora:
        graph = our_graph(corpus.root, corpus.name)
        taken, callers = sample_packages(corpus, graph, args.sample, args.seed)
        started = time.perf_counter()
        try:
            records = run_oracle(corpus.root, taken)
        except CorpusUnavailable as e:
            print(f"{corpus.name}: skipped ({e})", file=sys.stderr)
            continue
        oracle_s = time.perf_counter() - started
        checked = [p for p in checked_files(records) if p in graph.parsed]
        found, lost = sites_of(corpus.root, records)
        sites = [s for s in found if s.path in graph.parsed]
        unmatched = sum(
            (s.line, s.text) not in callers.get(s.path, {}) for s in sites if s.kind != "import"
        )
        unmodelled: Counter[str] = Counter()
        unmodelled_examples: dict[str, list[str]] = {}
        references = [s for s in sites if s.kind != "import"]
        tallies = compare_references(graph, references, callers, unmodelled, unmodelled_examples)
        imports = compare_imports(graph, sites, checked)
        calls, bases = tallies["CALLS"], tallies["INHERITS"]
        calls_sites = sum(1 for s in sites if s.kind == "call")
        rows.append(table_row(corpus.name, calls_sites, calls, bases, imports))
        failed = errors(records)
        print(
            f"{corpus.name}: {len(graph.parsed)} files in {graph.seconds:.1f} s, {len(taken)} "
            f"packages sampled, {len(checked)} files checked, checker {oracle_s:.1f} s "
            f"({len(failed)} package errors, {lost} sites the extractor does not record, "
            f"{unmatched} not matched to its records); bases to the corpus "
            f"{bases.oracle_repo}, import pairs {imports.oracle_repo}; unknown to the checker "
            f"{calls.unknown}; in the corpus without a symbol of ours {sum(unmodelled.values())}",
            file=sys.stderr,
        )
        for line in failed[:5]:
            print(f"  error {short(line, 160)}", file=sys.stderr)
        results[corpus.name] = tallies_json(calls=calls, bases=bases, imports=imports)
        results[corpus.name]["unmodelled"] = dict(unmodelled.most_common())
        if args.misses:
            for label, t in (("calls", calls), ("bases", bases), ("imports", imports)):
                print_misses(corpus.name, label, t, args.misses)
            print(f"\n## {corpus.name}: targets without a symbol of ours", file=sys.stderr)
            for key, count in unmodelled.most_common(8):
                print(f"  {count:>5}  {key}", file=sys.stderr)
                for example in unmodelled_examples[key][: args.misses]:
                    print(f"           {example}", file=sys.stderr)
    print(header)
    print("\n".join(rows))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
