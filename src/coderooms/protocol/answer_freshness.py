"""The `freshness` field of answers, attached by the tool wrapper from what each verb declares
(`ToolSpec.freshness`), never by the verbs: a verb that declares one returns a `Covering` (its
answer and the repos it read); this adds their freshness after the answer's own fields, in the
declared form: a brief one only when it has news (a watcher's pending changes, unacknowledged
alerts), so an answer about a graph that is as fresh as can be known carries no field. Wiring:
it takes `freshness_of` from the freshness room's face, and `coderooms.protocol.listing` hands
it to `guarded`."""

from __future__ import annotations

from typing import Any

from coderooms.freshness import freshness_news, freshness_of
from coderooms.verbs.spec import Covering, Freshness, ToolSpec


def attach_freshness(spec: ToolSpec, answer: Any) -> Any:
    """The answer with the freshness its spec declares; a plain answer (a verb that declares
    none, or a page that carries none) goes out as it is."""
    if spec.freshness is Freshness.NONE or not isinstance(answer, Covering):
        return answer
    fresh = freshness_of(answer.graph, answer.repos)
    if spec.freshness is Freshness.FULL:
        return {**answer, "freshness": fresh}
    news = freshness_news(fresh)
    return dict(answer) if news is None else {**answer, "freshness": news}
