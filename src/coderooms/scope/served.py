"""The scope of this server, from its settings: computed at each use, so that what a verb checks
at write time is the disk as it is then (a symlink or a `.git` made since start included)."""

from __future__ import annotations

from coderooms.config import Settings
from coderooms.scope.roots import OperatorScope, operator_scope


def served_scope(settings: Settings) -> OperatorScope:
    return operator_scope(
        settings.roots,
        state_dirs=(settings.home,),
        allow_exec_bit=settings.allow_exec_bit,
        allow_hook_config=settings.allow_hook_config,
    )
