"""The errors only the edit verbs raise; each is a kind of the root errors in coderooms.errors
(the proof gate's `ProofRequired` is the surgical room's, `coderooms.surgical.errors`)."""

from __future__ import annotations

from coderooms.errors import Conflict


class SourceModified(Conflict):
    """The file on disk is no longer the content the edit was made against."""

    code = "source_modified"


class PreviewExpired(Conflict):
    """The preview outlived its TTL; it was collected and cannot be committed."""

    code = "preview_expired"
