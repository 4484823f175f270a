"""How true the graph's C and C++ CALLS and IMPORTS edges are, against clang (libclang's
resolution of every call, see `clang_oracle.py`), on real C and C++ code nobody here wrote.

For each corpus the graph a full ingest writes is computed in memory (walk, read, plan with
`fresh=True`, no database: `resolution_accuracy.our_graph`); clang parses the corpus's
translation units (shuffled, seeded) until they hold `--sample` call sites in files of the
repository, and names the declaration every call expression binds to. Each site is matched to
the extractor's record by file, line (where the call expression begins, or where the callee's
name is) and the callee's last name (`a.b->f` and `N::f` end in `f`), and attributed to its
enclosing definition as the extractor does. Per corpus, in the columns of the other harnesses:

* CALLS recall: of the sites clang binds to a function, method, constructor or function
  template whose definition is in a file of the graph and that the graph has a symbol for (by
  file, name and the lines the definition spans), the share whose edge points at it (a
  constructor call `T(..)` may point at the class `T` instead, as the extractor names it);
  precision: of the sites whose edge points at a symbol of the corpus and that clang binds to a
  declaration with a known definition, or outside the corpus, or to a function pointer, the
  share it agrees with; `outside→repo`: of the sites clang binds outside the corpus (libc, the
  standard library, a dependency), the share the graph links into the corpus. A call through a
  function pointer or a functor (`hooks.allocate(p)`, clang names a variable, parameter or
  field) calls no function: it counts in recall for nothing, and a link of ours from it is
  wrong.
* Counted and left out of every ratio: calls clang does not resolve (a dependent call in a
  template, a parse error such as a missing generated header), calls in a macro's body (the
  source shows the macro's name, not the call), overloaded operators and lambdas' `operator()`
  (no call written by name), constructors whose class name is not written before `(` or `{`
  (`T x(1);`, conversions), and callees declared in the corpus with no definition clang found
  (prototypes of functions defined elsewhere, pure virtuals; `declared-only`).
* IMPORTS: (file, included file) pairs of the repository's files clang read, both in the
  repository; our edge judged when clang resolved an `#include` on its line; `ext→repo` counts
  `#include`s clang resolves outside the corpus (`<string.h>`) that the graph resolves into it.

Misses and wrong links are grouped by callee shape (`f()`, `x.f()`, `N::f()`, `T()`), clang's
declaration kind, where the definition lies from the site (`same-file`, `same-dir`, `other-dir`)
and our `via`.

Needs libclang's Python bindings: `pip install libclang==18.1.1` (the wheel bundles
`libclang.so`; or the project's `bench` extra). Run:
`PYTHONPATH=. python benchmarks/resolution_accuracy_c.py --corpus redis=/path/to/redis/src`,
`--sample 3000` call sites per corpus (0: every unit), `--misses 3` to print that many examples
per category of misses and wrong links, `--json out.json` to keep the figures. clang's answers
are kept in `--oracle-cache` (default `$TMPDIR/coderooms-clang-oracle/`), keyed by the
checkout's path and HEAD (or its files' sizes and times), the sample, the seed and the oracle's
source, so that a rule measured before and after parses the corpus once; `--no-oracle-cache`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import posixpath
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import benchmarks.clang_oracle
from benchmarks.clang_oracle import CSite, OracleRun, Place, repo_files, run_oracle
from benchmarks.corpora import CorpusUnavailable
from benchmarks.resolution_accuracy import (
    OurGraph,
    Tally,
    our_graph,
    table_header,
    table_row,
    tallies_json,
)
from benchmarks.resolution_accuracy_ts import _note, callers_and_count
from benchmarks.ts_oracle import print_misses, short
from coderooms.core.ids import symbol_id

LANGUAGES = frozenset({"c", "cpp"})
SYMBOL_KINDS = frozenset({"Class", "Function", "Method", "Interface"})
_SEPARATORS = re.compile(r"\.|::|->")


@dataclass(frozen=True, slots=True)
class Corpus:
    name: str
    root: Path


# -- mapping (pure, unit-tested) -----------------------------------------------------------------


def last_name(callee: str) -> str:
    """The called name of an extractor's callee text: `a.b->f` -> `f`, `N::g<int>` -> `g`."""
    return _SEPARATORS.split(callee.split("<", 1)[0])[-1].strip()


Spans = dict[tuple[str, str], list[tuple[int, int, str]]]
"""(path, name) -> (start line, end line, qualname) of our symbols of that name in the file."""


def symbol_spans(graph: OurGraph) -> Spans:
    spans: Spans = defaultdict(list)
    for path, file in graph.parsed.items():
        for symbol in file.record.symbols:
            if symbol.kind.value in SYMBOL_KINDS:
                spans[(path, symbol.name)].append(
                    (symbol.start_line, symbol.end_line, symbol.qualname)
                )
    return spans


def symbol_at(spans: Spans, place: Place, name: str) -> str | None:
    """Our symbol of a definition clang places, in its file and named `name`: the one starting
    on its first line or its name's; else the one with its qualname (the graph keeps one symbol
    per qualname: overloads share the first one's); else the narrowest spanning its name's line;
    else the only one whose qualname ends with its class and name (`App.parse` for
    `CLI.App.parse`), or the only one of that name. None when the graph has none, or several it
    cannot tell apart."""
    candidates = spans.get((place.path, name), [])
    starting = [q for start, _, q in candidates if start in (place.start, place.name_line)]
    if starting:
        return min(starting)
    qualnames = sorted({qualname for _, _, qualname in candidates})
    if place.qualname in qualnames:
        return place.qualname
    spanning = [(end - start, q) for start, end, q in candidates if start <= place.name_line <= end]
    if spanning:
        return min(spanning)[1]
    tail = ".".join(place.qualname.split(".")[-2:])
    ending = [q for q in qualnames if q == tail or q.endswith("." + tail)]
    if len(ending) == 1:
        return ending[0]
    return qualnames[0] if len(qualnames) == 1 else None


def our_callees(records: dict[tuple[int, str], set[str]], site: CSite) -> list[tuple[str, str]]:
    """(caller, callee text) of the extractor's records of a site: on its line or its name's
    line, with its last name."""
    found: list[tuple[str, str]] = []
    for (line, callee), callers in records.items():
        if line in (site.line, site.name_line) and last_name(callee) == site.name:
            found.extend((caller, callee) for caller in sorted(callers))
    return sorted(set(found))


def shape(site: CSite, line_text: str) -> str:
    """`T()` (a constructor), `x.f()` (a member: `.` or `->` before the name), `N::f()`, `f()`."""
    if site.decl_kind == "CONSTRUCTOR":
        return "T()"
    before = line_text[: max(site.column - 1, 0)].rstrip()
    if before.endswith((".", "->")):
        return "x.f()"
    if before.endswith("::"):
        return "N::f()"
    return "f()"


def route(site: CSite) -> str:
    if site.outside:
        return "outside"
    if site.definition is None:
        return "declared-only"
    if site.definition.path == site.path:
        return "same-file"
    if posixpath.dirname(site.definition.path) == posixpath.dirname(site.path):
        return "same-dir"
    return "other-dir"


# -- comparison ----------------------------------------------------------------------------------


@dataclass(slots=True)
class Counts:
    """What the table does not show."""

    unmatched: int = 0
    not_in_graph: int = 0
    declared_only: int = 0
    unmodelled: int = 0


def compare_calls(
    graph: OurGraph, run: OracleRun, root: Path, counts: Counts, unmodelled: Counter[str]
) -> Tally:
    tally = Tally()
    book: dict[str, list[str]] = {}
    prefix = f"{graph.repo}:"
    spans = symbol_spans(graph)
    records: dict[str, dict[tuple[int, str], set[str]]] = {}
    lines: dict[str, list[str]] = {}
    for site in sorted(run.sites.values(), key=lambda s: (s.path, s.line, s.column)):
        file = graph.parsed.get(site.path)
        if file is None or file.language not in LANGUAGES:
            counts.not_in_graph += 1
            continue
        if site.path not in records:
            records[site.path], _ = callers_and_count(root, site.path, file.language)
            text = (root / site.path).read_bytes().decode("latin-1")
            lines[site.path] = text.split("\n")
        accepted: set[str] = set()
        known = site.outside or site.kind == "pointer"
        if site.kind == "call" and not site.outside:
            if site.definition is None:
                counts.declared_only += 1
            else:
                known = True
                target = symbol_at(spans, site.definition, site.name)
                if target is not None:
                    accepted.add(symbol_id(graph.repo, site.definition.path, target))
                if site.owner is not None:
                    owner = symbol_at(spans, site.owner, site.name)
                    if owner is not None:
                        accepted.add(symbol_id(graph.repo, site.owner.path, owner))
                if target is None:
                    counts.unmodelled += 1
                    unmodelled[f"{site.decl_kind} {route(site)}"] += 1
        elif site.kind == "other":
            known = True
        mine = our_callees(records[site.path], site)
        if not mine:
            counts.unmatched += 1
        edge, via = "", "none"
        for caller, callee in [*mine, *(("", c) for _, c in mine)]:
            found = graph.references.get((site.path, caller, "CALLS", callee))
            if found is not None:
                edge, via = found
                break
        linked = edge.startswith(prefix) and ":?:" not in edge
        line_text = lines[site.path][site.name_line - 1] if site.name_line else site.text
        where = site.definition.path + f":{site.definition.start}" if site.definition else ""
        example = (
            f"{site.path}:{site.line} {short(site.text)} -> ours "
            f"{edge.removeprefix(prefix) or '(no edge)'} ({via}); clang "
            f"{where or ('(outside)' if site.outside else '(no definition)')} "
            f"{site.decl_kind} {site.name}"
        )
        kind_key = f"{shape(site, line_text)} {site.decl_kind} → {route(site)} via {via}"
        if accepted:
            tally.oracle_repo += 1
            if edge in accepted:
                tally.found += 1
            else:
                tally.misses[kind_key] += 1
                _note(book, kind_key, example)
        if not known:
            tally.unknown += 1
        elif linked:
            tally.linked_known += 1
            if edge in accepted:
                tally.linked_right += 1
            else:
                reason = "outside" if site.outside else "elsewhere"
                if site.kind == "pointer":
                    reason = "function value"
                elif site.kind == "call" and not accepted and not site.outside:
                    reason = "non-symbol"
                key = f"{kind_key} ({reason})"
                tally.wrong[key] += 1
                _note(book, "WRONG " + key, example)
        if site.outside:
            tally.external += 1
            tally.external_linked += linked
    tally.examples = [f"{k}\t{e}" for k, v in book.items() for e in v]
    return tally


def compare_includes(graph: OurGraph, run: OracleRun) -> Tally:
    """(file, included file) pairs of the repository files clang read."""
    tally = Tally()
    prefix = f"{graph.repo}:"
    book: dict[str, list[str]] = {}
    for path in sorted(run.answered):
        if path not in graph.parsed:
            continue
        truth = {t: line for t, line in run.includes.get(path, {}).items() if t in graph.parsed}
        ours: dict[str, int] = {}
        outside_lines = run.outside_includes.get(path, set())
        for target, line in graph.imports.get(path, {}).items():
            if target.startswith(prefix) and ":?:" not in target:
                ours.setdefault(target.removeprefix(prefix).partition("::")[0], line)
        tally.oracle_repo += len(truth)
        tally.found += len(truth.keys() & ours.keys())
        judged = {t for t, line in ours.items() if line in run.answered[path]}
        tally.linked_known += len(judged)
        tally.linked_right += len(judged & truth.keys())
        for wrong in sorted(judged - truth.keys()):
            tally.wrong["extra"] += 1
            _note(book, "WRONG extra", f"{path}:{ours[wrong]} includes {wrong}")
        for missing in sorted(truth.keys() - ours.keys()):
            tally.misses["include"] += 1
            _note(book, "include", f"{path}:{truth[missing]} -> clang {missing}")
        for line in outside_lines:
            tally.external += 1
            tally.external_linked += any(
                ln == line and t.startswith(prefix) and ":?:" not in t
                for t, ln in graph.imports.get(path, {}).items()
            )
    tally.examples = [f"{k}\t{e}" for k, v in book.items() for e in v]
    return tally


# -- running -------------------------------------------------------------------------------------


def oracle_key(root: Path, sample: int, seed: int) -> str:
    """What clang's answers depend on: the checkout (its HEAD and whether it is clean, else its
    files' sizes and times), the sample, the seed and the oracle's own source."""
    digest = hashlib.sha256(f"{root}\0{sample}\0{seed}".encode())
    digest.update(Path(benchmarks.clang_oracle.__file__).read_bytes())
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True, text=True, check=True, timeout=30,
        ).stdout  # fmt: skip
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain"],
            capture_output=True, text=True, check=True, timeout=60,
        ).stdout  # fmt: skip
        digest.update((head + dirty).encode())
    except (OSError, subprocess.SubprocessError):
        for path in repo_files(root):
            stat = (root / path).stat()
            digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:24]


def cached_oracle(
    root: Path, sample: int, seed: int, only: set[str], cache: Path | None
) -> OracleRun:
    if cache is None:
        return run_oracle(root, sample, seed, only=only)
    key = hashlib.sha256(
        (oracle_key(root, sample, seed) + "\0".join(sorted(only))).encode()
    ).hexdigest()[:24]
    stored = cache / f"{root.name}-{key}.pickle"
    if stored.is_file():
        loaded: OracleRun = pickle.loads(stored.read_bytes())
        return loaded
    run = run_oracle(root, sample, seed, only=only)
    cache.mkdir(parents=True, exist_ok=True)
    scratch = stored.with_suffix(f".{os.getpid()}.tmp")
    scratch.write_bytes(pickle.dumps(run))
    scratch.replace(stored)
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", action="append", default=[], help="NAME=PATH of a checkout")
    parser.add_argument("--sample", type=int, default=3000, help="call sites per corpus")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--misses", type=int, default=0, help="examples per category")
    parser.add_argument("--json", type=Path)
    default_cache = Path(tempfile.gettempdir()) / "coderooms-clang-oracle"
    parser.add_argument("--oracle-cache", type=Path, default=default_cache)
    parser.add_argument("--no-oracle-cache", action="store_true")
    args = parser.parse_args(argv)
    cache = None if args.no_oracle_cache else args.oracle_cache
    if not args.corpus:
        parser.error("give at least one --corpus NAME=PATH")

    results: dict[str, Any] = {}
    rows: list[str] = []
    for spec in args.corpus:
        name, _, path = spec.partition("=")
        corpus = Corpus(name, Path(path).resolve())
        graph = our_graph(corpus.root, corpus.name)
        started = time.perf_counter()
        try:
            mine = {p for p, f in graph.parsed.items() if f.language in LANGUAGES}
            run = cached_oracle(corpus.root, args.sample, args.seed, mine, cache)
        except CorpusUnavailable as e:
            print(f"{corpus.name}: skipped ({e})", file=sys.stderr)
            continue
        oracle_s = time.perf_counter() - started
        counts = Counts()
        unmodelled: Counter[str] = Counter()
        calls = compare_calls(graph, run, corpus.root, counts, unmodelled)
        imports = compare_includes(graph, run)
        kinds = Counter(s.kind for s in run.sites.values())
        rows.append(table_row(corpus.name, len(run.sites), calls, None, imports))
        excluded = ", ".join(f"{k} {v}" for k, v in run.excluded.most_common())
        print(
            f"{corpus.name}: {len(graph.parsed)} files in {graph.seconds:.1f} s; clang "
            f"{oracle_s:.1f} s, {run.units} units ({run.units_with_errors} with errors), "
            f"{len(run.checked)} files read; sites {len(run.sites)} (pointer "
            f"{kinds['pointer']}, other {kinds['other']}), not in the graph "
            f"{counts.not_in_graph}, not matched to the extractor's records {counts.unmatched};"
            f" declared-only {counts.declared_only}; without a symbol of ours "
            f"{counts.unmodelled}; left out: {excluded or 'none'}",
            file=sys.stderr,
        )
        for line in run.errors[:5]:
            print(f"  error {short(line, 160)}", file=sys.stderr)
        results[corpus.name] = tallies_json(calls=calls, imports=imports)
        results[corpus.name]["excluded"] = dict(run.excluded.most_common())
        results[corpus.name]["unmodelled"] = dict(unmodelled.most_common())
        results[corpus.name]["counts"] = {
            "sites": len(run.sites),
            "units": run.units,
            "units_with_errors": run.units_with_errors,
            "unmatched": counts.unmatched,
            "declared_only": counts.declared_only,
            "not_in_graph": counts.not_in_graph,
        }
        if args.misses:
            for label, t in (("calls", calls), ("imports", imports)):
                print_misses(corpus.name, label, t, args.misses)
            print(f"\n## {corpus.name}: definitions without a symbol of ours", file=sys.stderr)
            for key, count in unmodelled.most_common(8):
                print(f"  {count:>5}  {key}", file=sys.stderr)
    print(table_header(bases=False))
    print("\n".join(rows))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
