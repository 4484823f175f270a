"""Go's packages: an import path names a directory, the one a `go.mod` of the repo maps it to
under its module path (`go.mod`, `GO_PROJECT`: the module path it declares), else (GOPATH-era
code, no `go.mod`) the longest suffix of it that has files; the `G` target mode that resolves
one (`GO_MODES`); a package's name (`go_package_name`: the path's last element, before a
major version `/v2`) and the name a file assumes for it (`go_assumed_name`: `go-flags` is
`flags`)."""

from __future__ import annotations

import posixpath
import re

from coderooms.resolution.lookup import Lookup, LookupMode
from coderooms.resolution.project_files import ProjectFile
from coderooms.resolution.targets import Target

GO_MOD = "go.mod"
GO_MAJOR_VERSION = re.compile(r"^v\d+$")


def go_package_name(import_path: str) -> str:
    parts = import_path.strip("/").split("/")
    if len(parts) > 1 and GO_MAJOR_VERSION.match(parts[-1]):
        return parts[-2]
    return parts[-1]


_NOT_NAME = re.compile(r"[^A-Za-z0-9_]")


def go_assumed_name(import_path: str) -> str:
    """The name an import without an alias binds when the path's last element is no Go
    identifier, as `goimports` assumes it: `go-` and `-go` / `.go` dropped, then cut at the
    first character no identifier has (`github.com/jessevdk/go-flags` -> `flags`,
    `gopkg.in/yaml.v3` -> `yaml`). The package clause decides in Go; the file does not read
    the imported package's files, and a repo names its packages so in nearly every case."""
    name = go_package_name(import_path)
    if not _NOT_NAME.search(name):
        return name
    name = name.removeprefix("go-").removesuffix("-go").removesuffix(".go")
    return _NOT_NAME.split(name, maxsplit=1)[0] or name


def go_package_suffixes(import_path: str) -> tuple[Target, ...]:
    """Without any `go.mod` (GOPATH-era code): the directories the path may end in, longest
    first."""
    parts = import_path.strip("/").split("/")
    return tuple(Target("@", "/".join(parts[i:])) for i in range(len(parts)))


# -- go.mod: the module path a module declares -----------------------------------------------------


def go_module_path(text: str) -> str | None:
    """The module path a `go.mod` declares (`module example.com/geo`)."""
    for line in text.splitlines():
        words = line.split("//", 1)[0].split()
        if len(words) == 2 and words[0] == "module":
            return words[1].strip('"')
    return None


def go_mod_entries(path: str, text: str, root: str) -> list[str]:
    """`module <path>`, the module path a `go.mod` declares (none: an empty table)."""
    module = go_module_path(text)
    return [f"module {module}"] if module else []


GO_PROJECT = (ProjectFile(GO_MOD, (GO_MOD,), go_mod_entries, file_kind="gomod"),)


# -- G: an import path, under the module path of a `go.mod` ---------------------------------------


def go_stem(path: str, importer: str) -> str:
    return go_package_name(path)


def go_directory(lookup: Lookup, import_path: str) -> str | None:
    """The repo directory a Go import path names: under the `go.mod` whose module path is its
    longest prefix; None when no module of the repo declares it (outside the repo)."""
    best: tuple[int, str] | None = None
    for directory, entries in lookup.table(GO_MOD).items():
        module = declared = entries[0].removeprefix("module ")
        if declared == "std" and "." not in import_path.split("/", 1)[0]:
            module = ""  # the standard library's tree: `internal/abi` is `<src>/internal/abi`
        prefix = not module or import_path == module or import_path.startswith(module + "/")
        if prefix and (best is None or len(module) > best[0]):
            rest = import_path[len(module) :].strip("/")
            best = (len(module), posixpath.join(directory, rest) if rest else directory)
    return best[1] if best is not None else None


def go_files(lookup: Lookup, import_path: str, group: str | None) -> list[str]:
    """The files of the package an import path names (without any `go.mod`: of the longest
    directory suffix that has files)."""
    if not lookup.table(GO_MOD):
        for target in go_package_suffixes(import_path):
            found = lookup.files_loaded(target, group)
            if found:
                return found
        return []
    directory = go_directory(lookup, import_path)
    if directory is None:
        return []
    found = list(lookup.by_dir.get(directory, ()))
    return [p for p in found if lookup.groups.get(p) == group] if group is not None else found


def go_load(lookup: Lookup, import_path: str) -> tuple[str, set[str]]:
    """The directory its module maps the import path to (every suffix without a `go.mod`)."""
    if lookup.table(GO_MOD):
        directory = go_directory(lookup, import_path)
        return "@", set() if directory is None else {directory}
    return "@", {target.path for target in go_package_suffixes(import_path)}


GO_MODES = (LookupMode("G", go_stem, files=go_files, load=go_load, strict=True),)
