"""The surgical room: the context proof. `surgical_context` and `surgical_context_v2` name one
file (`locate`), read its graph neighbours (`context`, ranked by `connected`, bounded by
`context_limits`, paged compactly by `compact`), decide the proof state (`proof_state`) and keep
the proof marks the gate asks for (`proof`, raising `errors.ProofRequired`); the two verbs are
`file_context` (`describe`, `prove`), their MCP adapter `context_tools` (wired by `server.py`).
The edits the proof admits are the room beside it, `coderooms.edits`. See docs/surgical-context.md.

Its face, what other rooms take from it: the proof gate (`require_proof`, `ProofRequired`,
`ABSENT_HASH` the hash of a file that does not exist, `GC_BATCH`), and naming a file the way
`surgical_context` does (`resolve`, `not_in_graph`, `Located`, `Unlocated`), and a file's
co-change partners from its own history (`co_change_partners`, read as `partner_rows`).
"""

from coderooms.surgical.co_changes import co_change_partners, partner_rows
from coderooms.surgical.errors import ProofRequired
from coderooms.surgical.locate import Located, Unlocated, not_in_graph, resolve
from coderooms.surgical.proof import ABSENT_HASH, GC_BATCH, require_proof

__all__ = [
    "ABSENT_HASH",
    "GC_BATCH",
    "Located",
    "ProofRequired",
    "Unlocated",
    "co_change_partners",
    "not_in_graph",
    "partner_rows",
    "require_proof",
    "resolve",
]
