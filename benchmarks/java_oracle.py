"""The independent resolver of the Java accuracy benchmark: javac (`JavaOracle.java`, run in
source-launch mode, `java benchmarks/JavaOracle.java ...`, no build step), asked about every
method call, `new`, `extends`/`implements` and import of a corpus's compiled sources; where the
corpora and their classpaths come from; and how a site is named in the breakdown of misses.

Corpora are Maven checkouts (`JAVA_CORPORA`: commons-lang, gson's `gson` module, javapoet,
jsoup, jackson-core (the one that imports its own packages on demand, `import a.b.*`), each at
the commit the figures were taken at), cloned by hand under one directory (`--corpus-dir`,
default `$CODEROOMS_JAVA_CORPORA` or `~/.cache/coderooms/bench-corpora/java`): `git clone
https://github.com/jhy/jsoup <dir>/jsoup`, then `git checkout` that commit. Another checkout:
`NAME=PATH`, its modules being the directories holding a `pom.xml` and `src/main/java`.
Compiled: `src/main/java` and `src/test/java` of each module (`--main-only`: the first),
`module-info.java` left out (the sources are compiled on the classpath). The classpath is each
module's `mvn -q -B dependency:build-classpath` (test scope), run once and kept under
`~/.cache/coderooms/bench-corpora/java-classpath/` keyed by the pom's hash (Maven's own
downloads go to `~/.m2`); without mvn, or when it fails, javac runs without one and sites whose
element it cannot find are unknown.

The oracle prints char offsets (UTF-16 units) of each site's tree; here they become byte
offsets, tree-sitter finds the same node, and the extractor's own functions write its callee
text (`java._invocation_name`, `type_name`), so a site is matched to the extractor's record by
file, line and text.

Run by `resolution_accuracy_java.py`; alone:
`PYTHONPATH=. python benchmarks/java_oracle.py ROOT` prints the sites as JSON lines.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tree_sitter import Node, Parser

from benchmarks.corpora import CorpusUnavailable, cache_dir
from coderooms.ingest.languages import grammar
from coderooms.languages.java.extract import _invocation_name
from coderooms.languages.parsing.nodes import text, type_name

SCRIPT = Path(__file__).with_name("JavaOracle.java")
ORACLE_TIMEOUT_S = 1800
MVN_TIMEOUT_S = 900


@dataclass(frozen=True, slots=True)
class JavaSource:
    name: str
    url: str
    commit: str
    modules: tuple[str, ...] = ("",)


JAVA_CORPORA = {
    s.name: s
    for s in (
        JavaSource("commons-lang", "https://github.com/apache/commons-lang", "d15939ef4"),
        JavaSource("gson", "https://github.com/google/gson", "9835b6f90", ("gson",)),
        JavaSource("javapoet", "https://github.com/square/javapoet", "b9017a9"),
        JavaSource("jsoup", "https://github.com/jhy/jsoup", "46b62086"),
        JavaSource(
            "jackson-core", "https://github.com/FasterXML/jackson-core", "jackson-core-2.19.1"
        ),
    )
}


@dataclass(frozen=True, slots=True)
class Corpus:
    name: str
    root: Path
    modules: tuple[str, ...]


def corpus_dir(given: Path | None = None) -> Path:
    env = os.environ.get("CODEROOMS_JAVA_CORPORA")
    return given or (Path(env) if env else cache_dir() / "java")


def default_corpus(name: str, directory: Path) -> Corpus:
    source = JAVA_CORPORA[name]
    root = directory / name
    if not (root / source.modules[0] / "pom.xml").is_file():
        raise CorpusUnavailable(f"{name}: clone {source.url} into {root} (at {source.commit})")
    return Corpus(name, root.resolve(), source.modules)


def checkout_corpus(name: str, root: Path) -> Corpus:
    found = sorted(
        str(p.parent.relative_to(root))
        for p in root.rglob("pom.xml")
        if (p.parent / "src/main/java").is_dir() and "target" not in p.parts
    )
    modules = tuple("" if m == "." else m for m in found) or ("",)
    return Corpus(name, root.resolve(), modules)


def classpath(module: Path) -> str:
    """The module's test-scope classpath from Maven, computed once per pom.xml content."""
    pom = module / "pom.xml"
    if not pom.is_file():
        return ""
    key = hashlib.sha256(str(module).encode() + pom.read_bytes()).hexdigest()[:12]
    kept = cache_dir() / "java-classpath" / f"{module.name}-{key}.txt"
    if kept.is_file():
        return kept.read_text().strip()
    mvn = shutil.which("mvn")
    if mvn is None:
        print(f"{module}: no mvn on PATH, compiling without a classpath", file=sys.stderr)
        return ""
    kept.parent.mkdir(parents=True, exist_ok=True)
    scratch = kept.with_suffix(".tmp")
    command = [mvn, "-q", "-B", "dependency:build-classpath", f"-Dmdep.outputFile={scratch}"]
    command.append("-Dmdep.includeScope=test")
    try:
        subprocess.run(command, cwd=module, check=True, capture_output=True, timeout=MVN_TIMEOUT_S)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as e:
        tail = (getattr(e, "stdout", b"") or b"").decode(errors="replace").strip()[-500:]
        print(f"{module}: mvn failed ({e}) {tail}; compiling without a classpath", file=sys.stderr)
        return ""
    scratch.rename(kept)
    return kept.read_text().strip()


def compiled_sources(corpus: Corpus, main_only: bool) -> list[Path]:
    roots = ("src/main/java",) if main_only else ("src/main/java", "src/test/java")
    found: list[Path] = []
    for module in corpus.modules:
        for source_root in roots:
            directory = corpus.root / module / source_root
            if directory.is_dir():
                found += sorted(
                    p for p in directory.rglob("*.java") if p.name != "module-info.java"
                )
    return found


def run_oracle(
    corpus: Corpus, sources: Sequence[Path], report: Sequence[str] | None, cp: str
) -> tuple[list[dict[str, Any]], str]:
    """The oracle's records for the `report` files (all compiled files when None); its stderr."""
    java = shutil.which("java")
    if java is None:
        raise CorpusUnavailable("java is not on PATH")
    with tempfile.TemporaryDirectory(prefix="java-oracle-") as scratch:
        lists = Path(scratch)
        (lists / "cp.txt").write_text(cp)
        (lists / "sources.txt").write_text("\n".join(str(s) for s in sources) + "\n")
        command = [java, "-Xss8m", "-Xmx8g", str(SCRIPT), str(corpus.root)]
        command += [str(lists / "cp.txt"), str(lists / "sources.txt")]
        if report is not None:
            (lists / "report.txt").write_text("\n".join(report) + "\n")
            command.append(str(lists / "report.txt"))
        done = subprocess.run(command, check=True, capture_output=True, timeout=ORACLE_TIMEOUT_S)
    records = [json.loads(line) for line in done.stdout.decode().splitlines() if line.strip()]
    return records, done.stderr.decode(errors="replace").strip()


# -- records as sites ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decl:
    f: str | None
    """Repo-relative file, None outside the corpus."""
    l: int  # noqa: E741 (the oracle's field name)
    kind: str
    cls: str | None
    """Qualname of the class in its file; None inside an anonymous class."""
    name: str
    """Method name, `<init>` for a constructor, "" for a type."""
    implicit: bool = False
    overloads: int = 0
    nested: bool = False
    how: str = ""

    def qualname(self) -> str | None:
        if self.cls is None:
            return None
        if not self.name or (self.name == "<init>" and self.implicit):
            return self.cls
        if self.name == "<init>":
            return f"{self.cls}.{self.cls.rsplit('.', 1)[-1]}"
        return f"{self.cls}.{self.name}"

    def said(self) -> str:
        where = f"{self.f}:{self.l}" if self.f else "(outside)"
        return f"javac {where} {self.kind} {self.qualname() or self.cls}"


@dataclass(frozen=True, slots=True)
class JavaSite:
    path: str
    kind: str
    """`call`, `base` or `import`."""
    line: int
    text: str
    """Callee or base as the extractor writes it; for imports the imported name."""
    raw: str = ""
    form: str = ""
    """Calls: `call`, `new`, `super()`, `this()`; bases: extends/implements; imports: `single`,
    `static`, `on-demand`, `static on-demand`."""
    recv: str = ""
    found: str = ""
    decl: Decl | None = None
    type: Decl | None = None
    to: tuple[str, ...] = ()
    outside: bool = False
    nested: bool = False

    def decls(self) -> tuple[Decl, ...]:
        return tuple(d for d in (self.decl, self.type) if d is not None)


def sites_of(root: Path, records: list[dict[str, Any]]) -> tuple[list[JavaSite], int]:
    """The records as sites (texts written as the extractor writes them); how many records had
    no tree-sitter node to match (left out)."""
    by_file: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        by_file.setdefault(record["file"], []).append(record)
    parser = Parser(grammar("java"))
    sites: list[JavaSite] = []
    lost = 0
    for path, found in by_file.items():
        source = (root / path).read_bytes()
        offsets = _byte_offsets(source)
        tree = parser.parse(source)
        for record in found:
            site = _site(record, tree.root_node, source, offsets)
            lost += site is None
            if site is not None:
                sites.append(site)
    return sites, lost


def _byte_offsets(source: bytes) -> list[int] | None:
    """UTF-16 unit index -> byte offset (None when the file is ASCII: the identity)."""
    if source.isascii():
        return None
    offsets = [0]
    for ch in source.decode("utf-8", "replace"):
        size = len(ch.encode("utf-8", "replace"))
        if ord(ch) > 0xFFFF:
            offsets.append(offsets[-1])
        offsets.append(offsets[-1] + size)
    return offsets


_CALL_NODES = {
    "call": "method_invocation",
    "new": "object_creation_expression",
    "super()": "explicit_constructor_invocation",
    "this()": "explicit_constructor_invocation",
}


def _site(
    record: dict[str, Any], root: Node, source: bytes, offsets: list[int] | None
) -> JavaSite | None:
    path, kind = record["file"], record["k"]
    if kind == "import":
        star = "on-demand" if record["star"] else "single"
        form = f"static {star}" if record["static"] and record["star"] else star
        form = "static" if record["static"] and not record["star"] else form
        return JavaSite(
            path, kind, record["line"], record["spec"], form=form, to=tuple(record["to"]),
            outside=record["outside"], nested=record["nested"],
            decl=None if record["unknown"] else Decl(None, 0, "import", None, ""),
        )  # fmt: skip
    start, end = record["start"], record["end"]
    if offsets is not None:
        if end >= len(offsets):
            return None
        start, end = offsets[start], offsets[end]
    wanted = _CALL_NODES.get(record.get("form", ""), "")
    node = root.descendant_for_byte_range(start, end)
    while node is not None and not (
        node.start_byte == start and (node.type == wanted or (not wanted and node.end_byte == end))
    ):
        node = node.parent if node.start_byte == start else None
    if node is None:
        return None
    if kind == "base":
        name = type_name(node, source)
    elif wanted == "method_invocation":
        name = _invocation_name(node, source)
    elif wanted == "object_creation_expression":
        created = node.child_by_field_name("type")
        name = type_name(created, source) if created is not None else None
    else:
        ctor = node.child_by_field_name("constructor")
        name = text(ctor, source) if ctor is not None else None
    if not name:
        return None
    raw = source[start:end].decode("utf-8", "replace")
    return JavaSite(
        path, kind, node.start_point.row + 1, name, raw, record.get("form") or record["clause"],
        record.get("recv", ""), record.get("found", ""), _decl(record.get("decl")),
        _decl(record.get("type")),
    )  # fmt: skip


def _decl(raw: dict[str, Any] | None) -> Decl | None:
    return None if raw is None else Decl(**raw)


# -- how a site is named in the breakdown -------------------------------------------------------


def shape(site: JavaSite) -> str:
    if site.form in ("super()", "this()"):
        return site.form
    parts = site.text.split(".")
    if site.kind == "base":
        if len(parts) == 1:
            return "Name"
        return "Outer.Inner" if parts[0][:1].isupper() else "a.b.Name"
    if site.form == "new":
        if len(parts) == 1:
            return "new Name()"
        return "new Outer.Inner()" if parts[0][:1].isupper() else "new a.b.Name()"
    if len(parts) == 1:
        return "m()"
    head = parts[0]
    if head in ("this", "super"):
        return f"{head}.m()" if len(parts) == 2 else f"{head}.f.m()"
    if head == "?" or "(" in site.text:
        return "expr().m()" if parts[-2].endswith(")") else "expr().f.m()"
    if head[:1].isupper():
        return "Name.m()" if len(parts) == 2 else "Name.x.m()"
    return "obj.m()" if len(parts) == 2 else "obj.f.m()"


def route(site: JavaSite) -> str:
    """What javac says about the site: the receiver (`local`, `field`, `type`, ...; `implicit`
    for a bare name), how the member was found (`own`, `inherited`, `static-import`, ...) and
    where its declaration is seen from (`same-file`, `same-package`, `import`, `on-demand`)."""
    decl = site.decl or site.type
    how = decl.how if decl is not None else "?"
    found = f"/{site.found}" if site.found and site.form == "call" else ""
    recv = site.form if site.kind == "base" else site.recv
    recv = "" if site.form in ("new", "super()", "this()") else recv
    nested = "+nested" if decl is not None and decl.nested else ""
    return f"[{recv}{found}{', ' if recv else ''}{how}{nested}]"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: java_oracle.py ROOT", file=sys.stderr)
        return 2
    corpus = checkout_corpus(Path(args[0]).name, Path(args[0]))
    cp = os.pathsep.join(c for m in corpus.modules if (c := classpath(corpus.root / m)))
    records, log = run_oracle(corpus, compiled_sources(corpus, False), None, cp)
    print(log, file=sys.stderr)
    for site in sites_of(corpus.root, records)[0]:
        print(json.dumps(asdict(site)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
