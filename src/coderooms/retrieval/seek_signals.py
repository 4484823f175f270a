"""The signals `seek` blends, per candidate symbol: lexical, semantic, graph and prior, and the
blend itself (documented in `coderooms.retrieval.seek` and docs/retrieval.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from coderooms.core.words import split_identifier
from coderooms.languages import is_test_path
from coderooms.retrieval.graph_limits import (
    FAN_IN_SATURATION,
    KIND_PRIOR,
    KIND_PRIOR_DEFAULT,
    MIN_PREFIX_CHARS,
    PARTIAL_MANY_WORDS,
    PARTIAL_ONE_WORD,
    PLACE_ASIDE,
    PLACE_TEST,
    SCORE_DIGITS,
    WEIGHT_GRAPH,
    WEIGHT_LEXICAL,
    WEIGHT_PRIOR,
    WEIGHT_SEMANTIC,
)
from coderooms.retrieval.tokens import QueryTokens
from coderooms.verbs.symbol_lookup import ASIDE_DIRECTORY


@dataclass(frozen=True, slots=True)
class Candidate:
    id: str
    kind: str
    name: str
    qualname: str
    repo: str
    path: str
    start_line: int
    end_line: int
    signature: str
    sources: tuple[str, ...]
    fan_in: int

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Candidate:
        return cls(
            id=str(row["id"]),
            kind=str(row["kind"] or ""),
            name=str(row["name"] or ""),
            qualname=str(row["qualname"] or ""),
            repo=str(row["repo"] or ""),
            path=str(row["path"] or ""),
            start_line=int(row["start_line"] or 0),
            end_line=int(row["end_line"] or 0),
            signature=str(row["signature"] or ""),
            sources=tuple(sorted(set(row["sources"]))),
            fan_in=int(row["fan_in"] or 0),
        )


@dataclass(frozen=True, slots=True)
class Signals:
    lexical: float
    semantic: float | None
    graph: float
    prior: float

    @property
    def relevance(self) -> float:
        """How well the symbol answers the query: lexical, or the cosine when it is higher."""
        return self.lexical if self.semantic is None else max(self.lexical, self.semantic)

    def weighted(self) -> dict[str, float]:
        relevance = self.relevance
        return {
            "lexical": WEIGHT_LEXICAL * self.lexical,
            "semantic": 0.0 if self.semantic is None else WEIGHT_SEMANTIC * self.semantic,
            "graph": WEIGHT_GRAPH * self.graph * relevance,
            "prior": WEIGHT_PRIOR * self.prior * relevance,
        }

    def score(self) -> float:
        """The blend, summed in a fixed order; an absent semantic signal adds no term at all.
        Graph and prior are boosts scaled by relevance: popularity or kind alone never lifts a
        symbol that barely matches above one that matches well."""
        relevance = self.relevance
        total = WEIGHT_LEXICAL * self.lexical
        if self.semantic is not None:
            total += WEIGHT_SEMANTIC * self.semantic
        total += WEIGHT_GRAPH * self.graph * relevance
        total += WEIGHT_PRIOR * self.prior * relevance
        return round(total, SCORE_DIGITS)

    def as_dict(self) -> dict[str, float | None]:
        def r(value: float | None) -> float | None:
            return None if value is None else round(value, SCORE_DIGITS)

        return {
            "lexical": r(self.lexical),
            "semantic": r(self.semantic),
            "graph": r(self.graph),
            "prior": r(self.prior),
        }


def lexical_signal(tokens: QueryTokens, name: str, qualname: str, path: str, sig: str) -> float:
    """How well the symbol's own text matches the query, in [0, 1] (see the module docstring).

    Per query sub-token t: 1.0 if t is a sub-token of the name, 0.8 if a name sub-token starts
    with t (t of MIN_PREFIX_CHARS+), 0.6 if t is a sub-token of the qualname's owners or of the
    path, 0.3 if of the signature. recall = mean credit; precision = share of the name's
    sub-tokens equal to or starting with some t."""
    if len(tokens.words) == 1:
        word = tokens.words[0]
        if word in (name, qualname) or qualname.endswith("." + word):
            return 1.0
        lowered = word.lower()
        if lowered in (name.lower(), qualname.lower()) or qualname.lower().endswith("." + lowered):
            return 0.95
    if not tokens.tokens:
        return 0.0
    name_tokens = split_identifier(name)
    owners = qualname.rsplit(".", 1)[0] if "." in qualname else ""
    context = set(split_identifier(owners)) | set(split_identifier(path.rsplit(".", 1)[0]))
    sig_tokens: set[str] | None = None
    credit = 0.0
    for t in tokens.tokens:
        if t in name_tokens:
            credit += 1.0
        elif len(t) >= MIN_PREFIX_CHARS and any(n.startswith(t) for n in name_tokens):
            credit += 0.8
        elif t in context:
            credit += 0.6
        else:
            if sig_tokens is None:
                sig_tokens = set(split_identifier(sig))
            if t in sig_tokens:
                credit += 0.3
    recall = credit / len(tokens.tokens)
    matched = sum(
        1
        for n in name_tokens
        if any(n == t or (len(t) >= MIN_PREFIX_CHARS and n.startswith(t)) for t in tokens.tokens)
    )
    precision = matched / len(name_tokens) if name_tokens else 0.0
    partial = PARTIAL_ONE_WORD if len(tokens.words) == 1 else PARTIAL_MANY_WORDS
    return partial * (0.85 * recall + 0.15 * precision)


def graph_signal(fan_in: int) -> float:
    """log(1 + CALLS in-degree) / log(1 + FAN_IN_SATURATION), capped at 1."""
    return min(1.0, math.log1p(max(0, fan_in)) / math.log1p(FAN_IN_SATURATION))


def prior_signal(kind: str) -> float:
    return KIND_PRIOR.get(kind, KIND_PRIOR_DEFAULT)


def signals_for(
    tokens: QueryTokens, candidate: Candidate, cosine: float | None
) -> tuple[Signals, float]:
    signals = Signals(
        lexical=lexical_signal(
            tokens, candidate.name, candidate.qualname, candidate.path, candidate.signature
        ),
        semantic=None if cosine is None else max(0.0, min(1.0, cosine)),
        graph=graph_signal(candidate.fan_in),
        prior=prior_signal(candidate.kind),
    )
    return signals, placed(signals.score(), candidate.path, tokens)


def placed(score: float, path: str, tokens: QueryTokens) -> float:
    """The score weighed by where the symbol lives: the code asked about comes before the tests
    that exercise it (unless the query asks for tests) and before examples and docs."""
    if is_test_path(path):
        if any(word.lower().startswith(("test", "spec")) for word in tokens.words):
            return score
        return round(score * PLACE_TEST, SCORE_DIGITS)
    if ASIDE_DIRECTORY.search(path):
        return round(score * PLACE_ASIDE, SCORE_DIGITS)
    return score
