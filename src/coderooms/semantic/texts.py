"""What is embedded for a symbol, and the key that says whether its vector is current.

The text reads like a short description, because the model was trained on sentences:
`function parse config. Read the configuration file and return a dict. def parse_config(path:
str) -> dict. in config loader`: the kind, the qualname split into words (snake_case, camelCase,
dots), the first sentence of its docstring or leading comment, the signature, and the file's path
split into words. Everything comes from the symbol's own properties, so the ingest (which writes
`embedding_key`) and the backfill (which embeds) compute the same text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from blake3 import blake3

from coderooms.semantic.model import MODEL_ID

SIGNATURE_CHARS = 160
"""Signature characters embedded (the rest is mostly parameter noise for a 256-token model)."""
QUERY_MAX_CHARS = 1_000
"""A query longer than this is cut before it is embedded."""
TEXT_FIELDS = ("kind", "name", "qualname", "signature", "file", "doc")
"""The symbol properties the embedded text is built from."""
KEY_CACHE_SIZE = 32_768
"""Symbols whose embedding key is remembered (the symbols of the files ingested last)."""

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SEPARATORS = re.compile(r"[\W_]+")
_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,5}$")


def words(identifier: str) -> str:
    """`parse_config` -> `parse config`; `HTTPServer.handleRequest` -> `http server handle
    request`; `os/path.py` -> `os path`: lower-case words, in order."""
    spaced = _CAMEL.sub(" ", _SEPARATORS.sub(" ", identifier))
    return " ".join(part.lower() for part in spaced.split())


def path_words(path: str) -> str:
    return words(_EXTENSION.sub("", path))


def symbol_text(props: Mapping[str, Any]) -> str:
    """The text embedded for a symbol with these properties (see the module docstring)."""
    kind = str(props.get("kind") or "symbol").lower()
    file = str(props.get("file") or "")
    qualname = str(props.get("qualname") or "")
    name = words(qualname) if qualname else path_words(file.rpartition("/")[2])
    parts = [f"{kind} {name}".strip()]
    doc = props.get("doc")
    if doc:
        parts.append(str(doc).rstrip("."))
    signature = str(props.get("signature") or "")[:SIGNATURE_CHARS]
    if signature:
        parts.append(signature)
    if file:
        parts.append(f"in {path_words(file)}")
    return ". ".join(parts)


def embedding_key(text: str) -> str:
    """BLAKE3 of the model id and the text: equal keys, equal vectors (no need to recompute)."""
    return blake3(f"{MODEL_ID}\n{text}".encode()).hexdigest()[:32]


def symbol_key(props: Mapping[str, Any]) -> str:
    return _symbol_key(tuple(props.get(name) for name in TEXT_FIELDS))


@lru_cache(maxsize=KEY_CACHE_SIZE)
def _symbol_key(fields: tuple[Any, ...]) -> str:
    """Memoised on the text fields: a file ingested again (every edit) has mostly the same
    symbols, and building the text costs more than looking it up."""
    return embedding_key(symbol_text(dict(zip(TEXT_FIELDS, fields, strict=True))))


def query_text(query: str) -> str:
    return " ".join(query.split())[:QUERY_MAX_CHARS]
