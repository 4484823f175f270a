"""The `web` field: on a server that serves the web view, the answers of `impact`,
`surgical_context` and the perspective verbs end with the address of their page (the question,
not the answer: `coderooms.web.links`), so a person sees the subgraph the agent read. Added by
the tool wrapper from the call's arguments, after `freshness`; no verb knows of it."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from coderooms.web import LINKED, answer_path


def linked(verb: str, fn: Callable[..., Any], base_url: str | None) -> Callable[..., Any]:
    """`fn`, its answer carrying the page's address (when `base_url` is set and it has one)."""
    if base_url is None or verb not in LINKED:
        return fn

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        answer = fn(*args, **kwargs)
        if not isinstance(answer, dict):
            return answer
        path = answer_path(verb, kwargs, answer)
        return answer if path is None else {**answer, "web": base_url + path}

    return call
