"""Fault injection for the crash tests, off unless the environment turns it on.

`CODEROOMS_TEST_PAUSE_AFTER_RENAMES=N` makes a multi-file write stop for good after its N-th
rename (`CODEROOMS_TEST_PAUSE_FILE`, when set, receives the process id first), so a test can
SIGKILL the server half-way through a batch. Nothing else reads these variables.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

PAUSE_AFTER_ENV = "CODEROOMS_TEST_PAUSE_AFTER_RENAMES"
PAUSE_FILE_ENV = "CODEROOMS_TEST_PAUSE_FILE"


def after_rename(renamed: int) -> None:
    wanted = os.environ.get(PAUSE_AFTER_ENV)
    if not wanted or renamed != int(wanted):
        return
    marker = os.environ.get(PAUSE_FILE_ENV)
    if marker:
        Path(marker).write_text(str(os.getpid()))
    threading.Event().wait()  # until the test kills the process
