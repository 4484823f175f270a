"""How true the graph's Rust CALLS and IMPORTS (`use`) edges are, against an independent,
precise resolver (rust-analyzer's LSIF dump, see `rust_oracle.py`), on real Rust code nobody
here wrote.

For each corpus the graph a full ingest writes is computed in memory (walk, read, plan with
`fresh=True`, no database: `resolution_accuracy.our_graph`), Rust files that rust-analyzer
indexed are sampled at random (seeded) until they hold `--sample` call sites as the extractor
counts them, and every call site (the function part of a call expression, and an identifier
followed by `(...)` in macro arguments, as the extractor takes them) and every `use` leaf of
those files is looked up in the dump. Sites are matched to the extractor's records by file,
line and the callee's last name (in source order when a line has several), and attributed to
the enclosing definition as the extractor does. Per corpus, in the columns of
`resolution_accuracy.py`:

* CALLS recall: of the sites rust-analyzer resolves to a function, method, struct, enum or
  trait of the corpus that the graph has a symbol for (found by file, name and the line of the
  definition inside the symbol's span), the share whose edge points at it; precision: of the
  sites whose edge points at a symbol of the corpus and that rust-analyzer resolves at all,
  the share it agrees with; `outside→repo`: of the sites it resolves only outside the corpus
  (std/core/alloc, crates in ~/.cargo/registry), the share the graph links into the corpus.
  Sites it leaves unresolved (attribute arguments, code behind a disabled `cfg`, macro bodies)
  count in no ratio; those resolving to a definition without a symbol of ours (enum variants,
  locals and closures, consts) count apart on stderr.
* IMPORTS: (file, imported file) pairs of the sampled files: a `use` leaf imports the file of
  the deepest module of its path (`use crate::a::b::C` -> the file of module `b`; `use
  crate::a::b` -> that of `b` itself); `ext→repo` counts leaves rust-analyzer resolves outside
  the corpus that the graph resolves into it. `mod x;` declarations are not `use` and are left
  out.

Misses and wrong links are grouped by callee shape (`x.m()`, `Type::f()`, `mod::f()`,
`in macro!()`), rust-analyzer's kind of definition and our `via`.

Run (each corpus a cargo checkout, `cargo fetch` done so that dependencies load):
`PYTHONPATH=. python benchmarks/resolution_accuracy_rust.py --corpus anyhow=/work/corpus/anyhow
--corpus log=/work/corpus/log`, `--sample 3000` call sites per corpus, `--misses 3` examples per
category, `--json out.json`. The LSIF dump is cached in the temp directory by checkout HEAD.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.resolution_accuracy import (
    OurGraph,
    Tally,
    our_graph,
    table_header,
    table_row,
    tallies_json,
)
from benchmarks.resolution_accuracy_ts import tally_file_pairs
from benchmarks.rust_oracle import Lsif, RsSite, run_lsif, sites_of
from benchmarks.ts_oracle import print_misses
from coderooms.core.ids import symbol_id
from coderooms.ingest.languages import extract

DEFAULT_CORPORA = ("httparse", "anyhow", "log")
CALL_KINDS = frozenset({"fn", "method", "assoc fn", "struct", "enum", "union", "trait"})
SYMBOL_KINDS = frozenset({"Class", "Function", "Method", "Interface"})


@dataclass(slots=True)
class Symbols:
    """path -> (start line, end line, name, id) of our callables and types."""

    spans: dict[str, list[tuple[int, int, str, str]]] = field(default_factory=dict)

    @staticmethod
    def of(graph: OurGraph) -> Symbols:
        found = Symbols()
        for path, file in graph.parsed.items():
            for s in file.record.symbols:
                if s.kind.value in SYMBOL_KINDS:
                    sid = symbol_id(graph.repo, path, s.qualname)
                    found.spans.setdefault(path, []).append((s.start_line, s.end_line, s.name, sid))
        return found

    def at(self, path: str, line: int, name: str) -> str | None:
        """The innermost symbol named `name` whose span holds `line`."""
        best: tuple[int, str] | None = None
        for start, end, sname, sid in self.spans.get(path, ()):
            if sname == name and start <= line <= end and (best is None or start > best[0]):
                best = (start, sid)
        return best[1] if best else None


def records(root: Path, path: str) -> tuple[dict[tuple[int, str], list[tuple[str, str]]], int]:
    """(line, callee's last name) -> [(caller, callee)] in source order; how many calls."""
    extraction = extract("rust", path, (root / path).read_bytes())
    found: dict[tuple[int, str], list[tuple[str, str]]] = defaultdict(list)
    for call in extraction.calls:
        found[(call.line, call.callee.rsplit(".", 1)[-1])].append((call.caller, call.callee))
    return found, len(extraction.calls)


def _note(book: dict[str, list[str]], key: str, example: str, keep: int = 40) -> None:
    examples = book.setdefault(key, [])
    if len(examples) < keep:
        examples.append(example)


def compare_calls(
    graph: OurGraph, sites: list[RsSite], recs: dict[str, dict], unmodelled: Counter[str]
) -> Tally:
    symbols = Symbols.of(graph)
    tally, book = Tally(), {}
    prefix = f"{graph.repo}:"
    taken: Counter[tuple[str, int, str]] = Counter()
    unmatched = 0
    for site in sites:
        if site.kind == "use":
            continue
        key = (site.path, site.line, site.name)
        options = recs.get(site.path, {}).get((site.line, site.name), [])
        if taken[key] >= len(options):
            unmatched += 1
            continue
        caller, callee = options[taken[key]]
        taken[key] += 1
        targets: set[str] = set()
        outside = inside_other = False
        for path, line, kind, name in site.decls:
            if path is None:
                outside = True
            elif kind in CALL_KINDS and (found := symbols.at(path, line, name)):
                targets.add(found)
            else:
                inside_other = True
                unmodelled[f"{kind} {site.shape}"] += 1
        target, via = graph.references.get((site.path, caller, "CALLS", callee), ("", "none"))
        linked = target.startswith(prefix) and ":?:" not in target
        said = site.decls[0] if site.decls else (None, 0, "", "")
        example = (
            f"{site.path}:{site.line} {site.raw} [{callee}] -> ours "
            f"{target.removeprefix(prefix) or '(no edge)'} ({via}); rust-analyzer "
            f"{said[0] or '(outside)'}:{said[1]} {said[2]} {said[3]}"
        )
        kind = said[2]
        if not site.decls:
            tally.unknown += 1
        if targets:
            tally.oracle_repo += 1
            if target in targets:
                tally.found += 1
            else:
                miss = f"{site.shape} → {kind} via {via}"
                tally.misses[miss] += 1
                _note(book, miss, example)
        if linked and site.decls:
            tally.linked_known += 1
            if target in targets:
                tally.linked_right += 1
            else:
                reason = "outside" if outside and not targets else "elsewhere"
                if inside_other and not targets:
                    reason = "non-symbol"
                wrong = f"{site.shape} → {kind} via {via} ({reason})"
                tally.wrong[wrong] += 1
                _note(book, "WRONG " + wrong, example)
        if outside and not targets and not inside_other:
            tally.external += 1
            tally.external_linked += linked
    if unmatched:
        print(f"{graph.repo}: {unmatched} oracle sites with no extractor record", file=sys.stderr)
    tally.examples = [f"{k}\t{e}" for k, v in book.items() for e in v]
    return tally


def compare_imports(graph: OurGraph, sites: list[RsSite], paths: list[str]) -> Tally:
    """File-level pairs (a file importing itself is no edge of the graph)."""
    expected: dict[str, dict[str, RsSite]] = defaultdict(dict)
    answered: dict[str, set[int]] = defaultdict(set)
    outside: list[RsSite] = []
    for site in sites:
        if site.kind != "use" or not site.answered:
            continue
        answered[site.path].add(site.line)
        if site.to is None:
            outside.append(site)
        elif site.to != site.path:
            expected[site.path].setdefault(site.to, site)

    def miss(site: RsSite, missing: str) -> tuple[str, str]:
        head = site.raw.split("::", 1)[0]
        key = f"use {head if head in ('crate', 'self', 'super') else 'crate-name'}::…"
        return key, f"{site.path}:{site.line} '{site.raw}' -> rust-analyzer {missing}"

    return tally_file_pairs(graph, paths, expected, answered, outside, miss)


def sample_files(
    root: Path, graph: OurGraph, lsif: Lsif, sample: int, seed: int
) -> tuple[list[str], dict[str, dict]]:
    indexed = {path for path, _, _ in lsif.at}
    paths = sorted(p for p, f in graph.parsed.items() if f.language == "rust" and p in indexed)
    random.Random(seed).shuffle(paths)
    taken: list[str] = []
    recs: dict[str, dict] = {}
    calls = 0
    for path in paths:
        if calls >= sample:
            break
        recs[path], count = records(root, path)
        taken.append(path)
        calls += count
    return taken, recs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", action="append", default=[], help="NAME=PATH of a checkout")
    parser.add_argument("--sample", type=int, default=3000, help="call sites per corpus")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--misses", type=int, default=0, help="examples per category")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    specs = args.corpus or [f"{n}=/work/corpus/{n}" for n in DEFAULT_CORPORA]

    results: dict[str, Any] = {}
    header = table_header(bases=False)
    rows: list[str] = []
    for spec in specs:
        name, _, where = spec.partition("=")
        root = Path(where).resolve()
        if not (root / "Cargo.toml").is_file():
            print(f"{name}: skipped (no Cargo.toml at {root})", file=sys.stderr)
            continue
        started = time.perf_counter()
        lsif = Lsif(root, run_lsif(root))
        oracle_s = time.perf_counter() - started
        graph = our_graph(root, name)
        taken, recs = sample_files(root, graph, lsif, args.sample, args.seed)
        sites = sites_of(root, lsif, taken)
        unmodelled: Counter[str] = Counter()
        calls = compare_calls(graph, sites, recs, unmodelled)
        imports = compare_imports(graph, sites, taken)
        calls_sites = sum(1 for s in sites if s.kind != "use")
        rows.append(table_row(name, calls_sites, calls, None, imports))
        top = ", ".join(f"{k} {v}" for k, v in unmodelled.most_common(4))
        print(
            f"{name}: {len(graph.parsed)} files in {graph.seconds:.1f} s, {len(taken)} sampled, "
            f"rust-analyzer dump read in {oracle_s:.1f} s; import pairs {imports.oracle_repo}; "
            f"unknown to rust-analyzer {calls.unknown}; in the corpus without a symbol of ours "
            f"{sum(unmodelled.values())} ({top})",
            file=sys.stderr,
        )
        results[name] = tallies_json(calls=calls, imports=imports)
        results[name]["unmodelled"] = dict(unmodelled.most_common())
        if args.misses:
            for label, t in (("calls", calls), ("imports", imports)):
                print_misses(name, label, t, args.misses)
    print(header)
    print("\n".join(rows))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
