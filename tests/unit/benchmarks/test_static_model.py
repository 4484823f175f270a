"""The static model distilled from all-MiniLM-L6-v2 (issue 31's benchmark backend): a token's
row is MiniLM's embedding of that token alone, texts become normalised weighted means of rows,
the weights file round-trips. Distilled here only for the tokens the texts use (the whole
vocabulary takes minutes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from coderooms.semantic import model

pytestmark = pytest.mark.skipif(
    not model.available(), reason=f"needs the embedding model: {model.unavailable_reason()}"
)

np = pytest.importorskip("numpy")

from benchmarks import static_model  # noqa: E402

TEXTS = [
    "function send email. Deliver a message to a user's mailbox. def send_email(user, body)",
    "function parse config. Read the settings file into a dict. def parse_config(path)",
    "class connection pool. Reuse open database connections. class ConnectionPool",
    "function resize image. Scale a picture to a width and height. def resize(img, w, h)",
]
QUERY = "write a mail to a customer"


@pytest.fixture(scope="module")
def encoder() -> static_model.StaticEncoder:
    minilm = model.encoder()
    assert minilm is not None
    directory = model.model_directory()
    assert directory is not None
    tokenizer = static_model.tokenizer(directory)
    encodings = tokenizer.encode_batch([*TEXTS, QUERY], add_special_tokens=False)
    ids = sorted({i for e in encodings for i in e.ids})
    raw = np.zeros((tokenizer.get_vocab_size(), minilm.hidden), dtype=np.float32)
    raw[ids] = static_model.token_rows(minilm, ids)
    return static_model.StaticEncoder(static_model.reduce_rows(raw, dims=64), tokenizer)


def test_a_token_row_is_minilms_embedding_of_that_token_alone() -> None:
    minilm = model.encoder()
    assert minilm is not None
    token = minilm.tokenizer.token_to_id("file")
    row = static_model.token_rows(minilm, [token])[0]
    sentence = model.embed(["file"])
    assert sentence is not None
    cosine = float(row @ np.asarray(sentence[0])) / float(np.linalg.norm(row))
    assert cosine == pytest.approx(1.0, abs=1e-4)


def test_vectors_are_unit_length_and_depend_only_on_the_text(
    encoder: static_model.StaticEncoder,
) -> None:
    alone = encoder.encode([TEXTS[1]])[0]
    together = encoder.encode(TEXTS)
    assert together.shape == (len(TEXTS), 64)
    assert np.linalg.norm(together, axis=1) == pytest.approx(np.ones(len(TEXTS)), abs=1e-5)
    assert float(alone @ together[1]) == pytest.approx(1.0, abs=1e-5)
    assert float(together[0] @ together[1]) < 0.99


def test_a_text_without_tokens_gets_a_zero_vector(encoder: static_model.StaticEncoder) -> None:
    assert not encoder.encode([""]).any()


def test_the_obvious_text_ranks_first(encoder: static_model.StaticEncoder) -> None:
    vectors = encoder.encode(TEXTS)
    query = encoder.encode([QUERY])[0]
    assert int(np.argmax(vectors @ query)) == 0


def test_rows_are_weighted_down_by_rank() -> None:
    raw = np.random.default_rng(31).normal(size=(500, 8)).astype(np.float32)
    weighted = static_model.reduce_rows(raw, dims=None)
    plain = static_model.reduce_rows(raw, dims=None, sif=None)
    ratio = np.linalg.norm(weighted, axis=1) / np.linalg.norm(plain, axis=1)
    assert (np.diff(ratio) > 0).all()
    assert ratio.max() < 1.0
    assert static_model.reduce_rows(raw, dims=3).shape == (500, 3)


def test_the_weights_file_round_trips_within_its_quantisation(tmp_path: Path) -> None:
    rows = np.random.default_rng(7).normal(size=(300, 16)).astype(np.float32)
    rows[5] = 0.0
    path = tmp_path / "static.npz"
    meta: dict[str, Any] = {"source": model.MODEL_ID, "dims": 16}
    static_model.save(path, rows, meta)
    loaded, loaded_meta = static_model.load(path)
    assert loaded_meta == meta
    step = np.abs(rows).max(axis=1, keepdims=True) / 127.0
    assert (np.abs(loaded - rows) <= step * 0.51 + 1e-3).all()
    assert not loaded[5].any()
    assert path.stat().st_size < rows.size * 2
