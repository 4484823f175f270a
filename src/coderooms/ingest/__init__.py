"""The ingest room: files on disk become the code graph. Its pipeline shows in its names:
`walker` (which files) → `reader` (hash, text, chunks) → `languages` (one extractor per
language) → `file_records` and the request modules (what each file's names may refer to) →
`resolve` (`reference_resolution`) → `rows` → `changeset` (plan, keep, write) → `pipeline` (a
whole root); `targeted` ingests a few paths, `git_history` writes co-change edges, `startup`
runs `serve --root`'s first ingest. Its MCP adapter is `tools` (wired by `server.py`). See
docs/ingest.md.

Its face, what other rooms take from it: ingesting a root or a few paths (`ingest_root`,
`IngestReport`, `resolve_root`, `bind_repo`; `ingest_paths`, `check_path`, `relative_path`,
`MAX_PATHS_PER_CALL`), the statements of a save warmed before the first one (`warm_saves`)
and those of a whole ingest after Neo4j starts (`warm_ingest`),
a walked file (`WalkedFile`), co-change edges (`update_co_changes`,
`CoChangeReport`), which languages are parsed deeply (`DEEP_LANGUAGES`,
`language_for_path`), the language groups unresolved call sites are counted by
(`CALL_GROUPS`, for `graph.completeness`), which file a default-excluded directory still
holds (`is_kept_file`: a build's compilation database), and giving back the memory a failed
ingest freed (`release_freed_memory`).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coderooms.ingest.collector import release_freed_memory
    from coderooms.ingest.git_history import CoChangeReport, update_co_changes
    from coderooms.ingest.languages import CALL_GROUPS, DEEP_LANGUAGES, is_kept_file
    from coderooms.ingest.languages.file_names import language_for_path
    from coderooms.ingest.pipeline import IngestReport, bind_repo, ingest_root, resolve_root
    from coderooms.ingest.targeted import (
        MAX_PATHS_PER_CALL,
        check_path,
        ingest_paths,
        relative_path,
    )
    from coderooms.ingest.walker import WalkedFile
    from coderooms.ingest.warm_ingest import warm_ingest
    from coderooms.ingest.warm_up import warm_saves

_FACE = {
    "release_freed_memory": "collector",
    "CoChangeReport": "git_history",
    "update_co_changes": "git_history",
    "CALL_GROUPS": "languages",
    "DEEP_LANGUAGES": "languages",
    "is_kept_file": "languages",
    "language_for_path": "languages.file_names",
    "IngestReport": "pipeline",
    "bind_repo": "pipeline",
    "ingest_root": "pipeline",
    "resolve_root": "pipeline",
    "MAX_PATHS_PER_CALL": "targeted",
    "check_path": "targeted",
    "ingest_paths": "targeted",
    "relative_path": "targeted",
    "WalkedFile": "walker",
    "warm_ingest": "warm_ingest",
    "warm_saves": "warm_up",
}
"""Where each name of the face lives: imported on first use (PEP 562), so that a parse worker,
which imports `ingest.reader`, and a CLI command load only the modules they use, not the whole
room (the pipeline, the write path, git mining, the semantic store: ~2 s on a busy host)."""


def __getattr__(name: str) -> Any:
    module = _FACE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # `warm_ingest` names a module too: the import bound the module
    return value


__all__ = [
    "CALL_GROUPS",
    "DEEP_LANGUAGES",
    "MAX_PATHS_PER_CALL",
    "CoChangeReport",
    "IngestReport",
    "WalkedFile",
    "bind_repo",
    "check_path",
    "ingest_paths",
    "ingest_root",
    "is_kept_file",
    "language_for_path",
    "relative_path",
    "release_freed_memory",
    "resolve_root",
    "update_co_changes",
    "warm_ingest",
    "warm_saves",
]
