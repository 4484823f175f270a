"""How often `dead_code` is wrong when it says `sure`, on real repositories nobody here wrote.

For each repository (any language):

1. copy it to a temporary directory (the corpus is never touched) and ingest the copy (no
   embedding, no git history) under a repo id of its own;
2. run `dead_code`'s analysis as served (public API left out; with `--public` also with
   `include_public`: a library's public functions no file of the repo calls are judged too);
3. grep every `sure` symbol's name (`grep -rnwIF`, every file of the copy, whether or not the
   graph holds it: changelogs, docs, configuration): a match outside the symbol's own lines
   that is not the definition of another symbol of that name is counted against it, and
   printed, for a person to look at (`--show` prints every `sure` row too);
4. with `--tests` (Python): delete every `sure` symbol of a sample (all of them up to
   `--sample`, else a seeded sample), its lines replaced by `pass` at its indentation, then run
   the test suite once (`python -m pytest`, `src/` on PYTHONPATH); tests failing that passed
   before are bisected down to the symbols whose deletion breaks them, each counted against
   `sure`. A suite that does not run (missing dependencies) is said, not counted as passing.

Precision of `sure` = 1 - (symbols counted against) / (symbols judged `sure`). A grep match is
an upper bound on the errors: a name written in a changelog or a comment counts against.
Needs the Neo4j that `coderooms` finds (NEO4J_URI, or the managed instance: CODEROOMS_INSTANCE).
Run: `PYTHONPATH=src:. python benchmarks/dead_code_precision.py /work/corpus-q/attrs ...
[--tests [--python /path/to/venv/bin/python]] [--sample 60] [--public] [--show]`.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.deadcode.find import SURE, Analysis, Finding, analyse
from coderooms.graph.driver import Graph
from coderooms.graph.repos import remove_repo
from coderooms.ingest.pipeline import ingest_root

TEST_TIMEOUT_S = 900
FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE)
DEFINES = r"(?:def|class|func|fn|fun|function|interface|struct|type|trait|enum|object)"


@dataclass
class Checked:
    repo: str
    mode: str
    sure: int
    low: int
    left_out: dict[str, int]
    grep_uses: list[str]
    sampled: int = 0
    broke: list[str] = field(default_factory=list)
    tests: str = "not run"

    @property
    def wrong(self) -> int:
        return len(set(self.grep_uses) | set(self.broke))

    def line(self) -> str:
        precision = 1 - self.wrong / self.sure if self.sure else float("nan")
        return (
            f"{self.repo:<12} {self.mode:<14} sure {self.sure:>4}  low {self.low:>4}  "
            f"grep-found {len(self.grep_uses):>2}  tests: {self.tests}, deleted {self.sampled:>3}"
            f", broke {len(self.broke):>2}  precision(grep+tests) {precision:.3f}  "
            f"left out {dict(sorted(self.left_out.items()))}"
        )


PYTHON = [sys.executable]
"""The interpreter that runs a repository's tests (`--python`: one with its dependencies)."""


def failing_tests(root: Path) -> set[str] | None:
    """The failing test ids, or None when the suite did not run (pytest's exit other than
    0 or 1: collection errors, no tests)."""
    command = [*PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rfE"]
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root / "src") if (root / "src").is_dir()
           else str(root), "HOME": str(root)}  # fmt: skip
    done = subprocess.run(
        command,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=TEST_TIMEOUT_S,
        check=False,
        env=env,
    )
    if done.returncode not in (0, 1):
        return None
    return set(FAILED.findall(done.stdout)) or ({"failed"} if done.returncode else set())


def grep_uses(root: Path, finding: Finding) -> list[str]:
    """The places `grep -w` finds the name outside the symbol's own lines, a line that defines
    another symbol of that name (`def name`, `func (r T) name`) not counted as a use."""
    name = finding.qualname.rsplit(".", 1)[-1]
    command = ["grep", "-rnwIF", "--exclude-dir=.git", "--", name, "."]
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
    definition = re.compile(rf"\b{DEFINES}\s+(?:\([^)]*\)\s*)?{re.escape(name)}(?!\w)")
    uses = []
    for hit in done.stdout.splitlines():
        path, line, text = hit.removeprefix("./").split(":", 2)
        if path == finding.path and finding.first <= int(line) <= finding.last:
            continue
        if not definition.search(text):
            uses.append(f"{path}:{line}: {text.strip()[:100]}")
    return uses


def deleted(root: Path, findings: list[Finding]) -> dict[Path, str]:
    """Each finding's lines replaced by `pass` at its first line's indentation (nested ones
    left to their outer one); the files' texts before, to restore."""
    by_file: dict[str, list[Finding]] = {}
    for f in findings:
        by_file.setdefault(f.path, []).append(f)
    before: dict[Path, str] = {}
    for path, found in by_file.items():
        target = root / path
        before[target] = text = target.read_text(encoding="utf-8")
        lines = text.split("\n")
        outer = [
            f
            for f in found
            if not any(o is not f and o.first <= f.first and f.last <= o.last for o in found)
        ]
        for f in sorted(outer, key=lambda f: f.first, reverse=True):
            first = lines[f.first - 1]
            indent = first[: len(first) - len(first.lstrip())]
            lines[f.first - 1 : f.last] = [f"{indent}pass"]
        target.write_text("\n".join(lines), encoding="utf-8")
    return before


def breaking(root: Path, findings: list[Finding], baseline: set[str]) -> list[Finding]:
    """The findings whose deletion (with the others of `findings`) breaks a test, by halves."""
    before = deleted(root, findings)
    failing = failing_tests(root)
    for target, text in before.items():
        target.write_text(text, encoding="utf-8")
    broken = {"suite broken"} if failing is None else failing - baseline
    if not broken:
        return []
    if len(findings) == 1:
        return findings
    half = len(findings) // 2
    return breaking(root, findings[:half], baseline) + breaking(root, findings[half:], baseline)


def check(root: Path, repo: str, found: Analysis, mode: str, args: argparse.Namespace) -> Checked:
    sure = [f for f in found.judged if f.confidence == SURE]
    grep: list[str] = []
    for f in sure:
        uses = grep_uses(root, f)
        if uses:
            grep.append(f.id)
            print(f"    grep-found {f.row()}: {' | '.join(uses[:3])}", flush=True)
        elif args.show:
            print(f"    sure {f.row()}", flush=True)
    if args.low:
        for f in found.judged:
            if f.confidence != SURE:
                print(f"    low {f.row()[:200]}", flush=True)
    checked = Checked(repo, mode, len(sure), len(found.judged) - len(sure), dict(found.rules), grep)
    python = [f for f in sure if f.path.endswith(".py")]
    if args.tests and python:
        baseline = failing_tests(root)
        if baseline is None:
            checked.tests = "suite did not run"
            return checked
        picked = python if len(python) <= args.sample else random.Random(args.seed).sample(
            python, args.sample
        )  # fmt: skip
        checked.sampled = len(picked)
        checked.broke = [f.id for f in breaking(root, picked, baseline)]
        checked.tests = f"ran ({len(baseline)} failing before)"
        for wrong in checked.broke:
            print(f"    tests broke without {wrong}", flush=True)
    return checked


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("roots", nargs="+", type=Path)
    parser.add_argument("--tests", action="store_true", help="delete a sample, run the tests")
    parser.add_argument("--sample", type=int, default=60)
    parser.add_argument("--python", help="interpreter for the tests (default: this one)")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--public", action="store_true", help="also with include_public")
    parser.add_argument("--show", action="store_true", help="print each sure symbol")
    parser.add_argument("--low", action="store_true", help="print each low symbol, and why")
    args = parser.parse_args()
    if args.python:
        PYTHON[:] = [args.python]
    graph = open_graph(Settings())
    try:
        for given in args.roots:
            with tempfile.TemporaryDirectory(prefix="dead-code-") as tmp:
                root = Path(tmp) / given.resolve().name
                shutil.copytree(given.resolve(), root, symlinks=True)
                measure(graph, root, args)
    finally:
        graph.close()


def measure(graph: Graph, root: Path, args: argparse.Namespace) -> None:
    repo = f"bench-dead-{root.name}-{os.getpid()}"  # never a repo id another root holds
    ingest_root(graph, root, repo=repo, workers=1, git=False, embed=False)
    try:
        for public in (False, True) if args.public else (False,):
            found = analyse(graph, repo, None, include_public=public)
            mode = "include_public" if public else "served"
            print(check(root, root.name, found, mode, args).line(), flush=True)
    finally:
        remove_repo(graph, repo)


if __name__ == "__main__":
    main()
