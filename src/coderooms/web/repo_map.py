"""The repository map: directories sized by their lines of code, the file imports between them,
and the import cycles among directories marked (strongly connected components); a directory's
files and their outermost definitions when one is chosen."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from coderooms.core.kinds import SymbolKind
from coderooms.errors import InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.ingest import DEEP_LANGUAGES
from coderooms.web.elements import Elements, graph_answer, symbol_href
from coderooms.web.params import Params

MAX_GROUPS = 80
"""Directories a map draws: the deepest grouping of paths that gives at most this many."""
DEPTH_MAX = 12
DIR_FILES = 200
"""Files a directory's listing shows."""
DIR_SYMBOLS = 30
"""Outermost definitions listed per file."""
CODE = sorted(DEEP_LANGUAGES)
ROOT_DIR = "."
"""How the map names the repository's top directory (files there have `dir` "")."""


def repo_map(graph: Graph, readable: Sequence[str], params: Params) -> dict[str, Any]:
    repo = _readable_repo(params, readable)
    # both statements return their rows collected (`rows`): one record, however many rows
    rows = graph.read("web/repo_dirs", repo=repo, repos=list(readable), code=CODE)
    imports = graph.read("web/dir_imports", repo=repo, repos=list(readable))
    if not rows:
        raise NotFound(f"no files in repo {repo!r}", field="repo")
    depth = params.number("depth", 0) or _depth_for(rows)
    groups: dict[str, dict[str, int]] = defaultdict(lambda: {"files": 0, "code_lines": 0})
    for row in rows:
        group = groups[_group(row["dir"], depth)]
        group["files"] += int(row["files"])
        group["code_lines"] += int(row["code_lines"])
    weights: dict[tuple[str, str], int] = defaultdict(int)
    for row in imports:
        source, target = _group(row["source"], depth), _group(row["target"], depth)
        if source != target:
            weights[(source, target)] += int(row["imports"])
    cyclic = _cyclic(set(groups), weights)
    elements = Elements()
    for name, size in sorted(groups.items()):
        href = "/ui/map?" + urlencode({"repo": repo, "dir": "" if name == ROOT_DIR else name})
        classes = ("dir", "cycle") if name in cyclic else ("dir",)
        elements.node(f"dir:{name}", name, "directory", classes, href=href, dir=name,
                      files=size["files"], code_lines=size["code_lines"])  # fmt: skip
    for (source, target), count in sorted(weights.items()):
        kind = "imports cycle" if cyclic.get(source) is not None and \
            cyclic.get(source) == cyclic.get(target) else "imports"  # fmt: skip
        elements.edge(f"dir:{source}", f"dir:{target}", kind, imports=count)
    chosen = params.text("dir")
    listing = _listing(graph, readable, repo, chosen) if chosen is not None else None
    return graph_answer(
        "map",
        f"map of {repo}",
        elements,
        "cose",
        repo=repo,
        depth=depth,
        cycles=sorted(
            {tuple(sorted(n for n, c in cyclic.items() if c == comp)) for comp in cyclic.values()}
        ),
        directory=listing,
    )


def dir_listing(graph: Graph, readable: Sequence[str], params: Params) -> dict[str, Any]:
    repo = _readable_repo(params, readable)
    return _listing(graph, readable, repo, params.text("dir") or "")


def _listing(graph: Graph, readable: Sequence[str], repo: str, directory: str) -> dict[str, Any]:
    files = graph.read("web/dir_files", repo=repo, repos=list(readable),
                       dir="" if directory == ROOT_DIR else directory, files=DIR_FILES,
                       symbols=DIR_SYMBOLS, module=SymbolKind.MODULE.value)  # fmt: skip
    for file in files:
        for symbol in file["symbols"]:
            symbol["href"] = symbol_href(symbol["id"])
        file["href"] = "/ui/surgical?" + urlencode({"repo": repo, "path": file["path"]})
    return {"dir": directory or ROOT_DIR, "files": files}


def _readable_repo(params: Params, readable: Sequence[str]) -> str:
    repo = params.text("repo")
    if repo is None:
        if len(readable) == 1:
            return readable[0]
        raise InvalidInput("repo is required (this server reads several)", field="repo",
                           hint="one of: " + ", ".join(readable[:20]))  # fmt: skip
    if repo not in readable:
        raise NotFound(f"no repo {repo[:80]!r}", field="repo",
                       hint="a server reads only the repos under its operator's roots")  # fmt: skip
    return repo


def _group(directory: str, depth: int) -> str:
    if not directory:
        return ROOT_DIR
    return "/".join(directory.split("/")[:depth])


def _depth_for(rows: list[dict[str, Any]]) -> int:
    """The deepest grouping with at most MAX_GROUPS directories (at least one level)."""
    best = 1
    deepest = max((row["dir"].count("/") + 1 for row in rows if row["dir"]), default=1)
    for depth in range(1, min(deepest, DEPTH_MAX) + 1):
        if len({_group(row["dir"], depth) for row in rows}) > MAX_GROUPS:
            break
        best = depth
    return best


def _cyclic(nodes: set[str], weights: dict[tuple[str, str], int]) -> dict[str, int]:
    """Directory -> its component's number, for the directories on an import cycle (Tarjan's
    strongly connected components of more than one directory), in a deterministic order."""
    edges: dict[str, list[str]] = defaultdict(list)
    for source, target in sorted(weights):
        edges[source].append(target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: dict[str, int] = {}
    counter = 0
    components = 0
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, 0)]
        while work:  # iterative: a deep directory chain must not reach the recursion limit
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            targets = edges.get(node, [])
            if child < len(targets):
                work.append((node, child + 1))
                nxt = targets[child]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                members = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    members.append(top)
                    if top == node:
                        break
                if len(members) > 1:
                    for member in members:
                        found[member] = components
                    components += 1
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found
