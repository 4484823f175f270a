"""Semantic signals: an offline sentence-embedding model (`model`), the texts a symbol and a
query are embedded as (`texts`), symbol vectors kept in a Neo4j vector index (`store`), and the
nearest-neighbour queries the search, retrieval and perspective rooms use (`query`,
`search_mode`).

Its face, what other rooms take from it: the background work of a server (the model loaded
after the graph connects, a repo's missing vectors backfilled: `load_model_when_ready`,
`embed_in_background`, `backfill_once`), vectors written with the symbols
(`embed_claims`, `INLINE_EMBED_MAX_SYMBOLS`, `symbol_key`), their counts and the model's state
(`embedding_counts`, `left_to_embed`, `describe_model`), and the queries (`query_vector`,
`nearest_to_vector`, `index_fetch`, `similar_symbols`, `SymbolMatch`, `semantic_answer`,
`SemanticOutcome`).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coderooms.semantic.background import (
        backfill_once,
        embed_in_background,
        load_model_when_ready,
    )
    from coderooms.semantic.model import describe as describe_model
    from coderooms.semantic.query import (
        SymbolMatch,
        index_fetch,
        nearest_to_vector,
        query_vector,
        similar_symbols,
    )
    from coderooms.semantic.search_mode import SemanticOutcome, semantic_answer
    from coderooms.semantic.store import (
        INLINE_EMBED_MAX_SYMBOLS,
        embed_claims,
        embedding_counts,
        left_to_embed,
    )
    from coderooms.semantic.texts import symbol_key

_FACE = {
    "backfill_once": ("background", "backfill_once"),
    "embed_in_background": ("background", "embed_in_background"),
    "load_model_when_ready": ("background", "load_model_when_ready"),
    "describe_model": ("model", "describe"),
    "SymbolMatch": ("query", "SymbolMatch"),
    "index_fetch": ("query", "index_fetch"),
    "nearest_to_vector": ("query", "nearest_to_vector"),
    "query_vector": ("query", "query_vector"),
    "similar_symbols": ("query", "similar_symbols"),
    "SemanticOutcome": ("search_mode", "SemanticOutcome"),
    "semantic_answer": ("search_mode", "semantic_answer"),
    "INLINE_EMBED_MAX_SYMBOLS": ("store", "INLINE_EMBED_MAX_SYMBOLS"),
    "embed_claims": ("store", "embed_claims"),
    "embedding_counts": ("store", "embedding_counts"),
    "left_to_embed": ("store", "left_to_embed"),
    "symbol_key": ("texts", "symbol_key"),
}
"""Where each name of the face lives, imported on first use (PEP 562): the ingest's parse
workers take `texts` alone, without the driver, the settings and the model's modules."""


def __getattr__(name: str) -> Any:
    if name not in _FACE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attribute = _FACE[name]
    value = getattr(import_module(f"{__name__}.{module}"), attribute)
    globals()[name] = value
    return value


__all__ = [
    "INLINE_EMBED_MAX_SYMBOLS",
    "SemanticOutcome",
    "SymbolMatch",
    "backfill_once",
    "describe_model",
    "embed_claims",
    "embed_in_background",
    "embedding_counts",
    "index_fetch",
    "left_to_embed",
    "load_model_when_ready",
    "nearest_to_vector",
    "query_vector",
    "semantic_answer",
    "similar_symbols",
    "symbol_key",
]
