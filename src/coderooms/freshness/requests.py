"""The arguments of the freshness verbs (`auto_ingest_*`, `daemon_*`, `alerts_*`), each
described for the tool listing; the adapter (`tools`) reads them once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from coderooms.freshness.alerts import (
    DEFAULT_LIST_LIMIT,
    MAX_ACK_IDS,
    MAX_LIST_LIMIT,
)
from coderooms.freshness.options import (
    DEFAULT_DEBOUNCE_MS,
    DEFAULT_IDLE_POLL_MS,
    MAX_DEBOUNCE_MS,
    MAX_IDLE_POLL_MS,
    MIN_IDLE_POLL_MS,
)
from coderooms.verbs.budget import (
    MAX_TOKENS_DEFAULT,
    CursorArg,
    MaxTokensArg,
)

Roots = Annotated[
    list[str] | None,
    Field(
        description="Directories to keep fresh, each one repo: the server's roots or directories "
        "under them. Omit for the server's roots."
    ),
]
Debounce = Annotated[
    int,
    Field(
        description="Wait this long after a file's last event before ingesting it.",
        ge=0,
        le=MAX_DEBOUNCE_MS,
    ),
]
Repo = Annotated[
    str | None, Field(description="Repo id for a single root (default: its directory name).")
]
SomeRoots = Annotated[
    list[str] | None, Field(description="Roots whose watcher to stop; omit to stop all.")
]


@dataclass(frozen=True, slots=True)
class StartArguments:
    """The arguments of `auto_ingest_start`."""

    roots: Roots = None
    debounce_ms: Debounce = DEFAULT_DEBOUNCE_MS
    repo: Repo = None
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT


@dataclass(frozen=True, slots=True)
class StopArguments:
    """The arguments of `auto_ingest_stop` and `daemon_stop`."""

    roots: SomeRoots = None
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT


@dataclass(frozen=True, slots=True)
class StatusArguments:
    """The arguments of `auto_ingest_status`."""

    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class DaemonStartArguments:
    """The arguments of `daemon_start`."""

    roots: Roots = None
    debounce_ms: Debounce = DEFAULT_DEBOUNCE_MS
    idle_poll_ms: Annotated[
        int,
        Field(
            description="Idle poll before backoff (grows x2 up to 10 s).",
            ge=MIN_IDLE_POLL_MS,
            le=MAX_IDLE_POLL_MS,
        ),
    ] = DEFAULT_IDLE_POLL_MS
    repo: Repo = None
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT


@dataclass(frozen=True, slots=True)
class DaemonStatusArguments:
    """The arguments of `daemon_status`."""

    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class TickArguments:
    """The arguments of `daemon_tick`."""

    force: Annotated[
        bool, Field(description="Take pending files now, without waiting for debounce.")
    ] = False
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT


@dataclass(frozen=True, slots=True)
class AlertsListArguments:
    """The arguments of `alerts_list`."""

    repo: Annotated[str | None, Field(description="Only this repo's alerts.")] = None
    severity: Annotated[str | None, Field(description="low, medium, high or critical.")] = None
    kind: Annotated[
        str | None,
        Field(
            description="graph_vs_disk_drift, co_change_prediction, callers_affected or note_stale."
        ),
    ] = None
    file: Annotated[str | None, Field(description="Repo-relative path.")] = None
    unacked: Annotated[bool, Field(description="Only unacknowledged alerts.")] = False
    limit: Annotated[int, Field(ge=1, le=MAX_LIST_LIMIT)] = DEFAULT_LIST_LIMIT
    offset: Annotated[int, Field(ge=0)] = 0
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class AlertsAckArguments:
    """The arguments of `alerts_ack`."""

    alert_ids: Annotated[list[str], Field(description=f"Alert ids, at most {MAX_ACK_IDS}.")]
