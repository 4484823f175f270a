"""The `repo` arguments several rooms' verbs share, defined once: which repos a call covers
(search and retrieval), and which repo a path argument is relative to (the context proof, the
edits). Their descriptions are what the calling model reads in the tool listing; the two
wordings of the second are kept as they are listed today (`listing_snapshot.json` pins them)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

RepoArg = Annotated[
    str | None, Field(description="Repo id to cover; omit to cover every repo this server reads.")
]
"""The `repo` argument of the search and retrieval verbs: the repos a call covers."""

PathRepoArg = Annotated[
    str | None, Field(description="Repo id (needed when several ingested repos hold the path).")
]
"""The `repo` argument of `surgical_context` and `surgical_context_v2`: the repo of `path`."""

EditRepoArg = Annotated[
    str | None,
    Field(description="Repo id the path is relative to (needed when several repos are ingested)."),
]
"""The `repo` argument of the edit verbs (and of each file of `apply_batch`): the repo of
`path`."""
