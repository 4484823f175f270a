"""The error the proof gate raises, a kind of the root errors in coderooms.errors (the edit
verbs' own, `SourceModified` and `PreviewExpired`, are in `coderooms.edits.errors`)."""

from __future__ import annotations

from coderooms.errors import Forbidden


class ProofRequired(Forbidden):
    """The proof gate is on and a target has no current, unexpired proof mark."""

    code = "proof_required"
