"""A room's verb as the rooms declare it: the function, what it writes, the freshness its answer
carries. The function's signature and its docstring's first paragraph are what the calling
model sees (`coderooms.protocol.listing` makes the tool); `help` gives the whole docstring.
Nothing here knows the protocol: `coderooms.protocol` turns a spec into an MCP tool.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from coderooms.errors import CoderoomsError
from coderooms.graph.driver import Graph
from coderooms.verbs.effects import Effect


class Freshness(StrEnum):
    """How an answer carries the freshness of the graph it read (its `freshness` field), attached
    by the tool wrapper, never by the verb: `none`, `brief` (`freshness_news`: only when it has
    news, no empty alert counts, unkeyed for one repo) or `full` (`freshness_of`: keyed by
    repo)."""

    NONE = "none"
    BRIEF = "brief"
    FULL = "full"


class Covering(dict[str, Any]):
    """An answer, and the repos of the graph it read: what a verb with a declared freshness
    returns, so the wrapper can attach their freshness after the answer's own fields. It is the
    answer (a dict); the repos come from what the verb read (`repo` omitted covers every
    readable repo), so no argument names them."""

    def __init__(self, answer: dict[str, Any], graph: Graph, repos: Iterable[str]) -> None:
        super().__init__(answer)
        self.graph = graph
        self.repos = list(repos)


class PlainText(str):
    """An answer's field the model reads as a text block of its own after the answer's JSON,
    as the file holds it: a body's newlines and quotes written once, not escaped into a JSON
    string (`coderooms.protocol.text_blocks`). The structured content keeps the field, so a
    client reading fields reads it where it always was."""

    __slots__ = ()


Finish = Callable[["ToolSpec", Any], Any]
"""What the wiring does with a verb's answer before it goes out
(coderooms.protocol.answer_freshness)."""


@dataclass(frozen=True, slots=True)
class ToolSpec:
    fn: Callable[..., Any]
    effect: Effect
    """What the verb writes; its annotations and read-only serving follow from it."""
    verb: str | None = None
    """The MCP name when it differs from the function's (`help` shadows a builtin)."""
    freshness: Freshness = Freshness.NONE
    """The freshness its answer carries; a verb that declares one returns a `Covering`."""

    @property
    def name(self) -> str:
        return self.verb or self.fn.__name__

    @property
    def summary(self) -> str:
        """The docstring's first paragraph, on one line: what the tool listing shows."""
        paragraph = (self.fn.__doc__ or "").strip().split("\n\n", 1)[0]
        return " ".join(paragraph.split())

    @property
    def read_only(self) -> bool:
        return self.effect.read_only


def error_text(error: CoderoomsError) -> str:
    return json.dumps(error.payload(), ensure_ascii=False)
