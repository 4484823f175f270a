"""Agreement of the Python extractor with `ast` over the running interpreter's standard library.

For every `.py` file under `sysconfig.get_paths()["stdlib"]` (site-packages excluded) that `ast`
can parse, compare the set of `(qualname, "class" | "function", start_line)` for classes,
functions and methods: ours from `coderooms.ingest.languages.extract`, the reference from an
`ast` walk that builds qualnames the same way (`C.m`, `f.g`) and keeps the first definition of a
repeated qualname. Run: `python benchmarks/python_agreement.py [-v]`.
"""

from __future__ import annotations

import ast
import sys
import sysconfig
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract

Key = tuple[str, str, int]


def stdlib_files() -> list[Path]:
    """Every `.py` file of the running interpreter's standard library, outside site-packages."""
    root = Path(sysconfig.get_paths()["stdlib"])
    return sorted(
        p
        for p in root.rglob("*.py")
        if "site-packages" not in p.parts and "dist-packages" not in p.parts
    )


def ast_definitions(source: bytes) -> set[Key] | None:
    """The reference set, or None when `ast` cannot parse the file."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    first: dict[str, Key] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                qual = f"{prefix}.{child.name}" if prefix else child.name
                kind = "class" if isinstance(child, ast.ClassDef) else "function"
                key = (qual, kind, child.lineno)
                if qual not in first or child.lineno < first[qual][2]:
                    first[qual] = key
                visit(child, qual)
            else:
                visit(child, prefix)

    visit(tree, "")
    return set(first.values())


_KINDS = {
    SymbolKind.CLASS: "class",
    SymbolKind.FUNCTION: "function",
    SymbolKind.METHOD: "function",
}


def our_definitions(path: str, source: bytes) -> set[Key]:
    ex = extract("python", path, source)
    return {(s.qualname, _KINDS[s.kind], s.start_line) for s in ex.symbols if s.kind in _KINDS}


@dataclass
class Agreement:
    files: int = 0
    equal: int = 0
    skipped: int = 0
    seconds: float = 0.0
    mismatches: list[tuple[str, set[Key], set[Key]]] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return self.equal / self.files if self.files else 1.0


def agreement(files: list[Path] | None = None) -> Agreement:
    """Compare every file; mismatches carry (path, only ours, only ast)."""
    result = Agreement()
    start = time.perf_counter()
    for path in files if files is not None else stdlib_files():
        source = path.read_bytes()
        expected = ast_definitions(source)
        if expected is None:
            result.skipped += 1
            continue
        ours = our_definitions(str(path), source)
        result.files += 1
        if ours == expected:
            result.equal += 1
        else:
            result.mismatches.append((str(path), ours - expected, expected - ours))
    result.seconds = time.perf_counter() - start
    return result


def main() -> None:
    result = agreement()
    print(
        f"files compared: {result.files}, exactly equal: {result.equal} "
        f"({100 * result.ratio:.2f}%), skipped (ast cannot parse): {result.skipped}, "
        f"{result.seconds:.1f}s"
    )
    if "-v" in sys.argv:
        for path, ours, theirs in result.mismatches:
            print(path)
            for key in sorted(ours):
                print("  only ours:", key)
            for key in sorted(theirs):
                print("  only ast: ", key)


if __name__ == "__main__":
    main()
