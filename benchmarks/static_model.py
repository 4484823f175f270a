"""A static embedding model distilled from all-MiniLM-L6-v2 (the model2vec method), offline.

Measured against today's model for issue 31 (see docs/semantic.md, "A static model distilled
here"): thousands of symbols a second, but retrieval falls short of MiniLM's on the labelled code
questions, so it is not a backend of the product; `benchmarks/distill_static_model.py` builds it
and `benchmarks/embedding_models.py` measures it.

Distillation: every token of MiniLM's WordPiece vocabulary is run through the numpy encoder as
the sequence `[CLS] token [SEP]`, mean-pooled (the sentence embedding of that one token, before
normalisation); the rows are centred and reduced with PCA; each row is weighted by its rank in
the vocabulary, SIF-style (`a / (a + p(rank))` with a Zipf `p`, as model2vec does); the result
is stored as int8 with one float16 scale per row. A text's vector is the L2-normalised mean of
its tokens' rows (the tokenizer's WordPiece ids, no special tokens).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from coderooms.semantic.model import Encoder

SIF_COEFFICIENT = 1e-4
"""model2vec's default: the weight of the token of rank r is a / (a + p(r)), p Zipf over ranks."""
DISTIL_BATCH = 512
"""Token sequences per forward pass while distilling (all of length 3)."""


def token_rows(encoder: Encoder, ids: Sequence[int]) -> NDArray[np.float32]:
    """MiniLM's pooled output (not normalised) for each token id alone: `[CLS] id [SEP]`."""
    import numpy as np

    vocab = encoder.tokenizer.get_vocab()
    cls, sep = vocab["[CLS]"], vocab["[SEP]"]
    out = np.zeros((len(ids), encoder.hidden), dtype=np.float32)
    for start in range(0, len(ids), DISTIL_BATCH):
        picked = np.asarray(ids[start : start + DISTIL_BATCH], dtype=np.int64)
        batch = np.empty((len(picked), 3), dtype=np.int64)
        batch[:, 0], batch[:, 1], batch[:, 2] = cls, picked, sep
        out[start : start + len(picked)] = encoder.pooled(batch, np.zeros_like(batch))
    return out


def reduce_rows(
    raw: NDArray[np.float32], dims: int | None, sif: float | None = SIF_COEFFICIENT
) -> NDArray[np.float32]:
    """Centre `raw` (one row per token id, in id order), project it on its first `dims`
    principal components (None: keep every dimension, rotated), weight rows by rank (SIF)."""
    import numpy as np

    centred = raw - raw.mean(axis=0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    rows = centred @ vt[: dims or vt.shape[0]].T
    if sif:
        inverse_rank = 1.0 / np.arange(2, rows.shape[0] + 2)
        probability = inverse_rank / inverse_rank.sum()
        rows *= (sif / (sif + probability))[:, None]
    result: NDArray[np.float32] = rows.astype(np.float32)
    return result


def save(path: Path, rows: NDArray[np.float32], meta: dict[str, Any]) -> None:
    """Rows as int8 with one float16 scale per row (max |value| / 127), and `meta` as JSON."""
    import numpy as np

    scales = np.abs(rows).max(axis=1) / 127.0
    scales[scales == 0] = 1.0
    quantised = np.round(rows / scales[:, None]).astype(np.int8)
    with path.open("wb") as f:
        np.savez(
            f,
            rows=quantised,
            scales=scales.astype(np.float16),
            meta=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8),
        )


def load(path: Path) -> tuple[NDArray[np.float32], dict[str, Any]]:
    """The rows (float32, dequantised) and the metadata `save` wrote."""
    import numpy as np

    with np.load(path, allow_pickle=False) as data:
        rows = data["rows"].astype(np.float32) * data["scales"].astype(np.float32)[:, None]
        meta = json.loads(data["meta"].tobytes().decode())
    return rows, meta


def tokenizer(directory: Path) -> Any:
    """MiniLM's WordPiece tokenizer from its `tokenizer.json`, without truncation or padding."""
    from tokenizers import Tokenizer

    loaded = Tokenizer.from_file(str(directory / "tokenizer.json"))
    loaded.no_truncation()
    loaded.no_padding()
    return loaded


class StaticEncoder:
    """Texts to vectors by a weighted mean of token rows. Thread-safe (reads only)."""

    def __init__(self, rows: NDArray[np.float32], tokenizer: Any) -> None:
        self.rows = rows
        self.tokenizer = tokenizer
        self.dimensions = int(rows.shape[1])

    def encode(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """One unit-length row per text (all zeros for a text with no tokens), in order. A
        text's vector depends only on its own tokens."""
        import numpy as np

        encodings = self.tokenizer.encode_batch(list(texts), add_special_tokens=False)
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for i, encoding in enumerate(encodings):
            ids = [t for t in encoding.ids if 0 <= t < len(self.rows)]
            if ids:
                out[i] = self.rows[ids].mean(axis=0)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        out /= np.maximum(norms, np.float32(1e-12))
        return out
