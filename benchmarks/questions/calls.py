"""The calls an agent following today's tool descriptions makes for each kind of question: the
sets' own calls (written with the verbs of the baseline) rewritten by one rule per kind, the
same for every set, tune and report alike (issue 30: "the benchmark's calls may be updated to use
new arguments the way an agent following the new tool descriptions would, by rule").

- definition and callers: `seek` X + `impact` X depth 1 -> `impact` X depth 1 with
  `sections: [callers]` (its seeds say where X is, `path:start-end`);
- callers to depth 2: `impact` X -> the same with `sections: [callers]`;
- tests of a symbol: `impact` X -> the same with `sections: [tests]`;
- code of a symbol: `seek` X + `view` path range -> `view symbol=X`;
- imports and importers: each `surgical_context` F -> the same with `sections: [imports,
  importers]` (a question's other calls, a `search` for who imports a package, as written);
- a function described in prose: `search mode=semantic` Q -> `seek` Q (the verb for names and
  descriptions);
- same-named symbols: `seek` X + `impact` of each id, depth 1 -> `impact` X depth 1 with
  `sections: [callers]` (every symbol so named is a seed; a row names the one it reaches);
- before editing a file, find a text, regex search, files of a package, nothing to find: as
  written (the defaults answer them).
"""

from __future__ import annotations

from typing import Any

from benchmarks.questions.model import Question

Call = tuple[str, dict[str, Any]]


def agent_calls(question: Question) -> list[Call]:
    """`question.calls` rewritten by its kind's rule (the table above)."""
    calls = question.calls
    kind = question.kind
    verbs = [verb for verb, _ in calls]
    if kind in ("definition and callers", "callers to depth 2", "tests of a symbol"):
        section = "tests" if kind == "tests of a symbol" else "callers"
        (_, impact), *_ = [(v, a) for v, a in calls if v == "impact"]
        return [("impact", {**impact, "sections": [section]})]
    if kind == "code of a symbol" and verbs == ["seek", "view"]:
        return [("view", {"symbol": calls[0][1]["query"]})]
    if kind == "imports and importers":  # every surgical_context call of the question
        return [(v, {**a, "sections": ["imports", "importers"]} if v == "surgical_context" else a)
                for v, a in calls]  # fmt: skip
    if kind == "a function described in prose" and verbs == ["search"]:
        return [("seek", {"query": calls[0][1]["query"]})]
    if kind == "same-named symbols" and verbs[0] == "seek" and "impact" in verbs:
        depth = next(a.get("depth", 1) for v, a in calls if v == "impact")
        name = calls[0][1]["query"]
        return [("impact", {"symbol": name, "depth": depth, "sections": ["callers"]})]
    return list(calls)
