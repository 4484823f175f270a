"""The symbols an agent's text names (`view symbol=`, `impact`'s seeds, `seek`'s exact answer):
an id (`repo:path::Qual.name`, or `path::Qual.name` as answers write it), a qualname
(`Schema.load`), a module-qualified name (`utils.get_value`) or a bare name (`get_value`), in
the repos a server reads, with the likeliest first.

A text may name several symbols; none is chosen silently. `Found.exact` holds those the text
names (its id, its qualname, or its bare name), likeliest first: code before tests, then code
outside example, documentation and benchmark directories, then definitions before variables,
then id. `Found.near` holds symbols that share only the last name (`Other.load` for
`Schema.load`), which an answer names as "not this, but maybe" rather than answering for. An id
names its symbol or nothing: the id of a symbol another repo (or no repo) holds never falls
back to a same-named symbol here, which would answer for code the agent did not name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from coderooms.graph.driver import Graph
from coderooms.languages import is_test_path

LOOKUP_LIMIT = 200
"""Symbols one lookup reads (by rank, then id); `Found.total` counts them all."""
ASIDE_DIRECTORY = re.compile(
    r"(^|/)(examples?|docs?|benchmarks?|samples?|static|assets|public|vendor|third_party|dist)/"
)
"""Directories whose code is rarely the symbol asked about: examples, docs and benchmarks; a web
front end's assets (`static/`, `assets/`, `public/`), vendored or built code. Ranked after the
rest (issue 30: front-end JavaScript ranked above the Python function asked for)."""
VARIABLE_KINDS = frozenset({"Variable", "variable"})

ID_RANK, QUALNAME_RANK, NAME_RANK = 0, 1, 2


@dataclass(frozen=True, slots=True)
class SymbolAt:
    id: str
    repo: str
    path: str
    qualname: str
    name: str
    kind: str
    start_line: int
    end_line: int
    signature: str | None
    rank: int

    @property
    def where(self) -> str:
        """`path:start-end`, as a model reads a definition's place."""
        return f"{self.path}:{self.start_line}-{self.end_line}"

    @property
    def row(self) -> str:
        """`path:start-end qualname`: where it is, and its id (`path::qualname`)."""
        return f"{self.where} {self.qualname or '<module>'}"


@dataclass(frozen=True, slots=True)
class Found:
    exact: list[SymbolAt]
    """The symbols the text names, likeliest first."""
    near: list[SymbolAt]
    """Symbols sharing only the text's last name (the text's qualname names none of them)."""
    total: int
    """Every symbol the lookup matched, past LOOKUP_LIMIT too."""

    @property
    def best(self) -> SymbolAt | None:
        return self.exact[0] if self.exact else None


def likeliest(symbol: SymbolAt) -> tuple[int, bool, bool, bool, int, str]:
    """The order of same-named symbols: how the text matched, code before tests, outside
    example and doc directories, definitions before variables, shallower qualnames, id."""
    return (
        symbol.rank,
        is_test_path(symbol.path),
        bool(ASIDE_DIRECTORY.search(symbol.path)),
        symbol.kind in VARIABLE_KINDS,
        symbol.qualname.count("."),
        symbol.id,
    )


def find_symbols(graph: Graph, text: str, repos: Sequence[str], limit: int = LOOKUP_LIMIT) -> Found:
    """The symbols `text` names in `repos` (see the module's docstring), the first `limit` by
    rank then id."""
    text = text.strip()
    if not repos or not text:
        return Found([], [], 0)
    name = re.split(r"[.:]", text)[-1] or text
    ids = [text, *(f"{repo}:{text}" for repo in repos)] if "::" in text else []
    (row,) = graph.read("graph/symbols_by_text", ids=ids, qualname=text, name=name,
                        repos=list(repos), limit=limit)  # fmt: skip
    found = [SymbolAt(**{**s, "qualname": s["qualname"] or "", "start_line": int(s["start_line"]
             or 0), "end_line": int(s["end_line"] or 0)}) for s in row["symbols"]]  # fmt: skip
    an_id = "::" in text  # an id names its symbol or nothing: never a same-named one elsewhere
    dotted = "." in text and not an_id
    exact: list[SymbolAt] = []
    near: list[SymbolAt] = []
    for symbol in found:
        if an_id:
            (exact if symbol.rank == ID_RANK else near).append(symbol)
        elif symbol.rank < NAME_RANK or not dotted or _module_qualified(symbol, text):
            exact.append(symbol)
        else:
            near.append(symbol)
    return Found(sorted(exact, key=likeliest), sorted(near, key=likeliest), int(row["total"]))


def _module_qualified(symbol: SymbolAt, text: str) -> bool:
    """`utils.get_value` names `src/pkg/utils.py::get_value`: the dotted text is the end of the
    file's module path and the qualname."""
    module = symbol.path.rsplit(".", 1)[0].replace("/", ".")
    return f"{module}.{symbol.qualname}".endswith(f".{text}") or (
        f"{module}.{symbol.qualname}" == text
    )
