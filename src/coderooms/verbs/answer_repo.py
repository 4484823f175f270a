"""The `repo` of a read verb's answer, said only where it may tell the reader something: when
the server reads several repos. When it reads one alone, every answer is of that repo (a call
can name no other), so the answer leaves it out (issue 30: ~4 % of what an agent read was the
one repo's id, repeated on every answer).
"""

from __future__ import annotations

from typing import Any

from coderooms.verbs.context import AppContext

REPO_KEY = "repo"


def drop_known_repo(ctx: AppContext, request: Any, answer: Any) -> None:
    """Take `repo` out of `answer` (in place: a `Covering` stays one) when the server reads
    exactly one repo; an answer of a verb without a `repo` argument, or without the field, is
    left as it is."""
    if not isinstance(answer, dict) or REPO_KEY not in answer or not hasattr(request, "repo"):
        return
    graph = ctx.graphs.graph_or_none
    if graph is not None and ctx.readable(graph) == [answer[REPO_KEY]]:
        del answer[REPO_KEY]
