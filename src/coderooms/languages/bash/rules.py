"""Bash's resolution rules: where `source x.sh` looks (`bash_source`), and `BashRules` (what a
file does not define is looked up in what it sources; a command is read by `bash_command`)."""

from __future__ import annotations

import posixpath

from coderooms.core.ids import directory_of
from coderooms.languages.bash.commands import bash_command
from coderooms.resolution.family_rules import RequiringRules
from coderooms.resolution.file_scope import Decided, FileScope
from coderooms.resolution.targets import Target


def bash_source(path: str, spec: str) -> tuple[Target, ...]:
    """`source lib/x.sh` / `. ./x.sh`: next to the sourcing file, then from the repo's root."""
    if not spec or spec.startswith(("/", "~")):
        return ()
    found: list[Target] = []
    for base in (directory_of(path), ""):
        joined = posixpath.normpath(posixpath.join(base, spec))
        target = Target("=", joined)
        if not joined.startswith("..") and target not in found:
            found.append(target)
    return tuple(found)


class BashRules(RequiringRules):
    __slots__ = ()

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return bash_source(path, module)

    def whole(self, scope: FileScope, source: str, kind: str, ref: str, line: int) -> Decided:
        """A function of the file or of what it sources, or a command (`bash_command`)."""
        return bash_command(scope, source, kind, ref, line)
