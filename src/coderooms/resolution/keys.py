"""The keys a reference's answer depends on, as `File.ref_keys` holds them: a name looked up
elsewhere, or `@stem` of a module resolved. A changeset re-resolves the references holding a
key it touches (`ingest.triggers`)."""

from __future__ import annotations

from coderooms.resolution.targets import path_stem


def module_key(path: str) -> str:
    """The key every reference holds that resolved the module of file `path` (its stem)."""
    return "@" + path_stem(path)


def encode_key(key: str) -> str:
    """A key as `File.ref_keys` holds it: no spaces (keys are space-separated there)."""
    return key.replace("%", "%25").replace(" ", "%20") if (" " in key or "%" in key) else key
