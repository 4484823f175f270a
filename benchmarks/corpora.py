"""The corpora the ingest benchmark runs on, and a copy step so that edits never touch them.

* `stdlib`: the running interpreter's standard library (`sysconfig.get_paths()["stdlib"]`);
  site-packages and the other default-excluded directories are left out by the walker.
* `js`: hand-written JavaScript and TypeScript from pinned npm packages, copied out of
  `node_modules` into `~/.cache/coderooms/bench-corpora/` once (`npm install --no-save` into a
  scratch prefix there, then only the source directories are kept):
  `webpack/lib` (CommonJS), `three/src` (ES modules) and `effect/src` (TypeScript), ~1,600 files
  and ~480k lines. None of it is minified or bundled. The sources are copied out because the
  walker skips `node_modules` (and `dist`, `build`, ...), so a root inside `node_modules` would
  work too, but a corpus of three packages needs a root of its own.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path

from coderooms.core.files import is_excluded_dir

NPM_TIMEOUT_S = 900


class CorpusUnavailable(Exception):
    """A corpus cannot be prepared here (no npm, no network); the benchmark skips it."""


@dataclass(frozen=True, slots=True)
class NpmSource:
    package: str
    version: str
    directory: str
    """The directory inside the package whose files are the corpus."""

    @property
    def spec(self) -> str:
        return f"{self.package}@{self.version}"


JS_SOURCES = (
    NpmSource("webpack", "5.99.9", "lib"),
    NpmSource("three", "0.170.0", "src"),
    NpmSource("effect", "3.22.4", "src"),
)


@dataclass(frozen=True, slots=True)
class Corpus:
    name: str
    root: Path
    description: str
    edit_languages: frozenset[str]
    """Languages of the files the re-ingest benchmark appends a function to."""


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "coderooms" / "bench-corpora"


def stdlib_corpus() -> Corpus:
    root = Path(sysconfig.get_paths()["stdlib"])
    return Corpus("stdlib", root, f"Python standard library at {root}", frozenset({"python"}))


def js_corpus(cache: Path | None = None) -> Corpus:
    """The JS/TS corpus, downloaded once; raises CorpusUnavailable when it cannot be."""
    cache = cache or cache_dir()
    specs = [source.spec for source in JS_SOURCES]
    key = hashlib.sha256(" ".join(specs).encode()).hexdigest()[:10]
    root = cache / f"js-{key}"
    manifest = cache / f"js-{key}.json"
    description = "npm " + ", ".join(f"{s.spec} {s.directory}/" for s in JS_SOURCES)
    languages = frozenset({"javascript", "typescript", "tsx"})
    if not (manifest.is_file() and root.is_dir()):
        _download(root, cache)
        manifest.write_text(json.dumps({"sources": specs}, indent=2) + "\n")
    return Corpus("js", root, f"{description} (cached at {root})", languages)


def _download(root: Path, cache: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise CorpusUnavailable("npm is not on PATH")
    cache.mkdir(parents=True, exist_ok=True)
    if root.exists():  # an earlier run stopped before it wrote the manifest
        shutil.rmtree(root)
    with tempfile.TemporaryDirectory(dir=cache, prefix="npm-") as scratch:
        command = [npm, "install", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund"]
        command += ["--no-package-lock", "--prefix", scratch]
        command += [source.spec for source in JS_SOURCES]
        try:
            subprocess.run(command, check=True, capture_output=True, timeout=NPM_TIMEOUT_S)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as e:
            detail = getattr(e, "stderr", b"") or b""
            tail = detail.decode(errors="replace").strip().splitlines()[-3:]
            raise CorpusUnavailable(f"npm install failed: {e} {' '.join(tail)}".strip()) from e
        staging = Path(scratch) / "corpus"
        modules = Path(scratch) / "node_modules"
        for source in JS_SOURCES:
            shutil.copytree(
                modules / source.package / source.directory,
                staging / source.package / source.directory,
                symlinks=True,
            )
        staging.rename(root)


def copy_corpus(source: Path, destination: Path) -> Path:
    """Copy `source` to `destination` (which must not exist) without the directories the walker
    excludes by default; links stay links (the walker skips them either way)."""

    def excluded(directory: str, names: list[str]) -> set[str]:
        return {
            name
            for name in names
            if is_excluded_dir(name) and os.path.isdir(os.path.join(directory, name))
        }

    shutil.copytree(source, destination, symlinks=True, ignore=excluded)
    return destination
