"""JavaScript/TypeScript packages of the repo: a bare specifier that names one lands inside it.

`import { z } from "zod/v4"` inside the zod repository, or `from "@acme/ui"` in a monorepo whose
`packages/ui/package.json` is named `@acme/ui`, means a file of the repo, not of
`node_modules`. Node's rule: the longest package name that is the specifier or a prefix of it
(up to a `/`) picks the package; the rest is a subpath looked up in its `exports` map (every
condition's target in the order written, so a source condition such as `"@zod/source":
"./src/v4/index.ts"` is tried before the built `./v4/index.js`; `*` patterns included), or,
without `exports`, `types`/`module`/`main` for the package itself and the path under its
directory for a subpath. Among the targets the first that is a file of the repo wins, a
runtime `.js` standing for its `.ts`/`.tsx` source as in relative imports. A specifier that
names no package of the repo is outside it (a ghost), whatever files have its name.

Each `package.json` keeps what this needs as its module table (`File.names`):
`name <name>`, one `d<entry>` per `typings`, `types`, `main` (what a relative specifier
naming its directory loads, in that order: `require("../..")`) and one
`x<subpath>\\t<target>\\t<target>...` per subpath (`.` the package).
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator, Mapping

from coderooms.core.nesting import load_json
from coderooms.languages.javascript.modules import (
    JS_EXTENSIONS,
    js_file_candidates,
    js_path_expansions,
)

PACKAGE_JSON = "package.json"
MAX_ENTRIES = 512
"""Subpaths kept per package (a generated exports map can be larger: the rest is dropped)."""
MAX_TARGETS = 16
ENTRY_FIELDS = ("types", "typings", "module", "main")
DIRECTORY_FIELDS = ("typings", "types", "main")
"""What a relative specifier naming the package's directory loads, in the TypeScript compiler's
order: its declarations (`typings`, `types`) before the `main` Node runs."""


def package_entries(text: str) -> list[str]:
    """The module table of a `package.json` (empty when it is no JSON object or has no name)."""
    try:
        data = load_json(text)
    except ValueError:
        return []
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        return []
    name = data["name"].strip()
    if not name or any(c in name for c in "\t\n "):
        return []
    entries = [f"name {name}"]
    for entry in DIRECTORY_FIELDS:
        value = data.get(entry)
        if isinstance(value, str) and value and not any(c in value for c in "\t\n"):
            entries.append("d" + (value if value.startswith(".") else "./" + value))
    exports = data.get("exports")
    subpaths: dict[str, object] = {}
    if isinstance(exports, (str, list)):
        subpaths["."] = exports
    elif isinstance(exports, dict):
        if all(isinstance(k, str) and k.startswith(".") for k in exports):
            subpaths = dict(exports)
        else:
            subpaths["."] = exports  # conditions for the package itself
    elif exports is None:
        fields = [data[f] for f in ENTRY_FIELDS if isinstance(data.get(f), str)]
        subpaths["."] = [f if f.startswith(".") else "./" + f for f in fields] + ["./index"]
    for subpath, value in list(subpaths.items())[:MAX_ENTRIES]:
        targets = [t for t in _leaves(value) if "\t" not in t][:MAX_TARGETS]
        if targets and "\t" not in subpath and "\n" not in subpath:
            entries.append("x" + "\t".join([subpath, *targets]))
    if exports is None:
        entries.append("x./*\t./*")  # no exports map: every path under the package
    return entries


def _leaves(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)


def package_candidates(packages: Mapping[str, list[str]], spec: str) -> list[str] | None:
    """The repo paths `spec` may be, in order (None: it names no package of the repo).
    `packages`: the directory of each `package.json` -> its module table."""
    best: tuple[int, str, list[str]] | None = None
    for directory, entries in packages.items():
        if not entries or not entries[0].startswith("name "):
            continue
        name = entries[0][5:]
        if (spec == name or spec.startswith(name + "/")) and (best is None or len(name) > best[0]):
            best = (len(name), directory, entries)
    if best is None:
        return None
    _, directory, entries = best
    rest = spec[best[0] :].lstrip("/")
    return _subpath_files(directory, entries, "./" + rest if rest else ".")


def directory_candidates(packages: Mapping[str, list[str]], directory: str) -> list[str]:
    """The repo paths a relative specifier naming a directory with a `package.json` may be:
    its `typings`/`types`, then its `main` (`require("../..")`; as Node and the TypeScript
    compiler load a directory, `exports` do not apply), none without them."""
    found: list[str] = []
    for entry in packages.get(directory) or ():
        if entry.startswith("d"):
            found.extend(_files(directory, entry[1:], expand=False))
    return found


def _subpath_files(directory: str, entries: list[str], subpath: str) -> list[str]:
    found: list[str] = []
    for entry in entries[1:]:
        if not entry.startswith("x"):
            continue
        key, *targets = entry[1:].split("\t")
        star = _match(key, subpath)
        if star is None:
            continue
        for target in targets:
            resolved = target.replace("*", star) if "*" in key else target
            found.extend(_files(directory, resolved, expand=key == "./*" and "*" in target))
    return found


def _match(key: str, subpath: str) -> str | None:
    """What `*` stands for when `key` matches `subpath` (`""` for an exact match)."""
    if "*" not in key:
        return "" if key == subpath else None
    head, _, tail = key.partition("*")
    if subpath.startswith(head) and subpath.endswith(tail) and len(subpath) >= len(head + tail):
        return subpath[len(head) : len(subpath) - len(tail)]
    return None


def _files(directory: str, target: str, *, expand: bool) -> list[str]:
    if not target.startswith("./"):
        return []  # exports targets are relative to the package
    joined = posixpath.normpath(posixpath.join(directory, target))
    if joined.startswith("..") or joined == ".":
        return []
    found = js_file_candidates(joined)
    if posixpath.splitext(joined)[1] not in JS_EXTENSIONS:  # itself, then without extension
        return [joined, *found]
    return found + js_path_expansions(joined) if expand else found
