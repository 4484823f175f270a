"""Rust: the type an `impl` block names when the file does not define it (`impl Error { fn
root(&self) }` in `error.rs`, `struct Error` in `lib.rs`). `impls` resolves such methods;
`returned_types` records the owners in the file's module table (`t<name>` entries)."""

from __future__ import annotations

from coderooms.core.kinds import SymbolKind
from coderooms.resolution.file_scope import FileScope


def impl_owner(scope: FileScope, source: str) -> str | None:
    """The type of the impl that method `source` of the file is in, when the file does not
    define it (`impl Error { fn root(&self) }` -> `Error`)."""
    if scope.kinds.get(source) is not SymbolKind.METHOD:
        return None
    owner = source.rpartition(".")[0]
    if (
        not owner
        or scope.kinds.get(owner) is not None
        or not owner.rpartition(".")[2][:1].isupper()
    ):
        return None
    return owner


def impl_owner_entries(scope: FileScope) -> dict[str, str]:
    """Each impl type the file does not define -> a method of it (where the name is read)."""
    found: dict[str, str] = {}
    for qual in sorted(scope.kinds):
        owner = impl_owner(scope, qual)
        if owner is not None and "." not in owner:
            found.setdefault(owner, qual)
    return found
