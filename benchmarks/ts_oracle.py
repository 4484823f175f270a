"""The independent resolver of the TypeScript/JavaScript accuracy benchmark: the TypeScript
compiler (`ts_oracle.mjs`, run with node), asked about every call, `new`, heritage clause and
import of sampled files of a corpus; the npm steps that bring it and the corpora here; and how
a site is named in the benchmark's breakdown of misses.

The compiler is `typescript@5.9.3`, installed once with `npm install --no-save` into
`~/.cache/coderooms/bench-corpora/typescript-5.9.3/` (the same cache as `corpora.py`); nothing
in `src/` needs node. The node script prints one JSON line per site (its header says what each
holds); here each call and base site gets the callee text the extractor writes for it: the
compiler gives the callee expression's byte span, tree-sitter finds the same node, and
`call_callee` (the extractor's own function) writes it (`a?.b()` -> `a.b`, `f().g()` -> `f().g`,
`new A().m()` -> `A.new().m`),
so a site is matched to the extractor's record by file, line and text. Sites the extractor does
not record (a call of a subscript, of a parenthesised expression, `this.#p()`) are left out.

Corpora besides `corpora.py`'s: `rxjs@7.8.2` `src/` with its `tsconfig.json` (paths, `node`
resolution) and `zod@4.6.7` `src/` with its `package.json` and a `tsconfig.json` written here
(`ZOD_TSCONFIG`), each copied once to `~/.cache/coderooms/bench-corpora/ts-<name>-<version>/`.

Run by `resolution_accuracy_ts.py`; alone:
`PYTHONPATH=. python benchmarks/ts_oracle.py ROOT FILE...` prints the sites as JSON lines.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tree_sitter import Node, Parser

from benchmarks.corpora import NPM_TIMEOUT_S, CorpusUnavailable, NpmSource, cache_dir, js_corpus
from benchmarks.resolution_accuracy import Tally
from coderooms.ingest.languages import grammar, language_for_path
from coderooms.languages.javascript.extract import call_callee
from coderooms.languages.parsing.nodes import dotted, strip_generics

TYPESCRIPT = "typescript@5.9.3"
SCRIPT = Path(__file__).with_name("ts_oracle.mjs")
ORACLE_TIMEOUT_S = 1800
_BOM = b"\xef\xbb\xbf"

Declaration = tuple[str | None, int, str, str]
"""(repo-relative file or None outside the corpus, 1-based start line, kind, qualname)."""


@dataclass(frozen=True, slots=True)
class TsSite:
    path: str
    kind: str
    """`call`, `base` or `import`."""
    line: int
    text: str
    """Callee or base as the extractor writes it; for imports the module specifier."""
    raw: str = ""
    new: bool = False
    head: str = ""
    recv: str | None = None
    tags: tuple[str, ...] = ()
    decls: tuple[Declaration, ...] = ()
    inits: tuple[Declaration, ...] = ()
    """For a const bound to a name (`export const map = core.map`): that name's declarations."""
    form: str = ""
    """Imports: `import`, `export`, `require`, `dynamic`, `import=`; bases: extends/implements."""
    to: str | None = None
    outside: bool = False


def npm_install(specs: Sequence[str], prefix: Path) -> Path:
    """`npm install --no-save` of `specs` into `prefix` (made through a scratch directory, so a
    stopped run leaves nothing half done); its node_modules."""
    npm = shutil.which("npm")
    if npm is None:
        raise CorpusUnavailable("npm is not on PATH")
    if (prefix / "node_modules").is_dir():
        return prefix / "node_modules"
    prefix.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(dir=prefix.parent, prefix="npm-"))
    command = [npm, "install", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund"]
    command += ["--no-package-lock", "--prefix", str(scratch), *specs]
    try:
        subprocess.run(command, check=True, capture_output=True, timeout=NPM_TIMEOUT_S)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as e:
        shutil.rmtree(scratch, ignore_errors=True)
        detail = getattr(e, "stderr", b"") or b""
        tail = detail.decode(errors="replace").strip().splitlines()[-3:]
        raise CorpusUnavailable(f"npm install failed: {e} {' '.join(tail)}".strip()) from e
    scratch.rename(prefix)
    return prefix / "node_modules"


def typescript_prefix() -> Path:
    """The npm prefix holding the pinned compiler (installed on first use)."""
    prefix = cache_dir() / TYPESCRIPT.replace("@", "-")
    npm_install([TYPESCRIPT], prefix)
    return prefix


def npm_sources(name: str, sources: Iterable[NpmSource], extra: dict[str, tuple[str, ...]]) -> Path:
    """A corpus root `~/.cache/.../bench-corpora/<name>` holding each package's `directory` and
    the `extra` files named for it (`tsconfig.json`, `package.json`), copied once."""
    root = cache_dir() / name
    if root.is_dir():
        return root
    sources = list(sources)
    with tempfile.TemporaryDirectory(dir=cache_dir(), prefix="npm-") as scratch:
        modules = npm_install([s.spec for s in sources], Path(scratch) / "prefix")
        staging = Path(scratch) / "corpus"
        for source in sources:
            package = modules / source.package
            shutil.copytree(package / source.directory, staging / source.directory, symlinks=True)
            for file in extra.get(source.package, ()):
                shutil.copy2(package / file, staging / file)
        staging.rename(root)
    return root


TS_SOURCES = {
    "rxjs": NpmSource("rxjs", "7.8.2", "src"),
    "zod": NpmSource("zod", "4.6.7", "src"),
}
TS_EXTRA = {"rxjs": ("tsconfig.json",), "zod": ("package.json",)}
ZOD_TSCONFIG = {
    "compilerOptions": {
        "strict": True,
        "module": "esnext",
        "moduleResolution": "bundler",
        "customConditions": ["@zod/source"],
    }
}
"""Written by the benchmark: zod's tests import `zod/v4`, which its package.json `exports`
map to `./src/v4/index.ts` under the `@zod/source` condition (a self-reference)."""
DEFAULT_CORPORA = ("effect", "three", "webpack", "rxjs", "zod")


@dataclass(frozen=True, slots=True)
class Corpus:
    name: str
    root: Path


def default_corpus(name: str) -> Corpus:
    if name in ("effect", "three", "webpack"):
        return Corpus(name, js_corpus().root / name)
    source = TS_SOURCES[name]
    root = npm_sources(f"ts-{source.package}-{source.version}", [source], TS_EXTRA)
    if name == "zod" and not (root / "tsconfig.json").is_file():
        (root / "tsconfig.json").write_text(json.dumps(ZOD_TSCONFIG, indent=2) + "\n")
    return Corpus(name, root)


def run_oracle(root: Path, files: Sequence[str], tsconfig: str | None) -> list[dict[str, Any]]:
    """The node script's records for `files` (repo-relative) of the corpus at `root`."""
    node = shutil.which("node")
    if node is None:
        raise CorpusUnavailable("node is not on PATH")
    prefix = typescript_prefix()
    request = {"root": str(root), "files": list(files), "tsconfig": tsconfig}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(request, handle)
    try:
        done = subprocess.run(
            [node, "--max-old-space-size=8192", str(SCRIPT), str(prefix), handle.name],
            check=True,
            capture_output=True,
            timeout=ORACLE_TIMEOUT_S,
        )
    finally:
        Path(handle.name).unlink(missing_ok=True)
    if done.stderr:
        print(done.stderr.decode(errors="replace").strip()[-2000:], file=sys.stderr)
    return [json.loads(line) for line in done.stdout.decode().splitlines() if line.strip()]


def sites_of(root: Path, records: list[dict[str, Any]]) -> list[TsSite]:
    """The records as sites, call and base texts written as the extractor writes them."""
    by_file: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        by_file.setdefault(record["file"], []).append(record)
    sites: list[TsSite] = []
    parsers: dict[str, Parser] = {}
    for path, found in by_file.items():
        language = language_for_path(path) or "typescript"
        parser = parsers.get(language)
        if parser is None:
            parser = parsers[language] = Parser(grammar(language))
        source = (root / path).read_bytes()
        source = source[3:] if source.startswith(_BOM) else source
        tree = parser.parse(source)
        for record in found:
            site = _site(record, tree.root_node, source)
            if site is not None:
                sites.append(site)
    return sites


def _site(record: dict[str, Any], root: Node, source: bytes) -> TsSite | None:
    path, kind = record["file"], record["k"]
    if kind == "import":
        return TsSite(
            path, kind, record["line"], record["spec"], form=record["form"],
            to=record["to"], outside=record["outside"],
        )  # fmt: skip
    start, end = record["start"], record["end"]
    node = root.descendant_for_byte_range(start, end)
    if node is None or (node.start_byte, node.end_byte) != (start, end):
        return None
    raw = source[start:end].decode("utf-8", "replace")
    text = dotted(strip_generics(raw)) if kind == "base" else call_callee(node, source)
    if not text:
        return None
    return TsSite(
        path, kind, node.start_point.row + 1, text, raw, bool(record.get("new")),
        record.get("head", ""), record.get("recv"), tuple(record.get("tags", ())),
        tuple(_declaration(d) for d in record.get("decls", ())),
        tuple(_declaration(d) for d in record.get("inits", ())), record.get("clause", ""),
    )  # fmt: skip


def _declaration(raw: list[Any]) -> Declaration:
    return (raw[0], int(raw[1]), str(raw[2]), str(raw[3]))


# -- how a site is named in the breakdown -------------------------------------------------------


def shape(site: TsSite) -> str:
    parts = site.text.split(".")
    if len(parts) == 1:
        if site.text == "super":
            return "super()"
        return "new Name()" if site.new else "name()"
    head = parts[0]
    if head == "this":
        return "this.m()" if len(parts) == 2 else "this.attr.m()"
    if head == "super":
        return "super.m()"
    if head == "?" or "(" in site.text:
        return "expr().m()"
    prefix = "new " if site.new else ""
    if site.recv == "module":
        return f"{prefix}ns.m()"
    if site.recv == "class":
        return f"{prefix}Class.m()"
    return f"{prefix}obj.m()" if len(parts) == 2 else f"{prefix}obj.attr.m()"


def route(site: TsSite) -> str:
    """How the compiler got there: the head's binding, then each alias hop (`star`: through an
    `export *`)."""
    hops = list(dict.fromkeys(site.tags))
    return site.head + (f"[{'+'.join(hops)}]" if hops else "")


def first_kind(site: TsSite) -> str:
    """The kind of the compiler's first declaration in the corpus."""
    return next((d[2] for d in site.decls if d[0] is not None), "outside")


def short(raw: str, limit: int = 60) -> str:
    collapsed = " ".join(raw.split())
    return collapsed if len(collapsed) <= limit else collapsed[: limit - 1] + "…"


def print_misses(name: str, label: str, tally: Tally, misses: int) -> None:
    by_key: dict[str, list[str]] = defaultdict(list)
    for line in tally.examples:
        key, _, example = line.partition("\t")
        by_key[key].append(example)
    print(f"\n## {name} {label}: misses by shape, route and via", file=sys.stderr)
    for key, count in tally.misses.most_common(12):
        print(f"  {count:>5}  {key}", file=sys.stderr)
        for example in by_key.get(key, [])[:misses]:
            print(f"           {example}", file=sys.stderr)
    for key, count in tally.wrong.most_common(10):
        print(f"  {count:>5}  WRONG {key}", file=sys.stderr)
        for example in by_key.get("WRONG " + key, [])[:misses]:
            print(f"           {example}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        print("usage: ts_oracle.py ROOT FILE...", file=sys.stderr)
        return 2
    root = Path(args[0]).resolve()
    tsconfig = "tsconfig.json" if (root / "tsconfig.json").is_file() else None
    for site in sites_of(root, run_oracle(root, args[1:], tsconfig)):
        print(json.dumps(asdict(site)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
