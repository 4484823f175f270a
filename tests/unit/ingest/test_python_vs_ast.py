"""The Python extractor against `ast` over the whole standard library of the running interpreter.

For every `.py` file under `sysconfig.get_paths()["stdlib"]` (site-packages excluded, test
directories included) that `ast` can parse, the set of `(qualname, "class" | "function",
start_line)` of classes, functions and methods must be exactly equal in at least 99.5% of files.
Qualnames are built the same way on both sides (`C.m`, `f.g`), keeping the first definition of a
repeated qualname (property getter/setter pairs, redefinitions). `benchmarks/python_agreement.py`
holds the same comparison for reporting; it is duplicated here on purpose.
"""

from __future__ import annotations

import ast
import sysconfig
import warnings
from pathlib import Path

import pytest

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract

Key = tuple[str, str, int]
THRESHOLD = 0.995
_KINDS = {
    SymbolKind.CLASS: "class",
    SymbolKind.FUNCTION: "function",
    SymbolKind.METHOD: "function",
}


def stdlib_files() -> list[Path]:
    root = Path(sysconfig.get_paths()["stdlib"])
    return sorted(
        p
        for p in root.rglob("*.py")
        if "site-packages" not in p.parts and "dist-packages" not in p.parts
    )


def reference(source: bytes) -> set[Key] | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, SystemError):
        # SystemError: CPython 3.11's "AST constructor recursion depth mismatch" on a deeply
        # nested file, seen once in a run and not in the next: `ast` cannot read it here
        return None
    first: dict[str, Key] = {}
    pending: list[tuple[ast.AST, str]] = [(tree, "")]
    while pending:
        node, prefix = pending.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                qual = f"{prefix}.{child.name}" if prefix else child.name
                kind = "class" if isinstance(child, ast.ClassDef) else "function"
                if qual not in first or child.lineno < first[qual][2]:
                    first[qual] = (qual, kind, child.lineno)
                pending.append((child, qual))
            else:
                pending.append((child, prefix))
    return set(first.values())


def ours(path: Path, source: bytes) -> set[Key]:
    ex = extract("python", str(path), source)
    return {(s.qualname, _KINDS[s.kind], s.start_line) for s in ex.symbols if s.kind in _KINDS}


def test_reference_walk_keeps_first_definitions() -> None:
    source = b"class A:\n  @property\n  def p(self): ...\n  @p.setter\n  def p(self, v): ...\n"
    assert reference(source) == {("A", "class", 1), ("A.p", "function", 3)}
    assert ours(Path("x.py"), source) == reference(source)


# Parses the whole standard library twice: a minute on a quiet host, past the suite's 300 s on a
# loaded one (a correctness check, not a timing one).
@pytest.mark.timeout(1200)
def test_stdlib_agreement_with_ast() -> None:
    files = stdlib_files()
    assert len(files) > 500, "standard library not found"
    compared = equal = skipped = 0
    mismatched: list[str] = []
    for path in files:
        source = path.read_bytes()
        expected = reference(source)
        if expected is None:
            skipped += 1
            continue
        compared += 1
        if ours(path, source) == expected:
            equal += 1
        else:
            mismatched.append(str(path))
    ratio = equal / compared
    print(
        f"\nstdlib agreement with ast: {equal}/{compared} files exactly equal "
        f"({100 * ratio:.2f}%), {skipped} skipped; mismatched: {mismatched[:10]}"
    )
    assert ratio >= THRESHOLD, mismatched
