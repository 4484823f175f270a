"""The short link an answer carries to its page (`web`), when the server serves the view: the
question itself (verb and arguments, never the agent's budget or page), so the page asks it
again and draws the subgraph. Built by the protocol's wrapper from the call; no verb knows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

IMPACT_ARGS = ("symbol", "path", "changes", "repo", "depth")
SURGICAL_ARGS = ("path", "repo", "symbol_id")
PERSPECTIVE_VERBS = frozenset({"perspective_start", "perspective_routes", "perspective_follow",
                               "perspective_back", "perspective_branch"})  # fmt: skip
"""The perspective verbs whose answer is the perspective's current routes."""
LINKED = frozenset({"impact", "surgical_context", "surgical_context_v2", *PERSPECTIVE_VERBS})
"""The verbs whose answers carry a `web` link."""


def answer_path(verb: str, arguments: Mapping[str, Any], answer: Mapping[str, Any]) -> str | None:
    """The page of this call's answer (`/ui/...`), or None when it has none."""
    if verb == "impact":
        return _path("impact", arguments, IMPACT_ARGS)
    if verb in {"surgical_context", "surgical_context_v2"}:
        return _path("surgical", arguments, SURGICAL_ARGS)
    if verb in PERSPECTIVE_VERBS:
        perspective = answer.get("perspective_id") or arguments.get("perspective_id")
        agent = arguments.get("agent_id")
        if isinstance(perspective, str) and isinstance(agent, str):
            return "/ui/perspective?" + urlencode({"agent": agent, "id": perspective})
    return None


def _path(page: str, arguments: Mapping[str, Any], names: tuple[str, ...]) -> str:
    asked = {name: str(arguments[name]) for name in names if arguments.get(name) is not None}
    return f"/ui/{page}?" + urlencode(asked)
