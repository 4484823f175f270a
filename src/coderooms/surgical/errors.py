"""The errors only the edit verbs raise; each is a kind of the root errors in coderooms.errors."""

from __future__ import annotations

from coderooms.errors import Conflict, Forbidden


class SourceModified(Conflict):
    """The file on disk is no longer the content the edit was made against."""

    code = "source_modified"


class PreviewExpired(Conflict):
    """The preview outlived its TTL; it was collected and cannot be committed."""

    code = "preview_expired"


class ProofRequired(Forbidden):
    """The proof gate is on and a target has no current, unexpired proof mark."""

    code = "proof_required"
