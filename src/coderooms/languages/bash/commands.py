"""Bash references: a command names a function of the file or of what it sources (in order, and
what those source in turn: `require_walk.through_requires`), else a command outside the repo
(`bash_command`); the shell's builtins are never a call of the repo's functions."""

from __future__ import annotations

from coderooms.core.kinds import SymbolKind
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.ref_requests import Alternative, RefRequest

_BUILTIN_NAMES = """
: . [ [[ alias bg bind break builtin caller cd command compgen complete compopt continue declare
dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let
local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source
suspend test times trap true type typeset ulimit umask unalias unset wait
"""
SHELL_BUILTINS = frozenset(_BUILTIN_NAMES.split())
"""Bash builtins: a command of one of these names is never a call of a function of the repo
unless the file itself defines one."""


COMMAND_GHOST = "command:"
"""The prefix of the ghost a Bash command no sourced file defines becomes (`?:command:grep`)."""


def bash_command(
    scope: FileScope, source: str, kind: str, ref: str, line: int
) -> RefRequest | None:
    """Bash: a command names the file's function of that name, else one a sourced file
    defines (in `source` order), else it is a command outside the repo: an external program
    (`grep`) or a function of a file the repo does not hold, the ghost `command:<name>`, not
    a ghost of the repo's own names. A builtin, or any command of a file that sources nothing,
    is outside the repo with no edge at all; a file that sources keeps the edge so that a
    sourced file defining the name later re-resolves it."""
    if source not in scope.kinds:
        source = ""
    request = RefRequest(source, kind, ref, ref, line, scope.group, ghost=COMMAND_GHOST + ref)
    if scope.kinds.get(ref) is SymbolKind.FUNCTION:
        request.local = ref
        return request
    if ref in SHELL_BUILTINS or not scope.required:
        return None
    request.bound = True
    request.alternatives = tuple(Alternative(targets, ref).encode() for targets in scope.required)
    return request
