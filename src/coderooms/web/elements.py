"""The graph a page draws, as the rendering library reads it (cytoscape.js elements): nodes with
an id, a label, a kind and where a click moves to; edges with a kind. Every page's data builder
collects them here, so the front end draws all pages one way."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from coderooms.languages import is_test_path

MAX_NODES = 400
"""Most nodes one page draws (a graph past it is unreadable anyway); the page says how many it
left out."""


def symbol_href(symbol_id: str) -> str:
    return "/ui/symbol?" + urlencode({"id": symbol_id})


def file_href(repo: str, path: str) -> str:
    return "/ui/surgical?" + urlencode({"repo": repo, "path": path})


def split_id(node_id: str) -> tuple[str, str, str]:
    """(repo, path, qualname) of a symbol or file id (`repo:path::qualname`, `repo:path`); a
    ghost (`repo:?:name`) has the path `?`."""
    repo, _, rest = node_id.partition(":")
    path, _, qualname = rest.partition("::")
    return repo, path, qualname


@dataclass(slots=True)
class Elements:
    """Nodes and edges, each once, in the order they were added (the page's order)."""

    nodes: dict[str, dict[str, Any]] = field(default_factory=dict)
    edges: dict[str, dict[str, Any]] = field(default_factory=dict)
    left_out: int = 0

    def symbol(self, node_id: str, *, kind: str = "", classes: tuple[str, ...] = (),
               **data: Any) -> str:  # fmt: skip
        """A symbol (or ghost) node; its label the qualname, its click its symbol page."""
        _repo, path, qualname = split_id(node_id)
        ghost = path == "?" or kind == "ghost"
        label = qualname or (path.rsplit("/", 1)[-1] if not ghost else node_id.rsplit(":", 1)[-1])
        found = ("ghost",) if ghost else ()
        tested = ("test",) if not ghost and is_test_path(path) else ()
        extra = {"path": path, "href": None if ghost else symbol_href(node_id)}
        return self.node(node_id, label, kind.lower() or "symbol",
                         (*found, *tested, *classes), **extra, **data)  # fmt: skip

    def file(self, repo: str, path: str, *, classes: tuple[str, ...] = (), **data: Any) -> str:
        tested = ("test",) if is_test_path(path) else ()
        return self.node(f"{repo}:{path}", path, "file", ("file", *tested, *classes),
                         path=path, href=file_href(repo, path), **data)  # fmt: skip

    def node(self, node_id: str, label: str, kind: str, classes: tuple[str, ...] = (),
             **data: Any) -> str:  # fmt: skip
        held = self.nodes.get(node_id)
        if held is not None:  # seen before: it may gain a class (a seed reached again)
            known = held["classes"].split()
            held["classes"] = " ".join(dict.fromkeys([*known, *classes]))
            return node_id
        if len(self.nodes) >= MAX_NODES:
            self.left_out += 1
            return node_id
        self.nodes[node_id] = {
            "data": {"id": node_id, "label": label, "kind": kind, **data},
            "classes": " ".join(dict.fromkeys(classes)),
        }
        return node_id

    def edge(self, source: str, target: str, kind: str, **data: Any) -> None:
        if source not in self.nodes or target not in self.nodes or source == target:
            return
        edge_id = f"{source}->{target}:{kind}"
        if edge_id not in self.edges:
            self.edges[edge_id] = {
                "data": {"id": edge_id, "source": source, "target": target, "kind": kind, **data},
                "classes": kind,
            }

    def as_list(self) -> list[dict[str, Any]]:
        return [*self.nodes.values(), *self.edges.values()]


def graph_answer(page: str, title: str, elements: Elements, layout: str,
                 **rest: Any) -> dict[str, Any]:  # fmt: skip
    """A page's data: what it is, its elements, how to lay them out and the side panel's
    sections (`rest`)."""
    answer: dict[str, Any] = {
        "page": page,
        "title": title,
        "layout": layout,
        "elements": elements.as_list(),
        "nodes": len(elements.nodes),
        "edges": len(elements.edges),
    }
    if elements.left_out:
        answer["left_out_nodes"] = elements.left_out
    return answer | rest
