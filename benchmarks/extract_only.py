"""Time extraction alone (parse + query + records, no database), single process.

Default corpus: every `.py` file of the running interpreter's standard library (site-packages
excluded). Pass directories to time those instead (any deep language, by file extension).
Prints files, lines, seconds (wall and CPU, best of `--repeat` runs), lines/s.
Run: `python benchmarks/extract_only.py [--repeat N] [DIR ...]`.
"""

from __future__ import annotations

import argparse
import sysconfig
import time
from pathlib import Path

from coderooms.ingest.languages import DEEP_LANGUAGES, extract, language_for_path


def corpus(dirs: list[str]) -> list[tuple[str, Path]]:
    if not dirs:
        root = Path(sysconfig.get_paths()["stdlib"])
        return [
            ("python", p)
            for p in sorted(root.rglob("*.py"))
            if "site-packages" not in p.parts and "dist-packages" not in p.parts
        ]
    found = []
    for d in dirs:
        for p in sorted(Path(d).rglob("*")):
            lang = language_for_path(p.name)
            if lang in DEEP_LANGUAGES and p.is_file():
                found.append((lang, p))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("dirs", nargs="*")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    sources = [(lang, str(p), p.read_bytes()) for lang, p in corpus(args.dirs)]
    lines = sum(src.count(b"\n") for _, _, src in sources)
    best_wall = best_cpu = float("inf")
    symbols = calls = problems = 0
    for _ in range(max(1, args.repeat)):
        symbols = calls = problems = 0
        wall, cpu = time.perf_counter(), time.process_time()
        for lang, path, src in sources:
            ex = extract(lang, path, src)
            symbols += len(ex.symbols)
            calls += len(ex.calls)
            problems += bool(ex.problems)
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    print(f"files: {len(sources)}")
    print(f"lines: {lines}")
    print(f"seconds: {best_wall:.2f} (cpu {best_cpu:.2f})")
    print(f"lines/s: {lines / best_wall:,.0f}")
    print(f"symbols: {symbols}, calls: {calls}, files with problems: {problems}")


if __name__ == "__main__":
    main()
