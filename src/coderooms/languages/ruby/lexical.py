"""Ruby references: in the file first, then in the files it requires (in order, and what those
require in turn: `require_walk.through_requires`), never a name elsewhere in the repo (else a
ghost): `ruby_request`, over the ancestors of a class (`ruby_ancestors`)."""

from __future__ import annotations

from coderooms.core.kinds import SymbolKind
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.listed_bases import Ancestors
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.vocabulary import RECEIVERS, TYPE_KINDS


def ruby_request(
    scope: FileScope,
    request: RefRequest,
    source: str,
    parts: list[str],
    wanted: frozenset[SymbolKind] | None,
) -> RefRequest:
    """Ruby, by its own lookup rules, in the file first, then in the files it requires (in
    order, and what those require: `require_walk.through_requires`), never a name
    elsewhere in the repo (else a ghost):

    * a constant (`Item`, `Foo::Bar.baz`): in each enclosing class or module, innermost
      first, then at the top level (`Module.nesting`);
    * a method of `self` (`helper(x)`, `self.save`): in the enclosing class, then in its
      ancestors (its mixins, last included first, then its superclass, each as the constant
      it names, up the chain while the file defines them), then at the top level (a
      top-level `def` is a private method of every object).
    `obj.m` (a method of a value, whose class is not known) is a ghost."""
    request.bound = True
    if parts[0] in RECEIVERS:
        if len(parts) != 2:
            return request
        parts = parts[1:]
    elif len(parts) > 1 and not parts[0][:1].isupper():
        return request
    name = ".".join(parts)
    nesting = source.split(".") if source else []
    types = [
        ".".join(nesting[:i])
        for i in range(len(nesting), 0, -1)
        if scope.kinds.get(".".join(nesting[:i])) in TYPE_KINDS
    ]
    if parts[0][:1].isupper():
        request.ghost = name  # a constant path: `?:Minitest.Test`, `?:Shop.log`
        quals = [f"{owner}.{name}" for owner in types]
    else:
        quals = [f"{owner}.{name}" for owner in types[:1]]
        quals += [f"{base}.{name}" for base in ruby_ancestors(scope, types[0])] if types else []
    quals.append(name)
    for qual in quals:
        found = scope.accept(qual, wanted)
        if found is not None:
            request.bound, request.local = False, found
            return request
    request.alternatives = tuple(
        Alternative(targets, qual).encode() for qual in quals for targets in scope.required
    )
    return request


def ruby_ancestors(scope: FileScope, owner: str) -> list[str]:
    """The constants a class's ancestors may be, nearest first: each mixin (last included
    first) and then the superclass, as the class's lexical scope would name them; a base
    the file defines is followed to its own ancestors (at most 8 classes)."""
    listed = scope.extension.bases if isinstance(scope.extension, Ancestors) else {}
    found: list[str] = []
    pending, seen = [owner], {owner}
    while pending and len(seen) <= 8:
        current = pending.pop(0)
        lexical = current.split(".")
        for base in reversed(listed.get(current, [])):
            candidates = [".".join([*lexical[:i], base]) for i in range(len(lexical), 0, -1)]
            candidates.append(base)
            local = next((c for c in candidates if scope.kinds.get(c) in TYPE_KINDS), None)
            if local is not None:
                found.append(local)
                if local not in seen:
                    seen.add(local)
                    pending.append(local)
            else:
                found.extend(c for c in candidates if c not in found)
    return found
