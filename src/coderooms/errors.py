"""One root exception and a few meaningful kinds, each mapped to one clear MCP error.

Every error carries a stable `code`, a message saying what went wrong, and a `hint` saying what to
do next; `field` names the offending argument when bad input is the cause.
"""

from __future__ import annotations

from typing import Any

MESSAGE_HEAD_CHARS = 400
MESSAGE_TAIL_CHARS = 200
"""An error's message or hint longer than both is cut in the middle: a 3 MB path an agent
passed is named by its start and end, never echoed whole."""


def bounded(text: str) -> str:
    """`text`, or its start and end with how much was left out between them."""
    if len(text) <= MESSAGE_HEAD_CHARS + MESSAGE_TAIL_CHARS:
        return text
    cut = len(text) - MESSAGE_HEAD_CHARS - MESSAGE_TAIL_CHARS
    return f"{text[:MESSAGE_HEAD_CHARS]}…({cut} characters left out)…{text[-MESSAGE_TAIL_CHARS:]}"


class CoderoomsError(Exception):
    """Root of every error coderooms raises on purpose."""

    code = "error"

    def __init__(self, message: str, *, hint: str = "", field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.field = field

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"error": self.code, "message": bounded(self.message)}
        if self.field is not None:
            data["field"] = bounded(self.field)
        if self.hint:
            data["hint"] = bounded(self.hint)
        return data

    def __str__(self) -> str:
        text = f"{self.code}: {self.message}"
        if self.field is not None:
            text = f"{self.code} [{self.field}]: {self.message}"
        return f"{text} — {self.hint}" if self.hint else text


class InvalidInput(CoderoomsError):
    code = "invalid_input"


class NotFound(CoderoomsError):
    code = "not_found"


class Conflict(CoderoomsError):
    code = "conflict"


class Forbidden(CoderoomsError):
    code = "forbidden"


class NotServed(CoderoomsError):
    """A verb this server has but the operator's presets leave out (`serve --tools`)."""

    code = "not_served"


class NotReady(CoderoomsError):
    """The graph is not reachable yet (still starting, or down); the call may be retried."""

    code = "not_ready"


class GraphUnavailable(CoderoomsError):
    code = "neo4j_unavailable"


class GraphTimeout(CoderoomsError):
    """A statement ran past its server-side time limit and was rolled back."""

    code = "neo4j_timeout"


class ProvisionError(CoderoomsError):
    """The managed local Neo4j could not be installed, started or stopped."""

    code = "provision_failed"
