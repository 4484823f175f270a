"""How true the graph's Java CALLS, INHERITS and IMPORTS edges are, against an independent,
precise resolver (javac's own attribution, see `java_oracle.py` / `JavaOracle.java`), on real
Java code nobody here wrote.

For each corpus the graph a full ingest writes is computed in memory (walk, read, plan with
`fresh=True`, no database: `resolution_accuracy.our_graph`); javac compiles the corpus's
`src/main/java` and `src/test/java` (its Maven classpath, `-proc:none`) and names the
declaration every method call and `new` binds to, the type of every `extends`/`implements` and
what every import names, in files sampled at random (seeded) until they hold `--sample` call
sites as the extractor counts them. Each site is matched to the extractor's record by file, line
and callee text, and attributed to its enclosing definition as the extractor does. Per corpus,
in the columns of `resolution_accuracy.py`:

* CALLS recall: of the sites javac binds to a declaration of the corpus that the graph has a
  symbol for (a method or constructor, by file and qualname, overloads sharing the first one's
  symbol; for `new` the class or its constructor), the share whose edge points at it;
  precision: of the sites whose edge points at a symbol of the corpus and that javac binds at
  all, the share it agrees with; `outside→repo`: of the sites javac binds outside the corpus
  (the JDK, a dependency), the share the graph links into the corpus. A site javac cannot
  attribute (its element is null or erroneous: a missing dependency) counts in no ratio.
* INHERITS: the same over `extends`/`implements`.
* IMPORTS: (file, imported file) pairs of the sampled files; `import a.b.*` is one pair with the
  package, found when an edge of that statement points at one of its files; `ext→repo` counts
  imports javac places outside the corpus that the graph resolves into it.

Misses and wrong links are grouped by callee shape (`obj.m()`, `Name.m()`, `m()`, ...), what
javac says (the receiver: `local`, `param`, `field`, `type`, `implicit`; how the method was
found: `own`, `inherited`, `static-import`; where its declaration is seen from: `same-file`,
`same-package`, `import`, `on-demand`, `other`; `+nested`) and our `via`. A stderr table gives
recall and precision per suspect (static imports, on-demand imports, typed receivers, ...).

Run: `PYTHONPATH=. python benchmarks/resolution_accuracy_java.py --corpus-dir /path/to/clones`
(commons-lang, gson, javapoet, jsoup cloned there, see `java_oracle.JAVA_CORPORA`), `--only gson`
for some, `--corpus name=/path/to/checkout` for another, `--sample 3000` call sites per corpus
(0: every compiled file), `--main-only` to compile main sources only, `--misses 2` to print that
many examples per category, `--json out.json` to keep the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.corpora import CorpusUnavailable
from benchmarks.java_oracle import (
    JAVA_CORPORA,
    Corpus,
    Decl,
    JavaSite,
    checkout_corpus,
    classpath,
    compiled_sources,
    corpus_dir,
    default_corpus,
    route,
    run_oracle,
    shape,
    sites_of,
)
from benchmarks.resolution_accuracy import (
    OurGraph,
    Tally,
    fmt,
    our_graph,
    table_header,
    table_row,
    tallies_json,
)
from benchmarks.resolution_accuracy_ts import _note, callers_and_count, repo_imports, tally_outside
from benchmarks.ts_oracle import print_misses, short
from coderooms.core.ids import symbol_id

SUSPECTS: dict[str, Callable[[JavaSite], bool]] = {
    "static import: m()": lambda s: s.found == "static-import",
    "on-demand: Name.m()/new": lambda s: _named(s) and _how(s) == "on-demand",
    "single import: Name.m()/new": lambda s: _named(s) and _how(s) == "import",
    "same package: Name.m()/new": lambda s: _named(s) and _how(s) == "same-package",
    "same file: Name.m()/new": lambda s: _named(s) and _how(s) == "same-file",
    "nested: Name.m()/new": lambda s: _named(s) and any(d.nested for d in s.decls()),
    "overloaded: Name.m()": lambda s: s.recv == "type" and _overloaded(s),
    "overloaded: own m()": lambda s: s.found == "own" and _overloaded(s),
    "typed local/param/field": lambda s: s.recv in ("local", "param", "field"),
    "expr().m()": lambda s: s.recv == "expr",
    "inherited: m()/this.m()": lambda s: s.recv in ("implicit", "this") and "inh" in s.found,
    "inherited: obj.m()": lambda s: s.recv not in ("implicit", "this") and "inh" in s.found,
    "super()/this()": lambda s: s.form in ("super()", "this()"),
}
"""Subsets of the call sites javac binds into the corpus, each with its own recall/precision."""


def _named(site: JavaSite) -> bool:
    """The class is named in the text: `Name.m()`, `new Name()` (its import is what counts)."""
    return site.recv == "type" or site.form == "new"


def _overloaded(site: JavaSite) -> bool:
    return site.decl is not None and site.decl.overloads > 1


def _how(site: JavaSite) -> str:
    decl = site.decl or site.type
    return decl.how if decl is not None else ""


def targets_of(graph: OurGraph, site: JavaSite) -> tuple[set[str], bool, bool]:
    """(our symbols javac's answer may be, it lies outside the corpus, it lies in the corpus
    without a symbol of ours: a method of an anonymous class, a file not walked)."""
    targets: set[str] = set()
    outside = inside_other = False
    for decl in site.decls():
        found = _symbol(graph, decl)
        if decl.f is None:
            outside = True
        elif found is not None:
            targets.add(found)
        else:
            inside_other = True
    if targets:
        inside_other = False
    return targets, outside and not targets, inside_other


def _symbol(graph: OurGraph, decl: Decl) -> str | None:
    qualname = decl.qualname()
    if decl.f is None or qualname is None:
        return None
    found = symbol_id(graph.repo, decl.f, qualname)
    if found in graph.symbols:
        return found
    last = qualname.rsplit(".", 1)[-1]
    at = sorted(s for s in graph.by_line.get((decl.f, decl.l), ()) if s.endswith("." + last))
    return at[0] if at else None


@dataclass(slots=True)
class Suspect:
    sites: int = 0
    found: int = 0
    linked: int = 0
    right: int = 0


@dataclass(slots=True)
class Extra:
    unmodelled: Counter[str] = field(default_factory=Counter)
    suspects: dict[str, Suspect] = field(default_factory=lambda: {k: Suspect() for k in SUSPECTS})


def compare_references(
    graph: OurGraph, sites: list[JavaSite], callers: dict[str, dict], extra: Extra
) -> dict[str, Tally]:
    tallies = {"CALLS": Tally(), "INHERITS": Tally()}
    book: dict[str, dict[str, list[str]]] = {"CALLS": {}, "INHERITS": {}}
    prefix = f"{graph.repo}:"
    for site in sites:
        kind = "CALLS" if site.kind == "call" else "INHERITS"
        tally = tallies[kind]
        targets, outside, inside_other = targets_of(graph, site)
        sources = callers.get(site.path, {}).get((site.line, site.text)) or {""}
        ours: tuple[str, str] | None = None
        for source in [*sorted(sources), ""]:
            ours = graph.references.get((site.path, source, kind, site.text))
            if ours is not None:
                break
        target, via = ours if ours is not None else ("", "none")
        linked = target.startswith(prefix) and ":?:" not in target
        told = site.decl.said() if site.decl is not None else "javac (unknown)"
        example = (
            f"{site.path}:{site.line} {short(site.raw)} [{site.text}] -> ours "
            f"{target.removeprefix(prefix) or '(no edge)'} ({via}); {told}"
        )
        if not site.decls():
            tally.unknown += 1
            continue
        if inside_other:
            key = f"{site.decls()[0].kind} {shape(site)} (in the corpus, no symbol of ours)"
            extra.unmodelled[key] += 1
        right = target in targets
        if targets:
            tally.oracle_repo += 1
            tally.found += right
            if not right:
                key = f"{shape(site)} {route(site)} via {via}"
                tally.misses[key] += 1
                _note(book[kind], key, example)
        if linked:
            tally.linked_known += 1
            tally.linked_right += right
            if not right:
                reason = "outside" if outside else "elsewhere"
                reason = "no symbol of ours" if inside_other else reason
                key = f"{shape(site)} {route(site)} via {via} ({reason})"
                tally.wrong[key] += 1
                _note(book[kind], "WRONG " + key, example)
        if outside:
            tally.external += 1
            tally.external_linked += linked
        if kind == "CALLS":
            for name, test in SUSPECTS.items():
                if (targets or linked) and test(site):
                    counts = extra.suspects[name]
                    counts.sites += bool(targets)
                    counts.found += bool(targets) and right
                    counts.linked += linked
                    counts.right += linked and right
    for kind, tally in tallies.items():
        tally.examples = [f"{k}\t{e}" for k, v in book[kind].items() for e in v]
    return tallies


def compare_imports(graph: OurGraph, sites: list[JavaSite], paths: list[str]) -> Tally:
    """File-level pairs; an on-demand import of a package is one pair with the package."""
    files: dict[str, dict[str, JavaSite]] = defaultdict(dict)
    packages: dict[str, dict[frozenset[str], JavaSite]] = defaultdict(dict)
    answered: dict[str, set[int]] = defaultdict(set)
    outside: list[JavaSite] = []
    for site in sites:
        if site.kind != "import" or site.decl is None:
            continue
        answered[site.path].add(site.line)
        others = frozenset(site.to) - {site.path}
        if site.outside:
            outside.append(site)
        elif site.form == "on-demand" and others:
            packages[site.path].setdefault(others, site)
        elif others:
            files[site.path].setdefault(next(iter(others)), site)
    tally = Tally()
    book: dict[str, list[str]] = {}
    for path in paths:
        lines = repo_imports(graph, path)
        truth, wanted = files.get(path, {}), packages.get(path, {})
        tally.oracle_repo += len(truth) + len(wanted)
        tally.found += len(truth.keys() & lines.keys())
        tally.found += sum(bool(p & lines.keys()) for p in wanted)
        judged = {t for t, line in lines.items() if line in answered[path]}
        right = {t for t in judged if t in truth or any(t in p for p in wanted)}
        tally.linked_known += len(judged)
        tally.linked_right += len(right)
        for wrong in sorted(judged - right):
            tally.wrong["extra"] += 1
            _note(book, "WRONG extra", f"{path}:{lines[wrong]} imports {wrong}")
        missing = [truth[m] for m in sorted(truth.keys() - lines.keys())]
        missing += [s for p, s in wanted.items() if not p & lines.keys()]
        for site in missing:
            key = site.form + " nested" * site.nested
            tally.misses[key] += 1
            _note(book, key, f"{path}:{site.line} import {site.text} -> javac {site.to[0]}")
    tally_outside(tally, graph, outside)
    tally.examples = [f"{k}\t{e}" for k, v in book.items() for e in v]
    return tally


# -- running -------------------------------------------------------------------------------------


def sample_files(
    corpus: Corpus, compiled: list[str], sample: int, seed: int
) -> tuple[list[str], dict[str, dict]]:
    paths = sorted(compiled)
    random.Random(seed).shuffle(paths)
    taken: list[str] = []
    callers: dict[str, dict] = {}
    calls = 0
    for path in paths:
        if sample and calls >= sample:
            break
        callers[path], count = callers_and_count(corpus.root, path, "java")
        taken.append(path)
        calls += count
    return taken, callers


def _ratio(part: int, whole: int) -> str:
    return fmt(part / whole if whole else None)


def print_suspects(name: str, extra: Extra) -> None:
    print(f"\n## {name} calls by suspect: sites, recall, linked, precision", file=sys.stderr)
    for key, s in extra.suspects.items():
        print(
            f"  {key:<28} {s.sites:>6} {_ratio(s.found, s.sites):>6} "
            f"{s.linked:>6} {_ratio(s.right, s.linked):>6}",
            file=sys.stderr,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", default=[], choices=list(JAVA_CORPORA))
    parser.add_argument("--corpus", action="append", default=[], help="NAME=PATH of a checkout")
    parser.add_argument("--corpus-dir", type=Path, help="where the default corpora are cloned")
    parser.add_argument("--sample", type=int, default=3000, help="call sites per corpus; 0: all")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--main-only", action="store_true", help="compile src/main/java only")
    parser.add_argument("--misses", type=int, default=0, help="examples per category")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)

    names = args.only or ([] if args.corpus else list(JAVA_CORPORA))
    corpora: list[Corpus] = []
    for name in names:
        try:
            corpora.append(default_corpus(name, corpus_dir(args.corpus_dir)))
        except CorpusUnavailable as e:
            print(f"skipping {name}: {e}", file=sys.stderr)
    for spec in args.corpus:
        name, _, path = spec.partition("=")
        corpora.append(checkout_corpus(name, Path(path)))

    results: dict[str, Any] = {}
    header = table_header(width=13)
    rows: list[str] = []
    for corpus in corpora:
        graph = our_graph(corpus.root, corpus.name)
        sources = compiled_sources(corpus, args.main_only)
        relative = [str(s.relative_to(corpus.root)) for s in sources]
        compiled = [p for p in relative if p in graph.parsed]
        taken, callers = sample_files(corpus, compiled, args.sample, args.seed)
        cp = os.pathsep.join(c for m in corpus.modules if (c := classpath(corpus.root / m)))
        started = time.perf_counter()
        records, log = run_oracle(corpus, sources, taken, cp)
        oracle_s = time.perf_counter() - started
        sites, lost = sites_of(corpus.root, records)
        for line in log.splitlines()[1:]:
            print(f"{corpus.name}: {line.strip()}", file=sys.stderr)
        extra = Extra()
        references = [s for s in sites if s.kind != "import"]
        tallies = compare_references(graph, references, callers, extra)
        imports = compare_imports(graph, sites, taken)
        calls, bases = tallies["CALLS"], tallies["INHERITS"]
        calls_sites = sum(1 for s in sites if s.kind == "call")
        rows.append(table_row(corpus.name, calls_sites, calls, bases, imports, width=13))
        print(
            f"{corpus.name}: {len(graph.parsed)} files in {graph.seconds:.1f} s, {len(sources)} "
            f"compiled, {len(taken)} sampled, javac {oracle_s:.1f} s ({log.splitlines()[0]}); "
            f"bases to the corpus {bases.oracle_repo}, import pairs {imports.oracle_repo}; "
            f"unknown to javac {calls.unknown} calls, {bases.unknown} bases; sites without a "
            f"tree-sitter node {lost}; in the corpus without a symbol of ours "
            f"{sum(extra.unmodelled.values())}",
            file=sys.stderr,
        )
        results[corpus.name] = tallies_json(calls=calls, bases=bases, imports=imports)
        results[corpus.name]["suspects"] = {
            k: [s.sites, s.found, s.linked, s.right] for k, s in extra.suspects.items()
        }
        results[corpus.name]["unmodelled"] = dict(extra.unmodelled.most_common())
        if args.misses:
            print_suspects(corpus.name, extra)
            for label, t in (("calls", calls), ("bases", bases), ("imports", imports)):
                print_misses(corpus.name, label, t, args.misses)
            print(f"\n## {corpus.name}: targets without a symbol of ours", file=sys.stderr)
            for key, count in extra.unmodelled.most_common(6):
                print(f"  {count:>5}  {key}", file=sys.stderr)
    print(header)
    print("\n".join(rows))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
