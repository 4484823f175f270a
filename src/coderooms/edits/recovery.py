"""Finish the writes a crashed server left half done, once at start (and before every write)."""

from __future__ import annotations

import logging

from coderooms.config import Settings
from coderooms.edits import journal
from coderooms.edits.batch_write import write_check
from coderooms.scope.served import served_scope

log = logging.getLogger(__name__)


def recover_writes(settings: Settings) -> dict[str, int]:
    """Replay every journal whose owner died; never raises (the server must start)."""
    try:
        return journal.recover(settings.home, write_check(served_scope(settings)))
    except Exception:
        log.exception("recovering interrupted writes failed; the next write retries")
        return {}
