"""The numpy forward pass of all-MiniLM-L6-v2 against the reference figures of
sentence-transformers (its quick-start example for this model)."""

from __future__ import annotations

import pytest

from coderooms.semantic import model

pytestmark = pytest.mark.skipif(
    not model.available(), reason=f"needs the embedding model: {model.unavailable_reason()}"
)

SENTENCES = ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."]
# sentence-transformers quick start, SentenceTransformer("all-MiniLM-L6-v2"):
# model.similarity(embeddings, embeddings)
REFERENCE = [[1.0000, 0.6660, 0.1046], [0.6660, 1.0000, 0.1411], [0.1046, 0.1411, 1.0000]]


def cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def test_similarities_match_the_sentence_transformers_reference() -> None:
    vectors = model.embed(SENTENCES)
    assert vectors is not None
    for i, row in enumerate(REFERENCE):
        for j, expected in enumerate(row):
            assert cosine(vectors[i], vectors[j]) == pytest.approx(expected, abs=0.002)


def test_vectors_are_unit_length_and_384_wide() -> None:
    vectors = model.embed(["x", "a somewhat longer sentence about parsing configuration files"])
    assert vectors is not None
    for vector in vectors:
        assert len(vector) == model.DIMENSIONS
        assert cosine(vector, vector) == pytest.approx(1.0, abs=1e-5)


def test_a_text_gets_the_same_vector_whatever_its_batch_within_tolerance() -> None:
    """What users rely on: a text's vector, and the ranking derived from it, do not depend on
    what else was embedded in the same call. Not bit for bit: BLAS libraries pick other kernels
    for other matrix shapes and CPUs, so the last bits of a float may differ."""
    import numpy as np

    encoder = model.encoder()
    assert encoder is not None
    texts = ["short", "a much longer text " * 20, "medium length text here", "another short"]
    texts += [f"parse the document number {i}" for i in range(40)]
    together = encoder.encode(texts)
    reversed_order = encoder.encode(texts[::-1])[::-1]
    for i, text in enumerate(texts[:6]):
        alone = encoder.encode([text])[0]
        assert np.abs(together[i] - alone).max() < 1e-5, text
    assert np.abs(together - reversed_order).max() < 1e-5


def test_the_ranking_of_texts_against_a_query_does_not_depend_on_the_batch() -> None:
    import numpy as np

    encoder = model.encoder()
    assert encoder is not None
    texts = [
        "read the configuration file from disk",
        "parse command line arguments",
        "open a network socket and listen",
        "write the log record to a stream",
        "compute the checksum of a buffer",
    ]
    query = encoder.encode(["load settings from a file"])[0]
    batched = encoder.encode(texts) @ query
    alone = np.array([encoder.encode([t])[0] @ query for t in texts])
    assert list(np.argsort(-batched, kind="stable")) == list(np.argsort(-alone, kind="stable"))
    assert np.abs(batched - alone).max() < 1e-5


def test_long_texts_are_truncated_not_refused() -> None:
    vectors = model.embed(["word " * 2000])
    assert vectors is not None
    assert len(vectors[0]) == model.DIMENSIONS


def test_nothing_to_embed_is_an_empty_list() -> None:
    assert model.embed([]) == []


def test_reported_unavailability_is_honoured() -> None:
    model.set_unavailable("switched off for a test")
    try:
        assert not model.available()
        assert model.embed(["x"]) is None
        assert model.describe()["installed"] is False
        assert model.describe()["unavailable"] == "switched off for a test"
    finally:
        model.set_unavailable(None)
    assert model.available()


def test_loading_reads_only_the_package_directory() -> None:
    directory = model.model_directory()
    assert directory is not None
    assert (directory / "model.safetensors").is_file()
    assert directory.parent.name == model.MODEL_PACKAGE
