"""How true the graph's CALLS, INHERITS and IMPORTS edges are, against an independent resolver
(jedi, see `jedi_oracle.py`), on real Python code nobody here wrote.

For each corpus the graph a full ingest writes is computed in memory (the same read and plan
code as `coderooms ingest`, without the database), then call sites, base classes and imports of
randomly sampled files are put to jedi. Per corpus:

* CALLS recall: of the sites jedi resolves to a function or class of the corpus, the share whose
  edge points at that symbol; precision: of the sites whose edge points at a symbol of the
  corpus and that jedi resolves at all (inside or outside), the share jedi agrees with;
  `builtin→repo`: of the sites jedi resolves outside the corpus (builtins, the standard library),
  the share the graph links to a symbol of the corpus instead.
* INHERITS: the same over class bases.
* IMPORTS: over (file, imported file) pairs of the sampled files; `stdlib→repo` counts modules
  jedi finds outside the corpus that the graph resolves into it.

Run: `PYTHONPATH=. python benchmarks/resolution_accuracy.py` (the standard library and packages
of this venv), `--corpus flask=/path/to/flask` for a checkout, `--site click` for an installed
package, `--sample 3000` sites per corpus, `--misses 20` to print examples of what was missed,
`--json out.json` to keep the figures.
"""

from __future__ import annotations

import argparse
import json
import posixpath
import random
import shutil
import sys
import sysconfig
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.jedi_oracle import Oracle, Site
from coderooms.core.ids import symbol_id
from coderooms.ingest.changeset import plan_changeset
from coderooms.ingest.languages import extract
from coderooms.ingest.plan import Changeset
from coderooms.ingest.reader import ReadJob, read_files
from coderooms.ingest.rows import ParsedFile
from coderooms.ingest.walker import walk

DEFAULT_SITE_PACKAGES = ("click", "rich", "requests", "pydantic")
CALLABLE_TYPES = frozenset({"function", "class"})


# -- our side: the graph a full ingest writes, in memory -----------------------------------------


@dataclass(slots=True)
class OurGraph:
    repo: str
    parsed: dict[str, ParsedFile]
    references: dict[tuple[str, str, str, str], tuple[str, str]] = field(default_factory=dict)
    """(path, source qualname, CALLS|INHERITS, ref) -> (target id, via)."""
    imports: dict[str, dict[str, int]] = field(default_factory=dict)
    """path -> ids of the files (or ghosts) it imports -> the line of the first import."""
    by_line: dict[tuple[str, int], set[str]] = field(default_factory=dict)
    """(path, start line) -> ids of the classes and functions defined there."""
    symbols: set[str] = field(default_factory=set)
    seconds: float = 0.0


def our_graph(root: Path, repo: str) -> OurGraph:
    started = time.perf_counter()
    walked = walk(root)
    jobs = [ReadJob(e.path, str(e.absolute), e.size, e.mtime_ns, None) for e in walked.files]
    parsed = {r.path: r for r in read_files(jobs) if isinstance(r, ParsedFile)}

    def no_reads(statement: str, /, **params: Any) -> list[dict[str, Any]]:
        raise AssertionError(f"a fresh plan read {statement}")

    changes = Changeset(repo, list(parsed.values()), [], set(parsed), fresh=True)
    plan = plan_changeset(no_reads, changes)
    graph = OurGraph(repo, parsed)
    prefix = f"{repo}:"
    for edge in plan.edges:
        if edge.type in ("CALLS", "INHERITS"):
            path, _, qual = edge.source.removeprefix(prefix).partition("::")
            key = (path, qual, edge.type, edge.props["ref"])
            graph.references[key] = (edge.target, edge.props["via"])
        elif edge.type == "IMPORTS":
            path = edge.source.removeprefix(prefix)
            graph.imports.setdefault(path, {})[edge.target] = edge.props["line"]
    for path, file in parsed.items():
        for symbol in file.record.symbols:
            if symbol.kind.value in ("Class", "Function", "Method", "Interface"):
                graph.symbols.add(symbol_id(repo, path, symbol.qualname))
                key = (path, symbol.start_line)
                graph.by_line.setdefault(key, set()).add(symbol_id(repo, path, symbol.qualname))
    graph.seconds = time.perf_counter() - started
    return graph


def callers_by_site(root: Path, path: str, language: str) -> dict[tuple[int, str], set[str]]:
    """(line, callee) -> the qualnames of the definitions the extractor attributes it to."""
    extraction = extract(language, path, (root / path).read_bytes())
    found: dict[tuple[int, str], set[str]] = defaultdict(set)
    for call in extraction.calls:
        found[(call.line, call.callee)].add(call.caller)
    for inherit in extraction.inherits:
        found[(inherit.line, inherit.base)].add(inherit.child)
    return found


# -- comparison ----------------------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    oracle_repo: int = 0
    found: int = 0
    linked_known: int = 0
    linked_right: int = 0
    external: int = 0
    external_linked: int = 0
    unknown: int = 0
    misses: Counter[str] = field(default_factory=Counter)
    wrong: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    wrong_examples: list[str] = field(default_factory=list)

    def recall(self) -> float | None:
        return self.found / self.oracle_repo if self.oracle_repo else None

    def precision(self) -> float | None:
        return self.linked_right / self.linked_known if self.linked_known else None

    def external_rate(self) -> float | None:
        return self.external_linked / self.external if self.external else None


# -- the table every harness prints --------------------------------------------------------------


def table_header(outside: str = "outside→repo", ext: str = "ext→repo", *, width: int = 10,
                 bases: bool = True) -> str:  # fmt: skip
    """The columns of every accuracy harness (Python names its outside column `builtin→repo`)."""
    base_column = f" {'bases R/P':>12}" if bases else ""
    return (
        f"{'corpus':<{width}} {'sites':>6} {'calls→repo':>10} {'recall':>7} {'precision':>9} "
        f"{outside:>12}{base_column} {'imports R/P':>12} {ext:>{max(8, len(ext))}}"
    )


def table_row(name: str, sites: int, calls: Tally, bases: Tally | None, imports: Tally,
              *, width: int = 10, ext_width: int = 8) -> str:  # fmt: skip
    """One corpus's figures under `table_header` (no bases column when `bases` is None)."""
    base_column = f" {fmt(bases.recall()) + '/' + fmt(bases.precision()):>12}" if bases else ""
    return (
        f"{name:<{width}} {sites:>6} {calls.oracle_repo:>10} {fmt(calls.recall()):>7} "
        f"{fmt(calls.precision()):>9} {fmt(calls.external_rate()):>12}{base_column} "
        f"{fmt(imports.recall()) + '/' + fmt(imports.precision()):>12} "
        f"{imports.external_linked:>{ext_width}}"
    )


def tallies_json(**tallies: Tally) -> dict[str, dict[str, Any]]:
    """The figures of each tally, for `--json`."""
    return {
        name: {
            "oracle_repo": t.oracle_repo,
            "recall": t.recall(),
            "precision": t.precision(),
            "external_rate": t.external_rate(),
            "external_linked": t.external_linked,
            "unknown": t.unknown,
            "misses": dict(t.misses.most_common()),
            "wrong": dict(t.wrong.most_common()),
        }
        for name, t in tallies.items()
    }


def shape(text: str) -> str:
    """The syntactic shape of a callee, for the breakdown of misses."""
    parts = text.split(".")
    if len(parts) == 1:
        return "name()"
    head = parts[0]
    if head in ("self", "cls"):
        return f"{head}.m()" if len(parts) == 2 else f"{head}.attr.m()"
    if head == "?":
        return "expr().m()"
    if head[:1].isupper():
        return "Name.m()"
    return "name.attr()"


def compare_references(
    graph: OurGraph, sites: Iterable[Site], callers: dict[str, dict[tuple[int, str], set[str]]]
) -> dict[str, Tally]:
    tallies = {"CALLS": Tally(), "INHERITS": Tally()}
    repo_prefix = f"{graph.repo}:"
    for site in sites:
        kind = "CALLS" if site.kind == "call" else "INHERITS"
        tally = tallies[kind]
        targets: set[str] = set()
        inside_other = outside = False
        for path, line, jedi_type, full_name in site.answer.definitions:
            if path is None:
                outside = True
            elif line is None and jedi_type in CALLABLE_TYPES and full_name:
                # a stub's definition, mapped to the corpus's source by its qualname
                found = symbol_id(graph.repo, path, full_name)
                if found in graph.symbols:
                    targets.add(found)
                else:
                    inside_other = True
            elif jedi_type in CALLABLE_TYPES and (path, line or 0) in graph.by_line:
                targets |= graph.by_line[(path, line or 0)]
            elif jedi_type in CALLABLE_TYPES and full_name and _by_name(graph, path, full_name):
                # a second definition of a qualname (`if ...: def f` / `else: def f`): the graph
                # holds one symbol per qualname, at its first definition
                targets.add(_by_name(graph, path, full_name) or "")
            else:
                inside_other = True
        sources = callers.get(site.path, {}).get((site.statement, site.text)) or {""}
        ours: tuple[str, str] | None = None
        for source in [*sorted(sources), ""]:
            ours = graph.references.get((site.path, source, kind, site.text))
            if ours is not None:
                break
        target, via = ours if ours is not None else ("", "none")
        linked = target.startswith(repo_prefix) and ":?:" not in target
        if not site.answer.definitions:
            tally.unknown += 1
        if targets:
            tally.oracle_repo += 1
            if target in targets:
                tally.found += 1
            else:
                tally.misses[f"{shape(site.text)} via {via}"] += 1
                if len(tally.examples) < 400:
                    expected = sorted(targets)[0].removeprefix(repo_prefix)
                    tally.examples.append(
                        f"{site.path}:{site.line} {site.text} -> ours "
                        f"{target.removeprefix(repo_prefix) or '(no edge)'} ({via}); "
                        f"jedi {expected}"
                    )
        if linked and site.answer.definitions:
            tally.linked_known += 1
            if target in targets:
                tally.linked_right += 1
            else:
                reason = "outside" if outside and not targets else "elsewhere"
                if inside_other and not targets:
                    reason = "non-callable"
                tally.wrong[f"{shape(site.text)} via {via} ({reason})"] += 1
                if len(tally.wrong_examples) < 400:
                    said = site.answer.definitions[0]
                    tally.wrong_examples.append(
                        f"{site.path}:{site.line} {site.text} -> ours "
                        f"{target.removeprefix(repo_prefix)} ({via}); jedi "
                        f"{said[0] or '(outside)'}:{said[1]} {said[2]} {said[3]}"
                    )
        if outside and not targets and not inside_other:
            tally.external += 1
            if linked:
                tally.external_linked += 1
    return tallies


def _by_name(graph: OurGraph, path: str, full_name: str) -> str | None:
    """Our symbol in `path` whose qualname ends jedi's full name (module prefix dropped)."""
    parts = full_name.split(".")
    for cut in range(1, len(parts)):
        found = symbol_id(graph.repo, path, ".".join(parts[cut:]))
        if found in graph.symbols:
            return found
    return None


def compare_imports(graph: OurGraph, sites: list[Site], paths: set[str]) -> Tally:
    """File-level pairs: a statement imports the submodules it names, else its module."""
    by_statement: dict[tuple[str, int], list[Site]] = defaultdict(list)
    for site in sites:
        if site.kind == "import":
            by_statement[(site.path, site.statement)].append(site)
    expected: dict[str, set[str]] = defaultdict(set)
    external: dict[str, int] = Counter()
    answered: set[tuple[str, int]] = set()
    """Statements jedi gave an answer for: only our edges from those count for precision."""
    for (path, _), group in by_statement.items():
        names = [s for s in group if ":" in s.text]
        modules = [s for s in group if ":" not in s.text]
        chosen = [s for s in names if _module_of(s) is not None]
        if not chosen or len(chosen) < len(names):
            chosen += modules
            if not modules and names and names[0].text.startswith("."):
                # `from . import name`, a name that is no module: there is no module name to
                # ask jedi about; the module is the package (Python's rule, not jedi's answer)
                level = len(names[0].text) - len(names[0].text.lstrip("."))
                package = posixpath.dirname(path)
                for _ in range(level - 1):
                    package = posixpath.dirname(package)
                init = posixpath.join(package, "__init__.py") if package else "__init__.py"
                if init in graph.parsed and any(s.answer.definitions for s in names):
                    expected[path].add(init)
                    answered.add((path, group[0].statement))
        for site in chosen:
            definitions = site.answer.definitions
            if not definitions:
                continue
            answered.add((path, site.statement))
            where = _module_of(site) if _module_of(site) is not None else definitions[0][0]
            if where is None:
                external[path] += 1
            elif where != path:  # a module importing itself: the graph keeps no self-loop
                expected[path].add(where)
    tally = Tally()
    prefix = f"{graph.repo}:"
    for path in sorted(paths):
        lines = {
            t.removeprefix(prefix): line
            for t, line in graph.imports.get(path, {}).items()
            if t.startswith(prefix) and ":?:" not in t
        }
        ours = set(lines)
        truth = expected.get(path, set())
        tally.oracle_repo += len(truth)
        tally.found += len(truth & ours)
        judged = {t for t in ours if (path, lines[t]) in answered}
        tally.linked_known += len(judged)
        tally.linked_right += len(judged & truth)
        for wrong in sorted(judged - truth):
            tally.wrong["extra"] += 1
            if len(tally.wrong_examples) < 400:
                tally.wrong_examples.append(f"{path} imports {wrong} (jedi: not this)")
        for missing in sorted(truth - ours):
            tally.misses["missing"] += 1
            if len(tally.examples) < 400:
                tally.examples.append(f"{path} misses {missing}")
        tally.external += external.get(path, 0)
    # stdlib -> repo: modules jedi places outside that we resolve inside (by module spec)
    for (path, _), group in by_statement.items():
        for site in group:
            defs = site.answer.definitions
            if ":" in site.text or not defs or defs[0][0] is not None:
                continue
            if defs[0][2] == "module" and _spec_lands_inside(graph, path, site):
                tally.external_linked += 1
    return tally


def _module_of(site: Site) -> str | None:
    for path, _, jedi_type, _ in site.answer.definitions:
        if jedi_type == "module" and path is not None:
            return path
    return None


def _spec_lands_inside(graph: OurGraph, path: str, site: Site) -> bool:
    """Our edge from that statement to a repo file named like the module jedi placed outside
    (`import typing` -> some `typing.py` of the repo)."""
    spec = site.text
    if spec.startswith("."):
        return False
    tail = spec.rsplit(".", 1)[-1]
    prefix = f"{graph.repo}:"
    for target, line in graph.imports.get(path, {}).items():
        relative = target.removeprefix(prefix)
        if line != site.statement or ":?:" in target:
            continue
        if posixpath.basename(relative) in (f"{tail}.py", "__init__.py") and (
            relative.endswith((f"/{tail}.py", f"/{tail}/__init__.py"))
            or relative in (f"{tail}.py", f"{tail}/__init__.py")
        ):
            return True
    return False


# -- corpora -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Corpus:
    name: str
    root: Path


def site_package_corpus(name: str, scratch: Path) -> Corpus:
    """An installed package copied under a root of its own (the walker skips site-packages)."""
    source = Path(sysconfig.get_paths()["purelib"]) / name
    if not source.is_dir():
        raise SystemExit(f"{name} is not installed in this venv")
    root = scratch / f"site-{name}"
    if not root.exists():
        shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    return Corpus(name, root)


def stdlib_corpus() -> Corpus:
    return Corpus("stdlib", Path(sysconfig.get_paths()["stdlib"]))


def sample_sites(
    corpus: Corpus, graph: OurGraph, oracle: Oracle, sample: int, seed: int
) -> tuple[list[Site], set[str], dict[str, dict[tuple[int, str], set[str]]]]:
    paths = sorted(p for p, f in graph.parsed.items() if f.language == "python")
    random.Random(seed).shuffle(paths)
    sites: list[Site] = []
    taken: set[str] = set()
    callers: dict[str, dict[tuple[int, str], set[str]]] = {}
    calls = 0
    for path in paths:
        if calls >= sample:
            break
        try:
            found = list(oracle.sites(path))
        except (OSError, RecursionError):
            continue
        callers[path] = callers_by_site(corpus.root, path, "python")
        taken.add(path)
        sites.extend(found)
        calls += sum(1 for s in found if s.kind == "call")
    return sites, taken, callers


def fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", action="append", default=[], help="NAME=PATH of a checkout")
    parser.add_argument("--site", action="append", default=[], help="an installed package")
    parser.add_argument("--no-stdlib", action="store_true")
    parser.add_argument("--no-defaults", action="store_true", help="only the corpora named")
    parser.add_argument("--sample", type=int, default=3000, help="call sites per corpus")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--misses", type=int, default=0, help="examples of misses to print")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)

    scratch = Path(tempfile.gettempdir()) / "coderooms-accuracy"
    scratch.mkdir(exist_ok=True)
    corpora: list[Corpus] = []
    if not args.no_defaults and not args.no_stdlib:
        corpora.append(stdlib_corpus())
    sites_wanted = list(args.site) or ([] if args.no_defaults else list(DEFAULT_SITE_PACKAGES))
    corpora += [site_package_corpus(name, scratch) for name in sites_wanted]
    for spec in args.corpus:
        name, _, path = spec.partition("=")
        corpora.append(Corpus(name, Path(path).resolve()))

    results: dict[str, Any] = {}
    header = table_header("builtin→repo", "stdlib→repo")
    rows: list[str] = []
    for corpus in corpora:
        graph = our_graph(corpus.root, corpus.name)
        oracle = Oracle(corpus.root)
        started = time.perf_counter()
        sites, taken, callers = sample_sites(corpus, graph, oracle, args.sample, args.seed)
        jedi_s = time.perf_counter() - started
        tallies = compare_references(graph, (s for s in sites if s.kind != "import"), callers)
        imports = compare_imports(graph, sites, taken)
        calls, bases = tallies["CALLS"], tallies["INHERITS"]
        calls_sites = sum(1 for s in sites if s.kind == "call")
        rows.append(table_row(corpus.name, calls_sites, calls, bases, imports, ext_width=11))
        print(
            f"{corpus.name}: {len(graph.parsed)} files in {graph.seconds:.1f} s, "
            f"{len(taken)} sampled, jedi {jedi_s:.1f} s",
            file=sys.stderr,
        )
        results[corpus.name] = tallies_json(calls=calls, bases=bases, imports=imports)
        if args.misses:
            for name, t in (("calls", calls), ("bases", bases), ("imports", imports)):
                print(f"\n## {corpus.name} {name}: misses by shape", file=sys.stderr)
                for key, count in t.misses.most_common(12):
                    print(f"  {count:>5}  {key}", file=sys.stderr)
                for key, count in t.wrong.most_common(8):
                    print(f"  {count:>5}  WRONG {key}", file=sys.stderr)
                for example in random.Random(1).sample(
                    t.examples, min(args.misses, len(t.examples))
                ):
                    print(f"    {example}", file=sys.stderr)
                for example in random.Random(1).sample(
                    t.wrong_examples, min(args.misses, len(t.wrong_examples))
                ):
                    print(f"    WRONG {example}", file=sys.stderr)
    print(header)
    print("\n".join(rows))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
