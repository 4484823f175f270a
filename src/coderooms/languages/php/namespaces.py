"""Where a PHP name may be defined, by PHP's own lookup rules: what a file's `use` and `require`
statements bring in (`Uses`, `php_uses`; a `require`d path's files, `php_require`), and the
(targets, fully qualified name) pairs a name may be (`php_candidates`). A PHP qualname is the
fully qualified name (`App\\Models\\User` is `App.Models.User`), so an answer is always a file
that defines that very name, never one that merely defines something of the same short name."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

from coderooms.core.ids import directory_of
from coderooms.core.kinds import SymbolKind
from coderooms.resolution.enclosing import enclosing_namespace, enclosing_types
from coderooms.resolution.extraction import ImportRef, SymbolDef
from coderooms.resolution.targets import Target

FUNCTION_FILES = [Target("~", "functions.php"), Target("~", "helpers.php")]
"""Where a PHP project keeps its functions by convention (composer `autoload.files`)."""
PHP_RELATIVE = frozenset({"this", "self", "static", "parent"})
"""Heads naming the enclosing class (`parent`: its `extends` base)."""


@dataclass(slots=True)
class Uses:
    """What a PHP file's `use` and `require` statements bring in."""

    aliases: dict[str, str] = field(default_factory=dict)
    """Local name -> fully qualified name (`use App\\Support\\Str as S;` -> S: App.Support.Str)."""
    required: tuple[Target, ...] = ()
    """The files its `require`/`include` of a literal path may name, in order."""
    namespace: str = ""
    """The file's (first) namespace, for code at the top level."""
    bases: dict[str, list[str]] = field(default_factory=dict)
    """Class qualname -> its `extends`, `implements` and `use Trait` names, in order."""


def php_uses(
    path: str, imports: list[ImportRef], symbols: list[SymbolDef], bases: dict[str, list[str]]
) -> Uses:
    aliases: dict[str, str] = {}
    required: list[Target] = []
    for ref in imports:
        if is_php_path(ref.module):
            required.extend(php_require(path, ref.module))
            continue
        locals_ = ref.aliases or (None,) * len(ref.names)
        for name, alias in zip(ref.names, locals_, strict=True):
            full = f"{ref.module}.{name}" if ref.module else name
            aliases.setdefault(alias or name, full)
    module = next((s for s in symbols if s.kind is SymbolKind.MODULE), None)
    namespace = module.signature.removeprefix("namespace ").replace("\\", ".") if module else ""
    return Uses(aliases, tuple(dict.fromkeys(required)), namespace, bases)


def is_php_path(module: str) -> bool:
    """A `require`d path (`lib/x.php`, `__DIR__/x.php`), not a `use`d name (`App.Models`)."""
    return "/" in module or module.endswith((".php", ".inc"))


def php_require(path: str, spec: str) -> tuple[Target, ...]:
    """`__DIR__/x.php` -> next to the requiring file; `lib/x.php` -> next to it, then from the
    repo's root (what an include path of `.` gives)."""
    if spec.startswith("__DIR__"):
        joined = posixpath.normpath(posixpath.join(directory_of(path), spec[7:].lstrip("/")))
        return () if joined.startswith("..") else (Target("=", joined),)
    if spec.startswith("/"):
        return ()
    found = []
    joined = posixpath.normpath(posixpath.join(directory_of(path), spec))
    if not joined.startswith(".."):
        found.append(Target("=", joined))
    clean = posixpath.normpath(spec)
    if not clean.startswith("..") and Target("=", clean) not in found:
        found.append(Target("=", clean))
    return tuple(found)


def php_candidates(
    path: str, source: str, parts: list[str], kinds: dict[str, SymbolKind], uses: Uses
) -> list[tuple[tuple[Target, ...], str]]:
    """(targets, fully qualified name) pairs to look for, in order: a member of the enclosing
    class's bases and traits (`$this->m()`, `self::m()`, `parent::m()`: one level up), or a
    class or function name resolved as PHP does (a `use` alias, else the current namespace,
    then the global one)."""
    own_dir = Target("@", directory_of(path))
    if parts[0] in PHP_RELATIVE:
        owner = next(iter(enclosing_types(source, kinds)), None)
        if owner is None or len(parts) != 2:
            return []
        bases = uses.bases.get(owner, [])
        if parts[0] == "parent":
            bases = bases[:1]
        namespace = enclosing_namespace(source, kinds)
        return [
            (targets, f"{qual}.{parts[1]}")
            for base in bases
            for targets, qual in _php_names(base.split("."), namespace, uses, own_dir)
        ]
    namespace = enclosing_namespace(source, kinds) if source else uses.namespace.split(".")
    return _php_names(parts, [p for p in namespace if p], uses, own_dir)


def _php_names(
    parts: list[str], namespace: list[str], uses: Uses, own_dir: Target
) -> list[tuple[tuple[Target, ...], str]]:
    alias = uses.aliases.get(parts[0])
    if alias is not None:
        imported = alias.split(".")
        parts, quals = [imported[-1], *parts[1:]], [".".join([*imported, *parts[1:]])]
    else:
        quals = [".".join([*namespace, *parts])] if namespace else []
        quals.append(".".join(parts))
    files = [Target("~", f"{p}.php") for p in parts]
    if len(parts) == 1 and parts[0][:1].islower():  # a function: where functions are kept
        files += FUNCTION_FILES
    targets = (*dict.fromkeys(files), *uses.required, own_dir)
    return [(targets, qual) for qual in dict.fromkeys(quals)]
