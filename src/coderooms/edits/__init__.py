"""The edits room: safe edits. `apply`, `apply_batch`, `edit_preview` and `edit_commit` write
through one path (`apply.execute`): path safety, the content each edit was made against
(`diffs`), cross-process locks (`locks`), journaled writes that a crash cannot leave half done
(`batch_write`, `journal`, `atomic`, replayed at start by `recovery`), previews kept in Neo4j
(`previews`), and the graph brought to the new files at once. The proof gate it asks is the
surgical room's (`coderooms.surgical`); `faults` injects crashes for the tests. Its MCP adapter
is `tools` (wired by `server.py`), over the argument models of `requests` and the staged edits of
`staged`. See docs/edits.md.

Its face: one write (`execute`, `EditRequest`), the replay of crashed writes (`recover_writes`)
and the errors the edit verbs raise (`SourceModified`, `PreviewExpired`).
"""

from coderooms.edits.apply import EditRequest, execute
from coderooms.edits.errors import PreviewExpired, SourceModified
from coderooms.edits.recovery import recover_writes

__all__ = ["EditRequest", "PreviewExpired", "SourceModified", "execute", "recover_writes"]
