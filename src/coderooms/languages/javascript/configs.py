"""`tsconfig.json` / `jsconfig.json` `paths` and `baseUrl`: bare specifiers a project maps to
its own files (`import { x } from "@app/util"` with `"paths": {"@app/*": ["src/app/*"]}`).

The TypeScript compiler's rule, for a file under a config's directory (the nearest config up
the tree; `extends` followed to another config of the repo, the nearer one's fields winning):
the `paths` pattern with the longest prefix before its `*` (or an exact key) matching the
specifier gives targets, tried in order, relative to `baseUrl` (or, without one, to the
config's directory); without a matching pattern, a `baseUrl` makes the specifier a path under
it. Each target names files as a relative import does (`src/app/util` -> `.ts`, `.tsx`, ...,
`/index.ts`; a runtime `.js` -> its `.ts` source). A specifier no config maps is left to the
package rules (`packages`).

Each config keeps what this needs as its module table (`File.names`): `base <dir>` (baseUrl,
relative to the repo), `root <dir>` (the config's own directory), `extends <path>` (another
config of the repo) and one `p<pattern>\\t<target>\\t<target>...` per pattern, targets relative
to the repo.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping

from coderooms.core.nesting import load_json
from coderooms.languages.javascript.modules import js_file_candidates

CONFIG_NAMES = frozenset({"tsconfig.json", "jsconfig.json", "tsconfig.base.json"})
NEAREST = ("tsconfig.json", "jsconfig.json")
"""The names a directory's own config has (a `tsconfig.base.json` is reached by `extends`)."""
MAX_PATTERNS = 256
MAX_EXTENDS = 8

_JSONC = re.compile(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/|,(?=\s*[}\]])', re.S)


def _strip_jsonc(text: str) -> str:
    """JSON with comments and trailing commas (what `tsc` reads) as plain JSON."""
    return _JSONC.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "", text)


def config_entries(path: str, text: str) -> list[str]:
    """The module table of the config at `path` (repo-relative)."""
    try:
        data = load_json(_strip_jsonc(text))
    except ValueError:
        return []
    if not isinstance(data, dict):
        return []
    directory = posixpath.dirname(path)
    entries = [f"root {directory}"]
    extends = data.get("extends")
    if isinstance(extends, str) and extends.startswith("."):
        target = _inside(directory, extends)
        if target is not None:
            entries.append(f"extends {target if target.endswith('.json') else target + '.json'}")
    options = data.get("compilerOptions")
    if not isinstance(options, dict):
        return entries
    base = options.get("baseUrl")
    base_dir = _inside(directory, base) if isinstance(base, str) else None
    if base_dir is not None:
        entries.append(f"base {base_dir}")
    paths = options.get("paths")
    if isinstance(paths, dict):
        anchor = base_dir if base_dir is not None else directory
        for pattern, targets in list(paths.items())[:MAX_PATTERNS]:
            if not isinstance(targets, list) or "\t" in pattern or pattern.count("*") > 1:
                continue
            found = [
                joined
                for t in targets
                if isinstance(t, str) and t.count("*") <= 1
                for joined in [_inside(anchor, t)]
                if joined is not None
            ]
            if found:
                entries.append("p" + "\t".join([pattern, *found]))
    return entries


def _inside(directory: str, relative: str) -> str | None:
    if "\t" in relative or relative.startswith("/"):
        return None
    joined = posixpath.normpath(posixpath.join(directory, relative))
    if joined.startswith(".."):
        return None
    return "" if joined == "." else joined


def config_candidates(configs: Mapping[str, list[str]], where: str) -> list[str] | None:
    """The repo paths the `T` target `<dir>\\t<spec>` may be, in order; None when no config of
    the repo maps it. `configs`: the path of each config -> its module table."""
    directory, _, spec = where.partition("\t")
    config = _nearest(configs, directory)
    if config is None:
        return None
    patterns, base = _merged(configs, config)
    best: tuple[int, str, list[str]] | None = None
    for pattern, targets in patterns.items():
        star = _match(pattern, spec)
        if star is not None and (best is None or len(pattern.split("*")[0]) > best[0]):
            best = (len(pattern.split("*")[0]), star, targets)
    if best is not None:
        _, star, targets = best
        return [p for t in targets for p in js_file_candidates(t.replace("*", star))]
    if base is not None:
        return js_file_candidates(posixpath.join(base, spec) if base else spec)
    return None


def _nearest(configs: Mapping[str, list[str]], directory: str) -> str | None:
    current = directory
    while True:
        for name in NEAREST:
            path = posixpath.join(current, name) if current else name
            if path in configs:
                return path
        if not current:
            return None
        current = posixpath.dirname(current)


def _merged(
    configs: Mapping[str, list[str]], config: str
) -> tuple[dict[str, list[str]], str | None]:
    """`paths` and `baseUrl` of `config`, its `extends` chain filling what it leaves out."""
    patterns: dict[str, list[str]] | None = None
    base: str | None = None
    seen: set[str] = set()
    current: str | None = config
    while current is not None and current in configs and current not in seen:
        if len(seen) >= MAX_EXTENDS:
            break
        seen.add(current)
        table = configs[current]
        own = {e[1:].split("\t")[0]: e[1:].split("\t")[1:] for e in table if e.startswith("p")}
        if patterns is None and own:
            patterns = own
        values = dict(e.split(" ", 1) for e in table if " " in e and not e.startswith("p"))
        if base is None and "base" in values:
            base = values["base"]
        current = values.get("extends")
    return patterns or {}, base


def _match(pattern: str, spec: str) -> str | None:
    if "*" not in pattern:
        return "" if pattern == spec else None
    head, _, tail = pattern.partition("*")
    if spec.startswith(head) and spec.endswith(tail) and len(spec) >= len(head) + len(tail):
        return spec[len(head) : len(spec) - len(tail)]
    return None
