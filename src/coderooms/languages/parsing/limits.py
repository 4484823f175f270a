"""What one file's extraction may hold, whatever its source: a tree too deep is not walked, and
definitions and references that would make an id or an indexed name too large are left out.

Hostile or generated source (a minified bundle, `f(f(f(...)))`, 5,000 nested functions) must
neither eat minutes of CPU nor produce a value Neo4j refuses to index (its index keys hold at
most 8 KB), which would stop the write of every other file of the changeset. Each limit is far
above what real code reaches (measured on 20,425 files of 19 projects in the 16 languages and
the Python 3.11 standard library with site-packages: trees at most 808 deep, docs/security.md).

* `MAX_SYNTAX_DEPTH`: a parse tree deeper than this is not extracted (module symbol only).
  tree-sitter's query cursor counts depth in 16 bits: past 65,535 it runs in quadratic time
  (a 300 KB `f(f(...))`: 53 s of CPU) and returns wrong captures; and the extractors ask for
  a node's parent, which tree-sitter walks down from the root, so a deep tree costs them the
  square of its depth.
* `MAX_SYMBOL_DEPTH`: a definition nested in more definitions than this is not a symbol; it is
  folded into its enclosing symbol (its calls are that symbol's calls).
* `MAX_QUALNAME_BYTES`: a definition whose qualified name (or name) is longer is folded the same
  way: ids stay `<repo>:<path>::<qualname>`, readable and stable, and under 2 KB with paths
  under `core.files.MAX_PATH_BYTES`.
* `MAX_REFERENCE_BYTES`: a call, base or import whose name or module is longer is left out
  (`CALLS.name` is indexed; a ghost's id holds the name).

Each cut is said once per file in the extraction's problems; the cut is a function of the
file's bytes alone, so a full and an incremental ingest cut the same.
"""

from __future__ import annotations

from dataclasses import replace

from tree_sitter import Node

from coderooms.resolution.extraction import Extraction, ImportRef, SymbolDef

MAX_SYNTAX_DEPTH = 4096
MAX_SYMBOL_DEPTH = 64
MAX_QUALNAME_BYTES = 512
MAX_REFERENCE_BYTES = 512


def syntax_depth_over(root: Node, limit: int = MAX_SYNTAX_DEPTH) -> bool:
    """Whether the tree under `root` is more than `limit` nodes deep. A subtree with fewer
    descendants than the depth still allowed below it cannot be too deep and is skipped, so
    ordinary code costs a visit of the top-level statements, not of every node."""
    if root.descendant_count <= limit:
        return False
    cursor = root.walk()
    depth = 0
    while True:
        node = cursor.node
        below = node.descendant_count if node is not None else 0
        if depth + below > limit and cursor.goto_first_child():
            depth += 1
            if depth > limit:
                return True
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return False
            depth -= 1


def too_long(text: str, limit: int) -> bool:
    """`text` takes more than `limit` bytes in UTF-8 (encoded only when it may)."""
    return len(text) > limit // 4 and len(text.encode("utf-8", "surrogatepass")) > limit


def bound_extraction(ex: Extraction) -> None:
    """Fold the definitions past the limits into their enclosing symbol and drop the
    references with names past them; a problem says what was left out."""
    folded = _fold_symbols(ex)
    if folded:
        _refold(ex, folded)
    _drop_long_references(ex)


def _fold_symbols(ex: Extraction) -> dict[str, str]:
    """The qualname of each definition past the limits -> that of its nearest kept ancestor
    (`""`: the module); the kept symbols' parents follow."""
    depth: dict[str, int] = {"": 0}
    folded: dict[str, str] = {}
    first_line = 0
    for symbol in ex.symbols:  # in source order: a parent comes before what it holds
        if symbol.parent is None:
            continue
        parent = folded.get(symbol.parent, symbol.parent)
        level = depth.get(parent, 0) + 1
        if (
            level > MAX_SYMBOL_DEPTH
            or too_long(symbol.qualname, MAX_QUALNAME_BYTES)
            or too_long(symbol.name, MAX_QUALNAME_BYTES)
        ):
            folded[symbol.qualname] = parent
            first_line = first_line or symbol.start_line
        else:
            depth[symbol.qualname] = level
    if not folded:
        return folded
    kept: list[SymbolDef] = []
    for symbol in ex.symbols:
        if symbol.qualname in folded and symbol.parent is not None:
            continue
        holder = symbol.parent
        if holder is not None and holder in folded:
            symbol = replace(symbol, parent=folded[holder])  # noqa: PLW2901
        kept.append(symbol)
    ex.problems.append(
        f"{len(ex.symbols) - len(kept)} definitions not extracted: nested more than"
        f" {MAX_SYMBOL_DEPTH} deep or named with more than {MAX_QUALNAME_BYTES} bytes, folded"
        f" into the definition around them (first at line {first_line})"
    )
    ex.symbols = kept
    return folded


def _refold(ex: Extraction, folded: dict[str, str]) -> None:
    """What was attributed to a folded definition belongs to the one it was folded into; its
    own bindings and bases go with it."""
    ex.calls = [
        replace(call, caller=folded[call.caller]) if call.caller in folded else call
        for call in ex.calls
    ]
    ex.imports = [
        replace(ref, scope=folded[ref.scope]) if ref.scope in folded else ref for ref in ex.imports
    ]
    ex.inherits = [ref for ref in ex.inherits if ref.child not in folded]
    ex.facts = [fact for fact in ex.facts if fact.scope not in folded]


def _drop_long_references(ex: Extraction) -> None:
    limit = MAX_REFERENCE_BYTES
    calls = [c for c in ex.calls if not too_long(c.callee, limit)]
    inherits = [i for i in ex.inherits if not too_long(i.base, limit)]
    imports = [i for i in ex.imports if not _long_import(i, limit)]
    dropped = len(ex.calls) - len(calls) + len(ex.inherits) - len(inherits)
    dropped += len(ex.imports) - len(imports)
    if not dropped:
        return
    first = min(
        [c.line for c in ex.calls if too_long(c.callee, limit)]
        + [i.line for i in ex.inherits if too_long(i.base, limit)]
        + [i.line for i in ex.imports if _long_import(i, limit)]
    )
    ex.problems.append(
        f"{dropped} references not extracted: a name over {limit} bytes (first at line {first})"
    )
    ex.calls, ex.inherits, ex.imports = calls, inherits, imports


def _long_import(ref: ImportRef, limit: int) -> bool:
    names = [ref.module, *ref.names, ref.alias or "", *(a or "" for a in ref.aliases)]
    return any(too_long(name, limit) for name in names)
