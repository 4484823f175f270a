"""Resolution accuracy on the fresh corpora of issue 32 (`fresh_corpora.json`): repositories never
used by this project before, pinned by commit, each fixed as `tune` (rules may be tuned on it)
or `report` (only measured) before anything was measured.

For each listed repository whose checkout is present under `--dir` (default
`$CODEROOMS_FRESH_DIR`, else `/work/corpus-fresh`), the existing harness of its language runs
on it as a subprocess, unchanged, with `--corpus NAME=PATH --json ...`:

* Go: `resolution_accuracy_go.py --no-std` (go/types through `go_oracle.py`);
* JavaScript and TypeScript: `resolution_accuracy_ts.py` (tsc through `ts_oracle.py`);
* Rust: `resolution_accuracy_rust.py` (rust-analyzer's LSIF), after `cargo fetch` in the
  checkout so that its dependencies load (`--no-cargo-fetch` to skip);
* Java: `resolution_accuracy_java.py` (javac through `java_oracle.py`, Maven's classpath);
* C and C++: `resolution_accuracy_c.py` (clang through `clang_oracle.py`: the `libclang`
  wheel, `pip install libclang==18.1.1` or the `bench` extra).

C# has no CALLS oracle here (`GAPS` says why); for it the runner reports what can be measured
without one: of the call references of the language's files in the graph a full
ingest writes (`resolution_accuracy.our_graph`, in memory), the share linked to a symbol of the
repository, the rest ghosts. That share is neither recall nor precision (a wrong link counts as
linked): it is printed apart, never in the accuracy table.

The table: per language, the report rows and the tune rows apart, worst row first (the row
whose CALLS recall or precision lies farthest below its target, 0.95 and 0.99). A repository
whose HEAD is not the pinned commit is measured and flagged `(HEAD ...)`.

Each repository's figures are written to `--results` (default
`$TMPDIR/coderooms-fresh-accuracy.json`) as soon as it is done, so a long run can be resumed
or split; a repository already measured there (not one that failed) is not run again unless
`--rerun`. `--table-only` prints
the table from that file.

Run: `PYTHONPATH=. python benchmarks/fresh_accuracy.py` (every repository present),
`--language go` / `--only echo` for some, `--role tune`, `--sample 3000` call sites per
repository, `--misses 3` to pass the harness's examples of misses through (stderr), `--timeout
1800` seconds per harness run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LIST = HERE / "fresh_corpora.json"

HARNESSES: dict[str, tuple[str, tuple[str, ...]]] = {
    "go": ("benchmarks.resolution_accuracy_go", ("--no-std",)),
    "javascript": ("benchmarks.resolution_accuracy_ts", ()),
    "typescript": ("benchmarks.resolution_accuracy_ts", ()),
    "rust": ("benchmarks.resolution_accuracy_rust", ()),
    "java": ("benchmarks.resolution_accuracy_java", ()),
    "c": ("benchmarks.resolution_accuracy_c", ()),
    "cpp": ("benchmarks.resolution_accuracy_c", ()),
}
"""Language -> (the harness module, its extra arguments)."""

GAPS: dict[str, str] = {
    "csharp": "no CALLS oracle: no .NET SDK (Roslyn) on this machine; "
    "csharp_oracle_build.py builds an ANTLR parser for definitions, not a resolver",
}
"""Language -> why its CALLS cannot be checked here."""

GROUPS: dict[str, frozenset[str]] = {
    "csharp": frozenset({"csharp"}),
}
"""For the no-oracle count: the file languages of a repository of that language."""

RECALL_TARGET = 0.95
PRECISION_TARGET = 0.99


@dataclass(frozen=True)
class Entry:
    name: str
    language: str
    url: str
    commit: str
    role: str
    why: str


def load_list(path: Path = LIST) -> list[Entry]:
    document = json.loads(path.read_text())
    entries = [Entry(**row) for row in document["corpora"]]
    for entry in entries:
        if entry.role not in ("tune", "report"):
            raise ValueError(f"{entry.name}: role {entry.role!r} is neither tune nor report")
    return entries


def fresh_dir(given: Path | None) -> Path:
    if given is not None:
        return given
    return Path(os.environ.get("CODEROOMS_FRESH_DIR", "/work/corpus-fresh"))


def head_of(checkout: Path) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(checkout), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        )
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError):
        return None
    return done.stdout.strip()


def run_harness(
    entry: Entry, checkout: Path, sample: int, misses: int, timeout: float
) -> dict[str, Any]:
    """The harness of the entry's language on its checkout: its `--json` figures of the corpus."""
    module, extra = HARNESSES[entry.language]
    with tempfile.TemporaryDirectory(prefix="fresh-accuracy-") as scratch:
        out = Path(scratch) / "out.json"
        command = [sys.executable, "-m", module, *extra, "--sample", str(sample)]
        command += ["--misses", str(misses)] if misses else []
        command += ["--corpus", f"{entry.name}={checkout}", "--json", str(out)]
        env = dict(
            os.environ,
            PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        )
        try:
            done = subprocess.run(
                command,
                check=False,
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired:
            return {"error": f"timed out after {timeout:.0f} s"}
        sys.stderr.write(done.stdout)
        if done.returncode != 0 or not out.is_file():
            return {"error": f"{module} exited {done.returncode} without figures"}
        figures: dict[str, Any] = json.loads(out.read_text())
    if entry.name not in figures:
        return {"error": f"{module} skipped it (see its stderr)"}
    found: dict[str, Any] = figures[entry.name]
    return found


def cargo_fetch(checkout: Path, timeout: float) -> None:
    if not (checkout / "Cargo.toml").is_file():
        return
    try:
        subprocess.run(["cargo", "fetch"], cwd=checkout, check=True, timeout=timeout)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as e:
        print(
            f"{checkout.name}: cargo fetch failed ({e}); dependencies may not load", file=sys.stderr
        )


def linked_share(entry: Entry, checkout: Path) -> dict[str, Any]:
    """Without an oracle: how many of the language's call references the graph links into the
    repository (the rest are ghosts). Not accuracy: a wrong link counts as linked."""
    from benchmarks.resolution_accuracy import our_graph

    graph = our_graph(checkout, entry.name)
    languages = GROUPS[entry.language]
    files = {p for p, f in graph.parsed.items() if f.language in languages}
    refs = linked = 0
    for (path, _qual, kind, _ref), (target, _via) in graph.references.items():
        if kind == "CALLS" and path in files:
            refs += 1
            linked += target in graph.symbols
    return {
        "gap": GAPS[entry.language],
        "files": len(files),
        "call_refs": refs,
        "linked": linked,
        "linked_share": linked / refs if refs else None,
        "seconds": graph.seconds,
    }


def badness(figures: dict[str, Any]) -> float:
    """How far the row's CALLS figures lie below their targets (larger: worse); rows without
    figures sort last."""
    calls = figures.get("calls")
    if not calls or calls.get("recall") is None:
        return -1.0
    recall = float(calls["recall"])
    precision = float(calls["precision"]) if calls.get("precision") is not None else 1.0
    return max(RECALL_TARGET - recall, PRECISION_TARGET - precision)


def fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def accuracy_rows(entries: Iterable[Entry], results: dict[str, Any]) -> list[str]:
    measured = [(e, results[e.name]) for e in entries if e.name in results]
    measured.sort(key=lambda pair: badness(pair[1]), reverse=True)
    rows = []
    for entry, figures in measured:
        flag = "" if figures.get("head", entry.commit) == entry.commit else " (HEAD differs)"
        if "error" in figures:
            rows.append(f"| {entry.name} | — | — | — | — | {figures['error']}{flag} |")
            continue
        calls, imports = figures["calls"], figures["imports"]
        rows.append(
            f"| {entry.name} | {calls['oracle_repo']} | {fmt(calls['recall'])} | "
            f"{fmt(calls['precision'])} | {fmt(imports['recall'])} / {fmt(imports['precision'])} "
            f"| {fmt(calls['external_rate'])}{flag} |"
        )
    return rows


def print_table(entries: list[Entry], results: dict[str, Any]) -> None:
    languages = list(dict.fromkeys(e.language for e in entries))
    for language in languages:
        of_language = [e for e in entries if e.language == language]
        if language in GAPS:
            print(f"\n## {language}: {GAPS[language]}")
            print(
                "\n| repository | role | files | call refs | linked into the repo (not accuracy) |"
            )
            print("| --- | --- | --- | --- | --- |")
            for entry in of_language:
                got = results.get(entry.name)
                if got is None:
                    print(f"| {entry.name} | {entry.role} | not measured | | |")
                elif "error" in got:
                    print(f"| {entry.name} | {entry.role} | {got['error']} | | |")
                else:
                    print(
                        f"| {entry.name} | {entry.role} | {got['files']} | {got['call_refs']} | "
                        f"{fmt(got['linked_share'])} |"
                    )
            continue
        for role in ("report", "tune"):
            chosen = [e for e in of_language if e.role == role]
            print(f"\n## {language}, {role}")
            print(
                "\n| repository | calls→repo | CALLS recall | CALLS precision | "
                "IMPORTS recall / precision | outside→repo |"
            )
            print("| --- | --- | --- | --- | --- | --- |")
            for row in accuracy_rows(chosen, results):
                print(row)
            missing = [e.name for e in chosen if e.name not in results]
            if missing:
                print(f"\nnot measured: {', '.join(missing)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, help="where the checkouts are (NAME under it)")
    parser.add_argument("--language", action="append", default=[])
    parser.add_argument("--only", action="append", default=[], help="a repository's name")
    parser.add_argument("--role", choices=("tune", "report"))
    parser.add_argument("--sample", type=int, default=3000, help="call sites per repository")
    parser.add_argument("--misses", type=int, default=0, help="the harness's examples, stderr")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds per harness run")
    default_results = Path(tempfile.gettempdir()) / "coderooms-fresh-accuracy.json"
    parser.add_argument("--results", type=Path, default=default_results)
    parser.add_argument("--rerun", action="store_true", help="measure repositories already there")
    parser.add_argument("--table-only", action="store_true")
    parser.add_argument("--no-cargo-fetch", action="store_true")
    args = parser.parse_args(argv)

    entries = load_list()
    chosen = [
        e
        for e in entries
        if (not args.language or e.language in args.language)
        and (not args.only or e.name in args.only)
        and (args.role is None or e.role == args.role)
    ]
    results: dict[str, Any] = {}
    if args.results.is_file():
        results = json.loads(args.results.read_text())
    if not args.table_only:
        base = fresh_dir(args.dir)
        for entry in chosen:
            checkout = base / entry.name
            if "error" not in results.get(entry.name, {"error": ""}) and not args.rerun:
                continue
            if not checkout.is_dir():
                print(f"{entry.name}: no checkout at {checkout}, skipped", file=sys.stderr)
                continue
            head = head_of(checkout)
            if head != entry.commit:
                print(
                    f"{entry.name}: HEAD {head} is not the pinned {entry.commit}", file=sys.stderr
                )
            started = time.perf_counter()
            print(f"== {entry.name} ({entry.language}, {entry.role})", file=sys.stderr, flush=True)
            if entry.language in HARNESSES:
                if entry.language == "rust" and not args.no_cargo_fetch:
                    cargo_fetch(checkout, args.timeout)
                figures = run_harness(entry, checkout, args.sample, args.misses, args.timeout)
            else:
                figures = linked_share(entry, checkout)
            figures.update(head=head, role=entry.role, language=entry.language,
                           wall_s=round(time.perf_counter() - started, 1))  # fmt: skip
            results[entry.name] = figures
            args.results.write_text(json.dumps(results, indent=2, sort_keys=True))
    print_table(chosen, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
