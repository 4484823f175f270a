"""The retrieval room: graph retrieval, read-only verbs that rank symbols (not lines) from the
code graph. `seek` blends lexical, semantic, graph and prior signals over index-backed candidates
(`seek`, `seek_signals`, `tokens`); `activate` spreads activation from seeds along weighted edges
(`activate`); `heuristics_surface` shows what seek's ranking saw for one symbol and the graph
facts around it (`heuristics`). Limits and weights in `graph_limits`; the MCP adapter
(`graph_tools`, wired by `server.py`). Text search is the room beside it, `coderooms.search`,
whose face gives it the repo scope, path patterns and answer rows. See docs/retrieval.md.

Its face: the request types, `heuristics_surface`, and the modules `seek` and `activate`, whose
verbs share their names (`seek.seek`, `activate.activate`): the face names the modules rather
than rebinding those names to the functions, which would hide the modules from
`import coderooms.retrieval.seek` and from patching by dotted path.
"""

from coderooms.retrieval import activate, seek
from coderooms.retrieval.activate import ActivateRequest
from coderooms.retrieval.heuristics import heuristics_surface
from coderooms.retrieval.seek import SeekRequest

__all__ = ["ActivateRequest", "SeekRequest", "activate", "heuristics_surface", "seek"]
