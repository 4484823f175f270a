"""The independent resolver of the Go accuracy benchmark: the Go type checker, through
`golang.org/x/tools/go/packages` (`go_oracle/main.go`, its header says what each JSON line
holds), asked about every call, embedded type and import spec of sampled packages of a corpus;
how it is built and cached; and how a site is named in the benchmark's breakdown of misses.

The oracle is a small Go module (`go_oracle/go.mod`, `go.sum`: `golang.org/x/tools` pinned).
It is built once per source and toolchain into `~/.cache/coderooms/go/go_oracle-<key>`, its
modules fetched through the Go module proxy into `~/.cache/coderooms/go/mod` (`GOMODCACHE`,
used for the corpora's dependencies too: `go list` fetches what a corpus's `go.sum` names,
read-only, nothing in the checkout is written). Nothing in `src/` needs Go.

Packages are loaded with their tests (`p`, `p [p.test]`, `p_test`), `CGO_ENABLED=0`, for the
host's GOOS/GOARCH: a file another platform builds (`_windows.go`) is not checked and has no
sites. Each call and base site gets the callee text the extractor writes for it: the oracle
gives the byte span of the call's function expression (and of it without type arguments,
`f[int]` -> `f`), tree-sitter finds the same node, and `callee_name` with the Go extractor's
member and call tables writes it (`a().b()` -> `a().b`), so a site is matched to the
extractor's record by file, line and text. Sites the extractor does not record (`[]byte(x)`,
`fs[i]()`, `(f)()`, `func(){}()`) are left out.

Alone: `PYTHONPATH=. python benchmarks/go_oracle.py ROOT DIR...` prints the sites as JSON lines.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tree_sitter import Node, Parser

from benchmarks.corpora import CorpusUnavailable, cache_dir
from coderooms.ingest.languages import grammar
from coderooms.languages.go.extract import _CALLS, _TYPED_VALUES, _WRAPPERS
from coderooms.languages.parsing.nodes import callee_name, type_name

SOURCE = Path(__file__).with_name("go_oracle")
GO_FALLBACK = Path("/usr/local/go/bin/go")
BUILD_TIMEOUT_S = 900
ORACLE_TIMEOUT_S = 3600
CALL_KINDS = frozenset({"func", "method", "iface", "conversion"})
"""Declarations the graph has a symbol for (a function, a method, an interface method, a
type): a call of anything else (a function value, a builtin) has no symbol to point at."""

Declaration = tuple[str | None, int, str, str]
"""(corpus-relative file or None outside the corpus, 1-based line, kind, qualname)."""


@dataclass(frozen=True, slots=True)
class GoSite:
    path: str
    kind: str
    """`call`, `base` or `import`."""
    line: int
    text: str
    """Callee or base as the extractor writes it; for imports the import path."""
    raw: str = ""
    head: str = ""
    sel: str = ""
    promoted: bool = False
    decl: Declaration | None = None
    to: str | None = None
    """Imports: the imported package's directory in the corpus, None outside."""


def go_binary() -> str:
    found = shutil.which("go") or (str(GO_FALLBACK) if GO_FALLBACK.is_file() else None)
    if found is None:
        raise CorpusUnavailable("go is not on PATH")
    return found


def go_env() -> dict[str, str]:
    """The environment of every go command here: the benchmark's module cache, this toolchain."""
    env = dict(os.environ)
    env["GOMODCACHE"] = str(cache_dir().parent / "go" / "mod")
    env["GOTOOLCHAIN"] = "local"
    env["PATH"] = f"{Path(go_binary()).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def goroot() -> Path:
    done = subprocess.run(
        [go_binary(), "env", "GOROOT"], check=True, capture_output=True, env=go_env()
    )
    return Path(done.stdout.decode().strip())


def oracle_binary() -> Path:
    """The oracle, built on first use (keyed by its sources and the toolchain's version)."""
    go = go_binary()
    version = subprocess.run([go, "version"], check=True, capture_output=True).stdout
    digest = hashlib.sha256(version)
    for name in ("main.go", "go.mod", "go.sum"):
        digest.update((SOURCE / name).read_bytes())
    binary = cache_dir().parent / "go" / f"go_oracle-{digest.hexdigest()[:12]}"
    if binary.is_file():
        return binary
    binary.parent.mkdir(parents=True, exist_ok=True)
    scratch = binary.with_suffix(f".{os.getpid()}.tmp")
    try:
        subprocess.run(
            [go, "build", "-mod=readonly", "-o", str(scratch), "."],
            cwd=SOURCE, check=True, capture_output=True, timeout=BUILD_TIMEOUT_S, env=go_env(),
        )  # fmt: skip
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as e:
        detail = (getattr(e, "stderr", b"") or b"").decode(errors="replace").strip()
        raise CorpusUnavailable(f"building the Go oracle failed: {e} {detail[-600:]}") from e
    scratch.rename(binary)
    return binary


def run_oracle(root: Path, directories: Sequence[str]) -> list[dict[str, Any]]:
    """The oracle's records for the packages in `directories` (corpus-relative)."""
    command = [str(oracle_binary()), str(root), *[d or "." for d in directories]]
    done = subprocess.run(
        command, check=True, capture_output=True, timeout=ORACLE_TIMEOUT_S, env=go_env()
    )
    if done.stderr:
        print(done.stderr.decode(errors="replace").strip()[-2000:], file=sys.stderr)
    return [json.loads(line) for line in done.stdout.decode().splitlines() if line.strip()]


def sites_of(root: Path, records: list[dict[str, Any]]) -> tuple[list[GoSite], int]:
    """The records as sites, call and base texts written as the extractor writes them; how many
    call and base records were left out (no node of that span, no text)."""
    by_file: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        if "file" in record:
            by_file[record["file"]].append(record)
    parser = Parser(grammar("go"))
    sites: list[GoSite] = []
    lost = 0
    for path, found in by_file.items():
        if not path.endswith(".go"):
            continue
        source = (root / path).read_bytes()
        tree = parser.parse(source)
        for record in found:
            site = _site(record, tree.root_node, source)
            if site is not None:
                sites.append(site)
            else:
                lost += record["k"] in ("call", "base")
    return sites, lost


def _node(root: Node, start: int, end: int) -> Node | None:
    node = root.descendant_for_byte_range(start, end)
    if node is None or (node.start_byte, node.end_byte) != (start, end):
        return None
    return node


def _site(record: dict[str, Any], root: Node, source: bytes) -> GoSite | None:
    path, kind = record["file"], record["k"]
    if kind == "import":
        return GoSite(path, kind, record["line"], record["spec"], to=record["to"])
    if kind not in ("call", "base"):
        return None
    spans = [(record["start"], record["end"])]
    if record.get("alt"):
        spans.append(tuple(record["alt"]))
    for start, end in spans:
        node = _node(root, start, end)
        if node is None:
            continue
        if kind == "base":
            text = type_name(node, source)
        elif node.parent is None or node.parent.type != "call_expression":
            continue  # the span is no call's function part as tree-sitter reads it
        else:
            text = callee_name(node, source, _TYPED_VALUES, _WRAPPERS, _CALLS)
        if not text:
            continue
        decl = record.get("decl")
        return GoSite(
            path, kind, node.start_point.row + 1, text,
            source[start:end].decode("utf-8", "replace"), record.get("head", ""),
            record.get("sel", ""), bool(record.get("promoted")),
            (decl[0], int(decl[1]), str(decl[2]), str(decl[3])) if decl else None,
        )  # fmt: skip
    return None


def checked_files(records: list[dict[str, Any]]) -> list[str]:
    return [r["file"] for r in records if r["k"] == "file"]


def errors(records: list[dict[str, Any]]) -> list[str]:
    return [f"{r['pkg']}: {r['msg']}" for r in records if r["k"] == "error"]


# -- how a site is named in the breakdown -------------------------------------------------------


def shape(site: GoSite) -> str:
    parts = site.text.split(".")
    if site.kind == "base":
        return "pkg.T" if len(parts) > 1 else "T"
    if len(parts) == 1:
        return "Type()" if site.decl and site.decl[2] == "conversion" else "name()"
    if parts[0] == "?" or "(" in site.text:
        return "expr().m()" if parts[-2].endswith(")") else "expr().f.m()"
    if site.head == "pkg":
        return "pkg.F()" if len(parts) == 2 else "pkg.V.m()"
    if site.head == "type":
        return "T.m()"
    return "x.m()" if len(parts) == 2 else "x.f.m()"


def route(site: GoSite) -> str:
    """The oracle's declaration kind, where it lies from the site, and how it was selected."""
    if site.decl is None:
        return "unknown"
    path, _, kind, _ = site.decl
    if path is None:
        where = "outside"
    elif path == site.path:
        where = "same-file"
    elif path.rpartition("/")[0] == site.path.rpartition("/")[0]:
        where = "same-pkg"
    else:
        where = "other-pkg"
    return f"{kind} {where}" + ("+promoted" if site.promoted else "")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        print("usage: go_oracle.py ROOT DIR...", file=sys.stderr)
        return 2
    root = Path(args[0]).resolve()
    for site in sites_of(root, run_oracle(root, args[1:]))[0]:
        print(json.dumps(asdict(site)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
