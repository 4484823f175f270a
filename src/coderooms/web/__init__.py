"""The web view: a person's picture of what the agents see (docs/web-view.md). Pages for a
symbol, an answer (`impact`, `surgical_context`, a perspective) drawn as its subgraph, and a
repository map, kept live by polling the repos' generation. It is a front end beside the MCP
layer, not a room: it reads through the rooms' read paths and its own statements in
`cypher/web/`, always with the server's scope, and writes nothing. It knows no HTTP framework:
`coderooms.protocol.web_routes` serves it (on `serve --http`, or `coderooms ui`'s own server).

`view` (the data of each page, `View`), `answers`, `symbol_page`, `repo_map` (the pages),
`elements` (what the rendering library draws), `links` (the `web` link answers carry),
`static/` (the page, its script and style, and the vendored cytoscape.js).
"""

from pathlib import Path

from coderooms.web.links import LINKED, answer_path
from coderooms.web.symbol_page import NotesReader
from coderooms.web.view import PAGES, View, status_of

STATIC = Path(__file__).resolve().parent / "static"
"""The files the page loads (index.html, app.js, app.css, vendor/cytoscape.min.js)."""

__all__ = ["LINKED", "PAGES", "STATIC", "NotesReader", "View", "answer_path", "status_of"]
