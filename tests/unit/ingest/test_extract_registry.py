"""The language registry: file naming, module names, robustness and thread safety of `extract`."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import (
    DEEP_LANGUAGES,
    MAX_SOURCE_BYTES,
    extract,
    language_for_path,
    module_name,
)
from coderooms.ingest.languages.registry import LANGUAGES
from coderooms.languages.parsing import engine
from coderooms.resolution.extraction import Extraction

REPOS = Path(__file__).resolve().parents[2] / "fixtures" / "repos"


@pytest.mark.parametrize(
    ("path", "language"),
    [
        ("a/b.py", "python"),
        ("stubs/x.pyi", "python"),
        ("x.js", "javascript"),
        ("x.mjs", "javascript"),
        ("x.cjs", "javascript"),
        ("x.jsx", "javascript"),
        ("x.ts", "typescript"),
        ("types/x.d.ts", "typescript"),
        ("x.mts", "typescript"),
        ("x.cts", "typescript"),
        ("x.tsx", "tsx"),
        ("main.go", "go"),
        ("lib.rs", "rust"),
        ("A.java", "java"),
        ("A.kt", "kotlin"),
        ("build.gradle.kts", "kotlin"),
        ("Sources/App/main.swift", "swift"),
        ("src/main/scala/A.scala", "scala"),
        ("README.md", "markdown"),
        ("package.json", "json"),
        ("ci.yml", "yaml"),
        ("ci.yaml", "yaml"),
        ("pyproject.toml", "toml"),
        ("notes.txt", "text"),
        ("index.html", "html"),
        ("site.css", "css"),
        ("run.sh", "bash"),
        ("lib/x.bash", "bash"),
        ("test/x.bats", "bash"),
        ("run.zsh", "shell"),
        ("init.lua", "lua"),
        ("x.c", "c"),
        ("x.h", "c"),
        ("x.cpp", "cpp"),
        ("x.rb", "ruby"),
        ("Makefile", "makefile"),
        ("sub/Dockerfile", "dockerfile"),
        ("Dockerfile.dev", "dockerfile"),
        ("CMakeLists.txt", "cmake"),
        ("C:\\src\\App.PY", "python"),
        ("x.unknownext", None),
        ("noextension", None),
        (".hidden", None),
        ("archive.tar.gz", None),
    ],
)
def test_language_for_path(path: str, language: str | None) -> None:
    assert language_for_path(path) == language


def test_deep_languages() -> None:
    expected = {
        "python",
        "javascript",
        "typescript",
        "tsx",
        "go",
        "rust",
        "java",
        "c",
        "cpp",
        "kotlin",
        "swift",
        "scala",
        "csharp",
        "php",
        "ruby",
        "lua",
        "bash",
    }
    assert expected == DEEP_LANGUAGES


@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("pkg/util.py", "util"),
        ("pkg/__init__.py", "pkg"),
        ("__init__.py", "__init__"),
        ("src/components/index.tsx", "components"),
        ("lib/index.js", "lib"),
        ("types/index.d.ts", "types"),
        ("types/globals.d.ts", "globals"),
        ("src/shapes/mod.rs", "shapes"),
        ("crate/src/lib.rs", "src"),
        ("src/main.rs", "src"),
        ("cmd/app/main.go", "main"),
        ("src/index.py", "index"),
        ("com/x/App.java", "App"),
        ("src/shop/init.lua", "shop"),
        ("lib/init.rb", "init"),
    ],
)
def test_module_name(path: str, name: str) -> None:
    assert module_name(path) == name


def test_non_deep_language_gives_empty_extraction() -> None:
    ex = extract("markdown", "README.md", b"# Title\n\nText\n")
    assert ex == Extraction(language="markdown")


def test_module_symbol_spans_the_file() -> None:
    ex = extract("python", "m.py", b"x = 1\ny = 2\n")
    module = ex.symbols[0]
    assert (module.kind, module.qualname, module.parent) == (SymbolKind.MODULE, "", None)
    assert (module.start_line, module.end_line) == (1, 2)
    assert extract("python", "m.py", b"x = 1\ny = 2").symbols[0].end_line == 2
    assert extract("python", "m.py", b"").symbols[0].end_line == 1


@pytest.mark.parametrize(
    "source",
    [
        b"",
        b"\x00\x00\x00",
        b"\xff\xfe\xfd invalid utf-8 \x80\x81",
        b"\xef\xbb\xbfdef f():\n    pass\n",
        b"(" * 3000,
        b"{" * 3000,
        b"def f(:\n" * 500,
        bytes(range(256)) * 64,
    ],
)
@pytest.mark.parametrize("language", sorted(DEEP_LANGUAGES))
def test_never_raises_on_junk(language: str, source: bytes) -> None:
    ex = extract(language, "junk.x", source)
    assert ex.language == language
    assert ex.symbols[0].kind is SymbolKind.MODULE


def test_bom_is_ignored() -> None:
    ex = extract("python", "m.py", b"\xef\xbb\xbfdef f():\n    pass\n")
    assert not ex.problems
    assert [s.qualname for s in ex.symbols] == ["", "f"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(source=st.binary(max_size=2000), language=st.sampled_from(sorted(DEEP_LANGUAGES)))
def test_never_raises_property(source: bytes, language: str) -> None:
    ex = extract(language, "x", source)
    qualnames = [s.qualname for s in ex.symbols]
    assert len(qualnames) == len(set(qualnames))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mangled_fixture_sources_keep_invariants(data: st.DataObject) -> None:
    """Cut and splice real fixture sources: extraction stays well-formed."""
    files = sorted(p for p in REPOS.rglob("*") if language_for_path(p.name) in DEEP_LANGUAGES)
    path = data.draw(st.sampled_from(files))
    source = path.read_bytes()
    cut = data.draw(st.integers(0, len(source)))
    drop = data.draw(st.integers(0, 40))
    mangled = source[:cut] + source[cut + drop :]
    language = language_for_path(path.name)
    assert language is not None
    ex = extract(language, path.name, mangled)
    known = {s.qualname for s in ex.symbols}
    assert len(known) == len(ex.symbols)
    for sym in ex.symbols[1:]:
        assert sym.parent in known
    for call in ex.calls:
        assert call.caller in known


def test_syntax_error_regions_are_counted() -> None:
    ex = extract("python", "m.py", b"def f(:\n    pass\n\nx = 1\n\ndef g(:\n    pass\n")
    assert len(ex.problems) == 1
    assert ex.problems[0].startswith("syntax errors: ")
    assert "first at line 1" in ex.problems[0]
    assert not extract("python", "m.py", b"def f():\n    pass\n").problems


def test_too_large_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "MAX_SOURCE_BYTES", 100)
    ex = extract("python", "big.py", b"x = 1\n" * 100)
    assert [s.kind for s in ex.symbols] == [SymbolKind.MODULE]
    assert ex.symbols[0].end_line == 100
    assert ex.problems == ["file too large for extraction: 600 bytes"]
    assert MAX_SOURCE_BYTES > 1_000_000


def test_extractor_failure_is_a_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_args: object) -> None:
        raise RuntimeError("kaput")

    record = LANGUAGES["python"]
    broken = replace(record, syntax=replace(record.syntax, extract=boom))
    monkeypatch.setitem(LANGUAGES, "python", broken)
    ex = extract("python", "m.py", b"def f():\n    pass\n")
    assert [s.kind for s in ex.symbols] == [SymbolKind.MODULE]
    assert ex.problems == ["extraction failed: RuntimeError: kaput"]


def test_threads_agree_with_sequential() -> None:
    files = sorted(p for p in REPOS.rglob("*") if language_for_path(p.name) in DEEP_LANGUAGES)
    jobs = [(language_for_path(p.name) or "", p.name, p.read_bytes()) for p in files] * 8
    random.Random(7).shuffle(jobs)
    expected = [extract(*job) for job in jobs]
    with ThreadPoolExecutor(max_workers=8) as pool:
        actual = list(pool.map(lambda job: extract(*job), jobs))
    assert actual == expected


def test_bytes_like_sources_are_accepted() -> None:
    source = b"def f():\n    g()\n"
    expected = extract("python", "m.py", source)
    assert extract("python", "m.py", bytearray(source)) == expected  # type: ignore[arg-type]
    assert extract("python", "m.py", memoryview(source)) == expected  # type: ignore[arg-type]
