"""JavaScript/TypeScript (and Rust `pub use`) re-exports: what a module exports that it does not
define.

A barrel (`index.ts`, `Three.js`, effect's `index.ts`) re-exports the definitions of other
modules: `export * from "./a"`, `export * as ns from "./b"`, `export { x, y as z } from "./c"`.
A reference to `z` imported from the barrel is a reference to `y` of `./c`, however many barrels
stand between. Each JS/TS file keeps its re-exports as its module table (`File.names`):

* `e<exported>=<specifier>\\t<name>` — `export { name as exported } from "<specifier>"`
  (`default` as a name or an exported name included);
* `n<exported>=<specifier>` — `export * as exported from "<specifier>"`;
* `*<specifier>` — `export * from "<specifier>"` (everything but `default`);
* `l<exported>=<local>` — `export { local as exported }`, `export default local`, CommonJS
  `exports.exported = local` / `module.exports = { exported: local }`;
* `m<local>` — CommonJS `module.exports = local`: the module's value is `local` (`require`
  of the module, or its default import, is `local`; `X.m` of it is `local.m`);
* `i<local>=<specifier>\t<name>` — the import binding `local` (`name` `default`, an imported
  name, or empty for the whole module), kept only for locals that an `l`/`m` entry exports.

Files of every group in `languages.TABLE_GROUPS` (Java and Go too) also keep what members of
values need (`returned_types`): `r<qual>=<type>` — the function `qual` is declared to return
`<type>` (as written); `b<qual>=<type>` — the class `qual` extends `<type>`; Java
`d<qual>.<field>=<type>` — the field of class `qual` is declared `<type>`; `t<type>=<how>` — how
the file resolves the type name: `L<qualname>` (a type of the file) or `A<alternative>\t...`
(encoded `references.Alternative`s, through its imports or package).

The walk through them is `reexports.ReexportWalk`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from coderooms.resolution.extraction import MODULE_VALUE, FactKind, ImportRef, ScopeFact


@dataclass(frozen=True, slots=True)
class ModuleTable:
    named: dict[str, tuple[str, str]] = field(default_factory=dict)
    """exported name -> (specifier, name in that module)."""
    namespaces: dict[str, str] = field(default_factory=dict)
    """exported name -> specifier (`export * as exported from`)."""
    stars: tuple[str, ...] = ()
    local: dict[str, str] = field(default_factory=dict)
    """exported name -> the local name it exports."""
    value: str | None = None
    """CommonJS: the local name that is the module's value."""
    imported: dict[str, tuple[str, str]] = field(default_factory=dict)
    """local name -> (specifier, imported name; `""` the whole module)."""
    returns: dict[str, str] = field(default_factory=dict)
    """function qualname -> the return type its declaration writes."""
    bases: dict[str, str] = field(default_factory=dict)
    """class qualname -> the base its `extends` writes."""
    types: dict[str, str] = field(default_factory=dict)
    """a type name as the file writes it -> how the file resolves it (`L...` / `A...`)."""
    fields: dict[str, str] = field(default_factory=dict)
    """Java: `<class qualname>.<field>` -> the type its declaration writes."""
    overloads: dict[str, str] = field(default_factory=dict)
    """`<class qualname>.<member>` the file declares overloads of (C++: which one a call
    means is not known by name)."""
    arities: dict[str, str] = field(default_factory=dict)
    """Java: method qualname -> the argument counts its overloads take (`arities`)."""
    counts: dict[str, str] = field(default_factory=dict)
    """Java: type qualname -> how many bases it has that may declare members beyond the known
    JDK interfaces' (`0`, `1` where that one is its `b` entry, `?` otherwise):
    `member_tables.closed_member`."""

    @staticmethod
    def decode(entries: Iterable[str]) -> ModuleTable:
        named: dict[str, tuple[str, str]] = {}
        namespaces: dict[str, str] = {}
        stars: list[str] = []
        local: dict[str, str] = {}
        imported: dict[str, tuple[str, str]] = {}
        value: str | None = None
        members: dict[str, dict[str, str]] = {
            "r": {}, "b": {}, "t": {}, "d": {}, "o": {}, "a": {}, "h": {}
        }  # fmt: skip
        for entry in entries:
            tag, body = entry[:1], entry[1:]
            if tag in members:
                key, _, found = body.partition("=")
                members[tag].setdefault(key, found)
                continue
            if tag in ("e", "i"):
                exported, _, rest = body.partition("=")
                spec, _, name = rest.rpartition("\t")
                (named if tag == "e" else imported).setdefault(exported, (spec, name))
            elif tag == "n":
                exported, _, spec = body.partition("=")
                namespaces.setdefault(exported, spec)
            elif tag == "*":
                stars.append(body)
            elif tag == "l":
                exported, _, name = body.partition("=")
                local.setdefault(exported, name)
            elif tag == "m":
                value = body
        return ModuleTable(
            named, namespaces, tuple(stars), local, value, imported,
            members["r"], members["b"], members["t"], members["d"], members["o"], members["a"],
            members["h"],
        )  # fmt: skip


def table_entries(imports: Iterable[ImportRef], facts: Iterable[ScopeFact] = ()) -> list[str]:
    """The module table of a JS/TS file from its imports (the `reexport` ones), its exports of
    local names, and the import bindings those exports name."""
    entries: list[str] = []
    exported_locals: set[str] = set()
    for fact in facts:
        if fact.kind is FactKind.EXPORT and fact.scope == "" and fact.value:
            if fact.name == "*":  # Rust `pub use a::*`
                entries.append(f"*{fact.value}")
                continue
            exported_locals.add(fact.value)
            if fact.name == MODULE_VALUE:
                entries.append(f"m{fact.value}")
            else:
                entries.append(f"l{fact.name}={fact.value}")
    for ref in imports:
        if not ref.reexport:
            entries.extend(_bindings_exported(ref, exported_locals))
            continue
        if ref.names == ("*",):
            entries.append(f"*{ref.module}")
        elif not ref.names and ref.alias:
            entries.append(f"n{ref.alias}={ref.module}")
        else:
            aliases = (
                ref.aliases if len(ref.aliases) == len(ref.names) else (None,) * len(ref.names)
            )
            entries.extend(
                f"e{alias or name}={ref.module}\t{name}"
                for name, alias in zip(ref.names, aliases, strict=True)
            )
    return sorted(set(entries))


def _bindings_exported(ref: ImportRef, exported: set[str]) -> list[str]:
    if not exported:
        return []
    found: list[str] = []
    if ref.alias and ref.alias in exported and not ref.names:
        found.append(f"i{ref.alias}={ref.module}\t")
    aliases = ref.aliases if len(ref.aliases) == len(ref.names) else (None,) * len(ref.names)
    for name, alias in zip(ref.names, aliases, strict=True):
        local = alias or name
        if local in exported:
            found.append(f"i{local}={ref.module}\t{name}")
    return found
