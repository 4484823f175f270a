"""Rust call sites and `use` declarations resolved by rust-analyzer, for
`resolution_accuracy_rust.py`.

`rust-analyzer lsif ROOT` is run once per corpus (its dump cached under the temp directory,
keyed by the checkout's HEAD) and read back: every range of a document of the corpus leads
(range -next-> resultSet -textDocument/definition-> definitionResult -item-> ranges) to the
document and line of its definition; the hover of the resultSet gives the definition's kind
(`fn`, `struct`, `mod`, a local, an enum variant, ...). Definitions in files outside the
corpus (std/core/alloc in the toolchain, dependencies in ~/.cargo/registry) are "outside".

Sites are found with tree-sitter, independently of the extractor: the function part of each
`call_expression` (the range asked about is its last identifier: `b` of `a::b::<T>`, `m` of
`x.y.m`; the site's line is where the function part starts, as the extractor records it), and
in macro arguments an identifier directly followed by a `(...)` token tree (its own line).
For each `use` declaration, every leaf's path is resolved segment by segment: the leaf imports
the file of its deepest segment that rust-analyzer calls a module (the leaf itself when it
names a module, else the module it is taken from), or is outside when that module is outside.

Run alone: `python benchmarks/rust_oracle.py ROOT FILE...` prints one JSON site a line.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import tree_sitter_rust
from tree_sitter import Language, Node, Parser

Decl = tuple[str | None, int, str, str]
"""(path in the corpus or None outside, 1-based line, kind, the definition's name)."""

_PARSER = Parser(Language(tree_sitter_rust.language()))
_KIND_RE = re.compile(
    r"\b(fn|struct|enum|union|trait|mod|const|static|type|macro_rules!|extern crate|let)\b"
)


@dataclass(slots=True)
class RsSite:
    kind: str  # "call", "macro" (a call in macro arguments) or "use"
    path: str
    line: int
    name: str  # the identifier asked about (the callee's last name; the use leaf)
    raw: str  # the callee / use leaf as written
    shape: str
    decls: list[Decl] = field(default_factory=list)
    to: str | None = None  # use: the file imported, None when outside or unresolved
    answered: bool = False  # use: rust-analyzer resolved the leaf's path


class Lsif:
    """The parts of a dump this needs: range positions and their definitions."""

    def __init__(self, root: Path, dump: Path) -> None:
        self.root = root
        docs: dict[int, str] = {}
        ranges: dict[int, tuple[int, int, int]] = {}  # id -> start line, start char, end line
        nxt: dict[int, int] = {}
        definition: dict[int, int] = {}
        hover_of: dict[int, int] = {}
        hovers: dict[int, str] = {}
        items: dict[int, list[tuple[int, list[int]]]] = {}
        contains: dict[int, int] = {}
        with dump.open() as lines:
            for line in lines:
                o = json.loads(line)
                label = o["label"]
                if label == "range":
                    s, e = o["start"], o["end"]
                    ranges[o["id"]] = (s["line"], s["character"], e["line"])
                elif label == "next":
                    nxt[o["outV"]] = o["inV"]
                elif label == "textDocument/definition":
                    definition[o["outV"]] = o["inV"]
                elif label == "item" and "document" in o:
                    items.setdefault(o["outV"], []).append((o["document"], o["inVs"]))
                elif label == "document":
                    docs[o["id"]] = o["uri"].removeprefix("file://")
                elif label == "contains" and "inVs" in o:
                    for r in o["inVs"]:
                        contains[r] = o["outV"]
                elif label == "textDocument/hover":
                    hover_of[o["outV"]] = o["inV"]
                elif label == "hoverResult":
                    contents = o["result"]["contents"]
                    hovers[o["id"]] = (
                        contents.get("value", "") if isinstance(contents, dict) else ""
                    )
        prefix = f"{root}/"
        self.paths = {
            d: u.removeprefix(prefix) if u.startswith(prefix) else None for d, u in docs.items()
        }
        self.ranges = ranges
        self.at: dict[tuple[str, int, int], int] = {}
        for rid, doc in contains.items():
            path = self.paths.get(doc)
            if path is not None and rid in ranges:
                line, char, _ = ranges[rid]
                self.at[(path, line, char)] = rid
        self.definition, self.items, self.nxt = definition, items, nxt
        self.kinds = {rs: _kind(hovers.get(h, "")) for rs, h in hover_of.items()}
        self.documents = docs
        self._names: dict[tuple[int, int], str] = {}

    def decls(self, path: str, line0: int, char16: int) -> list[Decl] | None:
        """The definitions of the range starting there; None when there is no such range."""
        rid = self.at.get((path, line0, char16))
        if rid is None:
            return None
        result_set = self.nxt.get(rid)
        kind = self.kinds.get(result_set, "other")
        found: list[Decl] = []
        for doc, targets in self.items.get(self.definition.get(result_set, -1), []):
            where = self.paths.get(doc)
            for target in targets:
                start_line, _, _ = self.ranges[target]
                name = self._name(doc, target) if where is not None else ""
                derived = name == "derive" or (name[:1].isupper() and kind.endswith("fn"))
                found.append((where, start_line + 1, "derived" if derived else kind, name))
        return found

    def _name(self, doc: int, target: int) -> str:
        key = (doc, target)
        if key not in self._names:
            line, char, _ = self.ranges[target]
            try:
                text = Path(self.documents[doc]).read_text("utf-8", "replace").split("\n")[line]
            except (OSError, IndexError):
                text = ""
            head = text.encode("utf-16-le")[2 * char :].decode("utf-16-le", "replace")
            if head.startswith("derive(") or (re.match(r"\w+\s*[,)]", head) and "#[" in text):
                self._names[key] = "derive"
                return "derive"
            match = re.match(r"r#|[A-Za-z_0-9]+", head)
            self._names[key] = match.group(0) if match else ""
        return self._names[key]


def _kind(hover: str) -> str:
    """The definition's kind from its hover: container and signature blocks, then the docs."""
    blocks = re.findall(r"```rust\n(.*?)```", hover.split("\n---\n", maxsplit=1)[0], re.S)
    if not blocks:
        return "other"
    signature, container = blocks[-1].strip(), blocks[0].strip() if len(blocks) > 1 else ""
    match = _KIND_RE.search(signature.split("{")[0])
    if match is None:
        last = container.rsplit("::", 1)[-1]
        return "variant" if last[:1].isupper() else "local"
    kind = "fn" if re.search(r"\bfn\b", signature.split("{")[0]) else match.group(1)
    if kind == "fn" and re.search(r"\(\s*(&\s*('\w+\s+)?(mut\s+)?)?(mut\s+)?self\b", signature):
        return "method"
    if kind == "fn" and container.rsplit("::", 1)[-1][:1].isupper():
        return "assoc fn"
    return kind


def run_lsif(root: Path) -> Path:
    """The cached dump of `root` (made now when missing)."""
    head = subprocess.run(
        ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    scratch = Path(tempfile.gettempdir()) / "coderooms-accuracy"
    scratch.mkdir(exist_ok=True)
    dump = scratch / f"lsif-{root.name}-{head or 'nogit'}.jsonl"
    if not dump.exists() or dump.stat().st_size == 0:
        partial = dump.with_suffix(".partial")
        with partial.open("w") as out:
            subprocess.run(
                ["rust-analyzer", "lsif", str(root)],
                stdout=out, stderr=subprocess.DEVNULL, check=True,
            )  # fmt: skip
        partial.rename(dump)
    return dump


# -- sites ---------------------------------------------------------------------------------------


def _utf16(line: bytes, column: int) -> int:
    return len(line[:column].decode("utf-8", "replace").encode("utf-16-le")) // 2


def _last_name(fn: Node) -> Node | None:
    while True:
        if fn.type in ("identifier", "self", "super", "crate"):
            return fn
        if fn.type == "generic_function":
            fn = fn.child_by_field_name("function") or fn
        elif fn.type == "scoped_identifier":
            return fn.child_by_field_name("name")
        elif fn.type == "field_expression":
            return fn.child_by_field_name("field")
        else:
            return None


def call_shape(fn: Node, source: bytes) -> str:
    """The syntactic shape of a callee, for the breakdown of misses."""
    if fn.type == "generic_function":
        fn = fn.child_by_field_name("function") or fn
    if fn.type == "identifier":
        return "f()"
    if fn.type == "field_expression":
        value = fn.child_by_field_name("value")
        kind = value.type if value is not None else ""
        if kind == "self":
            return "self.m()"
        if kind == "identifier":
            return "x.m()"
        if kind == "field_expression":
            inner = value.child_by_field_name("value") if value is not None else None
            return "self.a.m()" if inner is not None and inner.type == "self" else "x.a.m()"
        return "expr().m()"
    if fn.type == "scoped_identifier":
        path = fn.child_by_field_name("path")
        if path is None:
            return "::f()"
        written = source[path.start_byte : path.end_byte].decode("utf-8", "replace")
        last = re.split(r"::", re.sub(r"<.*>", "", written))[-1].strip()
        if path.type == "bracketed_type":
            return "<T as Tr>::f()"
        if written == "Self":
            return "Self::f()"
        if last[:1].isupper() or path.type == "generic_type":
            return "Type::f()"
        return "mod::f()"
    return "other()"


def _use_leaves(node: Node, prefix: list[Node], out: list[tuple[list[Node], Node]]) -> None:
    """(path segments, leaf node) for each leaf of a use tree."""
    kind = node.type
    if kind in ("identifier", "self", "crate", "super"):
        out.append(([*prefix, node], node))
    elif kind == "scoped_identifier":
        segments: list[Node] = []
        _flatten(node, segments)
        out.append(([*prefix, *segments], node))
    elif kind == "use_as_clause":
        path = node.child_by_field_name("path")
        if path is not None:
            _use_leaves(path, prefix, out)
    elif kind == "use_wildcard":
        inner = list(node.named_children)
        segments = []
        for child in inner:
            _flatten(child, segments)
        out.append(([*prefix, *segments], node))
    elif kind == "scoped_use_list":
        path = node.child_by_field_name("path")
        segments = []
        if path is not None:
            _flatten(path, segments)
        listed = node.child_by_field_name("list")
        if listed is not None:
            _use_leaves(listed, [*prefix, *segments], out)
    elif kind == "use_list":
        for child in node.named_children:
            _use_leaves(child, prefix, out)


def _flatten(node: Node, segments: list[Node]) -> None:
    if node.type == "scoped_identifier":
        for part in (node.child_by_field_name("path"), node.child_by_field_name("name")):
            if part is not None:
                _flatten(part, segments)
    elif node.type in ("identifier", "self", "crate", "super"):
        segments.append(node)


def sites_of(root: Path, lsif: Lsif, paths: list[str]) -> list[RsSite]:
    sites: list[RsSite] = []
    for path in paths:
        _file_sites(lsif, path, (root / path).read_bytes(), sites)
    return sites


def _file_sites(lsif: Lsif, path: str, source: bytes, sites: list[RsSite]) -> None:
    lines = source.split(b"\n")
    tree = _PARSER.parse(source)

    def ask(node: Node) -> list[Decl] | None:
        row, col = node.start_point
        return lsif.decls(path, row, _utf16(lines[row], col))

    def text(node: Node) -> str:
        return source[node.start_byte : node.end_byte].decode("utf-8", "replace")

    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(reversed(node.children))
        if node.type == "call_expression":
            fn = node.child_by_field_name("function")
            name = _last_name(fn) if fn is not None else None
            if fn is None or name is None:
                continue
            decls = ask(name)
            site = RsSite(
                "call",
                path,
                fn.start_point[0] + 1,
                text(name),
                " ".join(text(fn).split())[:80],
                call_shape(fn, source),
                decls or [],
            )
            sites.append(site)
        elif node.type == "identifier" and node.parent is not None:
            if node.parent.type != "token_tree":
                continue
            after = node.next_sibling
            if after is None or after.type != "token_tree" or not text(after).startswith("("):
                continue
            decls = ask(node)
            raw = text(node)
            sites.append(
                RsSite("macro", path, node.start_point[0] + 1, raw, raw, "in macro!()", decls or [])
            )
        elif node.type == "use_declaration":
            argument = node.child_by_field_name("argument")
            if argument is None:
                continue
            leaves: list[tuple[list[Node], Node]] = []
            _use_leaves(argument, [], leaves)
            for segments, leaf in leaves:
                sites.append(_use_site(path, node, segments, leaf, ask, text))


def _use_site(
    path: str, node: Node, segments: list[Node], leaf: Node, ask: Any, text: Any
) -> RsSite:
    """The file a use leaf imports: that of its deepest segment resolving to a module."""
    site = RsSite(
        "use",
        path,
        node.start_point[0] + 1,
        text(segments[-1]) if segments else "",
        "::".join(text(s) for s in segments)[:80],
        "use",
        [],
    )
    for segment in reversed(segments):
        decls = ask(segment)
        if not decls:
            continue
        site.answered = True
        if segment is segments[-1]:
            site.decls = decls
        modules = [d for d in decls if d[2] in ("mod", "extern crate")]
        if modules:
            site.to = modules[0][0]
            break
    return site


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        print("usage: rust_oracle.py ROOT FILE...", file=sys.stderr)
        return 2
    root = Path(args[0]).resolve()
    lsif = Lsif(root, run_lsif(root))
    for site in sites_of(root, lsif, args[1:]):
        print(json.dumps(asdict(site)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
